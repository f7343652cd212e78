import { describe, expect, it } from 'vitest';
import { builtInAgentWorld } from './fixtures/run-fixture';
import { inLearntOrder, unionCandidates } from './candidate-union';

const c = (...tools: string[]) => tools.map((tool, i) => ({ tool, score: 1 - i / 10 }));

describe('unionCandidates', () => {
  it('keeps the history-aware list first, then matched tools it did not rank', () => {
    const got = unionCandidates(c('a', 'b', 'c'), [c('c', 'd'), c('e', 'a')], 2);
    expect(got.map((x) => x.tool)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(got[2]!.why).toBe('text match 1.00');
  });
});

describe('inLearntOrder', () => {
  it('sorts by the learnt order, tools it lacks after in their own order', () => {
    const got = inLearntOrder(c('x', 'b', 'y', 'a'), ['a', 'END_OF_PLAN', 'b']);
    expect(got.map((x) => x.tool)).toEqual(['a', 'b', 'x', 'y']);
    expect(inLearntOrder(c('x', 'b'), undefined).map((x) => x.tool)).toEqual(['x', 'b']);
  });
});

describe('the built-in world: a request unlike the demonstrations', () => {
  it('is shown zero-shot, while the next-step guess still reads the learnt plans', async () => {
    const world = await builtInAgentWorld();
    const shown = await world.retrieve('Convert 20 celsius to fahrenheit', [], 8);
    expect(shown.candidates[0]!.tool).toBe('units_convert');
    expect(shown.learntOrder).toBeDefined();
    // nextTool answers with the learnt plans' first tool, as it did before the zero-shot display.
    const next = await world.nextTool('Convert 20 celsius to fahrenheit', []);
    expect(next).toBe(shown.learntOrder![0] === 'END_OF_PLAN' ? null : shown.learntOrder![0]);
    expect(next).not.toBe('units_convert');
  });
});

import { describe, expect, it } from 'vitest';
import { builtInAgentWorld } from './fixtures/run-fixture';
import { inLearntOrder, unionCandidates, withTargetFirst } from './candidate-union';

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

describe('withTargetFirst', () => {
  it('puts the tool the words chose first, marked, and leaves the rest in order', () => {
    const got = withTargetFirst(
      [
        { tool: 'mail_send', score: 4, why: 'zero-shot' },
        { tool: 'mail_read', score: 3 },
        { tool: 'mail_search', score: 1 },
      ],
      'mail_search',
    );
    expect(got.map((c) => c.tool)).toEqual(['mail_search', 'mail_send', 'mail_read']);
    expect(got[0]!.why).toBe("the request's words point here");
    expect(withTargetFirst(c('a', 'b'), undefined).map((x) => x.tool)).toEqual(['a', 'b']);
    expect(withTargetFirst<{ tool: string; why?: string }>(c('a', 'b'), 'a')[0]!.why).toBeUndefined();
  });

  it('is what the chat shows for "Any emails from Anna …?" (the sender ranked first before)', async () => {
    const { graphOnlySandboxAgent } = await import('./agent-fixtures.test-util');
    const shown: string[][] = [];
    await (
      await graphOnlySandboxAgent()
    ).runTurn('Any emails from Anna about the Christmas party?', {
      onEvent: (e) => {
        if (e.type === 'candidates') shown.push(e.candidates.map((x) => x.tool));
      },
    });
    expect(shown[0]![0]).toBe('mail_search');
  });
});

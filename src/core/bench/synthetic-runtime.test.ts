import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../plan/plan-step';
import type { Tool } from '../tools/tool';
import { SyntheticRuntime } from './synthetic-runtime';

const tool = (name: string): Tool => ({
  name,
  description: '',
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: 'test',
  source: 'builtin',
});

describe('SyntheticRuntime', () => {
  it('answers with every known output field plus every field the gold plan reads from that tool', async () => {
    const gold: PlanStep[] = [
      { step: 0, tool: 'a', args: {}, deps: [] },
      { step: 1, tool: 'b', args: { x: '$0.zip', y: 'near {$0.city}', z: 'a $0 fee' }, deps: [0] },
    ];
    const runtime = new SyntheticRuntime(new Map([['a', ['city']]]));
    runtime.startTask(gold);
    expect(await runtime.call(tool('a'))).toEqual({
      ok: true,
      output: { city: 'a.city#0', zip: 'a.zip#0' },
      source: { kind: 'simulated', label: 'synthetic output' },
      durationMs: 0,
    });
    expect(await runtime.call(tool('b'))).toMatchObject({ output: { result: 'b.result#1' } });
    runtime.startTask([]);
    expect(await runtime.call(tool('a'))).toMatchObject({ output: { city: 'a.city#0' } });
  });
});

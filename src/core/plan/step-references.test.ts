import { describe, expect, it } from 'vitest';
import type { PlanStep } from './plan-step';
import { referencedFields, rewriteStep } from './step-references';

describe('references at the level of plan steps', () => {
  it('rewrites a step’s references and recomputes its deps', () => {
    const fn = (r: { step: number; field: string | null }) =>
      r.step === 1 ? { step: 9, field: r.field === 'a' ? 'b' : 'c' } : null;
    const step: PlanStep = { step: 3, tool: 't', args: { v: '$1.a', w: 'a $1 fee' }, deps: [1, 2] };
    expect(rewriteStep(step, fn, new Set([1]))).toEqual({
      step: 3,
      tool: 't',
      args: { v: '$9.b', w: 'a $1 fee' },
      deps: [2, 9],
    });
    // Without `drop`, old deps stay even when no argument reads them any more.
    expect(rewriteStep(step, fn).deps).toEqual([1, 2, 9]);
  });

  it('lists the output fields a plan reads from one step, $k alone as result', () => {
    const plan: PlanStep[] = [
      { step: 0, tool: 'a', args: {}, deps: [] },
      {
        step: 1,
        tool: 'b',
        args: { x: '$0.city', y: ['{$0.zip} code'], z: { deep: '$0.items.0.id' } },
        deps: [0],
      },
      { step: 2, tool: 'c', args: { all: '$0', price: '$0.5', cost: 'a $0 fee' }, deps: [] },
    ];
    expect([...referencedFields(plan, 0)].sort()).toEqual(['city', 'items', 'result', 'zip']);
    expect([...referencedFields(plan, 1)]).toEqual([]);
  });
});

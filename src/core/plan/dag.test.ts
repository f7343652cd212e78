import { describe, expect, it } from 'vitest';
import { dependenciesOf, layerOf, layers, topologicalOrder } from './dag';
import { PlanGraphError } from './plan-graph-error';
import type { PlanStep } from './plan-step';

const step = (n: number, args: Record<string, unknown> = {}, deps: number[] = []): PlanStep => ({
  step: n,
  tool: `t${n}`,
  args,
  deps,
});

/**
 * Seven calls, drawn by hand (numbers are step numbers, arrows point from producer to consumer):
 *
 *   0 ──► 2 ──► 4 ──► 6
 *   1 ──► 3 ──┘       ▲
 *   0 ──────► 3       │
 *   5 ────────────────┘        (5 also waits on 1 by a task link only)
 *   1 ─ ─ ─► 5
 *
 * Layers: {0, 1} → {2, 3, 5} → {4} → {6}.
 */
const SEVEN: PlanStep[] = [
  step(0, { q: 'a $5 budget' }),
  step(1, { q: 'US$10' }),
  step(2, { x: '$0.id' }),
  step(3, { a: '$1.items.0.id', b: 'near {$0.city}' }),
  step(4, { list: ['$2', { deep: '$3.name' }] }),
  step(5, { price: '$1.5' }, [1]),
  step(6, { text: 'from {$4.title} and {$5}' }),
];

describe('plan DAG', () => {
  it('takes dependencies from deps and from references, never from money', () => {
    expect([...dependenciesOf(SEVEN[0]!)]).toEqual([]);
    expect([...dependenciesOf(SEVEN[3]!)].sort()).toEqual([0, 1]);
    expect([...dependenciesOf(SEVEN[4]!)].sort()).toEqual([2, 3]);
    expect([...dependenciesOf(SEVEN[5]!)]).toEqual([1]);
    expect([...dependenciesOf(SEVEN[6]!)].sort()).toEqual([4, 5]);
  });

  it('layers the hand-drawn 7-call DAG', () => {
    expect(Object.fromEntries(layerOf(SEVEN))).toEqual({ 0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 1, 6: 3 });
    expect(layers(SEVEN).map((l) => l.map((s) => s.step))).toEqual([[0, 1], [2, 3, 5], [4], [6]]);
    // The same plan shuffled gives the same layers (each in topological order).
    const shuffled = [SEVEN[6]!, SEVEN[3]!, SEVEN[5]!, SEVEN[0]!, SEVEN[4]!, SEVEN[2]!, SEVEN[1]!];
    expect(Object.fromEntries(layerOf(shuffled))).toEqual(Object.fromEntries(layerOf(SEVEN)));
  });

  it('orders stably: an ordered plan is unchanged, a step moves only as far as its producers require', () => {
    expect(topologicalOrder(SEVEN)).toEqual(SEVEN);
    const a = step(0);
    const b = step(5, { x: '$0.x' }, [0]);
    const c = step(2, { y: '$5.y' });
    expect(topologicalOrder([c, a, b]).map((s) => s.step)).toEqual([0, 5, 2]);
    const order = topologicalOrder([SEVEN[6]!, ...SEVEN.slice(0, 6)]).map((s) => s.step);
    expect(order).toEqual([0, 2, 1, 3, 4, 5, 6]);
    for (const s of SEVEN)
      for (const d of dependenciesOf(s)) expect(order.indexOf(d)).toBeLessThan(order.indexOf(s.step));
  });

  it('names a cycle and a dependency on a missing step', () => {
    const cyclic = [step(0, {}, [2]), step(1, { a: '$0.a' }), step(2, { b: '{$1.b} text' })];
    expect(() => layers(cyclic)).toThrow(PlanGraphError);
    expect(() => layers(cyclic)).toThrow('The plan has a cycle: steps 0 → 2 → 1 → 0');
    expect(() => topologicalOrder([step(0, {}, [0])])).toThrow('steps 0 → 0');
    const missing = [step(0), step(1, { a: '$7.a' })];
    try {
      layers(missing);
      expect.unreachable();
    } catch (e) {
      expect(PlanGraphError.isInstance(e)).toBe(true);
      expect(e).toMatchObject({
        code: 'plan-missing-step',
        steps: [1, 7],
        message: 'Step 1 depends on step 7, which is not in the plan',
      });
    }
    expect(() => layers([step(0), step(1), step(0, { x: 'y' })])).toThrow(
      'The plan has two steps numbered 0',
    );
    // Lenient order (plans under repair): missing steps ignored, a cycle cut where it is met.
    expect(topologicalOrder(missing, { lenient: true }).map((s) => s.step)).toEqual([0, 1]);
    expect(topologicalOrder(cyclic, { lenient: true }).map((s) => s.step)).toEqual([1, 2, 0]);
  });
});

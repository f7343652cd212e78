import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import type { LayerExample } from './layer-examples';
import { decideLayerPromotion, type LayerPredict } from './layer-promotion';

const tool = (name: string): Tool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: '',
  source: 'dataset',
});
// Two held-out tasks, a → b → c (3 pairs, all ordered) and x ∥ y (1 pair, same layer). No schema matches,
// so the shift rule puts everything in one layer: right on x ∥ y only, 1 of 4 pairs.
const HELD_OUT: LayerExample[] = [
  {
    id: '1',
    query: 'q1',
    tools: ['a', 'b', 'c'].map(tool),
    layers: [0, 1, 2],
    edges: [
      [0, 1],
      [1, 2],
    ],
  },
  { id: '2', query: 'q2', tools: ['x', 'y'].map(tool), layers: [0, 0], edges: [] },
];
const byName =
  (layers: Record<string, number>): LayerPredict =>
  async (_q, tools) =>
    tools.map((t) => layers[t.name] ?? 0);
const PERFECT = byName({ a: 0, b: 1, c: 2 });
// a, b right; c with b: pairs a<b ✓, a<c ✓, b<c ✗, x∥y ✓ → 3 / 4.
const THREE_QUARTERS = byName({ a: 0, b: 1, c: 1 });

describe('a retrained layer model replaces the one in use only if it orders held-out traces as well', () => {
  it('promotes when better or equal, with the figures worked out by hand', async () => {
    const better = await decideLayerPromotion(HELD_OUT, PERFECT, THREE_QUARTERS);
    expect(better.promote).toBe(true);
    expect([better.retrained.pairwise, better.current!.pairwise, better.shiftRule.pairwise]).toEqual([
      1, 0.75, 0.25,
    ]);
    expect(better.retrained.executable).toBe(1);
    expect(better.reason).toContain('1.000 ≥ 0.750');
    expect((await decideLayerPromotion(HELD_OUT, THREE_QUARTERS, THREE_QUARTERS)).promote).toBe(true);
    expect((await decideLayerPromotion(HELD_OUT, THREE_QUARTERS, null)).promote).toBe(true);
  });

  it('keeps the current model when the retrained one is worse, or when nothing can be judged', async () => {
    const worse = await decideLayerPromotion(HELD_OUT, THREE_QUARTERS, PERFECT);
    expect(worse.promote).toBe(false);
    expect(worse.reason).toContain('0.750 < 1.000');
    const single: LayerExample[] = [{ id: 's', query: 'q', tools: [tool('a')], layers: [0], edges: [] }];
    expect((await decideLayerPromotion(single, PERFECT, null)).promote).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { allInOneLayer, graphLayers, TraceGraphDepth } from './layer-baselines';
import { layerMetrics } from './layer-metrics';
import type { LayerExample } from './layer-examples';
import type { Tool } from '../../tools/tool';

describe('layer metrics on hand-worked tasks', () => {
  it('exact, MAE, pairwise (ties count) and executable order', () => {
    // Task 1: gold [0, 1, 1], predicted [0, 0, 2] → renumbered [0, 0, 1]. Exact: tool 0 and ... tool 0 only
    // (gold 0/1/1 vs 0/0/1 → tools 0 and 2 right). |errors| = 0, 1, 0. Pairs: (0,1) gold <, pred = → wrong;
    // (0,2) < vs < right; (1,2) = vs < wrong. Edge 0 → 1: pred 0 < 0 false → not executable.
    // Task 2: gold [0, 1], predicted [3, 5] → [0, 1]: all right, executable.
    const m = layerMetrics([
      { gold: [0, 1, 1], predicted: [0, 0, 2], edges: [[0, 1]] },
      { gold: [0, 1], predicted: [3, 5], edges: [[0, 1]] },
    ]);
    expect(m.tools).toBe(5);
    expect(m.exact).toBeCloseTo(4 / 5, 9);
    expect(m.mae).toBeCloseTo(1 / 5, 9);
    expect(m.pairs).toBe(4);
    expect(m.pairwise).toBeCloseTo(2 / 4, 9);
    // Gold-ordered pairs: (0,1) wrong, (0,2) right in task 1, (0,1) right in task 2; the tied one (1,2) wrong.
    expect(m.orderedPairs).toBe(3);
    expect(m.orderedPairwise).toBeCloseTo(2 / 3, 9);
    expect(m.tiedPairwise).toBe(0);
    expect(m.executable).toBeCloseTo(1 / 2, 9);
  });

  it('all in one layer is right exactly on the pairs the gold plan also runs together', () => {
    const m = layerMetrics([{ gold: [0, 0, 1], predicted: allInOneLayer(3), edges: [] }]);
    expect(m.pairwise).toBeCloseTo(1 / 3, 9);
    expect([m.orderedPairwise, m.tiedPairwise]).toEqual([0, 1]);
    expect(m.executable).toBe(1);
  });

  it('graph depth: longest path over known edges; a two-way pair gives no order; leave-one-out', () => {
    expect(graphLayers(['a', 'b', 'c'], (x, y) => `${x}${y}` === 'ab' || `${x}${y}` === 'bc')).toEqual([
      0, 1, 2,
    ]);
    expect(graphLayers(['a', 'b'], () => true)).toEqual([0, 0]);
    const t = (name: string): Tool => ({
      name,
      description: '',
      parameters: {},
      returns: null,
      category: '',
      source: 'dataset',
    });
    const ex: LayerExample = { id: '1', query: '', tools: [t('a'), t('b')], layers: [0, 1], edges: [[0, 1]] };
    const world = new TraceGraphDepth([ex]);
    expect(world.layers(['b', 'a'])).toEqual([1, 0]);
    expect(world.lookup(ex)('a', 'b')).toBe(false);
  });
});

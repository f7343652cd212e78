import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { mean, median, p95, quantile } from './stats';
import { scaledSyntheticConfig, syntheticCatalogue, syntheticTraces } from './synthetic-catalogue';

// A tenth of the benchmark's size: the full one (5,500 APIs, 3,000 traces) targets 7.5k–8.5k nodes and
// 22k–26k edges, so this one should land in a tenth of those bands.
const SCALE = 0.1;
const { catalogue: config, traces: traceCount } = scaledSyntheticConfig(SCALE);

describe('synthetic catalogue', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = syntheticCatalogue(7, config);
    const b = syntheticCatalogue(7, config);
    expect(b).toEqual(a);
    expect(syntheticTraces(b, 7, 50)).toEqual(syntheticTraces(a, 7, 50));
    expect(syntheticCatalogue(8, config).tools).not.toEqual(a.tools);
    expect(new Set(a.tools.map((t) => t.name)).size).toBe(a.tools.length);
    expect(a.tools.every((t) => t.source === 'dataset')).toBe(true);
  });

  it('carries output values into later calls', () => {
    const cat = syntheticCatalogue(1, config);
    const traces = syntheticTraces(cat, 1, traceCount);
    let flows = 0;
    for (const t of traces) {
      t.calls.forEach((c, i) => {
        const prev = t.calls[i - 1]?.output as Record<string, unknown> | undefined;
        if (prev && Object.values(c.args).some((v) => Object.values(prev).includes(v))) flows++;
      });
    }
    expect(flows).toBeGreaterThan(traceCount / 2);
  });

  it('builds a world within a tenth of the benchmark bands', async () => {
    const cat = syntheticCatalogue(1, config);
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(cat.tools);
    for (const t of syntheticTraces(cat, 1, traceCount)) await world.ingestTrace(t);
    const nodes = [...world.graph.nodes()];
    const apis = nodes.filter((n) => n.kind === 'api').length;
    expect(apis).toBe(config.apis);
    expect(apis).toBeGreaterThanOrEqual(5500 * SCALE);
    // Standardization merges fields: far fewer param nodes than param fields.
    const fields = cat.fields.reduce((s, f) => s + Object.keys(f.in).length + Object.keys(f.out).length, 0);
    expect(nodes.length - apis).toBeLessThan(fields / 3);
    expect(world.graph.nodeCount).toBeGreaterThanOrEqual(7500 * SCALE);
    // Small catalogues merge a little less (fewer members per concept), so allow a slightly wider band.
    expect(world.graph.nodeCount).toBeLessThanOrEqual(9000 * SCALE);
    expect(world.graph.edgeCount).toBeGreaterThanOrEqual(22000 * SCALE);
    expect(world.graph.edgeCount).toBeLessThanOrEqual(26000 * SCALE);
    const behavioural = [...world.graph.edges()].filter((e) => e.kind === 'behavioural');
    expect(behavioural.some((e) => e.relation === 'param->param')).toBe(true);
    expect(behavioural.some((e) => e.relation === 'api->api')).toBe(true);
  });
});

describe('stats helpers', () => {
  const xs = [7, 1, 10, 3, 5, 2, 9, 4, 8, 6]; // 1..10 shuffled

  it('computes median, p95 and mean by hand', () => {
    expect(median(xs)).toBe(5.5);
    // rank (10 - 1) · 0.95 = 8.55 → 9 + 0.55 · (10 - 9)
    expect(p95(xs)).toBeCloseTo(9.55, 10);
    expect(mean(xs)).toBe(5.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(quantile([4], 0.95)).toBe(4);
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile(xs, 1)).toBe(10);
    expect(xs).toEqual([7, 1, 10, 3, 5, 2, 9, 4, 8, 6]); // input left unsorted
  });

  it('rejects an empty sample', () => {
    expect(() => median([])).toThrow();
    expect(() => mean([])).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { edgeWeight } from '../graph/weights';
import type { ToolGraph } from '../graph/tool-graph';
import { DEFAULT_EVOLUTION, EVOLUTION_SETTING, evolveAfterTrace } from './evolution-policy';
import { TraceFold } from './trace-fold';
import { ToolWorld } from './world';

// Propagation every 5 traces and pruning every 10 with no grace period, so the fold must reproduce both.
const SETTINGS = {
  ...DEFAULT_EVOLUTION,
  propagateEvery: 5,
  window: { unit: 'traces' as const, size: 8 },
  pruneEvery: 10,
  prune: { ...DEFAULT_EVOLUTION.prune, graceMs: 0, threshold: 0.55 },
  maxPrunePerRun: 2,
};
const DAY = 86_400_000;

/** A world built the app's way: the tools, then `n` traces one a day, the evolution policy after each. */
async function worldWith(n: number): Promise<ToolWorld> {
  let clock = 1_700_000_000_000;
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => clock });
  world.setSetting(EVOLUTION_SETTING, SETTINGS);
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces(24, 3).slice(0, n)) {
    clock += DAY;
    const { trace } = await world.ingestTrace(t);
    evolveAfterTrace(world, trace);
  }
  return world;
}

const view = (g: ToolGraph) => ({
  nodes: [...g.nodes()].map((n) => ({ ...n })).sort((a, b) => a.id.localeCompare(b.id)),
  edges: [...g.edges()].map((e) => ({ ...e, w: edgeWeight(g, e) })).sort((a, b) => a.id.localeCompare(b.id)),
});

describe('TraceFold: the graph as of trace k', () => {
  it('equals a world built from the first k traces, forward and back', async () => {
    const full = await worldWith(24);
    const fold = new TraceFold(full);
    expect(fold.total).toBe(24);
    // Forward (incremental) then back (from the base): 0, 7, 10 (a prune), 24, then 3 again.
    for (const k of [0, 7, 10, 24, 3]) {
      const asOf = await fold.at(k);
      expect(asOf.k).toBe(k);
      const expected = await worldWith(k);
      expect({ k, ...view(asOf.graph) }).toEqual({ k, ...view(expected.graph) });
    }
    // The full fold is the world itself.
    expect(view((await fold.at(24)).graph)).toEqual(view(full.graph));
  });

  it('shows the history: counts grow, propagation writes wEvolved, pruning marks nodes', async () => {
    const full = await worldWith(24);
    const fold = new TraceFold(full);
    const first = await fold.at(0);
    const last = await fold.at(24);
    const behavioural = (g: ToolGraph) => [...g.edges()].filter((e) => e.kind === 'behavioural').length;
    expect(behavioural(first.graph)).toBe(0);
    expect(behavioural(last.graph)).toBeGreaterThan(0);
    expect([...first.graph.nodes()].every((n) => n.nSucc === 0 && n.active)).toBe(true);
    expect([...last.graph.edges()].some((e) => e.wEvolved !== null)).toBe(true);
    expect([...last.graph.nodes()].some((n) => !n.active)).toBe(
      [...full.graph.nodes()].some((n) => !n.active),
    );
    // A copy: the next fold step leaves an earlier answer as it was.
    const at4 = await fold.at(4);
    const before = view(at4.graph);
    await fold.at(20);
    expect(view(at4.graph)).toEqual(before);
  });
});

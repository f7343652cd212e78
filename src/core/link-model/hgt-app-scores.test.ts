import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { demoTraces } from '../demo/demo-traces';
import type { Embedder } from '../embed/embedder';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { edgeWeight } from '../graph/weights';
import { ToolWorld } from '../world/world';
import { NodeVectorCache, scoreWorld, type HgtRun } from './hgt-app-scores';

/** The lexical embedder, counting the texts it is asked to embed. */
class CountingEmbedder implements Embedder {
  private readonly inner = new LexicalEmbedder({ dimension: 256 });
  readonly id = this.inner.id;
  readonly dimension = this.inner.dimension;
  texts = 0;
  async embed(texts: string[]): Promise<Float32Array[]> {
    this.texts += texts.length;
    return this.inner.embed(texts);
  }
}

async function world(tools = DEMO_TOOLS.slice(0, 19)): Promise<ToolWorld> {
  const w = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await w.importTools(tools);
  for (const t of demoTraces().filter((t) => t.calls.every((c) => tools.some((x) => x.name === c.tool))))
    await w.ingestTrace(t);
  return w;
}

/** p_uv = 0.5 for edges, a pair-specific value for candidates, so lookups can be told apart. */
const run: HgtRun = async (_g, pairs) => ({
  scores: Float32Array.from(pairs.src, (u, i) => ((u * 31 + pairs.dst[i]! * 7) % 97) / 100),
  ms: 1,
});

describe('scoreWorld', () => {
  it('scores every edge and the API pairs not linked yet, and reuses text vectors across runs', async () => {
    const w = await world();
    const embedder = new CountingEmbedder();
    const cache = new NodeVectorCache(embedder);
    const first = await scoreWorld(w, run, cache);
    expect(first.edges).toBe(w.graph.edgeCount);
    const apis = [...w.graph.nodes()].filter((n) => n.kind === 'api').length;
    const apiEdges = [...w.graph.edges()].filter((e) => e.relation === 'api->api').length;
    expect(first.candidates).toBe(apis * (apis - 1) - apiEdges);
    const embedded = embedder.texts;
    expect(embedded).toBeGreaterThan(w.graph.nodeCount);

    // Same world again: nothing is embedded again.
    await scoreWorld(w, run, cache);
    expect(embedder.texts).toBe(embedded);

    // One more tool: only its node(s) and its fields are embedded.
    const bigger = await world(DEMO_TOOLS);
    const added = bigger.graph.nodeCount - w.graph.nodeCount;
    const table = await scoreWorld(bigger, run, cache);
    expect(embedder.texts - embedded).toBeGreaterThan(0);
    expect(embedder.texts - embedded).toBeLessThan(added + 12);
    // Edges read the run's scores; a pair it never scored falls back to the statistical weight.
    const edge = [...bigger.graph.edges()][0]!;
    expect(table.scorer.score(edge.source, edge.target)).not.toBe(edgeWeight(bigger.graph, edge));
    expect(table.scorer.score('api:nowhere', edge.target)).toBe(0);
  });
});

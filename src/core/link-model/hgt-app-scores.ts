import type { Embedder } from '../embed/embedder';
import { edgeWeight } from '../graph/weights';
import { toolIoVectors } from '../graph-tensors/io-fields';
import type { Tool } from '../tools/tool';
import type { LinkScorer } from '../search/weight-provider';
import { buildHgtGraph, nodeText, type HgtWorldView } from '../graph-tensors/graph-tensors';
import {
  scoringPairs,
  topPredictions,
  type CandidateOptions,
  type PredictedLink,
} from './hgt-app-candidates';
import { hgtLinkScorer } from './hgt-link-scorer';
import type { HgtGraphTensors, HgtPairs, HgtToolIo } from '../graph-tensors/tensor-spec';

/** Runs a model on a graph and pairs (the ONNX runner in the app): p_uv per pair, in order. */
export type HgtRun = (
  graph: HgtGraphTensors,
  pairs: HgtPairs,
) => Promise<{ scores: Float32Array; ms: number }>;

/** One run's scores over a world, looked up synchronously by the search. */
export interface HgtScoreTable {
  /** p_uv of every edge of the world (falling back to w̃ for an edge added after the run). */
  scorer: LinkScorer;
  /** Top predicted api→api links that are not edges yet, per source API id, best first. */
  predictions: Map<string, PredictedLink[]>;
  nodes: number;
  edges: number;
  candidates: number;
  /** Graph build (features, tensors) and model run times. */
  buildMs: number;
  runMs: number;
}

/**
 * Node text vectors by node id, kept across runs with the text they were made from, and tools' input/output
 * field vectors (the pair features' io similarity) by tool record: a trace changes counts, not texts, so a
 * rescore after a graph change embeds only new or changed nodes and tools.
 */
export class NodeVectorCache {
  private readonly entries = new Map<string, { text: string; vector: Float32Array }>();
  private readonly io = new Map<string, { tool: Tool | undefined; io: HgtToolIo }>();

  constructor(readonly embedder: Embedder) {}

  /** Vectors still valid for the world's current node texts (stale entries are dropped). */
  validFor(world: HgtWorldView): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    for (const node of world.graph.nodes()) {
      const hit = this.entries.get(node.id);
      if (!hit) continue;
      if (hit.text === nodeText(node, world)) out.set(node.id, hit.vector);
      else this.entries.delete(node.id);
    }
    return out;
  }

  remember(ids: readonly string[], texts: readonly string[], vectors: readonly Float32Array[]): void {
    ids.forEach((id, i) => this.entries.set(id, { text: texts[i]!, vector: vectors[i]! }));
  }

  /** I/O field vectors of the world's API rows in model order (active API nodes in graph order). */
  async toolIo(world: HgtWorldView): Promise<HgtToolIo[]> {
    const apis = [...world.graph.nodes()].filter((n) => n.active && n.kind === 'api');
    const tools = apis.map((n) => world.catalogue.get(n.tool ?? n.label));
    // A tool record is replaced, never mutated, when its schema changes: identity says "unchanged".
    const stale = apis.map((n, i) => i).filter((i) => this.io.get(apis[i]!.id)?.tool !== tools[i]);
    const fresh = await toolIoVectors(
      stale.map((i) => tools[i]),
      this.embedder,
    );
    stale.forEach((i, k) => this.io.set(apis[i]!.id, { tool: tools[i], io: fresh[k]! }));
    return apis.map((n) => this.io.get(n.id)!.io);
  }
}

/** The statistical weight of the edge source → target in `world` (0 when there is none). */
export function statisticalFallback(world: HgtWorldView): (source: string, target: string) => number {
  return (source, target) => {
    const edge = world.graph.edge(`${source}|${target}`);
    return edge ? edgeWeight(world.graph, edge) : 0;
  };
}

/**
 * Scores a world with an HGT model: builds its graph tensors (eq. 13 features), runs the model once on every
 * edge plus the candidate api→api links (hgt-app-candidates.ts), and returns the table the search and the
 * node view read.
 */
export async function scoreWorld(
  world: HgtWorldView,
  run: HgtRun,
  cache: NodeVectorCache,
  options: CandidateOptions & {
    predictionsPerSource?: number;
    /**
     * Weight of an edge the run did not see (added since). Default: its statistical weight in `world`, as
     * eq. 4 gives any edge. A caller that keeps the table across world changes passes a lookup in the
     * current world.
     */
    fallback?: (source: string, target: string) => number;
  } = {},
): Promise<HgtScoreTable> {
  const t0 = performance.now();
  const build = await buildHgtGraph(world, {
    embedder: cache.embedder,
    embeddings: cache.validFor(world),
    io: await cache.toolIo(world),
  });
  cache.remember(build.tensors.nodeIds, build.texts, build.embeddings);
  const scoring = scoringPairs(build.tensors, options);
  const buildMs = performance.now() - t0;
  const { scores, ms } = await run(build.tensors, scoring.pairs);
  const scorer = hgtLinkScorer(build.tensors.nodeIds, scoring.pairs, scores, {
    id: 'hgt',
    fallback: options.fallback ?? statisticalFallback(world),
  });
  return {
    scorer,
    predictions: topPredictions(build.tensors.nodeIds, scoring, scores, options.predictionsPerSource),
    nodes: build.tensors.nodeIds.length,
    edges: scoring.edges,
    candidates: scoring.pairs.src.length - scoring.edges,
    buildMs,
    runMs: ms,
  };
}

import { mulberry32 } from '../util/prng';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { labelled } from '../linkpred/settings';
import { edgeIdOf, LinkGraph, type LinkPair } from '../graph-tensors/link-graph';
import { randomNegatives, reversedNegatives, similarNegatives } from '../linkpred/negatives';
import { holdOutEdges } from '../linkpred/split';
import { ToolGraph } from '../graph/tool-graph';
import { buildHgtGraph, type HgtGraphBuild, type HgtWorldView } from '../graph-tensors/graph-tensors';
import type { HgtPairs } from '../graph-tensors/tensor-spec';

/**
 * The held-out links the app trains and judges HGT models on (issue 5: "swapped in only if its validation
 * AUC is not worse"). It is the link-prediction eval's edges protocol (src/core/linkpred): a seeded share of
 * the behavioural edges leaves the input graph, each positive paired with one random non-edge of the same
 * relation. Two disjoint sets come out of it:
 * - `selection` (the split's validation share): the trainer's early stopping picks its best epoch on it;
 * - `check` (the split's test share): the promotion compares the new model and the one in use on it. It is
 *   never seen by training or epoch selection, so the candidate's figure is not the maximum the selection
 *   already took over epochs.
 * The seed is fixed, so the same world gives the same sets: `npm run train` reports the shipped model's
 * figures on exactly the check set the app computes for the demo world it starts with.
 */
export const HGT_APP_SPLIT = { testShare: 0.2, validationShare: 0.1, seed: 7 } as const;

/** The node-text embedder of the shipped model: lexical, 256 dims, no IDF (a pure function of the text). */
export const HGT_APP_EMBEDDER = { dimension: 256, charWeight: 0.3 } as const;

export interface LabelledHgtPairs {
  pairs: HgtPairs;
  labels: Float32Array;
}

export interface HgtAppSplit {
  /** The whole world's graph: what the model scores links on in the app. */
  full: HgtGraphBuild;
  /** The same nodes in the same order, without the held-out edges: what training and the check read. */
  input: HgtGraphBuild;
  selection: LabelledHgtPairs;
  check: LabelledHgtPairs;
  /**
   * Hard negatives of the check positives (issue 16), scored against them for the Link model tab: each
   * positive reversed (when that is not a link), and each positive's target swapped for its look-alike.
   */
  checkReversed: HgtPairs;
  checkSimilar: HgtPairs;
}

export interface HgtAppSplitOptions {
  testShare?: number;
  validationShare?: number;
  seed?: number;
  /** Default: `new LexicalEmbedder(HGT_APP_EMBEDDER)`. */
  embedder?: LexicalEmbedder;
}

function toLabelled(positives: LinkPair[], negatives: LinkPair[]): LabelledHgtPairs {
  const { pairs, labels } = labelled(positives, negatives);
  return {
    pairs: { src: Int32Array.from(pairs, (p) => p.src), dst: Int32Array.from(pairs, (p) => p.dst) },
    labels: Float32Array.from(labels),
  };
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The world with its graph in node-id and edge-id order. The split shuffles edges and draws negatives by
 * node row, so it depends on the graph's iteration order, and that differs between a world built by
 * ingestion and the same world rebuilt from a snapshot (records come back in key order). Sorting makes
 * "the same world" give the same held-out links in `npm run train`, on the main thread and in the worker.
 */
export function canonicalView(world: HgtWorldView): HgtWorldView {
  const graph = new ToolGraph([...world.graph.nodes()].sort(byId), [...world.graph.edges()].sort(byId));
  return { graph, catalogue: world.catalogue, standardizer: world.standardizer };
}

/**
 * Builds the app's split of a world (in canonical order, see `canonicalView`). Throws `TooFewLinksError` (src/core/linkpred/split.ts) when the world has
 * fewer than 3 behavioural edges: there is nothing to hold out, so no model can be judged.
 */
export async function hgtAppSplit(
  source: HgtWorldView,
  options: HgtAppSplitOptions = {},
): Promise<HgtAppSplit> {
  const world = canonicalView(source);
  const seed = options.seed ?? HGT_APP_SPLIT.seed;
  const embedder = options.embedder ?? new LexicalEmbedder(HGT_APP_EMBEDDER);
  const full = await buildHgtGraph(world, { embedder });
  const fullGraph = new LinkGraph(full.tensors);
  const split = holdOutEdges(fullGraph, {
    testShare: options.testShare ?? HGT_APP_SPLIT.testShare,
    validationShare: options.validationShare ?? HGT_APP_SPLIT.validationShare,
    seed,
  });
  // The same negative streams as the eval's edge setting (settings.ts), so the protocols stay one.
  const checkNegatives = randomNegatives(fullGraph, split.test, mulberry32(seed + 11));
  const selectionNegatives = randomNegatives(fullGraph, split.validation, mulberry32(seed + 12));
  const ids = full.tensors.nodeIds;
  const vectors = new Map(ids.map((id, i) => [id, full.embeddings[i]!]));
  const input = await buildHgtGraph(world, {
    embedder,
    embeddings: vectors,
    excludeEdges: new Set([...split.test, ...split.validation].map((p) => edgeIdOf(ids, p))),
    ...(full.tensors.io ? { io: full.tensors.io } : {}),
  });
  const toPairs = (pairs: readonly LinkPair[]): HgtPairs => ({
    src: Int32Array.from(pairs, (p) => p.src),
    dst: Int32Array.from(pairs, (p) => p.dst),
  });
  // Catalogue category of each API row (schema metadata): look-alikes are drawn within it first.
  const categories = ids.map((id) =>
    id.startsWith('api:')
      ? world.catalogue.get(id.slice('api:'.length))?.category.trim() || undefined
      : undefined,
  );
  return {
    full,
    input,
    selection: toLabelled(split.validation, selectionNegatives),
    check: toLabelled(split.test, checkNegatives),
    checkReversed: toPairs(reversedNegatives(fullGraph, split.test)),
    checkSimilar: toPairs(
      similarNegatives(fullGraph, split.test, { embeddings: full.embeddings, categories }),
    ),
  };
}

import { cosine } from '../embed/embedder';
import { HGT_RELATIONS, type HgtGraphTensors } from './tensor-spec';
import type { ToolIoVectors } from './io-fields';
import { LinkGraph, type LinkPair } from './link-graph';

const API_PARAM = HGT_RELATIONS.indexOf('api->param');
const PARAM_API = HGT_RELATIONS.indexOf('param->api');

/** Names of the logistic regression's features, in vector order. */
export const PAIR_FEATURES = [
  'cosine',
  'logInDegSrc',
  'logOutDegSrc',
  'logInDegDst',
  'logOutDegDst',
  'adamicAdar',
  'ioSimilarity',
  'sharedParam',
  'paramPair',
] as const;

/** What the simple features read: the input graph, node text vectors, tool I/O field vectors. */
export interface PairFeatureContext {
  graph: LinkGraph;
  embeddings: readonly Float32Array[];
  /** Per API row; parameter rows have none. */
  io: readonly ToolIoVectors[];
}

/** Σ over common neighbours z of 1 / log |N(z)| (Adamic & Adar 2003), ignoring direction and relation. */
export function adamicAdar(g: LinkGraph, u: number, v: number): number {
  const [a, b] = g.neighbours(u).size <= g.neighbours(v).size ? [u, v] : [v, u];
  const nb = g.neighbours(b);
  let s = 0;
  for (const z of g.neighbours(a)) {
    // A common neighbour of two distinct nodes has at least 2 neighbours, so log ≥ log 2 > 0.
    if (z !== u && z !== v && nb.has(z)) s += 1 / Math.log(g.neighbours(z).size);
  }
  return s;
}

/**
 * How well what u gives matches what v needs: the best cosine between one of u's output fields and one of
 * v's input parameters. A parameter pair (p, q) has no fields of its own; the params' own text is what
 * flows, so it is their cosine.
 */
export function ioSimilarity(ctx: PairFeatureContext, u: number, v: number): number {
  if (!ctx.graph.isApi(u)) return cosine(ctx.embeddings[u]!, ctx.embeddings[v]!);
  let best = 0;
  for (const o of ctx.io[u]?.outs ?? [])
    for (const i of ctx.io[v]?.ins ?? []) best = Math.max(best, cosine(o, i));
  return best;
}

/** 1 when one of u's outputs and one of v's inputs are the same standardized parameter (a schema edge pair). */
export function sharesParam(g: LinkGraph, u: number, v: number): number {
  if (!g.isApi(u)) return 0;
  const given = new Set(
    g
      .out(u)
      .filter((e) => e.rel === API_PARAM)
      .map((e) => e.dst),
  );
  return g.in(v).some((e) => e.rel === PARAM_API && given.has(e.src)) ? 1 : 0;
}

/**
 * The feature vector of a pair. `isInputEdge` marks a training positive that is an edge of the input graph:
 * its own edge is taken out of the degrees, so training pairs look like the held-out pairs the model is
 * tested on (which are never in the graph) instead of teaching it "linked pairs have one more degree".
 */
export function pairFeatures(ctx: PairFeatureContext, p: LinkPair, isInputEdge = false): Float32Array {
  const g = ctx.graph;
  // Only a behavioural edge counts in the behavioural degrees, so only its own edge is taken out.
  const self = isInputEdge && g.behaviouralRelation(p.src, p.dst) >= 0 ? 1 : 0;
  return Float32Array.from([
    cosine(ctx.embeddings[p.src]!, ctx.embeddings[p.dst]!),
    Math.log1p(g.behaviouralInDegree(p.src)),
    Math.log1p(g.behaviouralOutDegree(p.src) - self),
    Math.log1p(g.behaviouralInDegree(p.dst) - self),
    Math.log1p(g.behaviouralOutDegree(p.dst)),
    adamicAdar(g, p.src, p.dst),
    ioSimilarity(ctx, p.src, p.dst),
    sharesParam(g, p.src, p.dst),
    g.isApi(p.src) ? 0 : 1,
  ]);
}

/** Feature context of an HGT graph, built once per tensors object (the trainer asks every epoch). */
const contexts = new WeakMap<HgtGraphTensors, { ctx: PairFeatureContext; memo: Map<number, Float32Array> }>();

function contextOf(g: HgtGraphTensors) {
  let c = contexts.get(g);
  if (!c) {
    // The text vector is the first block of a node's features (eq. 13: emb ⊕ 4 statistics), so the tensors
    // alone carry everything the features read; `io` is optional (absent: io similarity of API pairs is 0).
    const dim = g.inputDim - 4;
    const row = (i: number) =>
      i < g.apiCount
        ? g.xApi.subarray(i * g.inputDim, i * g.inputDim + dim)
        : g.xParam.subarray((i - g.apiCount) * g.inputDim, (i - g.apiCount) * g.inputDim + dim);
    const n = g.apiCount + g.paramCount;
    const ctx: PairFeatureContext = {
      graph: new LinkGraph(g),
      embeddings: Array.from({ length: n }, (_, i) => row(i)),
      io: g.io ?? [],
    };
    c = { ctx, memo: new Map() };
    contexts.set(g, c);
  }
  return c;
}

/**
 * The pair features of `PAIR_FEATURES` for many pairs of one HGT graph, [P × F] row-major: the one function
 * the trainer, the eval and the ONNX runner use to fill the model's `pair_feat` input, so a model is fed
 * the same features everywhere. Structural pairs (API ↔ parameter) get all-zero rows: the features describe
 * behavioural links (degrees, Adamic–Adar, io similarity); a schema edge is the graph part's business.
 * `inputEdge[i]` = 1 marks a pair that is an edge of `graph` (a training positive): its own edge is taken
 * out of the degrees, as in `pairFeatures`. Rows are memoised per graph object.
 */
export function pairFeatureMatrix(
  graph: HgtGraphTensors,
  src: Int32Array,
  dst: Int32Array,
  inputEdge?: Uint8Array,
): Float32Array {
  const F = PAIR_FEATURES.length;
  const { ctx, memo } = contextOf(graph);
  const n = ctx.graph.n;
  const out = new Float32Array(src.length * F);
  for (let i = 0; i < src.length; i++) {
    const u = src[i] as number;
    const v = dst[i] as number;
    if (ctx.graph.behaviouralRelation(u, v) < 0) continue;
    const own = inputEdge?.[i] ? 1 : 0;
    const key = (u * n + v) * 2 + own;
    let row = memo.get(key);
    if (!row) {
      row = pairFeatures(ctx, { src: u, dst: v }, own === 1);
      memo.set(key, row);
    }
    out.set(row, i * F);
  }
  return out;
}

import { cosine } from '../embed/embedder';
import { HGT_RELATIONS } from '../ml/hgt/hgt-spec';
import type { ToolIoVectors } from './io-fields';
import type { LinkGraph, LinkPair } from './link-graph';

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
  const self = isInputEdge ? 1 : 0;
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

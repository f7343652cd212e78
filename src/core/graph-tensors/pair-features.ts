import { cosine } from '../embed/embedder';
import { HGT_RELATIONS, type HgtGraphTensors } from './tensor-spec';
import type { ToolIoVectors } from './io-fields';
import { textPosition } from './position-prior';
import { isBehavioural, LinkGraph, PARAM_PARAM, type LinkPair } from './link-graph';

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
  // Directional evidence (issue 16): each forward feature reads u's outputs against v's inputs, and its
  // `…Reverse` twin reads v's outputs against u's inputs, so feature(u, v) ≠ feature(v, u) and the model can
  // weigh the difference (a reversed pair has the two swapped).
  'ioSimilarityReverse',
  'sharedParamReverse',
  'requiredCover',
  'requiredCoverReverse',
  'nameMatch',
  'nameMatchReverse',
  'pathsForward',
  'pathsReverse',
  'sourcenessSrc',
  'sourcenessDst',
  'producesSrc',
  'consumesDst',
  'producesDst',
  'consumesSrc',
  'orderGap',
  // Value flow through the schema (issue 16, second pass): for tools, u's output → (learned param → param
  // flow) → v's input; for parameters, p is an input of a tool that outputs q. Reverse twin: v to u.
  'flowForward',
  'flowReverse',
  // Neighbours by text (issue 16, fourth pass): "a tool like u feeds v" (max over v's behavioural sources y of
  // cos(u, y)) and "u feeds a tool like v" (max over u's behavioural targets x of cos(x, v)); the first tells v
  // from an unused text twin, both work for a new tool on one side. Exact share of v's declared inputs that are
  // u's declared outputs (standardized parameter nodes). Reverse twins: the same read from v to u.
  'likeSrcFeeds',
  'likeSrcFeedsReverse',
  'feedsLikeDst',
  'feedsLikeDstReverse',
  'paramCover',
  'paramCoverReverse',
  // Position prior (issue 16, fifth pass; position-prior.ts): where in a plan each end usually sits, read from
  // its text by a regression of the linked tools' order ranks (`posTextGap`, the same for a new tool), and from
  // its own rank where it has links (`posGap`). Both flip sign with the pair.
  'posTextGap',
  'posGap',
] as const;

/**
 * What each feature of the reversed pair (v, u) is in terms of the pair (u, v): f(v, u)_j = sign · f(u, v)_twin
 * (degrees of the two ends swap, each `…Reverse` feature swaps with its forward twin, the order and position
 * gaps change sign; cosine, Adamic–Adar and paramPair stay). Exact for API pairs, own-edge handling included;
 * for a parameter pair `ioSimilarity` is the symmetric text cosine and `ioSimilarityReverse` 0, so there it is
 * not.
 * It lets a linear weight vector be split into a part that cannot tell (u, v) from (v, u) and one that only
 * tells them apart (pair-direction.ts).
 */
export const REVERSED_FEATURE: Readonly<Record<(typeof PAIR_FEATURES)[number], readonly [string, 1 | -1]>> = {
  cosine: ['cosine', 1],
  logInDegSrc: ['logInDegDst', 1],
  logOutDegSrc: ['logOutDegDst', 1],
  logInDegDst: ['logInDegSrc', 1],
  logOutDegDst: ['logOutDegSrc', 1],
  adamicAdar: ['adamicAdar', 1],
  ioSimilarity: ['ioSimilarityReverse', 1],
  sharedParam: ['sharedParamReverse', 1],
  paramPair: ['paramPair', 1],
  ioSimilarityReverse: ['ioSimilarity', 1],
  sharedParamReverse: ['sharedParam', 1],
  requiredCover: ['requiredCoverReverse', 1],
  requiredCoverReverse: ['requiredCover', 1],
  nameMatch: ['nameMatchReverse', 1],
  nameMatchReverse: ['nameMatch', 1],
  pathsForward: ['pathsReverse', 1],
  pathsReverse: ['pathsForward', 1],
  sourcenessSrc: ['sourcenessDst', 1],
  sourcenessDst: ['sourcenessSrc', 1],
  producesSrc: ['producesDst', 1],
  consumesDst: ['consumesSrc', 1],
  producesDst: ['producesSrc', 1],
  consumesSrc: ['consumesDst', 1],
  orderGap: ['orderGap', -1],
  flowForward: ['flowReverse', 1],
  flowReverse: ['flowForward', 1],
  likeSrcFeeds: ['likeSrcFeedsReverse', 1],
  likeSrcFeedsReverse: ['likeSrcFeeds', 1],
  feedsLikeDst: ['feedsLikeDstReverse', 1],
  feedsLikeDstReverse: ['feedsLikeDst', 1],
  paramCover: ['paramCoverReverse', 1],
  paramCoverReverse: ['paramCover', 1],
  posTextGap: ['posTextGap', -1],
  posGap: ['posGap', -1],
};

/** The reversed pair's features computed from the pair's own: P·f with P the signed permutation above. */
export function reversedPairFeatures(f: ArrayLike<number>): Float32Array {
  return Float32Array.from(PAIR_FEATURES, (name) => {
    const [twin, sign] = REVERSED_FEATURE[name];
    return sign * (f[PAIR_FEATURES.indexOf(twin as (typeof PAIR_FEATURES)[number])] as number);
  });
}

/**
 * Which own edge a training pair's features must not count: 'edge' = the pair (u, v) is itself an edge of
 * the input graph (a training positive); 'reversed' = (v, u) is (a reversed training negative). Held-out
 * test pairs are never in the graph, so training pairs are made to look like them.
 */
export type OwnEdge = 'none' | 'edge' | 'reversed';

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

const typesCompatible = (a: string, b: string): boolean =>
  a === 'any' || b === 'any' || a === b || (isNumeric(a) && isNumeric(b));
const isNumeric = (t: string) => t === 'number' || t === 'integer';

/** Jaccard of two word lists (name words of two fields); 0 when either is empty. */
function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sa = new Set(a);
  const sb = new Set(b);
  let common = 0;
  for (const w of sa) if (sb.has(w)) common++;
  return common / (sa.size + sb.size - common);
}

/** Indices of v's inputs that a caller must give (all of them when the schema marks none required). */
function neededInputs(io: ToolIoVectors | undefined): number[] {
  const n = io?.ins.length ?? 0;
  const req = io?.inRequired ?? [];
  const needed = Array.from({ length: n }, (_, i) => i).filter((i) => req[i]);
  return needed.length > 0 ? needed : Array.from({ length: n }, (_, i) => i);
}

/**
 * How much of what v needs u can give: over v's required inputs (all inputs when none is marked required),
 * the mean of the best match among u's outputs, a match being type-compatible and scored by the larger of
 * the description cosine and the name-word Jaccard. Direction-bound: it reads u's outputs and v's inputs only.
 */
export function requiredCover(ctx: PairFeatureContext, u: number, v: number): number {
  if (!ctx.graph.isApi(u)) return 0;
  const a = ctx.io[u];
  const b = ctx.io[v];
  const needed = neededInputs(b);
  if (!a || !b || needed.length === 0 || a.outs.length === 0) return 0;
  let sum = 0;
  for (const i of needed) {
    let best = 0;
    for (let o = 0; o < a.outs.length; o++) {
      if (!typesCompatible(a.outTypes?.[o] ?? 'any', b.inTypes?.[i] ?? 'any')) continue;
      const m = Math.max(cosine(a.outs[o]!, b.ins[i]!), jaccard(a.outWords?.[o] ?? [], b.inWords?.[i] ?? []));
      if (m > best) best = m;
    }
    sum += best;
  }
  return sum / needed.length;
}

/** Best name-word Jaccard between one of u's output fields and one of v's input fields. */
export function nameMatch(ctx: PairFeatureContext, u: number, v: number): number {
  if (!ctx.graph.isApi(u)) return 0;
  let best = 0;
  for (const o of ctx.io[u]?.outWords ?? [])
    for (const i of ctx.io[v]?.inWords ?? []) best = Math.max(best, jaccard(o, i));
  return best;
}

/** Directed two-hop behavioural paths u → x → v (x ≠ u, v): "u usually comes before something before v". */
export function directedPaths(g: LinkGraph, u: number, v: number): number {
  let n = 0;
  for (const e of g.out(u)) {
    if (!isBehavioural(e.rel) || e.dst === v || e.dst === u) continue;
    const next = g.edge(e.dst, v);
    if (next && isBehavioural(next.rel)) n++;
  }
  return n;
}

/**
 * Value flow from u to v through the schema. Tools: pairs (p, q) with p an output of u (api → param), q an
 * input of v (param → api) and a learned value flow p → q (param → param, behavioural) — the trace of
 * "u's output was passed to v", visible even when the api → api link itself is not. Parameters: tools x
 * that take p (param → api) and give q (api → param). Direction-bound: (v, u) reads the opposite edges.
 */
export function schemaFlow(g: LinkGraph, u: number, v: number): number {
  let n = 0;
  if (g.isApi(u)) {
    const needs = new Set(
      g
        .in(v)
        .filter((e) => e.rel === PARAM_API)
        .map((e) => e.src),
    );
    if (needs.size === 0) return 0;
    for (const e of g.out(u)) {
      if (e.rel !== API_PARAM) continue;
      for (const f of g.out(e.dst)) if (f.rel === PARAM_PARAM && needs.has(f.dst)) n++;
    }
    return n;
  }
  for (const e of g.out(u)) if (e.rel === PARAM_API && g.edge(e.dst, v)?.rel === API_PARAM) n++;
  return n;
}

/**
 * "Something like u feeds v": the largest text cosine between u and a behavioural source y of v (y ≠ u, so a
 * pair's own edge never counts). Item-based neighbours in the link graph: it separates v from a text twin
 * nobody calls, and reads u by text only, so a tool without links of its own still gets it. 0 without sources.
 */
export function likeSourceFeeds(ctx: PairFeatureContext, u: number, v: number): number {
  let best = 0;
  for (const e of ctx.graph.in(v)) {
    if (!isBehavioural(e.rel) || e.src === u) continue;
    best = Math.max(best, cosine(ctx.embeddings[u]!, ctx.embeddings[e.src]!));
  }
  return best;
}

/** "u feeds something like v": the largest text cosine between v and a behavioural target x of u (x ≠ v). */
export function feedsLikeTarget(ctx: PairFeatureContext, u: number, v: number): number {
  let best = 0;
  for (const e of ctx.graph.out(u)) {
    if (!isBehavioural(e.rel) || e.dst === v) continue;
    best = Math.max(best, cosine(ctx.embeddings[v]!, ctx.embeddings[e.dst]!));
  }
  return best;
}

/**
 * Share of v's declared inputs (param → api) that are declared outputs of u (api → param), by standardized
 * parameter node: 1 when u gives everything v takes. Tools only (0 for parameter pairs and for a v without
 * inputs). Direction-bound, unlike a shared-parameter flag: (v, u) reads v's outputs against u's inputs.
 */
export function paramCover(g: LinkGraph, u: number, v: number): number {
  if (!g.isApi(u)) return 0;
  const needs = g.in(v).filter((e) => e.rel === PARAM_API);
  if (needs.length === 0) return 0;
  let given = 0;
  for (const e of needs) if (g.edge(u, e.src)?.rel === API_PARAM) given++;
  return given / needs.length;
}

/**
 * What a node gives and takes by schema (structural edges): for an API, its declared outputs (api → param)
 * and inputs (param → api); for a parameter, the tools that output it and the tools that take it.
 */
function produces(g: LinkGraph, i: number): number {
  return g.isApi(i)
    ? g.out(i).filter((e) => e.rel === API_PARAM).length
    : g.in(i).filter((e) => e.rel === API_PARAM).length;
}
function consumes(g: LinkGraph, i: number): number {
  return g.isApi(i)
    ? g.in(i).filter((e) => e.rel === PARAM_API).length
    : g.out(i).filter((e) => e.rel === PARAM_API).length;
}

/** Ridge of the order ranks: a node with few links stays near 0 instead of being placed by one edge. */
const ORDER_RIDGE = 1;
const ORDER_SWEEPS = 60;
const orderRanks = new WeakMap<LinkGraph, Float64Array>();

/**
 * A position in the flow for every node, from the behavioural edges alone: the s minimising
 * Σ_{u→v} (s_v − s_u − 1)² + ORDER_RIDGE·Σ s_i² (SpringRank, De Bacco, Larremore & Moore 2018), solved by
 * Gauss–Seidel sweeps. s_v − s_u > 0 says "v usually comes after u", also for a pair never seen together
 * (A → B and B → C place C after A), which the one- and two-hop counts cannot say.
 */
export function orderRanksOf(g: LinkGraph): Float64Array {
  let s = orderRanks.get(g);
  if (s) return s;
  s = new Float64Array(g.n);
  const outs = Array.from({ length: g.n }, (_, i) =>
    g
      .out(i)
      .filter((e) => isBehavioural(e.rel))
      .map((e) => e.dst),
  );
  const ins = Array.from({ length: g.n }, (_, i) =>
    g
      .in(i)
      .filter((e) => isBehavioural(e.rel))
      .map((e) => e.src),
  );
  const active = Array.from({ length: g.n }, (_, i) => i).filter((i) => outs[i]!.length + ins[i]!.length > 0);
  for (let sweep = 0; sweep < ORDER_SWEEPS; sweep++)
    for (const i of active) {
      let num = 0;
      for (const u of ins[i]!) num += (s[u] as number) + 1;
      for (const w of outs[i]!) num += (s[w] as number) - 1;
      s[i] = num / (ins[i]!.length + outs[i]!.length + ORDER_RIDGE);
    }
  orderRanks.set(g, s);
  return s;
}

/** The two ends' order ranks and behavioural degrees once the pair's own input edge (if any) is taken out. */
interface PairRanks {
  su: number;
  sv: number;
  degU: number;
  degV: number;
}

/**
 * s_u and s_v with the pair's own input edge (u → v for 'edge', v → u for 'reversed') taken out by one
 * local update of both ends, so a training pair does not carry its own label in its ranks.
 */
function ranksWithoutOwnEdge(g: LinkGraph, u: number, v: number, own: OwnEdge): PairRanks {
  const s = orderRanksOf(g);
  const deg = (i: number) => g.behaviouralInDegree(i) + g.behaviouralOutDegree(i);
  const r: PairRanks = { su: s[u] as number, sv: s[v] as number, degU: deg(u), degV: deg(v) };
  const [a, b] = own === 'edge' ? [u, v] : own === 'reversed' ? [v, u] : [-1, -1];
  if (a >= 0 && g.hasEdge(a, b) && isBehavioural(g.edge(a, b)!.rel)) {
    const sa = s[a] as number;
    const sb = s[b] as number;
    // Fixed point s_i·(deg_i + ridge) = Σ neighbour terms; drop the a → b term from each end.
    const na = (sa * (deg(a) + ORDER_RIDGE) - (sb - 1)) / (deg(a) - 1 + ORDER_RIDGE);
    const nb = (sb * (deg(b) + ORDER_RIDGE) - (sa + 1)) / (deg(b) - 1 + ORDER_RIDGE);
    if (a === u) [r.su, r.sv] = [na, nb];
    else [r.su, r.sv] = [nb, na];
    r.degU--;
    r.degV--;
  }
  return r;
}

/** s_v − s_u without the pair's own edge, clipped to ±3. */
function orderGap(g: LinkGraph, u: number, v: number, own: OwnEdge): number {
  const { su, sv } = ranksWithoutOwnEdge(g, u, v, own);
  return Math.max(-3, Math.min(3, sv - su));
}

/**
 * The position prior (position-prior.ts; issue 16, fifth pass). `text`: t(v) − t(u), each end placed by a
 * ridge regression of the linked nodes' order ranks on their text vectors, refitted without the end itself and
 * without the other end, so it means the same for a tool with links and a new one. `blended`: the observed
 * rank where an end still has links once the pair's own edge is out, its text position where it has none (a
 * cold tool). Both clipped to ±3, both change sign with the pair.
 */
export function positionGaps(
  ctx: PairFeatureContext,
  u: number,
  v: number,
  own: OwnEdge = 'none',
): { text: number; blended: number } {
  const g = ctx.graph;
  const s = orderRanksOf(g);
  const tu = textPosition(g, ctx.embeddings, s, u, v);
  const tv = textPosition(g, ctx.embeddings, s, v, u);
  const r = ranksWithoutOwnEdge(g, u, v, own);
  const pu = r.degU > 0 ? r.su : tu;
  const pv = r.degV > 0 ? r.sv : tv;
  const clip = (x: number) => Math.max(-3, Math.min(3, x));
  return { text: clip(tv - tu), blended: clip(pv - pu) };
}

/** Share of a node's behavioural edges that leave it, smoothed: 1 = always first, 0 = always last. */
const sourceness = (outDeg: number, inDeg: number) => (outDeg + 1) / (outDeg + inDeg + 2);

/**
 * The feature vector of a pair. `isInputEdge` marks a training positive that is an edge of the input graph:
 * its own edge is taken out of the degrees, so training pairs look like the held-out pairs the model is
 * tested on (which are never in the graph) instead of teaching it "linked pairs have one more degree".
 */
export function pairFeatures(
  ctx: PairFeatureContext,
  p: LinkPair,
  isInputEdge: boolean | OwnEdge = false,
): Float32Array {
  const g = ctx.graph;
  const own: OwnEdge = isInputEdge === true ? 'edge' : isInputEdge === false ? 'none' : isInputEdge;
  const u = p.src;
  const v = p.dst;
  // Only a behavioural edge counts in the behavioural degrees, so only its own edge is taken out: u → v for
  // a positive (u's out, v's in), v → u for a reversed negative (u's in, v's out).
  const behavioural = g.behaviouralRelation(u, v) >= 0;
  const fwd = own === 'edge' && behavioural && g.hasEdge(u, v) ? 1 : 0;
  const rev = own === 'reversed' && behavioural && g.hasEdge(v, u) ? 1 : 0;
  const inSrc = g.behaviouralInDegree(u) - rev;
  const outSrc = g.behaviouralOutDegree(u) - fwd;
  const inDst = g.behaviouralInDegree(v) - fwd;
  const outDst = g.behaviouralOutDegree(v) - rev;
  const position = positionGaps(ctx, u, v, own);
  return Float32Array.from([
    cosine(ctx.embeddings[u]!, ctx.embeddings[v]!),
    Math.log1p(inSrc),
    Math.log1p(outSrc),
    Math.log1p(inDst),
    Math.log1p(outDst),
    adamicAdar(g, u, v),
    ioSimilarity(ctx, u, v),
    sharesParam(g, u, v),
    g.isApi(u) ? 0 : 1,
    g.isApi(u) ? ioSimilarity(ctx, v, u) : 0,
    sharesParam(g, v, u),
    requiredCover(ctx, u, v),
    requiredCover(ctx, v, u),
    nameMatch(ctx, u, v),
    nameMatch(ctx, v, u),
    Math.log1p(directedPaths(g, u, v)),
    Math.log1p(directedPaths(g, v, u)),
    sourceness(outSrc, inSrc),
    sourceness(outDst, inDst),
    Math.log1p(produces(g, u)),
    Math.log1p(consumes(g, v)),
    Math.log1p(produces(g, v)),
    Math.log1p(consumes(g, u)),
    orderGap(g, u, v, own),
    Math.log1p(schemaFlow(g, u, v)),
    Math.log1p(schemaFlow(g, v, u)),
    likeSourceFeeds(ctx, u, v),
    likeSourceFeeds(ctx, v, u),
    feedsLikeTarget(ctx, u, v),
    feedsLikeTarget(ctx, v, u),
    paramCover(g, u, v),
    paramCover(g, v, u),
    position.text,
    position.blended,
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
 * `inputEdge[i]` = 1 marks a pair that is an edge of `graph` (a training positive), 2 a pair whose reverse
 * is (a reversed training negative): that edge is taken out of the degrees, as in `pairFeatures`. Rows are
 * memoised per graph object.
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
    const own = Math.min(2, inputEdge?.[i] ?? 0);
    const key = (u * n + v) * 3 + own;
    let row = memo.get(key);
    if (!row) {
      row = pairFeatures(ctx, { src: u, dst: v }, own === 1 ? 'edge' : own === 2 ? 'reversed' : 'none');
      memo.set(key, row);
    }
    out.set(row, i * F);
  }
  return out;
}

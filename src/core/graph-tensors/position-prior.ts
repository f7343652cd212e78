import type { LinkGraph } from './link-graph';

// A position prior (issue 16, fifth pass): tools have a typical place in a plan — search/get/list early,
// send/book/create late. A tool with links has an observed place, its order rank (pair-features.ts
// `orderRanksOf`, from the input graph's behavioural edges only); a tool without any, a new one above all,
// has none. Its place is then read from its text: a ridge regression of the linked nodes' ranks on their text
// vectors (one per node kind), fitted once per graph. A nearest-neighbour vote was tried first and dropped:
// it costs one pass over all linked nodes per node, 107 s of features on the 8k-node timing graph.

/** Ridge penalty of the text → rank regression (text vectors are unit length; a priori, not tuned). */
export const POSITION_RIDGE = 1;

/**
 * The fitted regression of one node kind, x̃ = [text vector, 1], A = X̃ᵀX̃ + αI = L·Lᵀ. Everything is read in
 * the whitened space u = L⁻¹x̃ (one triangular solve per node): x̃ₐᵀA⁻¹x̃ᵦ = uₐ·uᵦ, x̃·w = u·β with β = L⁻¹X̃ᵀy.
 */
interface RankRegression {
  dim: number;
  /** Rows with behavioural links: the regression's examples. */
  inPool: (i: number) => boolean;
  /** Cholesky factor of A, lower triangular, [dim × dim] row-major. */
  chol: Float64Array;
  beta: Float64Array;
  /** L⁻¹x̃ by node (memoised). */
  u: Map<number, Float64Array>;
  embeddings: readonly Float32Array[];
  y: (i: number) => number;
}

const models = new WeakMap<LinkGraph, WeakMap<readonly Float32Array[], RankRegression[]>>();

const hasLinks = (g: LinkGraph, i: number) => g.behaviouralInDegree(i) + g.behaviouralOutDegree(i) > 0;

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] as number) * (b[j] as number);
  return s;
};

/** Cholesky factor L of a symmetric positive definite matrix (A = L·Lᵀ), [n × n] row-major, lower. */
export function cholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j] as number;
      for (let k = 0; k < j; k++) s -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = i === j ? Math.sqrt(s) : s / (l[j * n + j] as number);
    }
  return l;
}

/** L⁻¹b for a lower-triangular L (forward substitution). */
export function forwardSolve(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i] as number;
    const row = i * n;
    for (let k = 0; k < i; k++) s -= (l[row + k] as number) * (x[k] as number);
    x[i] = s / (l[row + i] as number);
  }
  return x;
}

function xTilde(embeddings: readonly Float32Array[], i: number, dim: number): Float64Array {
  const e = embeddings[i]!;
  const v = new Float64Array(dim);
  for (let j = 0; j < dim - 1; j++) v[j] = e[j] as number;
  v[dim - 1] = 1;
  return v;
}

function fitRankRegression(
  g: LinkGraph,
  embeddings: readonly Float32Array[],
  ranks: ArrayLike<number>,
  from: number,
  to: number,
): RankRegression {
  const dim = (embeddings[from]?.length ?? 0) + 1;
  const a = new Float64Array(dim * dim);
  const b = new Float64Array(dim);
  for (let j = 0; j < dim; j++) a[j * dim + j] = POSITION_RIDGE;
  for (let i = from; i < to; i++) {
    if (!hasLinks(g, i)) continue;
    const v = xTilde(embeddings, i, dim);
    const y = ranks[i] as number;
    for (let p = 0; p < dim; p++) {
      const vp = v[p] as number;
      if (vp === 0) continue;
      b[p] = (b[p] as number) + vp * y;
      // Upper triangle only; mirrored below (halves the n·d² cost).
      for (let q = p; q < dim; q++) a[p * dim + q] = (a[p * dim + q] as number) + vp * (v[q] as number);
    }
  }
  for (let p = 0; p < dim; p++) for (let q = 0; q < p; q++) a[p * dim + q] = a[q * dim + p] as number;
  const chol = cholesky(a, dim);
  return {
    dim,
    inPool: (i) => i >= from && i < to && hasLinks(g, i),
    chol,
    beta: forwardSolve(chol, dim, b),
    u: new Map(),
    embeddings,
    y: (i) => ranks[i] as number,
  };
}

function regressionOf(
  g: LinkGraph,
  embeddings: readonly Float32Array[],
  ranks: ArrayLike<number>,
  i: number,
): RankRegression {
  let byVectors = models.get(g);
  if (!byVectors) models.set(g, (byVectors = new WeakMap()));
  let pair = byVectors.get(embeddings);
  if (!pair) byVectors.set(embeddings, (pair = []));
  const kind = g.isApi(i) ? 0 : 1;
  let m = pair[kind];
  if (!m) {
    const [from, to] = kind === 0 ? [0, g.apiCount] : [g.apiCount, g.n];
    pair[kind] = m = fitRankRegression(g, embeddings, ranks, from, to);
  }
  return m;
}

function whitened(m: RankRegression, i: number): Float64Array {
  let u = m.u.get(i);
  if (!u) m.u.set(i, (u = forwardSolve(m.chol, m.dim, xTilde(m.embeddings, i, m.dim))));
  return u;
}

/**
 * Position of node i read from its text: the ridge regression of the linked nodes' order ranks on their text
 * vectors (nodes of i's kind), refitted without i and without `other` (the pair's other end), so neither a
 * node's own rank nor the pair's own link can place it, and (u, v) and (v, u) read the same fit. Exact
 * leave-out by the Woodbury identity: x̃ᵢ·w₋ₛ = x̃ᵢ·w − (x̃ᵢᵀA⁻¹X̃ₛᵀ)(I − X̃ₛA⁻¹X̃ₛᵀ)⁻¹(yₛ − X̃ₛw), S ⊆ {i, other}.
 */
export function textPosition(
  g: LinkGraph,
  embeddings: readonly Float32Array[],
  ranks: ArrayLike<number>,
  i: number,
  other: number,
): number {
  const m = regressionOf(g, embeddings, ranks, i);
  const ui = whitened(m, i);
  const pred = dot(ui, m.beta);
  const s = [i, other].filter((j, k) => m.inPool(j) && (k === 0 || j !== i));
  if (s.length === 0) return pred;
  const us = s.map((j) => whitened(m, j));
  const e = s.map((j, k) => m.y(j) - dot(us[k]!, m.beta));
  // c = (I − H_SS)⁻¹ e_S, with H_SS[a][b] = x̃ₐᵀA⁻¹x̃ᵦ = uₐ·uᵦ (1×1 or 2×2).
  let c: number[];
  if (s.length === 1) c = [(e[0] as number) / (1 - dot(us[0]!, us[0]!))];
  else {
    const m00 = 1 - dot(us[0]!, us[0]!);
    const m01 = -dot(us[0]!, us[1]!);
    const m11 = 1 - dot(us[1]!, us[1]!);
    const det = m00 * m11 - m01 * m01;
    c = [
      (m11 * (e[0] as number) - m01 * (e[1] as number)) / det,
      (m00 * (e[1] as number) - m01 * (e[0] as number)) / det,
    ];
  }
  let correction = 0;
  for (let k = 0; k < s.length; k++) correction += dot(ui, us[k]!) * (c[k] as number);
  return pred - correction;
}

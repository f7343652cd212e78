import { PAIR_FEATURES, REVERSED_FEATURE, reversedPairFeatures } from '../graph-tensors/pair-features';
import { rocAuc } from './roc-auc';

// The direction gate (issue 16): a link scorer trained against random pairs learns "are u and v related",
// a weight vector that is nearly the same for (u, v) and (v, u), so it ranks a link's reverse almost as high
// as the link (reversed-pair AUC 0.55–0.82 although the features carry direction: a direction-only model on
// the same features ranks 0.71–0.95 on the same pairs; /work/notes/bench-16.md). The gate is a second,
// separately fitted score a(u, v) that only tells the two orders apart — a(v, u) = −a(u, v) — and enters the
// link logit as log σ(λ·a): a soft AND, "related" and "this way round". A pair the gate believes (a ≫ 0)
// keeps its score; a pair it believes reversed (a ≪ 0) loses up to λ·|a|.

const F = PAIR_FEATURES.length;
const TWIN = PAIR_FEATURES.map((name) => {
  const [twin, sign] = REVERSED_FEATURE[name];
  return { index: PAIR_FEATURES.indexOf(twin as (typeof PAIR_FEATURES)[number]), sign };
});

/** log σ(x), without overflow for large |x|. */
export function logSigmoid(x: number): number {
  return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
}

/** f − P·f: what changes sign when the pair is reversed (pair-features.ts `REVERSED_FEATURE`). */
export function directionFeatures(f: ArrayLike<number>): Float32Array {
  const p = reversedPairFeatures(f);
  return Float32Array.from(p, (v, j) => (f[j] as number) - v);
}

/**
 * Raw pair-feature weights Δ of the antisymmetric score a(f) = r·(f − P·f) = Δ·f, Δ_j = r_j − s_j·r_twin(j)
 * (P is an involution with one sign per twin pair, so the sum regroups exactly).
 */
export function antisymmetricWeights(r: ArrayLike<number>): Float32Array {
  return Float32Array.from(TWIN, ({ index, sign }, j) => (r[j] as number) - sign * (r[index] as number));
}

export interface PairDirectionOptions {
  steps?: number;
  lr?: number;
  l2?: number;
}

/**
 * Fits the direction of known links: raw weights Δ (length F) with a(u, v) = Δ·f(u, v) > 0 for a link u → v and
 * < 0 for its reverse. `forward` holds f(u, v) of links (own edge taken out), `reversed` f(v, u) of the same
 * links, both [n × F] row-major. A logistic regression without bias on d = f − P·f (link → 1, reverse → 0;
 * columns scaled by their root mean square), full-batch gradient descent from 0 with a small L2: the same
 * rows give the same weights. Δ = 0 when there are no rows.
 */
export function fitPairDirection(
  forward: Float32Array,
  reversed: Float32Array,
  options: PairDirectionOptions = {},
): Float32Array {
  const { steps = 300, lr = 0.5, l2 = 1e-3 } = options;
  const rows: { d: Float32Array; y: number }[] = [];
  for (const [x, y] of [
    [forward, 1],
    [reversed, 0],
  ] as const)
    for (let i = 0; i + F <= x.length; i += F) rows.push({ d: directionFeatures(x.subarray(i, i + F)), y });
  if (rows.length === 0) return new Float32Array(F);
  const rms = new Float64Array(F);
  for (const { d } of rows) for (let j = 0; j < F; j++) rms[j] = (rms[j] as number) + (d[j] as number) ** 2;
  for (let j = 0; j < F; j++) {
    const v = Math.sqrt((rms[j] as number) / rows.length);
    rms[j] = v > 1e-9 ? v : 1;
  }
  const w = new Float64Array(F);
  for (let t = 0; t < steps; t++) {
    const g = new Float64Array(F);
    for (const { d, y } of rows) {
      let z = 0;
      for (let j = 0; j < F; j++) z += ((w[j] as number) * (d[j] as number)) / (rms[j] as number);
      const r = (1 / (1 + Math.exp(-z)) - y) / rows.length;
      for (let j = 0; j < F; j++) g[j] = (g[j] as number) + (r * (d[j] as number)) / (rms[j] as number);
    }
    for (let j = 0; j < F; j++) w[j] = (w[j] as number) - lr * ((g[j] as number) + l2 * (w[j] as number));
  }
  return antisymmetricWeights(Float64Array.from(w, (v, j) => v / (rms[j] as number)));
}

/** The gate's weight λ tried on validation, smallest first (0 = no gate). */
export const DIRECTION_SCALES = [0, 0.5, 1, 2, 4, 8] as const;

/** Link logits z and direction scores a of validation pairs: positives, random negatives, reversed positives. */
export interface DirectionValidation {
  pos: { z: ArrayLike<number>; a: ArrayLike<number> };
  neg: { z: ArrayLike<number>; a: ArrayLike<number> };
  rev: { z: ArrayLike<number>; a: ArrayLike<number> };
}

export interface DirectionScaleChoice {
  lambda: number;
  /** Per λ tried: validation AUC against random pairs, against reversed pairs, and their mean (the criterion). */
  tried: { lambda: number; auc: number; reversedAuc: number; score: number }[];
}

const auc = (pos: number[], neg: number[]) =>
  rocAuc(Float64Array.from([...pos, ...neg]), new Uint8Array(pos.length + neg.length).fill(1, 0, pos.length));

/**
 * λ of the gate z + log σ(λ·a), chosen on validation pairs only: the λ maximising the mean of the AUC against
 * random pairs and the AUC against reversed pairs (ties: the smaller λ). With no reversed or no random
 * validation pair there is nothing to choose on, and `fallback` is returned.
 */
export function chooseDirectionScale(
  v: DirectionValidation,
  fallback = 1,
  scales: readonly number[] = DIRECTION_SCALES,
): DirectionScaleChoice {
  const nPos = v.pos.z.length;
  if (nPos === 0 || v.neg.z.length === 0 || v.rev.z.length === 0) return { lambda: fallback, tried: [] };
  const scored = (s: { z: ArrayLike<number>; a: ArrayLike<number> }, lambda: number) =>
    Array.from(s.z, (z, i) => z + logSigmoid(lambda * (s.a[i] as number)));
  const tried = scales.map((lambda) => {
    const pos = scored(v.pos, lambda);
    const a = auc(pos, scored(v.neg, lambda));
    const r = auc(pos, scored(v.rev, lambda));
    return { lambda, auc: a, reversedAuc: r, score: (a + r) / 2 };
  });
  let best = tried[0]!;
  for (const t of tried) if (t.score > best.score + 1e-12) best = t;
  return { lambda: best.lambda, tried };
}

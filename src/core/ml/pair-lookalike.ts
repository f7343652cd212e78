import { logSigmoid, DIRECTION_SCALES } from './pair-direction';
import { rocAuc } from './roc-auc';

// The look-alike gate (issue 16, fourth pass): a link scorer trained against random pairs learns "is v the
// kind of tool u feeds", which a text twin w of v (same category, nobody calls it after u) satisfies as well
// as v does, so it ranks (u, w) almost as high as the link (same-category AUC 0.48–0.79). The gate is a
// second score fitted only on that question — the input graph's links against their own look-alike targets —
// and enters the link logit like the direction gate, as log σ(κ·(Γ·f + c)): a pair the gate believes keeps
// its score, one it takes for a twin loses up to κ·|Γ·f + c|. κ is chosen on validation pairs (0 = off).

export interface LookalikeGate {
  /** Raw pair-feature weights Γ (length F). */
  w: Float32Array;
  /** Its bias c. */
  b: number;
}

export interface LookalikeFitOptions {
  steps?: number;
  lr?: number;
  l2?: number;
}

/**
 * Fits Γ and c: a class-balanced logistic regression of "u's real target" (rows of `links`, f(u, v) with the
 * pair's own edge taken out) against "v's look-alike" (rows of `lookalikes`, f(u, w)), both [n × F]
 * row-major; columns z-scored over all rows, full-batch gradient descent from 0 with a small L2, then folded
 * back to raw-feature weights. The same rows give the same weights. Γ = 0, c = 0 without rows of both kinds.
 */
export function fitLookalikeGate(
  links: Float32Array,
  lookalikes: Float32Array,
  F: number,
  options: LookalikeFitOptions = {},
): LookalikeGate {
  const { steps = 300, lr = 0.5, l2 = 1e-3 } = options;
  const nPos = Math.floor(links.length / F);
  const nNeg = Math.floor(lookalikes.length / F);
  if (nPos === 0 || nNeg === 0) return { w: new Float32Array(F), b: 0 };
  const row = (i: number) =>
    i < nPos ? links.subarray(i * F, (i + 1) * F) : lookalikes.subarray((i - nPos) * F, (i - nPos + 1) * F);
  const n = nPos + nNeg;
  const mean = new Float64Array(F);
  const sd = new Float64Array(F);
  for (let i = 0; i < n; i++) {
    const r = row(i);
    for (let j = 0; j < F; j++) mean[j] = (mean[j] as number) + (r[j] as number) / n;
  }
  for (let i = 0; i < n; i++) {
    const r = row(i);
    for (let j = 0; j < F; j++) sd[j] = (sd[j] as number) + ((r[j] as number) - (mean[j] as number)) ** 2 / n;
  }
  // A (near-)constant column carries nothing; dividing by its float-noise spread would blow its weight up.
  for (let j = 0; j < F; j++) sd[j] = Math.sqrt(sd[j] as number) > 1e-6 ? Math.sqrt(sd[j] as number) : 1;
  const x = new Float64Array(n * F);
  for (let i = 0; i < n; i++) {
    const r = row(i);
    for (let j = 0; j < F; j++) x[i * F + j] = ((r[j] as number) - (mean[j] as number)) / (sd[j] as number);
  }
  const w = new Float64Array(F);
  let b = 0;
  const [wPos, wNeg] = [0.5 / nPos, 0.5 / nNeg];
  for (let t = 0; t < steps; t++) {
    const g = new Float64Array(F);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = b;
      for (let j = 0; j < F; j++) z += (w[j] as number) * (x[i * F + j] as number);
      const y = i < nPos ? 1 : 0;
      const r = (1 / (1 + Math.exp(-z)) - y) * (y ? wPos : wNeg);
      gb += r;
      for (let j = 0; j < F; j++) g[j] = (g[j] as number) + r * (x[i * F + j] as number);
    }
    for (let j = 0; j < F; j++) w[j] = (w[j] as number) - lr * ((g[j] as number) + l2 * (w[j] as number));
    b -= lr * gb;
  }
  // Γ·(f − μ)/σ + b = (Γ/σ)·f + (b − Σ Γ μ/σ).
  let shift = 0;
  const raw = Float32Array.from(w, (v, j) => {
    shift += (v * (mean[j] as number)) / (sd[j] as number);
    return v / (sd[j] as number);
  });
  return { w: raw, b: b - shift };
}

/** κ values tried on validation, smallest first (0 = no look-alike gate). */
export const LOOKALIKE_SCALES = [0, 0.5, 1, 2, 4] as const;

/** Per validation pair: link logit z, direction score a, look-alike score c = Γ·f + b. */
export interface GateScores {
  z: ArrayLike<number>;
  a: ArrayLike<number>;
  c: ArrayLike<number>;
}

export interface GateValidation {
  pos: GateScores;
  /** Random negatives. */
  neg: GateScores;
  /** The positives' own reverses (not edges). */
  rev: GateScores;
  /** The positives' look-alike targets (from the input graph). */
  sim: GateScores;
}

export interface GateScaleChoice {
  lambda: number;
  kappa: number;
  /** Per (λ, κ): validation AUC against random, reversed and look-alike pairs, and the criterion. */
  tried: {
    lambda: number;
    kappa: number;
    auc: number;
    reversedAuc: number;
    similarAuc: number;
    score: number;
  }[];
}

const auc = (pos: number[], neg: number[]) =>
  pos.length === 0 || neg.length === 0
    ? Number.NaN
    : rocAuc(
        Float64Array.from([...pos, ...neg]),
        new Uint8Array(pos.length + neg.length).fill(1, 0, pos.length),
      );

/** z + log σ(λ·a) + log σ(κ·c) of each pair. */
export function gatedLogits(s: GateScores, lambda: number, kappa: number): number[] {
  return Array.from(
    s.z,
    (z, i) => z + logSigmoid(lambda * (s.a[i] as number)) + logSigmoid(kappa * (s.c[i] as number)),
  );
}

/**
 * λ (direction gate) and κ (look-alike gate) chosen together on validation pairs only: the pair maximising
 * the mean of the AUCs against random, reversed and look-alike pairs (the three goals weigh the
 * same; a kind without pairs drops out of the mean). Ties keep the smaller λ, then the smaller κ. Without
 * positives or random negatives there is nothing to choose on: λ = `fallback`, κ = 0.
 */
export function chooseGateScales(
  v: GateValidation,
  fallback = 1,
  lambdas: readonly number[] = DIRECTION_SCALES,
  kappas: readonly number[] = LOOKALIKE_SCALES,
): GateScaleChoice {
  if (v.pos.z.length === 0 || v.neg.z.length === 0) return { lambda: fallback, kappa: 0, tried: [] };
  const tried: GateScaleChoice['tried'] = [];
  for (const lambda of lambdas)
    for (const kappa of kappas) {
      const pos = gatedLogits(v.pos, lambda, kappa);
      const a = auc(pos, gatedLogits(v.neg, lambda, kappa));
      const r = auc(pos, gatedLogits(v.rev, lambda, kappa));
      const s = auc(pos, gatedLogits(v.sim, lambda, kappa));
      const parts = [a, r, s].filter((x) => Number.isFinite(x));
      tried.push({
        lambda,
        kappa,
        auc: a,
        reversedAuc: r,
        similarAuc: s,
        score: parts.reduce((x, y) => x + y, 0) / parts.length,
      });
    }
  let best = tried[0]!;
  for (const t of tried) if (t.score > best.score + 1e-12) best = t;
  return { lambda: best.lambda, kappa: best.kappa, tried };
}

/** One line for a log: validation AUCs (random / reversed / look-alike) without gates and at the choice. */
export function gateChoiceNote(c: GateScaleChoice): string {
  const at = (l: number, k: number) => c.tried.find((t) => t.lambda === l && t.kappa === k);
  const f = (t: GateScaleChoice['tried'][number] | undefined) =>
    t ? `${t.auc.toFixed(3)}/${t.reversedAuc.toFixed(3)}/${t.similarAuc.toFixed(3)}` : '—';
  return `val AUC / reversed / look-alike: no gates ${f(at(0, 0))}, chosen ${f(at(c.lambda, c.kappa))}`;
}

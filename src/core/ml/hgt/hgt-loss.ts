import {
  add,
  bceWithLogits,
  constant,
  gatherRows,
  hinge,
  pairCosine,
  scale,
  sigmoidValue,
  type Tape,
  type Tensor,
  weightedSum,
} from '../autograd';
import { hgtPairLogitsOnTape, type HgtPairFeatureTerm } from './hgt-forward';
import type { HgtParamTensors } from './hgt-param-tensors';
import type { HgtEpochBatch } from './hgt-sampling';
import type { HgtConfig } from './hgt-spec';

export interface HgtLossTerms {
  /** μ_t · L_CE + (1 − μ_t) · L_margin (eq. 10). */
  total: Tensor;
  ce: Tensor;
  margin: Tensor;
}

const zero = () => constant(new Float32Array(1), 1, 1);

/** Target of a supervised edge in the cross-entropy. */
export type HgtLabels = 'soft' | 'existence';
/** The score the margin ranking (eq. 8) is applied to. */
export type HgtMarginScore = 'cosine' | 'logit';

export interface HgtLossOptions {
  /**
   * 'soft' (the paper, eq. 6): the label of an edge is its w̃. 'existence': 1 for every observed edge. w̃ is
   * small for most behavioural edges and 0 for every edge of a never-called tool, so soft labels teach "a
   * schema edge of a new tool is not a link" and rank a rarely traversed link near a non-edge; what the
   * eval asks (and search needs) is whether a link exists. w̃ still enters as the attention bias (eq. 15).
   */
  labels?: HgtLabels;
  /**
   * 'cosine' (the paper): s(u, v) = cosine of the final embeddings. 'logit': s = z_uv, the score that is
   * ranked at inference, so the ranking objective trains what is evaluated.
   */
  marginScore?: HgtMarginScore;
  /**
   * Weight of a hard negative (batch.negKind ≠ 0: reversed or look-alike) relative to a random one, in both
   * terms (default 1: all negatives alike). Below 1 the hard cases nudge the ranking without outweighing the
   * random pairs the model must still rank below links.
   */
  hardWeight?: number;
  /**
   * 'both' (default): hard negatives count in the cross-entropy and the margin term. 'margin': only in the
   * margin ranking (eq. 8), whose weight 1 − μ_t grows over the epochs (eqs. 9–10): the curriculum the paper
   * gives its margin — first learn which pairs are linked at all (cross-entropy on random pairs), then rank
   * each link above its own reverse and look-alike by the adaptive margin m_uv. The cross-entropy, which sets
   * the score's level against random pairs, never sees a hard negative.
   */
  hardIn?: 'both' | 'margin';
  /** Pair features of the batch's pairs, positives then negatives (hgt-spec.ts, `pairFeatures`). */
  feat?: HgtPairFeatureTerm;
}

/** z_uv of the batch's positives then negatives [P + M × 1]. */
function batchLogits(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  batch: HgtEpochBatch,
  feat?: HgtPairFeatureTerm,
): Tensor {
  const P = batch.posSrc.length;
  const M = batch.negSrc.length;
  const src = new Int32Array(P + M);
  const dst = new Int32Array(P + M);
  src.set(batch.posSrc);
  src.set(batch.negSrc, P);
  dst.set(batch.posDst);
  dst.set(batch.negDst, P);
  return hgtPairLogitsOnTape(tape, p, config, h, src, dst, feat);
}

/**
 * Cross-entropy on the target edges (label w̃ as in eq. 6, or 1 for 'existence'), plus every sampled negative
 * with label 0. Eq. 6 sums over observed edges only, so it never sees a 0 label: the cheapest way to lower it
 * is to say "linked" to every pair. Positives and negatives each get half the weight, as a 1 : 1 sample
 * would, however many negatives were drawn: ½·mean_pos + ½·mean_neg. `z`: logits of positives then negatives.
 */
function crossEntropyOf(
  tape: Tape,
  z: Tensor,
  batch: HgtEpochBatch,
  labelsMode: HgtLabels,
  hardWeight = 1,
): Tensor {
  const P = batch.posSrc.length;
  const M = batch.negSrc.length;
  const labels = new Float32Array(P + M);
  if (labelsMode === 'soft') labels.set(batch.posLabel);
  else labels.fill(1, 0, P);
  const weights = new Float32Array(P + M);
  const posShare = M > 0 ? 0.5 : 1;
  weights.fill(posShare / P, 0, P);
  if (M > 0 && hardWeight === 1) weights.fill(0.5 / M, P);
  else if (M > 0) {
    // The negatives' half of the weight, shared out with a hard negative counting hardWeight.
    const rel = negativeWeights(batch, hardWeight);
    const total = rel.reduce((a, b) => a + b, 0);
    rel.forEach((r, j) => (weights[P + j] = (0.5 * r) / total));
  }
  return bceWithLogits(tape, z, labels, weights);
}

/** Relative weight of each negative: 1 for a random one, hardWeight for a reversed or look-alike one. */
function negativeWeights(batch: HgtEpochBatch, hardWeight: number): Float64Array {
  return Float64Array.from(batch.negKind, (kind) => (kind === 0 ? 1 : hardWeight));
}

export function crossEntropyLoss(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  batch: HgtEpochBatch,
  options: HgtLossOptions = {},
): Tensor {
  return crossEntropyOf(
    tape,
    batchLogits(tape, p, config, h, batch, options.feat),
    batch,
    options.labels ?? 'soft',
  );
}

/** Eq. 8 over given scores of the positives [P × 1] and negatives [M × 1]. */
function marginOf(
  tape: Tape,
  sPos: Tensor,
  sNeg: Tensor,
  batch: HgtEpochBatch,
  margin0: number,
  hardWeight = 1,
): Tensor {
  const n = batch.negSrc.length;
  const rel = negativeWeights(batch, hardWeight);
  const perPositive = new Float64Array(batch.posSrc.length);
  batch.negOf.forEach((i, j) => (perPositive[i] = (perPositive[i] as number) + (rel[j] as number)));
  const m = Float32Array.from(batch.negOf, (i) => margin0 * (1 + sigmoidValue(batch.posLabel[i] as number)));
  const slack = add(
    tape,
    add(tape, sNeg, scale(tape, gatherRows(tape, sPos, batch.negOf), -1)),
    constant(m, n, 1),
  );
  // Positives left without a negative drop out of the mean: they have no term in eq. 8.
  const withNegatives = perPositive.reduce((s, c) => s + (c > 0 ? 1 : 0), 0);
  const weights = Float32Array.from(
    batch.negOf,
    (i, j) => (rel[j] as number) / (withNegatives * (perPositive[i] as number)),
  );
  return weightedSum(tape, hinge(tape, slack), weights);
}

/**
 * Adaptive-margin ranking (eqs. 7–8): mean over positives of the mean over their negatives (u_j, v) of
 * [m_uv − s(u, v) + s(u_j, v)]₊, with m_uv = m0(1 + σ(w̃_uv)) and s the cosine similarity of the final
 * embeddings ("embedding similarity").
 */
export function marginLoss(tape: Tape, h: Tensor, batch: HgtEpochBatch, margin0: number): Tensor {
  if (batch.negSrc.length === 0) return zero();
  const sPos = pairCosine(tape, h, batch.posSrc, batch.posDst);
  const sNeg = pairCosine(tape, h, batch.negSrc, batch.negDst);
  return marginOf(tape, sPos, sNeg, batch, margin0);
}

/** The curriculum objective of eq. 10 for one epoch, μ = μ_t. Defaults: the paper's form. */
export function hgtLoss(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  batch: HgtEpochBatch,
  mu: number,
  margin0: number,
  options: HgtLossOptions = {},
): HgtLossTerms {
  const z = batchLogits(tape, p, config, h, batch, options.feat);
  const hardWeight = options.hardWeight ?? 1;
  const ce = crossEntropyOf(
    tape,
    z,
    batch,
    options.labels ?? 'soft',
    options.hardIn === 'margin' ? 0 : hardWeight,
  );
  const P = batch.posSrc.length;
  const M = batch.negSrc.length;
  let margin: Tensor;
  if (M === 0) margin = zero();
  else if ((options.marginScore ?? 'cosine') === 'cosine') {
    const sPos = pairCosine(tape, h, batch.posSrc, batch.posDst);
    const sNeg = pairCosine(tape, h, batch.negSrc, batch.negDst);
    margin = marginOf(tape, sPos, sNeg, batch, margin0, hardWeight);
  } else {
    const idx = (from: number, count: number) => Int32Array.from({ length: count }, (_, i) => from + i);
    const [sPos, sNeg] = [gatherRows(tape, z, idx(0, P)), gatherRows(tape, z, idx(P, M))];
    margin = marginOf(tape, sPos, sNeg, batch, margin0, hardWeight);
  }
  const total = add(tape, scale(tape, ce, mu), scale(tape, margin, 1 - mu));
  return { total, ce, margin };
}

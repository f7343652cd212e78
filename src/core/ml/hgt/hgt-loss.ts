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
import { hgtPairLogitsOnTape } from './hgt-forward';
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

/**
 * Soft-label cross-entropy (eq. 6) on the target edges with label w̃, plus every sampled negative with label 0.
 * Eq. 6 sums over observed edges only, so it never sees a 0 label: the cheapest way to lower it is to say
 * "linked" to every pair. Positives and negatives each get half the weight, as a 1 : 1 sample would, however
 * many negatives were drawn: ½·mean_pos + ½·mean_neg.
 */
export function crossEntropyLoss(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  batch: HgtEpochBatch,
): Tensor {
  const P = batch.posSrc.length;
  const M = batch.negSrc.length;
  const src = new Int32Array(P + M);
  const dst = new Int32Array(P + M);
  src.set(batch.posSrc);
  src.set(batch.negSrc, P);
  dst.set(batch.posDst);
  dst.set(batch.negDst, P);
  const labels = new Float32Array(P + M);
  labels.set(batch.posLabel);
  const weights = new Float32Array(P + M);
  const posShare = M > 0 ? 0.5 : 1;
  weights.fill(posShare / P, 0, P);
  if (M > 0) weights.fill(0.5 / M, P);
  return bceWithLogits(tape, hgtPairLogitsOnTape(tape, p, config, h, src, dst), labels, weights);
}

/**
 * Adaptive-margin ranking (eqs. 7–8): mean over positives of the mean over their negatives (u_j, v) of
 * [m_uv − s(u, v) + s(u_j, v)]₊, with m_uv = m0(1 + σ(w̃_uv)) and s the cosine similarity of the final
 * embeddings ("embedding similarity").
 */
export function marginLoss(tape: Tape, h: Tensor, batch: HgtEpochBatch, margin0: number): Tensor {
  const n = batch.negSrc.length;
  if (n === 0) return zero();
  const perPositive = new Int32Array(batch.posSrc.length);
  for (const i of batch.negOf) perPositive[i] = (perPositive[i] as number) + 1;
  const sPos = pairCosine(tape, h, batch.posSrc, batch.posDst);
  const sNeg = pairCosine(tape, h, batch.negSrc, batch.negDst);
  const m = Float32Array.from(batch.negOf, (i) => margin0 * (1 + sigmoidValue(batch.posLabel[i] as number)));
  const slack = add(
    tape,
    add(tape, sNeg, scale(tape, gatherRows(tape, sPos, batch.negOf), -1)),
    constant(m, n, 1),
  );
  // Positives left without a negative drop out of the mean: they have no term in eq. 8.
  const withNegatives = perPositive.reduce((s, c) => s + (c > 0 ? 1 : 0), 0);
  const weights = Float32Array.from(batch.negOf, (i) => 1 / (withNegatives * (perPositive[i] as number)));
  return weightedSum(tape, hinge(tape, slack), weights);
}

/** The curriculum objective of eq. 10 for one epoch, μ = μ_t. */
export function hgtLoss(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  batch: HgtEpochBatch,
  mu: number,
  margin0: number,
): HgtLossTerms {
  const ce = crossEntropyLoss(tape, p, config, h, batch);
  const margin = marginLoss(tape, h, batch, margin0);
  const total = add(tape, scale(tape, ce, mu), scale(tape, margin, 1 - mu));
  return { total, ce, margin };
}

import { mulberry32, type Random } from '../demo/prng';
import type { LinearHeadWeights } from './linear-head';

/**
 * One training example: an input vector and the indices of its positive labels (every other label is a
 * negative). DTDR-L has one positive per example (the next tool); the loss allows any number.
 */
export interface LabelledExample {
  x: Float32Array;
  positives: readonly number[];
}

export interface TrainLinearHeadOptions {
  /** Output names, one per row of W; `outputDim` is their count. */
  labels: string[];
  /** Examples held out for early stopping; else `validationFraction` of `train` is split off (seeded). */
  validation?: LabelledExample[];
  /** Share of `train` held out when `validation` is not given; 0 disables early stopping. Default 0.15. */
  validationFraction?: number;
  /** Default 60. With early stopping, the most epochs; without, exactly this many. */
  epochs?: number;
  /** Default 32. */
  batchSize?: number;
  /** Adam step size. Default 0.01. */
  learningRate?: number;
  /** Multiplies the step size after each epoch (DTDR Appendix C: "learning rate decay"). Default 0.98. */
  lrDecay?: number;
  /** L2 coefficient on W (not b), added to the gradient as Adam weight decay. Default 1e-4. */
  l2?: number;
  /**
   * Early-stopping criterion, higher is better: a per-example score from the validation example's logits
   * (e.g. reciprocal rank of the right label), averaged. Without it, the validation loss decides. The loss
   * can rise while the ranking still improves (held-out labels never positive in training dominate it).
   */
  validationMetric?: (logits: Float64Array, validationIndex: number) => number;
  /** Epochs without a better validation criterion before stopping. Default 6. */
  patience?: number;
  /**
   * `prior` (default) starts each bias at the logit of its label's training frequency, so the first epochs
   * are not spent pushing hundreds of rare labels down from σ(0) = 0.5; `zero` starts from 0.
   */
  initBias?: 'prior' | 'zero';
  /**
   * Residuals |σ(z) − y| below this are left out of the weight gradient (never of the loss or the bias
   * gradient). With thousands of labels almost every negative sits near σ(z) ≈ 0, and skipping them makes
   * the backward pass cost (positives + hard negatives) instead of every label. 0 = exact. Default 1e-4.
   */
  gradientFloor?: number;
  /** Seeds the shuffling and the validation split. Default 13. */
  seed?: number;
  /** Called after every epoch; `valLoss` is NaN without a validation set. */
  onEpoch?: (epoch: number, loss: number, valLoss: number) => void;
  /** Cancels training between mini-batches (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Yield to the event loop at least this often (ms) so a worker can receive a cancel. Default 50. */
  yieldEveryMs?: number;
}

export interface TrainLinearHeadResult {
  /** The weights of the epoch with the lowest validation loss (or the last epoch without validation). */
  head: LinearHeadWeights;
  /** Epoch (1-based) whose weights were kept. */
  bestEpoch: number;
  epochsRun: number;
  /** Per-epoch mean training loss (summed BCE over labels, averaged over examples, before L2). */
  losses: number[];
  /** Per-epoch validation loss, NaN without validation. */
  valLosses: number[];
  /** Per-epoch mean `validationMetric`, when given. */
  valMetrics: number[];
}

/** Input as (index, value) pairs of its non-zeros: lexical embeddings are mostly zeros. */
interface SparseInput {
  idx: Int32Array;
  val: Float32Array;
  positives: readonly number[];
}

function toSparse(e: LabelledExample, inputDim: number, outputDim: number): SparseInput {
  if (e.x.length !== inputDim) throw new RangeError(`example has ${e.x.length} inputs, expected ${inputDim}`);
  for (const p of e.positives) {
    if (!Number.isInteger(p) || p < 0 || p >= outputDim)
      throw new RangeError(`label index ${p} out of range`);
  }
  let nnz = 0;
  for (let i = 0; i < inputDim; i++) if (e.x[i] !== 0) nnz++;
  const idx = new Int32Array(nnz);
  const val = new Float32Array(nnz);
  for (let i = 0, k = 0; i < inputDim; i++) {
    const v = e.x[i] as number;
    if (v !== 0) {
      idx[k] = i;
      val[k++] = v;
    }
  }
  return { idx, val, positives: e.positives };
}

/** Numerically stable summed binary cross-entropy of one example, given its logits. */
function exampleLoss(z: Float64Array, positives: readonly number[]): number {
  // BCE(z, y) = softplus(z) − y·z, softplus(z) = max(z, 0) + log1p(exp(−|z|)).
  let loss = 0;
  for (let o = 0; o < z.length; o++) {
    const v = z[o] as number;
    loss += Math.max(v, 0) + Math.log1p(Math.exp(-Math.abs(v)));
  }
  for (const p of positives) loss -= z[p] as number;
  return loss;
}

// Training keeps W transposed, Wt[i, o] = W[o, i], so both passes walk contiguous rows of Wt: one per
// non-zero input. Sums still run over i in ascending order, so logits equal `linearForward`'s exactly.

function logits(Wt: Float32Array, b: Float32Array, e: SparseInput, z: Float64Array): void {
  const outputDim = z.length;
  for (let o = 0; o < outputDim; o++) z[o] = b[o] as number;
  const { idx, val } = e;
  for (let k = 0; k < idx.length; k++) {
    const v = val[k] as number;
    const row = (idx[k] as number) * outputDim;
    for (let o = 0; o < outputDim; o++) z[o] = (z[o] as number) + (Wt[row + o] as number) * v;
  }
}

function evaluate(
  Wt: Float32Array,
  b: Float32Array,
  set: SparseInput[],
  metric: ((logits: Float64Array, i: number) => number) | undefined,
): { loss: number; metric: number } {
  if (set.length === 0) return { loss: Number.NaN, metric: Number.NaN };
  const z = new Float64Array(b.length);
  let loss = 0;
  let score = 0;
  set.forEach((e, i) => {
    logits(Wt, b, e, z);
    loss += exampleLoss(z, e.positives);
    if (metric) score += metric(z, i);
  });
  return { loss: loss / set.length, metric: metric ? score / set.length : Number.NaN };
}

/** Scratch buffers of one training run. */
interface Work {
  z: Float64Array;
  activeIdx: Int32Array;
  activeVal: Float64Array;
  /** Rows of gWt written in this batch, to zero only those. */
  touched: Uint8Array;
}

/**
 * Accumulates the mean gradient of the summed BCE over examples order[start..end) into gWt, gb and returns
 * the batch's summed loss. d(BCE)/dz_o = σ(z_o) − y_o.
 */
function batchGradient(
  Wt: Float32Array,
  b: Float32Array,
  set: SparseInput[],
  order: readonly number[],
  start: number,
  end: number,
  floor: number,
  work: Work,
  gWt: Float32Array,
  gb: Float32Array,
): number {
  const { z, activeIdx, activeVal, touched } = work;
  const outputDim = z.length;
  const scale = 1 / (end - start);
  gb.fill(0);
  let loss = 0;
  for (let n = start; n < end; n++) {
    const e = set[order[n] as number] as SparseInput;
    logits(Wt, b, e, z);
    loss += exampleLoss(z, e.positives);
    for (let o = 0; o < outputDim; o++) z[o] = 1 / (1 + Math.exp(-(z[o] as number)));
    for (const p of e.positives) z[p] = (z[p] as number) - 1;
    let nActive = 0;
    for (let o = 0; o < outputDim; o++) {
      const r = (z[o] as number) * scale;
      gb[o] = (gb[o] as number) + r;
      if (Math.abs(z[o] as number) >= floor) {
        activeIdx[nActive] = o;
        activeVal[nActive++] = r;
      }
    }
    const { idx, val } = e;
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k] as number;
      touched[i] = 1;
      const v = val[k] as number;
      const row = i * outputDim;
      for (let a = 0; a < nActive; a++) {
        const j = row + (activeIdx[a] as number);
        gWt[j] = (gWt[j] as number) + v * (activeVal[a] as number);
      }
    }
  }
  return loss;
}

function clearTouched(gWt: Float32Array, touched: Uint8Array, outputDim: number): void {
  for (let i = 0; i < touched.length; i++) {
    if (!touched[i]) continue;
    gWt.fill(0, i * outputDim, (i + 1) * outputDim);
    touched[i] = 0;
  }
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPS = 1e-8;

/** One Adam step (Kingma & Ba, bias-corrected); L2 enters the gradient, as PyTorch's Adam weight_decay. */
function adamStep(
  p: Float32Array,
  g: Float32Array,
  m: Float32Array,
  v: Float32Array,
  l2: number,
  lr: number,
  t: number,
) {
  const stepSize = (lr * Math.sqrt(1 - BETA2 ** t)) / (1 - BETA1 ** t);
  for (let i = 0; i < p.length; i++) {
    const w = p[i] as number;
    const gi = (g[i] as number) + l2 * w;
    const mi = BETA1 * (m[i] as number) + (1 - BETA1) * gi;
    const vi = BETA2 * (v[i] as number) + (1 - BETA2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    p[i] = w - (stepSize * mi) / (Math.sqrt(vi) + EPS);
  }
}

function shuffleInPlace<T>(items: T[], rand: Random): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

function untranspose(Wt: Float32Array, inputDim: number, outputDim: number): Float32Array {
  const W = new Float32Array(inputDim * outputDim);
  for (let i = 0; i < inputDim; i++) {
    for (let o = 0; o < outputDim; o++) W[o * inputDim + i] = Wt[i * outputDim + o] as number;
  }
  return W;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('training cancelled');
}

/**
 * Trains a linear multi-label head — logits = W·x + b, one sigmoid per label — by mini-batch Adam on the
 * summed binary cross-entropy over labels (DTDR Appendix C, eq. 2), with L2 on W, seeded shuffling and early
 * stopping on validation loss. Plain TypeScript over typed arrays, so it runs in Node and in a worker.
 * Deterministic for a seed: same inputs, same options ⇒ bit-identical weights.
 */
export async function trainLinearHead(
  train: LabelledExample[],
  options: TrainLinearHeadOptions,
): Promise<TrainLinearHeadResult> {
  const labels = options.labels;
  const outputDim = labels.length;
  if (outputDim === 0) throw new RangeError('a head needs at least one label');
  if (train.length === 0) throw new RangeError('no training examples');
  const inputDim = (train[0] as LabelledExample).x.length;
  const epochs = options.epochs ?? 60;
  const batchSize = Math.max(1, options.batchSize ?? 32);
  const l2 = options.l2 ?? 1e-4;
  const lrDecay = options.lrDecay ?? 0.98;
  const patience = options.patience ?? 6;
  const floor = options.gradientFloor ?? 1e-4;
  const yieldEveryMs = options.yieldEveryMs ?? 50;
  const signal = options.signal;
  const rand = mulberry32(options.seed ?? 13);
  let lr = options.learningRate ?? 0.01;

  // Split before converting so the held-out set depends only on the seed and the example order.
  let trainSet = train;
  let valSet = options.validation ?? [];
  const fraction = options.validationFraction ?? 0.15;
  if (!options.validation && fraction > 0 && train.length >= 4) {
    const order = train.map((_, i) => i);
    shuffleInPlace(order, rand);
    const nVal = Math.max(1, Math.round(train.length * fraction));
    const held = new Set(order.slice(0, nVal));
    valSet = train.filter((_, i) => held.has(i));
    trainSet = train.filter((_, i) => !held.has(i));
  }
  const sTrain = trainSet.map((e) => toSparse(e, inputDim, outputDim));
  const sVal = valSet.map((e) => toSparse(e, inputDim, outputDim));

  const nW = outputDim * inputDim;
  const Wt = new Float32Array(nW);
  const b = new Float32Array(outputDim);
  if ((options.initBias ?? 'prior') === 'prior') {
    const counts = new Float64Array(outputDim);
    for (const e of sTrain) for (const p of e.positives) counts[p] = (counts[p] as number) + 1;
    const n = sTrain.length;
    // Add-half smoothing keeps never-positive and always-positive labels finite.
    for (let o = 0; o < outputDim; o++) {
      const c = counts[o] as number;
      b[o] = Math.log((c + 0.5) / (n - c + 0.5));
    }
  }
  const gWt = new Float32Array(nW);
  const gb = new Float32Array(outputDim);
  const mW = new Float32Array(nW);
  const vW = new Float32Array(nW);
  const mb = new Float32Array(outputDim);
  const vb = new Float32Array(outputDim);
  const work: Work = {
    z: new Float64Array(outputDim),
    activeIdx: new Int32Array(outputDim),
    activeVal: new Float64Array(outputDim),
    touched: new Uint8Array(inputDim),
  };
  let step = 0;

  const losses: number[] = [];
  const valLosses: number[] = [];
  const valMetrics: number[] = [];
  const metric = options.validationMetric;
  // Criterion: the metric (higher is better), ties broken by the loss; without a metric, the loss.
  let best = {
    metric: Number.NEGATIVE_INFINITY,
    loss: Number.POSITIVE_INFINITY,
    epoch: 0,
    Wt: Wt.slice(),
    b: b.slice(),
  };
  let sinceBest = 0;
  let lastYield = Date.now();
  const order = sTrain.map((_, i) => i);

  let epoch = 0;
  while (epoch < epochs) {
    epoch++;
    shuffleInPlace(order, rand);
    let epochLoss = 0;
    for (let start = 0; start < order.length; start += batchSize) {
      if (signal?.aborted) throw abortReason(signal);
      if (Date.now() - lastYield >= yieldEveryMs) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        lastYield = Date.now();
        if (signal?.aborted) throw abortReason(signal);
      }
      const end = Math.min(order.length, start + batchSize);
      epochLoss += batchGradient(Wt, b, sTrain, order, start, end, floor, work, gWt, gb);
      step++;
      adamStep(Wt, gWt, mW, vW, l2, lr, step);
      adamStep(b, gb, mb, vb, 0, lr, step);
      clearTouched(gWt, work.touched, outputDim);
    }
    lr *= lrDecay;
    const loss = epochLoss / sTrain.length;
    const val = evaluate(Wt, b, sVal, metric);
    losses.push(loss);
    valLosses.push(val.loss);
    if (metric) valMetrics.push(val.metric);
    options.onEpoch?.(epoch, loss, val.loss);
    if (sVal.length === 0) continue;
    const better = metric
      ? val.metric > best.metric + 1e-9 ||
        (Math.abs(val.metric - best.metric) <= 1e-9 && val.loss < best.loss)
      : val.loss < best.loss;
    if (better) {
      best = { metric: val.metric, loss: val.loss, epoch, Wt: Wt.slice(), b: b.slice() };
      sinceBest = 0;
    } else if (++sinceBest >= patience) break;
  }

  const keep = sVal.length > 0 ? best : { epoch, Wt, b };
  return {
    head: {
      inputDim,
      outputDim,
      W: untranspose(keep.Wt, inputDim, outputDim),
      b: keep.b,
      labels: [...labels],
    },
    bestEpoch: keep.epoch,
    epochsRun: epoch,
    losses,
    valLosses,
    valMetrics,
  };
}

import { abortReason } from '../util/cancelled-error';
import { mulberry32 } from '../util/prng';
import { shuffleInPlace } from '../util/shuffle';
import { yieldToEvents } from '../util/yield';
import { ADAM_DEFAULTS, adamStep } from './adam-step';
import { EarlyStopping } from './early-stopping';
import type { LinearHeadWeights } from './linear-head';

/**
 * One training example: an input vector and the indices of its positive labels (every other label is a
 * negative). DTDR-L has one positive per example (the next tool); the loss allows any number.
 */
export interface LabelledExample {
  x: Float32Array;
  positives: readonly number[];
  /**
   * Examples with the same group share their first `sharedInputs` inputs (DTDR-L: every prefix of a plan has
   * the same query embedding). A group is trained in one mini-batch and its shared inputs cost one pass
   * instead of one per example. Examples without a group stand alone.
   */
  group?: number;
}

export interface TrainLinearHeadOptions {
  /** Output names, one per row of W; `outputDim` is their count. */
  labels: string[];
  /** Examples held out for early stopping; else `validationFraction` of `train` is split off (seeded). */
  validation?: LabelledExample[];
  /** Share of `train` held out when `validation` is not given; 0 disables early stopping. Default 0.15. */
  validationFraction?: number;
  /**
   * Leading inputs that are identical within a group (see `LabelledExample.group`); 0 (default) ignores
   * groups. Checked: a group whose members differ there is a RangeError.
   */
  sharedInputs?: number;
  /** Default 60. With early stopping, the most epochs; without, exactly this many. */
  epochs?: number;
  /** Examples per mini-batch (default 32); a group is never split, so a batch may hold a few more. */
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
  /**
   * Continue a run instead of starting one: its weights, Adam moments, step count and learning rate (a
   * result's `checkpoint`). The refit of DTDR-L continues its early-stopped run on all data this way.
   */
  resume?: TrainingCheckpoint;
  /**
   * With `validation`: stop after the first epoch whose validation loss is at most this, and keep that
   * epoch's weights (no early stopping on the best epoch). Goodfellow et al., Deep Learning §7.8, Alg. 7.3:
   * after early stopping, continue on all data until the loss on the validation part falls to the
   * training loss at which early stopping stopped. `epochs` still caps the run.
   */
  stopAtValidationLoss?: number;
  /** Seeds the shuffling and the validation split. Default 13. */
  seed?: number;
  /** Called after every epoch; `valLoss` and `valMetric` are NaN without a validation set (or metric). */
  onEpoch?: (epoch: number, loss: number, valLoss: number, valMetric: number) => void;
  /** Cancels training between mini-batches (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Yield to the event loop at least this often (ms) so a worker can receive a cancel. Default 50. */
  yieldEveryMs?: number;
}

/** Everything needed to continue training where a run's kept epoch ended (W transposed, as trained). */
export interface TrainingCheckpoint {
  inputDim: number;
  outputDim: number;
  Wt: Float32Array;
  b: Float32Array;
  mW: Float32Array;
  vW: Float32Array;
  mb: Float32Array;
  vb: Float32Array;
  /** Adam steps taken, and the learning rate the next epoch uses. */
  step: number;
  learningRate: number;
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
  /** State at the kept epoch, for `resume`. */
  checkpoint: TrainingCheckpoint;
}

/** Non-zero inputs as (index, value) pairs, ascending: lexical embeddings are mostly zeros. */
interface SparseRows {
  idx: Int32Array;
  val: Float32Array;
}

/**
 * What one shuffle position trains on: one example, or a group of examples sharing `shared` (inputs below
 * `sharedInputs`); `own` holds each member's remaining inputs. A lone example has an empty `shared`.
 */
interface Unit {
  shared: SparseRows;
  members: Member[];
}

interface Member {
  own: SparseRows;
  positives: readonly number[];
  /** Position in the validation list, the index `validationMetric` is called with. */
  index: number;
}

function sparseRows(x: Float32Array, from: number, to: number): SparseRows {
  let nnz = 0;
  for (let i = from; i < to; i++) if (x[i] !== 0) nnz++;
  const idx = new Int32Array(nnz);
  const val = new Float32Array(nnz);
  for (let i = from, k = 0; i < to; i++) {
    const v = x[i] as number;
    if (v !== 0) {
      idx[k] = i;
      val[k++] = v;
    }
  }
  return { idx, val };
}

function checkExample(e: LabelledExample, inputDim: number, outputDim: number): void {
  if (e.x.length !== inputDim) throw new RangeError(`example has ${e.x.length} inputs, expected ${inputDim}`);
  for (const p of e.positives) {
    if (!Number.isInteger(p) || p < 0 || p >= outputDim)
      throw new RangeError(`label index ${p} out of range`);
  }
}

const sameRows = (a: SparseRows, b: SparseRows) =>
  a.idx.length === b.idx.length && a.idx.every((v, k) => v === b.idx[k] && a.val[k] === b.val[k]);

/**
 * Examples → training units, in order of first appearance. Grouping only when `shared` > 0; a lone example
 * keeps all its inputs in `own`, so ungrouped training sums exactly as `linearForward` does.
 */
function toUnits(examples: readonly LabelledExample[], shared: number, outputDim: number): Unit[] {
  const inputDim = (examples[0]?.x.length ?? 0) as number;
  const units: Unit[] = [];
  const byGroup = new Map<number, Unit>();
  examples.forEach((e, index) => {
    checkExample(e, inputDim, outputDim);
    if (shared <= 0 || e.group === undefined) {
      const own = sparseRows(e.x, 0, inputDim);
      units.push({ shared: sparseRows(e.x, 0, 0), members: [{ own, positives: e.positives, index }] });
      return;
    }
    const head = sparseRows(e.x, 0, shared);
    const member = { own: sparseRows(e.x, shared, inputDim), positives: e.positives, index };
    const unit = byGroup.get(e.group);
    if (!unit) {
      const u = { shared: head, members: [member] };
      byGroup.set(e.group, u);
      units.push(u);
    } else if (!sameRows(unit.shared, head)) {
      throw new RangeError(
        `examples of group ${e.group} differ in their first ${shared} inputs; give them different groups or lower sharedInputs`,
      );
    } else unit.members.push(member);
  });
  return units;
}

const unitSize = (u: Unit) => u.members.length;

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
// non-zero input. A lone example's sums run over i in ascending order, so its logits equal `linearForward`'s.

/** z += Σ_k Wt[idx_k, ·] · val_k. */
function addRows(Wt: Float32Array, rows: SparseRows, z: Float64Array): void {
  const outputDim = z.length;
  const { idx, val } = rows;
  for (let k = 0; k < idx.length; k++) {
    const v = val[k] as number;
    const row = (idx[k] as number) * outputDim;
    for (let o = 0; o < outputDim; o++) z[o] = (z[o] as number) + (Wt[row + o] as number) * v;
  }
}

/** b + the shared rows' contribution, computed once per unit (plain b for a lone example). */
function unitBase(Wt: Float32Array, b: Float32Array, u: Unit, base: Float64Array): void {
  for (let o = 0; o < base.length; o++) base[o] = b[o] as number;
  addRows(Wt, u.shared, base);
}

function evaluate(
  Wt: Float32Array,
  b: Float32Array,
  units: Unit[],
  metric: ((logits: Float64Array, i: number) => number) | undefined,
): { loss: number; metric: number } {
  const n = units.reduce((s, u) => s + unitSize(u), 0);
  if (n === 0) return { loss: Number.NaN, metric: Number.NaN };
  const base = new Float64Array(b.length);
  const z = new Float64Array(b.length);
  let loss = 0;
  let score = 0;
  for (const u of units) {
    unitBase(Wt, b, u, base);
    for (const m of u.members) {
      z.set(base);
      addRows(Wt, m.own, z);
      loss += exampleLoss(z, m.positives);
      if (metric) score += metric(z, m.index);
    }
  }
  return { loss: loss / n, metric: metric ? score / n : Number.NaN };
}

/** Scratch buffers of one training run. */
interface Work {
  base: Float64Array;
  z: Float64Array;
  activeIdx: Int32Array;
  activeVal: Float64Array;
  /** Σ over a unit's members of their scaled residuals, on the outputs in `union`, for the shared rows. */
  unitR: Float64Array;
  union: Int32Array;
  inUnion: Uint8Array;
  /** Rows of gWt written in this batch, to zero only those. */
  touched: Uint8Array;
}

/** gWt[rows, outputs] += val_k · r_o for every listed output o. */
function addOuter(
  gWt: Float32Array,
  rows: SparseRows,
  outputs: Int32Array,
  r: Float64Array,
  n: number,
  byOutput: boolean,
  touched: Uint8Array,
  outputDim: number,
): void {
  const { idx, val } = rows;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k] as number;
    touched[i] = 1;
    const v = val[k] as number;
    const row = i * outputDim;
    for (let a = 0; a < n; a++) {
      const o = outputs[a] as number;
      const j = row + o;
      gWt[j] = (gWt[j] as number) + v * (r[byOutput ? o : a] as number);
    }
  }
}

/**
 * Accumulates the mean gradient of the summed BCE over the examples of units order[start..end) into gWt, gb
 * and returns the batch's summed loss. d(BCE)/dz_o = σ(z_o) − y_o; a unit's shared rows get the sum of its
 * members' residuals in one pass (the same gradient as one pass per member).
 */
function batchGradient(
  Wt: Float32Array,
  b: Float32Array,
  units: Unit[],
  order: readonly number[],
  start: number,
  end: number,
  floor: number,
  work: Work,
  gWt: Float32Array,
  gb: Float32Array,
): number {
  const { base, z, activeIdx, activeVal, unitR, union, inUnion, touched } = work;
  const outputDim = z.length;
  let count = 0;
  for (let n = start; n < end; n++) count += unitSize(units[order[n] as number] as Unit);
  const scale = 1 / count;
  gb.fill(0);
  let loss = 0;
  for (let n = start; n < end; n++) {
    const u = units[order[n] as number] as Unit;
    unitBase(Wt, b, u, base);
    const hasShared = u.shared.idx.length > 0;
    let nUnion = 0;
    for (const m of u.members) {
      z.set(base);
      addRows(Wt, m.own, z);
      loss += exampleLoss(z, m.positives);
      for (let o = 0; o < outputDim; o++) z[o] = 1 / (1 + Math.exp(-(z[o] as number)));
      for (const p of m.positives) z[p] = (z[p] as number) - 1;
      let nActive = 0;
      for (let o = 0; o < outputDim; o++) {
        const r = (z[o] as number) * scale;
        gb[o] = (gb[o] as number) + r;
        if (Math.abs(z[o] as number) >= floor) {
          activeIdx[nActive] = o;
          activeVal[nActive++] = r;
          if (hasShared) {
            if (!inUnion[o]) {
              inUnion[o] = 1;
              union[nUnion++] = o;
            }
            unitR[o] = (unitR[o] as number) + r;
          }
        }
      }
      addOuter(gWt, m.own, activeIdx, activeVal, nActive, false, touched, outputDim);
    }
    if (hasShared) {
      addOuter(gWt, u.shared, union, unitR, nUnion, true, touched, outputDim);
      for (let a = 0; a < nUnion; a++) {
        const o = union[a] as number;
        unitR[o] = 0;
        inUnion[o] = 0;
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

function untranspose(Wt: Float32Array, inputDim: number, outputDim: number): Float32Array {
  const W = new Float32Array(inputDim * outputDim);
  for (let i = 0; i < inputDim; i++) {
    for (let o = 0; o < outputDim; o++) W[o * inputDim + i] = Wt[i * outputDim + o] as number;
  }
  return W;
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
  let lr = options.resume?.learningRate ?? options.learningRate ?? 0.01;

  // Split before converting so the held-out set depends only on the seed and the example order; groups
  // are held out whole (a held-out example must not share its query with a trained one).
  const shared = Math.max(0, Math.min(inputDim, options.sharedInputs ?? 0));
  let trainUnits = toUnits(train, shared, outputDim);
  let valUnits = toUnits(options.validation ?? [], shared, outputDim);
  const fraction = options.validationFraction ?? 0.15;
  if (!options.validation && fraction > 0 && trainUnits.length >= 4) {
    const order = trainUnits.map((_, i) => i);
    shuffleInPlace(order, rand);
    const nVal = Math.max(1, Math.round(trainUnits.length * fraction));
    const held = new Set(order.slice(0, nVal));
    valUnits = trainUnits.filter((_, i) => held.has(i));
    trainUnits = trainUnits.filter((_, i) => !held.has(i));
    // The metric indexes the held-out examples in their input order.
    const rank = new Map(
      valUnits
        .flatMap((u) => u.members.map((m) => m.index))
        .sort((a, c) => a - c)
        .map((pos, r) => [pos, r]),
    );
    for (const u of valUnits) for (const m of u.members) m.index = rank.get(m.index) as number;
  }
  const nTrain = trainUnits.reduce((s, u) => s + unitSize(u), 0);

  const nW = outputDim * inputDim;
  const resume = options.resume;
  if (resume && (resume.inputDim !== inputDim || resume.outputDim !== outputDim))
    throw new RangeError(
      `cannot resume a ${resume.outputDim}×${resume.inputDim} head with ${outputDim} labels and ${inputDim} inputs`,
    );
  // Copies, so the checkpoint passed in stays as it was.
  const Wt = resume ? resume.Wt.slice() : new Float32Array(nW);
  const b = resume ? resume.b.slice() : new Float32Array(outputDim);
  if (!resume && (options.initBias ?? 'prior') === 'prior') {
    const counts = new Float64Array(outputDim);
    for (const u of trainUnits)
      for (const m of u.members) for (const p of m.positives) counts[p] = (counts[p] as number) + 1;
    const n = nTrain;
    // Add-half smoothing keeps never-positive and always-positive labels finite.
    for (let o = 0; o < outputDim; o++) {
      const c = counts[o] as number;
      b[o] = Math.log((c + 0.5) / (n - c + 0.5));
    }
  }
  const gWt = new Float32Array(nW);
  const gb = new Float32Array(outputDim);
  const mW = resume ? resume.mW.slice() : new Float32Array(nW);
  const vW = resume ? resume.vW.slice() : new Float32Array(nW);
  const mb = resume ? resume.mb.slice() : new Float32Array(outputDim);
  const vb = resume ? resume.vb.slice() : new Float32Array(outputDim);
  const work: Work = {
    base: new Float64Array(outputDim),
    z: new Float64Array(outputDim),
    activeIdx: new Int32Array(outputDim),
    activeVal: new Float64Array(outputDim),
    unitR: new Float64Array(outputDim),
    union: new Int32Array(outputDim),
    inUnion: new Uint8Array(outputDim),
    touched: new Uint8Array(inputDim),
  };
  let step = resume?.step ?? 0;
  const snapshot = (): TrainingCheckpoint => ({
    inputDim,
    outputDim,
    Wt: Wt.slice(),
    b: b.slice(),
    mW: mW.slice(),
    vW: vW.slice(),
    mb: mb.slice(),
    vb: vb.slice(),
    step,
    learningRate: lr,
  });

  const losses: number[] = [];
  const valLosses: number[] = [];
  const valMetrics: number[] = [];
  const metric = options.validationMetric;
  // Criterion: the metric (higher is better), ties broken by the loss; without a metric, the loss.
  const stopping = new EarlyStopping<TrainingCheckpoint>(
    { useMetric: metric !== undefined, tolerance: 1e-9, patience },
    snapshot(),
  );
  const target = valUnits.length > 0 ? options.stopAtValidationLoss : undefined;
  let lastYield = Date.now();
  const order = trainUnits.map((_, i) => i);

  let epoch = 0;
  while (epoch < epochs) {
    epoch++;
    shuffleInPlace(order, rand);
    let epochLoss = 0;
    for (let start = 0; start < order.length;) {
      if (signal?.aborted) throw abortReason(signal);
      if (Date.now() - lastYield >= yieldEveryMs) {
        await yieldToEvents();
        lastYield = Date.now();
        if (signal?.aborted) throw abortReason(signal);
      }
      // Whole units until the batch holds batchSize examples (lone examples: exactly batchSize).
      let end = start;
      for (let size = 0; end < order.length && size < batchSize; end++)
        size += unitSize(trainUnits[order[end] as number] as Unit);
      epochLoss += batchGradient(Wt, b, trainUnits, order, start, end, floor, work, gWt, gb);
      start = end;
      step++;
      adamStep(Wt, gWt, mW, vW, step, { ...ADAM_DEFAULTS, lr, l2 });
      adamStep(b, gb, mb, vb, step, { ...ADAM_DEFAULTS, lr, l2: 0 });
      clearTouched(gWt, work.touched, outputDim);
    }
    lr *= lrDecay;
    const loss = epochLoss / nTrain;
    const val = evaluate(Wt, b, valUnits, metric);
    losses.push(loss);
    valLosses.push(val.loss);
    if (metric) valMetrics.push(val.metric);
    options.onEpoch?.(epoch, loss, val.loss, val.metric);
    if (valUnits.length === 0) continue;
    if (target !== undefined) {
      if (val.loss <= target) break;
      continue;
    }
    if (stopping.observe(epoch, val.metric, val.loss, snapshot)) break;
  }

  const keep = valUnits.length > 0 && target === undefined ? stopping.best : { epoch, state: snapshot() };
  return {
    head: {
      inputDim,
      outputDim,
      W: untranspose(keep.state.Wt, inputDim, outputDim),
      b: keep.state.b.slice(),
      labels: [...labels],
    },
    bestEpoch: keep.epoch,
    epochsRun: epoch,
    losses,
    valLosses,
    valMetrics,
    checkpoint: keep.state,
  };
}

import { CancelledError } from '../../util/cancelled-error';
import { mulberry32 } from '../../util/prng';
import { yieldToEvents } from '../../util/yield';
import { EarlyStopping } from '../early-stopping';
import { pairFeatureMatrix } from '../../graph-tensors/pair-features';
import { Adam, parameter, Tape } from '../autograd';
import { rocAuc } from '../roc-auc';
import { chooseDirectionScale, fitPairDirection, type DirectionScaleChoice } from '../pair-direction';
import { directionGate, hgtEmbed, hgtEmbedOnTape, hgtScorePairs } from './hgt-forward';
import { hgtLoss, type HgtLabels, type HgtMarginScore } from './hgt-loss';
import { buildMessagePlan } from './hgt-message-plan';
import { cloneHgtParams, hgtParamTensors, trainableTensors } from './hgt-param-tensors';
import { edgeKeySet, pairKey, sampleEpochBatch } from './hgt-sampling';
import { hgtHardNegatives, type HgtHardNegatives } from './hgt-hard-negatives';
import { DEFAULT_HGT_CONFIG, pairFeatureCount, type HgtConfig, type HgtParams } from './hgt-spec';
import { checkGraphTensors, type HgtGraphTensors, type HgtPairs } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';
import { checkHgtConfig, initHgtParams } from './init-hgt-params';

export interface HgtEpochReport {
  /** 1-based. */
  epoch: number;
  epochs: number;
  /** Training objective of the epoch (eq. 10), before its update. */
  loss: number;
  lossCE: number;
  lossMargin: number;
  /** μ_t of eq. 9. */
  mu: number;
  /** AUC on `validation` after the epoch's update; null without validation. */
  valAuc: number | null;
  ms: number;
}

export interface HgtTrainOptions {
  /** Merged over DEFAULT_HGT_CONFIG; must agree with `init.config` when both are given. */
  config?: Partial<Omit<HgtConfig, 'inputDim'>>;
  epochs?: number;
  lr?: number;
  seed?: number;
  /** k of eq. 8. */
  negatives?: number;
  /** m0 of eq. 7. */
  margin0?: number;
  /** μ0 and γ of eq. 9. */
  mu0?: number;
  gamma?: number;
  /** Share of edges hidden from message passing each epoch and supervised on. */
  targetFraction?: number;
  /** Decoupled (AdamW) weight decay. */
  weightDecay?: number;
  /** Cross-entropy target of an observed edge: 'existence' (1, default) or 'soft' (w̃, the paper's eq. 6). */
  labels?: HgtLabels;
  /** Margin ranking (eq. 8) on the head logit z_uv ('logit', default) or the embedding cosine (the paper). */
  marginScore?: HgtMarginScore;
  /**
   * With pair features: start w_f and the head bias from a logistic regression on the features, with the
   * graph part of the head at 0 (default true; ignored on a warm start, which keeps its own weights).
   */
  prefitFeatures?: boolean;
  /** Negatives: 'source' (eq. 8, only u replaced) or 'random' (both ends; hgt-sampling.ts). */
  corrupt?: 'source' | 'random';
  /**
   * Also train against each behavioural edge's reversed pair and look-alike target (hgt-hard-negatives.ts),
   * in the epoch batches and in the pair-feature prefit (default false = the paper's negatives only: with equal
   * weight they cost ~0.08 of random-pair AUC, /work/notes/bench-16.md; kept for the `hgtHard` ablation).
   */
  hardNegatives?: boolean;
  /**
   * With hardNegatives: a hard negative's weight in the epoch loss relative to a random one (default 1).
   * Below 1 the pair-feature prefit sees the random negatives only, so it starts where `hgt` starts.
   */
  hardWeight?: number;
  /**
   * With hardNegatives: where they enter the epoch loss ('both' = cross-entropy and margin, the default;
   * 'margin' = the margin ranking only, weighted by the curriculum's 1 − μ_t; hgt-loss.ts). With 'margin' the
   * pair-feature prefit sees the random negatives only.
   */
  hardIn?: 'both' | 'margin';
  /**
   * Fit the direction gate log σ(λ·a(u, v)) before the epochs (pair-direction.ts; needs pair features and the
   * prefit): a from the input graph's links against their reverses, λ on `validation` (its positives against
   * its random negatives and against their own reverses). Default: HGT_OBJECTIVE_DEFAULTS.directionGate.
   */
  directionGate?: boolean;
  /** Catalogue category per node, for the look-alike negatives (same category first); schema metadata. */
  categories?: readonly (string | undefined)[];
  /** Held-out pairs scored after every epoch → valAuc; the returned params are those of the best valAuc epoch when given. */
  validation?: { pairs: HgtPairs; labels: Float32Array };
  /** Cancel: a CancelledError (`hgtCancelled`) is thrown at the next epoch boundary. */
  signal?: AbortSignal;
  onEpoch?: (report: HgtEpochReport) => void;
  /** Warm start (retraining in the app); not modified. */
  init?: HgtParams;
}

export interface TrainedHgt {
  params: HgtParams;
  history: HgtEpochReport[];
  /** 1-based epoch whose params are returned (the last one without validation). */
  bestEpoch: number;
  /** The direction gate's λ and what validation said of each λ tried; absent when no gate was fitted. */
  direction?: DirectionScaleChoice;
}

/**
 * Defaults (the paper gives none; tuned a little on the planted-pattern toy graph, docs/hgt.md "Training").
 * γ = 0.95 moves the weight from cross-entropy to the margin loss over ~60 epochs (μ_60 ≈ 0.05).
 */
export const HGT_TRAIN_DEFAULTS = {
  epochs: 60,
  lr: 0.01,
  seed: 7,
  negatives: 5,
  margin0: 0.2,
  mu0: 1,
  gamma: 0.95,
  targetFraction: 0.3,
  weightDecay: 0,
} as const;

/**
 * The direction gate is on by default; its weight λ (0 = off) is chosen on each world's validation pairs by the
 * mean of random-pair and reversed-pair AUC. Over the 5 shared datasets it raised mean reversed-pair AUC
 * 0.667 → 0.726 at −0.001 to −0.013 random-pair AUC where the test sets are not tiny (/work/notes/bench-16.md).
 */
const DIRECTION_GATE_DEFAULT = true;

/** The objective's form (kept apart from the numeric defaults above, which callers read as numbers). */
export const HGT_OBJECTIVE_DEFAULTS: {
  labels: HgtLabels;
  marginScore: HgtMarginScore;
  prefitFeatures: boolean;
  corrupt: 'source' | 'random';
  hardNegatives: boolean;
  directionGate: boolean;
} = {
  labels: 'existence',
  marginScore: 'logit',
  prefitFeatures: true,
  corrupt: 'random',
  hardNegatives: false,
  directionGate: DIRECTION_GATE_DEFAULT,
};

/**
 * The direction gate's raw weights λ·Δ (pair-direction.ts): Δ fitted on the graph's behavioural edges whose
 * reverse is not an edge (own edge taken out of both rows, as for training positives), λ chosen on the
 * validation pairs with `linkLogit` (the prefit's feature-only logit) as the link score it gates.
 */
function fitDirectionGate(
  graph: HgtGraphTensors,
  edgeKeys: Set<number>,
  validation: { pairs: HgtPairs; labels: Float32Array } | undefined,
  linkLogit: (raw: Float32Array) => Float64Array,
): { dir: Float32Array | undefined; choice: DirectionScaleChoice } {
  const N = graph.apiCount + graph.paramCount;
  const src: number[] = [];
  const dst: number[] = [];
  for (let e = 0; e < graph.edgeSrc.length; e++) {
    const u = graph.edgeSrc[e] as number;
    const v = graph.edgeDst[e] as number;
    if (u < graph.apiCount !== v < graph.apiCount || edgeKeys.has(pairKey(v, u, N))) continue;
    src.push(u);
    dst.push(v);
  }
  const [s, d] = [Int32Array.from(src), Int32Array.from(dst)];
  const delta = fitPairDirection(
    pairFeatureMatrix(graph, s, d, new Uint8Array(s.length).fill(1)),
    pairFeatureMatrix(graph, d, s, new Uint8Array(s.length).fill(2)),
  );
  const F = delta.length;
  const part = (keep: (i: number) => boolean, flip = false) => {
    const idx = Array.from(validation?.labels ?? [], (_, i) => i).filter(keep);
    const a = Int32Array.from(
      idx,
      (i) => (flip ? validation!.pairs.dst : validation!.pairs.src)[i] as number,
    );
    const b = Int32Array.from(
      idx,
      (i) => (flip ? validation!.pairs.src : validation!.pairs.dst)[i] as number,
    );
    const raw = pairFeatureMatrix(graph, a, b);
    const dirScore = Float64Array.from(idx, (_, k) => {
      let x = 0;
      for (let j = 0; j < F; j++) x += (raw[k * F + j] as number) * (delta[j] as number);
      return x;
    });
    return { z: linkLogit(raw), a: dirScore };
  };
  const isPos = (i: number) => validation!.labels[i] === 1;
  const choice = validation
    ? chooseDirectionScale({
        pos: part(isPos),
        neg: part((i) => !isPos(i)),
        // A positive's reverse is a negative unless it is itself a link of the input graph.
        rev: part(
          (i) =>
            isPos(i) &&
            !edgeKeys.has(pairKey(validation.pairs.dst[i] as number, validation.pairs.src[i] as number, N)),
          true,
        ),
      })
    : chooseDirectionScale({ pos: { z: [], a: [] }, neg: { z: [], a: [] }, rev: { z: [], a: [] } });
  const dir = choice.lambda > 0 ? delta.map((v) => v * choice.lambda) : undefined;
  return { dir, choice };
}

/** Per-feature mean and spread of the training pairs' features: the trainer works on z-scores. */
interface FeatureScale {
  mean: Float32Array;
  sd: Float32Array;
}

/**
 * Mean and spread over the behavioural rows (structural rows are all-zero by construction). Adam moves every
 * weight by ~lr per step whatever its gradient's scale, so a raw feature with a spread of 0.1 (text cosine)
 * would need a weight of ~10 to matter — out of reach in 60 steps; z-scores put all features on one scale.
 */
function featureScale(x: Float32Array, F: number): FeatureScale {
  const mean = new Float32Array(F);
  const sd = new Float32Array(F);
  const rows: number[] = [];
  for (let i = 0; i < x.length / F; i++)
    if (x.subarray(i * F, (i + 1) * F).some((v) => v !== 0)) rows.push(i);
  const n = Math.max(1, rows.length);
  for (const i of rows)
    for (let j = 0; j < F; j++) mean[j] = (mean[j] as number) + (x[i * F + j] as number) / n;
  for (const i of rows)
    for (let j = 0; j < F; j++)
      sd[j] = (sd[j] as number) + ((x[i * F + j] as number) - (mean[j] as number)) ** 2 / n;
  // A feature (near-)constant over the training rows carries nothing; its spread is float noise, and
  // dividing by it would blow the folded raw weight up (foldScale), so it is left unscaled.
  for (let j = 0; j < F; j++) sd[j] = Math.sqrt(sd[j] as number) > 1e-6 ? Math.sqrt(sd[j] as number) : 1;
  return { mean, sd };
}

const standardize = (x: Float32Array, s: FeatureScale): Float32Array => {
  const F = s.mean.length;
  return x.map((v, k) => (v - (s.mean[k % F] as number)) / (s.sd[k % F] as number));
};

/**
 * Rows used for the pair-feature prefit: every behavioural edge, k same-kind random pairs each, and with
 * `hard` its reversed pair and look-alike target. `own`: 1 for an input edge, 2 for a reversed input edge
 * (pairFeatureMatrix takes that edge out of the degrees).
 */
function prefitPairs(
  graph: HgtGraphTensors,
  edgeKeys: Set<number>,
  k: number,
  seed: number,
  hard?: HgtHardNegatives,
) {
  const rand = mulberry32(seed);
  const N = graph.apiCount + graph.paramCount;
  const src: number[] = [];
  const dst: number[] = [];
  const label: number[] = [];
  const own: number[] = [];
  for (let e = 0; e < graph.edgeSrc.length; e++) {
    const u = graph.edgeSrc[e] as number;
    const v = graph.edgeDst[e] as number;
    const api = u < graph.apiCount;
    if (api !== v < graph.apiCount) continue; // structural: no pair features
    src.push(u);
    dst.push(v);
    label.push(1);
    own.push(1);
    if (hard?.reversed[e]) {
      src.push(v);
      dst.push(u);
      label.push(0);
      own.push(2);
    }
    const w = hard ? (hard.lookalike[e] as number) : -1;
    if (w >= 0) {
      src.push(u);
      dst.push(w);
      label.push(0);
      own.push(0);
    }
    // Both ends random (as the logistic-regression baseline draws them), so v's own features count too.
    const draw = () =>
      api ? Math.floor(rand() * graph.apiCount) : graph.apiCount + Math.floor(rand() * graph.paramCount);
    for (let j = 0; j < k; j++) {
      const s = draw();
      const d = draw();
      if (s === d || edgeKeys.has(pairKey(s, d, N))) continue;
      src.push(s);
      dst.push(d);
      label.push(0);
      own.push(0);
    }
  }
  return {
    src: Int32Array.from(src),
    dst: Int32Array.from(dst),
    label: Float32Array.from(label),
    own: Uint8Array.from(own),
  };
}

/**
 * Logistic regression of the link on the z-scored pair features alone (full-batch gradient descent, class
 * balanced, small L2): the starting point of w_f and the head bias. With the graph part of the head at 0, the
 * model starts as the logistic-regression baseline, and training (with best-epoch selection on validation)
 * can only add the graph's contribution on top of it instead of having to find the features first — with
 * ~60 Adam steps of lr 0.01 it cannot reach weights of the needed size (docs/hgt.md).
 */
function prefitLinear(x: Float32Array, y: Float32Array, F: number, steps = 300, lr = 0.5, l2 = 1e-3) {
  const n = y.length;
  const pos = y.reduce((a, b) => a + b, 0);
  const wPos = pos > 0 ? 0.5 / pos : 0;
  const wNeg = n - pos > 0 ? 0.5 / (n - pos) : 0;
  const w = new Float64Array(F);
  let b = 0;
  for (let t = 0; t < steps; t++) {
    const gw = new Float64Array(F);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = b;
      for (let j = 0; j < F; j++) z += (w[j] as number) * (x[i * F + j] as number);
      const yi = y[i] as number;
      const g = (1 / (1 + Math.exp(-z)) - yi) * (yi === 1 ? wPos : wNeg);
      gb += g;
      for (let j = 0; j < F; j++) gw[j] = (gw[j] as number) + g * (x[i * F + j] as number);
    }
    for (let j = 0; j < F; j++) w[j] = (w[j] as number) - lr * ((gw[j] as number) + l2 * (w[j] as number));
    b -= lr * gb;
  }
  return { w: Float32Array.from(w), b };
}

/**
 * Exported params take raw features: w·(f − μ)/σ + b = (w/σ)·f + (b − Σ w μ/σ), exactly, so the ONNX model
 * and the runner need no scaling step.
 */
function foldScale(params: HgtParams, w: Float32Array, s: FeatureScale): HgtParams {
  let shift = 0;
  const raw = w.map((v, j) => {
    shift += (v * (s.mean[j] as number)) / (s.sd[j] as number);
    return v / (s.sd[j] as number);
  });
  return {
    ...params,
    head: { ...params.head, feat: raw, b: Float32Array.of((params.head.b[0] as number) - shift) },
  };
}

/** Training stopped by its AbortSignal: how far it got, so a UI can say so. */
export const hgtCancelled = (epochsDone: number): CancelledError =>
  new CancelledError(`HGT training cancelled after ${epochsDone} epoch(s); the previous model stays in use`);

function resolveConfig(graph: HgtGraphTensors, options: HgtTrainOptions): HgtConfig {
  const asked: HgtConfig = { ...DEFAULT_HGT_CONFIG, ...options.config, inputDim: graph.inputDim };
  if (!options.init) return asked;
  const init = options.init.config;
  for (const [key, value] of Object.entries(options.config ?? {}))
    if (init[key as keyof HgtConfig] !== value)
      throw new HgtShapeError(
        `warm start: init has ${key} = ${String(init[key as keyof HgtConfig])}, options ask ${String(value)}`,
      );
  if (init.inputDim !== graph.inputDim)
    throw new HgtShapeError(
      `warm start: the model takes ${init.inputDim} features, the graph has ${graph.inputDim}; train from scratch`,
    );
  return { ...init };
}

/**
 * Trains the Tool World Navigation Model's HGT (NaviAgent §3.2.2) on one graph, seeded and reproducible.
 * Each epoch hides a random `targetFraction` of the edges from message passing and supervises on exactly those
 * (plus sampled negatives): supervising on edges the model can see lets it learn "in the input ⇒ linked", which
 * says nothing about the links it has not seen. One full-graph Adam step per epoch.
 */
export async function trainHgt(graph: HgtGraphTensors, options: HgtTrainOptions = {}): Promise<TrainedHgt> {
  const o = { ...HGT_TRAIN_DEFAULTS, ...HGT_OBJECTIVE_DEFAULTS, ...stripUndefined(options) };
  const config = resolveConfig(graph, options);
  checkHgtConfig(config);
  checkGraphTensors(graph, config.inputDim);
  if (graph.edgeSrc.length === 0)
    throw new HgtShapeError('the graph has no edges to learn links from; record some traces first');
  if (!(o.targetFraction > 0 && o.targetFraction < 1))
    throw new RangeError(`targetFraction must be in (0, 1), got ${o.targetFraction}`);

  const params = options.init ? cloneHgtParams(options.init) : initHgtParams(config, o.seed);
  params.config = config;
  const tensors = hgtParamTensors(params);
  const trainable = trainableTensors(tensors, params);
  // Pair-feature weights (hgt-spec.ts `pairFeatures`), trained in z-score space (featureScale), folded back
  // to raw-feature weights in the returned params.
  const F = pairFeatureCount(config);
  const featW = new Float32Array(F);
  const featTensor = parameter(featW, F, 1);
  if (F > 0) trainable.push(featTensor);
  const optimizer = new Adam(trainable, { lr: o.lr, weightDecay: o.weightDecay });
  // Sampling has its own stream (seed + 1) so it does not shift when initialisation changes (warm start).
  const rand = mulberry32(o.seed + 1);
  const edgeKeys = edgeKeySet(graph);
  const hard = o.hardNegatives ? hgtHardNegatives(graph, edgeKeys, options.categories) : undefined;
  let scale: FeatureScale | null = null;
  let direction: DirectionScaleChoice | undefined;
  if (F > 0 && o.prefitFeatures && !options.init) {
    const hardWeight = options.hardWeight ?? 1;
    const randomOnly = hardWeight < 1 || options.hardIn === 'margin';
    const pre = prefitPairs(graph, edgeKeys, o.negatives, o.seed + 2, randomOnly ? undefined : hard);
    if (pre.label.includes(1) && pre.label.includes(0)) {
      const raw = pairFeatureMatrix(graph, pre.src, pre.dst, pre.own);
      scale = featureScale(raw, F);
      const fit = prefitLinear(standardize(raw, scale), pre.label, F);
      featW.set(fit.w);
      params.head.b[0] = fit.b;
      params.head.src.fill(0);
      params.head.dst.fill(0);
      params.head.had.fill(0);
      if (o.directionGate) {
        const s = scale;
        const gate = fitDirectionGate(graph, edgeKeys, options.validation, (raw) => {
          const x = standardize(raw, s);
          return Float64Array.from({ length: raw.length / F }, (_, i) => {
            let z = fit.b;
            for (let j = 0; j < F; j++) z += (fit.w[j] as number) * (x[i * F + j] as number);
            return z;
          });
        });
        direction = gate.choice;
        if (gate.dir) params.head.dir = gate.dir;
        else delete params.head.dir;
      }
    }
  }
  const featuresOf = (src: Int32Array, dst: Int32Array, inputEdge?: Uint8Array) =>
    standardize(pairFeatureMatrix(graph, src, dst, inputEdge), scale!);
  // The gate is a constant of each pair (fitted above, fixed in the epochs), read off the raw features.
  const gateOf = (src: Int32Array, dst: Int32Array, inputEdge?: Uint8Array) =>
    directionGate(params.head.dir, pairFeatureMatrix(graph, src, dst, inputEdge));
  const finish = (p: HgtParams, w: Float32Array): HgtParams =>
    F === 0 ? p : scale ? foldScale(p, w, scale) : { ...p, head: { ...p.head, feat: w.slice() } };
  const validation = options.validation;
  if (validation) {
    if (validation.pairs.src.length !== validation.labels.length)
      throw new HgtShapeError('validation: one label per pair is needed');
    if (!validation.labels.includes(1) || !validation.labels.includes(0))
      throw new RangeError(
        'validation needs both linked (1) and unlinked (0) pairs, or its AUC is undefined',
      );
  }

  const history: HgtEpochReport[] = [];
  // The params of the best validation-AUC epoch (all epochs run: no patience).
  const stopping = new EarlyStopping<{ params: HgtParams; feat: Float32Array } | null>(
    { useMetric: true },
    null,
  );
  let valFeat: Float32Array | undefined;
  for (let t = 0; t < o.epochs; t++) {
    if (options.signal?.aborted) throw hgtCancelled(t);
    const started = performance.now();
    const mu = o.mu0 * o.gamma ** t; // eq. 9
    const batch = sampleEpochBatch(graph, edgeKeys, rand, { ...o, ...(hard ? { hard } : {}) });
    const tape = new Tape();
    const h = hgtEmbedOnTape(tape, tensors, config, graph, buildMessagePlan(graph, batch.messageEdges));
    let feat: { x: Float32Array; w: typeof featTensor } | undefined;
    if (F > 0) {
      const P = batch.posSrc.length;
      const src = Int32Array.from([...batch.posSrc, ...batch.negSrc]);
      const dst = Int32Array.from([...batch.posDst, ...batch.negDst]);
      // 1 = a target edge (an input edge), 2 = its reverse: that edge leaves the degrees (pairFeatureMatrix).
      const inputEdge = new Uint8Array(src.length).fill(1, 0, P);
      batch.negKind.forEach((kind, j) => kind === 1 && (inputEdge[P + j] = 2));
      if (!scale) {
        scale = featureScale(pairFeatureMatrix(graph, src, dst, inputEdge), F);
        if (options.init?.head.feat?.length === F) {
          // Warm start: the init's raw-feature weights back into z-score space (the inverse of foldScale).
          const wRaw = options.init.head.feat;
          let shift = 0;
          for (let j = 0; j < F; j++) {
            featW[j] = (wRaw[j] as number) * (scale.sd[j] as number);
            shift += (wRaw[j] as number) * (scale.mean[j] as number);
          }
          params.head.b[0] = (params.head.b[0] as number) + shift;
        }
      }
      const gate = gateOf(src, dst, inputEdge);
      feat = { x: featuresOf(src, dst, inputEdge), w: featTensor, ...(gate ? { gate } : {}) };
    }
    const loss = hgtLoss(tape, tensors, config, h, batch, mu, o.margin0, {
      labels: o.labels,
      marginScore: o.marginScore,
      ...(options.hardWeight !== undefined ? { hardWeight: options.hardWeight } : {}),
      ...(options.hardIn ? { hardIn: options.hardIn } : {}),
      ...(feat ? { feat } : {}),
    });
    if (!Number.isFinite(loss.total.item()))
      throw new RangeError(
        `HGT training diverged at epoch ${t + 1} (loss ${loss.total.item()}); lower lr (now ${o.lr})`,
      );
    tape.backward(loss.total);
    optimizer.step();
    optimizer.zeroGrad();

    let valAuc: number | null = null;
    if (validation) {
      const gated = (params.head.dir?.length ?? 0) > 0;
      // With a gate the weights are folded to raw features (the gate reads raw ones); without, as before.
      if (F > 0)
        valFeat ??= gated
          ? pairFeatureMatrix(graph, validation.pairs.src, validation.pairs.dst)
          : featuresOf(validation.pairs.src, validation.pairs.dst);
      const scoring = gated
        ? finish(params, featW)
        : F > 0
          ? { ...params, head: { ...params.head, feat: featW } }
          : params;
      valAuc = rocAuc(
        hgtScorePairs(scoring, hgtEmbed(params, graph), validation.pairs, valFeat),
        validation.labels,
      );
      stopping.observe(t + 1, valAuc, Number.NaN, () => ({
        params: cloneHgtParams(params),
        feat: featW.slice(),
      }));
    }
    const report: HgtEpochReport = {
      epoch: t + 1,
      epochs: o.epochs,
      loss: loss.total.item(),
      lossCE: loss.ce.item(),
      lossMargin: loss.margin.item(),
      mu,
      valAuc,
      ms: performance.now() - started,
    };
    history.push(report);
    options.onEpoch?.(report);
    // Let a worker handle a cancel message before the next epoch.
    await yieldToEvents();
  }
  const best = stopping.best;
  const dir = direction ? { direction } : {};
  if (best.state)
    return { params: finish(best.state.params, best.state.feat), history, bestEpoch: best.epoch, ...dir };
  return { params: finish(cloneHgtParams(params), featW), history, bestEpoch: o.epochs, ...dir };
}

/** `{ ...defaults, ...options }` without letting an explicit `undefined` erase a default. */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import { mulberry32 } from '../../demo/prng';
import { Adam, Tape } from '../autograd';
import { rocAuc } from '../roc-auc';
import { hgtEmbed, hgtEmbedOnTape, hgtScorePairs } from './hgt-forward';
import { hgtLoss } from './hgt-loss';
import { buildMessagePlan } from './hgt-message-plan';
import { cloneHgtParams, hgtParamTensors, trainableTensors } from './hgt-param-tensors';
import { edgeKeySet, sampleEpochBatch } from './hgt-sampling';
import {
  checkGraphTensors,
  DEFAULT_HGT_CONFIG,
  HgtShapeError,
  type HgtConfig,
  type HgtGraphTensors,
  type HgtPairs,
  type HgtParams,
} from './hgt-spec';
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
  /** Held-out pairs scored after every epoch → valAuc; the returned params are those of the best valAuc epoch when given. */
  validation?: { pairs: HgtPairs; labels: Float32Array };
  /** Cancel: an HgtTrainingCancelled error is thrown at the next epoch boundary. */
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

/** Training stopped by its AbortSignal. Carries how far it got, so a UI can say so. */
export class HgtTrainingCancelled extends Error {
  override readonly name = 'HgtTrainingCancelled';
  constructor(readonly epochsDone: number) {
    super(`HGT training cancelled after ${epochsDone} epoch(s); the previous model stays in use`);
  }
}

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

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Trains the Tool World Navigation Model's HGT (NaviAgent §3.2.2) on one graph, seeded and reproducible.
 * Each epoch hides a random `targetFraction` of the edges from message passing and supervises on exactly those
 * (plus sampled negatives): supervising on edges the model can see lets it learn "in the input ⇒ linked", which
 * says nothing about the links it has not seen. One full-graph Adam step per epoch.
 */
export async function trainHgt(graph: HgtGraphTensors, options: HgtTrainOptions = {}): Promise<TrainedHgt> {
  const o = { ...HGT_TRAIN_DEFAULTS, ...stripUndefined(options) };
  const config = resolveConfig(graph, options);
  checkHgtConfig(config);
  checkGraphTensors(graph, config);
  if (graph.edgeSrc.length === 0)
    throw new HgtShapeError('the graph has no edges to learn links from; record some traces first');
  if (!(o.targetFraction > 0 && o.targetFraction < 1))
    throw new RangeError(`targetFraction must be in (0, 1), got ${o.targetFraction}`);

  const params = options.init ? cloneHgtParams(options.init) : initHgtParams(config, o.seed);
  params.config = config;
  const tensors = hgtParamTensors(params);
  const trainable = trainableTensors(tensors, params);
  const optimizer = new Adam(trainable, { lr: o.lr, weightDecay: o.weightDecay });
  // Sampling has its own stream (seed + 1) so it does not shift when initialisation changes (warm start).
  const rand = mulberry32(o.seed + 1);
  const edgeKeys = edgeKeySet(graph);
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
  let best: { auc: number; epoch: number; params: HgtParams } | null = null;
  for (let t = 0; t < o.epochs; t++) {
    if (options.signal?.aborted) throw new HgtTrainingCancelled(t);
    const started = performance.now();
    const mu = o.mu0 * o.gamma ** t; // eq. 9
    const batch = sampleEpochBatch(graph, edgeKeys, rand, o);
    const tape = new Tape();
    const h = hgtEmbedOnTape(tape, tensors, config, graph, buildMessagePlan(graph, batch.messageEdges));
    const loss = hgtLoss(tape, tensors, config, h, batch, mu, o.margin0);
    if (!Number.isFinite(loss.total.item()))
      throw new RangeError(
        `HGT training diverged at epoch ${t + 1} (loss ${loss.total.item()}); lower lr (now ${o.lr})`,
      );
    tape.backward(loss.total);
    optimizer.step();
    optimizer.zeroGrad();

    let valAuc: number | null = null;
    if (validation) {
      valAuc = rocAuc(hgtScorePairs(params, hgtEmbed(params, graph), validation.pairs), validation.labels);
      if (best === null || valAuc > best.auc)
        best = { auc: valAuc, epoch: t + 1, params: cloneHgtParams(params) };
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
    await nextTick();
  }
  if (best) return { params: best.params, history, bestEpoch: best.epoch };
  return { params, history, bestEpoch: o.epochs };
}

/** `{ ...defaults, ...options }` without letting an explicit `undefined` erase a default. */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

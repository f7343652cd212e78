import { Adam, bceWithLogits, Tape } from '../autograd';
import { throwIfAborted } from '../../util/cancelled-error';
import { mulberry32 } from '../../util/prng';
import { shuffleInPlace } from '../../util/shuffle';
import { yieldToEvents } from '../../util/yield';
import { initLayerParams } from './init-layer-params';
import { layerLogits, paramTensors, predictTaskLogits, type LayerBatch } from './layer-forward';
import { layerMetrics, type LayerMetrics } from './layer-metrics';
import type { LayerPredictorConfig, LayerPredictorParams } from './layer-spec';
import { decodeLayers, ordinalLabels, thresholdWeights, type ThresholdWeighting } from './ordinal';

/** A task with its vectors already computed by the active embedder. */
export interface EncodedLayerTask {
  query: Float32Array;
  /** Each tool's document vector followed by its structure features (`toolInput`). */
  tools: Float32Array[];
  layers: number[];
  edges: Array<[number, number]>;
}

export interface LayerTrainOptions {
  /** Paper: 10 epochs, lr 1e-3, best epoch on validation (Appendix A.1). */
  epochs: number;
  lr: number;
  /** Tasks per optimizer step. */
  batchTasks: number;
  seed: number;
  weighting: ThresholdWeighting;
  signal?: AbortSignal;
  /** Called after each epoch (the app's progress bar, the CLI's log). */
  onEpoch?: (e: LayerEpoch) => void;
}

export const LAYER_TRAIN_DEFAULTS: Omit<LayerTrainOptions, 'signal' | 'onEpoch'> = {
  epochs: 10,
  lr: 1e-3,
  batchTasks: 32,
  seed: 7,
  weighting: 'sqrt',
};

export interface LayerEpoch {
  epoch: number;
  epochs: number;
  loss: number;
  /** Validation metrics of the ordinal head alone (no shift rule), when there is a validation set. */
  validation: LayerMetrics | null;
  ms: number;
}

export interface LayerTrainResult {
  params: LayerPredictorParams;
  /** 1-based epoch whose parameters were kept (best validation pairwise accuracy, then exact accuracy). */
  bestEpoch: number;
  history: LayerEpoch[];
}

function batchOf(tasks: readonly EncodedLayerTask[], inputDim: number, toolDim: number): LayerBatch {
  const N = tasks.reduce((n, t) => n + t.tools.length, 0);
  const queries = new Float32Array(tasks.length * inputDim);
  const tools = new Float32Array(N * toolDim);
  const taskOfTool = new Int32Array(N);
  let i = 0;
  tasks.forEach((t, k) => {
    queries.set(t.query, k * inputDim);
    for (const v of t.tools) {
      tools.set(v, i * toolDim);
      taskOfTool[i++] = k;
    }
  });
  return { tasks: tasks.length, queries, tools, taskOfTool };
}

/** The ordinal head's layers for every task (no shift rule). */
export function predictLayers(
  params: LayerPredictorParams,
  config: LayerPredictorConfig,
  tasks: readonly EncodedLayerTask[],
): number[][] {
  return tasks.map((t) =>
    decodeLayers(predictTaskLogits(params, config, t.query, t.tools), config.maxLayers - 1),
  );
}

const clone = (p: LayerPredictorParams): LayerPredictorParams => structuredClone(p);

/**
 * Trains the layer predictor with Adam on weighted cumulative BCE (RETO eq. 10), seeded: the same tasks,
 * config and seed give the same parameters bit for bit. Cancellable between batches through `signal`.
 */
export async function trainLayerPredictor(
  train: readonly EncodedLayerTask[],
  validation: readonly EncodedLayerTask[],
  config: LayerPredictorConfig,
  options: LayerTrainOptions,
): Promise<LayerTrainResult> {
  const params = initLayerParams(config, options.seed);
  const tensors = paramTensors(params, true);
  const adam = new Adam([...tensors.values()], { lr: options.lr });
  const rand = mulberry32(options.seed ^ 0x5bd1e995);
  const K1 = config.maxLayers - 1;
  const { pos, neg } = thresholdWeights(
    train.flatMap((t) => t.layers),
    config.maxLayers,
    options.weighting,
  );
  const order = train.map((_, i) => i);
  const history: LayerEpoch[] = [];
  let best: { params: LayerPredictorParams; epoch: number; key: [number, number] } | null = null;
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    const t0 = performance.now();
    shuffleInPlace(order, rand);
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start < order.length; start += options.batchTasks) {
      throwIfAborted(options.signal);
      const tasks = order.slice(start, start + options.batchTasks).map((i) => train[i] as EncodedLayerTask);
      const batch = batchOf(tasks, config.inputDim, config.inputDim + config.toolExtra);
      const labels = new Float32Array(batch.taskOfTool.length * K1);
      const weights = new Float32Array(labels.length);
      let row = 0;
      for (const t of tasks)
        for (const y of t.layers) {
          labels.set(ordinalLabels(y, config.maxLayers), row * K1);
          row++;
        }
      let total = 0;
      for (let i = 0; i < labels.length; i++) {
        const k = i % K1;
        weights[i] = labels[i] === 1 ? (pos[k] as number) : (neg[k] as number);
        total += weights[i] as number;
      }
      for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) / total;
      const tape = new Tape();
      adam.zeroGrad();
      const loss = bceWithLogits(tape, layerLogits(tape, tensors, config, batch, rand), labels, weights);
      tape.backward(loss);
      adam.step();
      lossSum += loss.item();
      batches++;
      // Lets a worker see a cancel message; costs nothing measurable at one yield per 8 batches.
      if (options.signal && batches % 8 === 0) await yieldToEvents();
    }
    const validationMetrics =
      validation.length > 0
        ? layerMetrics(
            predictLayers(params, config, validation).map((p, i) => ({
              gold: (validation[i] as EncodedLayerTask).layers,
              predicted: p,
              edges: (validation[i] as EncodedLayerTask).edges,
            })),
          )
        : null;
    const e: LayerEpoch = {
      epoch,
      epochs: options.epochs,
      loss: batches ? lossSum / batches : 0,
      validation: validationMetrics,
      ms: performance.now() - t0,
    };
    history.push(e);
    options.onEpoch?.(e);
    const key: [number, number] = validationMetrics
      ? [validationMetrics.pairwise, validationMetrics.exact]
      : [epoch, 0];
    if (!best || key[0] > best.key[0] || (key[0] === best.key[0] && key[1] > best.key[1]))
      best = { params: clone(params), epoch, key };
  }
  return { params: best ? best.params : params, bestEpoch: best?.epoch ?? 0, history };
}

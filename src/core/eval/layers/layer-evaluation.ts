import { allInOneLayer, type TraceGraphDepth } from '../../ml/layers/layer-baselines';
import { isColdStart, type LayerDataset } from './layer-dataset';
import { layerMetrics, type LayerMetrics } from '../../ml/layers/layer-metrics';
import type { LayerPredictorConfig, LayerPredictorParams } from '../../ml/layers/layer-spec';
import { applyShiftRule } from '../../ml/layers/shift-rule';
import { ensembleProbabilities } from '../../ml/layers/ensemble-layers';
import { chooseDecoding, type DecodingChoice } from '../../ml/layers/decoding-calibration';
import { decodeWith, RETO_DECODING, type LayerDecoding } from '../../ml/layers/layer-decoding';
import { predictLayers, type EncodedLayerTask } from '../../ml/layers/train-layers';

/**
 * The methods the issue compares: the learned predictor as RETO runs it (ordinal head, then the shift rule),
 * its head alone, the schema-shift rule alone, graph depth from the train traces, all tools in one layer;
 * and `predictor-calibrated`: the head read with the decoding the validation plans support
 * (`chooseDecoding`: RETO's thresholds and shift rule unless another reading — without the rule, or by a
 * margin between expected layers — orders significantly more validation pairs right), so a dataset whose
 * schema matches mislead the rule (seal_tools: most schema edges are no gold edge) can do without it.
 * Chosen on validation only.
 */
export const LAYER_METHODS = [
  'predictor',
  'predictor-head',
  'predictor-calibrated',
  'shift-rule',
  'graph-depth',
  'one-layer',
] as const;
export type LayerMethod = (typeof LAYER_METHODS)[number];

/** Rows: every multi-tool test task, and the cold-start ones (a tool no train plan uses). */
export const LAYER_ROWS = ['all', 'cold'] as const;
export type LayerRows = (typeof LAYER_ROWS)[number];

export type LayerEvaluation = Record<LayerRows, Record<LayerMethod, LayerMetrics>>;

export function evaluateLayerMethods(
  data: LayerDataset,
  test: readonly EncodedLayerTask[],
  params: LayerPredictorParams,
  config: LayerPredictorConfig,
  graph: TraceGraphDepth,
  /** `data.validation` encoded as `test` is; absent = the calibrated method is the predictor. */
  validation?: readonly EncodedLayerTask[],
): LayerEvaluation {
  const head = predictLayers(params, config, test);
  const shifted = data.test.map((ex, i) => applyShiftRule(ex.tools, head[i]!));
  const decoding = validation ? chooseDecoding(calibrationTasks(data, validation, [params], config)) : null;
  const predictions: Record<LayerMethod, number[][]> = {
    predictor: shifted,
    'predictor-head': head,
    'predictor-calibrated': decoding
      ? decodeAll(data.test, ensembleProbabilities([params], config, test), decoding.decoding)
      : shifted,
    'shift-rule': data.test.map((ex) => applyShiftRule(ex.tools, allInOneLayer(ex.tools.length))),
    'graph-depth': data.test.map((ex) => graph.layers(ex.tools.map((t) => t.name))),
    'one-layer': data.test.map((ex) => allInOneLayer(ex.tools.length)),
  };
  const cold = data.test.map((ex) => isColdStart(ex, data.trainTools));
  const score = (keep: (i: number) => boolean) =>
    Object.fromEntries(
      LAYER_METHODS.map((method) => [
        method,
        layerMetrics(
          data.test
            .map((ex, i) => ({ gold: ex.layers, predicted: predictions[method][i]!, edges: ex.edges, i }))
            .filter((t) => keep(t.i)),
        ),
      ]),
    ) as Record<LayerMethod, LayerMetrics>;
  return { all: score(() => true), cold: score((i) => cold[i] === true) };
}

/** `examples` (encoded as `encoded`) with the models' mean threshold probabilities, for `chooseDecoding`. */
export function calibrationTasks(
  data: LayerDataset,
  encoded: readonly EncodedLayerTask[],
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
) {
  const probs = ensembleProbabilities(models, config, encoded);
  return data.validation.map((ex, i) => ({ probs: probs[i]!, tools: ex.tools, gold: ex.layers }));
}

const decodeAll = (
  examples: LayerDataset['test'],
  probs: readonly number[][][],
  decoding: LayerDecoding,
): number[][] => examples.map((ex, i) => decodeWith(probs[i]!, ex.tools, decoding));

export interface EnsembleEvaluation {
  /** `predictor-ensemble`: RETO's decoding of the mean probabilities. */
  reto: Record<LayerRows, LayerMetrics>;
  /** `predictor-ensemble-calibrated`: the decoding the validation plans support (`chooseDecoding`). */
  calibrated: Record<LayerRows, LayerMetrics>;
  choice: DecodingChoice;
}

/**
 * The seed ensemble: the head's threshold probabilities averaged over predictors trained with different
 * seeds, read with RETO's decoding (ordinal head, then the shift rule) and with the decoding chosen on the
 * validation plans (`validation` encoded as `test` is; absent = RETO's), scored on the rows of
 * `evaluateLayerMethods`.
 */
export function evaluateEnsemble(
  data: LayerDataset,
  test: readonly EncodedLayerTask[],
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
  validation?: readonly EncodedLayerTask[],
): EnsembleEvaluation {
  const probs = ensembleProbabilities(models, config, test);
  const choice = validation
    ? chooseDecoding(calibrationTasks(data, validation, models, config))
    : { decoding: RETO_DECODING, wins: 0, losses: 0, p: 1 };
  const cold = data.test.map((ex) => isColdStart(ex, data.trainTools));
  const rows = (decoding: LayerDecoding): Record<LayerRows, LayerMetrics> => {
    const scored = decodeAll(data.test, probs, decoding).map((predicted, i) => ({
      gold: data.test[i]!.layers,
      predicted,
      edges: data.test[i]!.edges,
      cold: cold[i] === true,
    }));
    return { all: layerMetrics(scored), cold: layerMetrics(scored.filter((t) => t.cold)) };
  };
  return { reto: rows(RETO_DECODING), calibrated: rows(choice.decoding), choice };
}

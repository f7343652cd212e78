import { allInOneLayer, type TraceGraphDepth } from '../../ml/layers/layer-baselines';
import { isColdStart, type LayerDataset } from './layer-dataset';
import { layerMetrics, type LayerMetrics } from '../../ml/layers/layer-metrics';
import type { LayerPredictorConfig, LayerPredictorParams } from '../../ml/layers/layer-spec';
import { applyShiftRule } from '../../ml/layers/shift-rule';
import { predictEnsembleLayers } from '../../ml/layers/ensemble-layers';
import { predictLayers, type EncodedLayerTask } from '../../ml/layers/train-layers';

/**
 * The methods the issue compares: the learned predictor as RETO runs it (ordinal head, then the shift rule),
 * its head alone, the schema-shift rule alone, graph depth from the train traces, all tools in one layer;
 * and `predictor-calibrated`: the head with or without the shift rule after it, whichever orders the
 * validation plans better (a tie keeps RETO's rule), so a dataset whose schema matches mislead the rule
 * (api_bank, seal_tools: most schema edges are no gold edge) can do without it. Chosen on validation only.
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
  const useShift = validation ? shiftHelpsOnValidation(data, validation, params, config) : true;
  const predictions: Record<LayerMethod, number[][]> = {
    predictor: shifted,
    'predictor-head': head,
    'predictor-calibrated': useShift ? shifted : head,
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

/** True when head + shift rule orders the validation plans at least as well as the head alone (pairwise). */
export function shiftHelpsOnValidation(
  data: LayerDataset,
  validation: readonly EncodedLayerTask[],
  params: LayerPredictorParams,
  config: LayerPredictorConfig,
): boolean {
  const head = predictLayers(params, config, validation);
  const score = (layers: (i: number) => number[]) =>
    layerMetrics(data.validation.map((ex, i) => ({ gold: ex.layers, predicted: layers(i), edges: ex.edges })))
      .pairwise;
  return score((i) => applyShiftRule(data.validation[i]!.tools, head[i]!)) >= score((i) => head[i]!);
}

/**
 * `predictor-ensemble`: RETO's inference (ordinal head, then the shift rule) with the head's threshold
 * probabilities averaged over predictors trained with different seeds (`predictEnsembleLayers`), scored on
 * the same rows as `evaluateLayerMethods`.
 */
export function evaluateEnsemble(
  data: LayerDataset,
  test: readonly EncodedLayerTask[],
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
): Record<LayerRows, LayerMetrics> {
  const head = predictEnsembleLayers(models, config, test);
  const scored = data.test.map((ex, i) => ({
    gold: ex.layers,
    predicted: applyShiftRule(ex.tools, head[i]!),
    edges: ex.edges,
    cold: isColdStart(ex, data.trainTools),
  }));
  return { all: layerMetrics(scored), cold: layerMetrics(scored.filter((t) => t.cold)) };
}

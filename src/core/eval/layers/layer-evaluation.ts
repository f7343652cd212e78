import { allInOneLayer, type TraceGraphDepth } from '../../ml/layers/layer-baselines';
import { isColdStart, type LayerDataset } from './layer-dataset';
import { layerMetrics, type LayerMetrics } from '../../ml/layers/layer-metrics';
import type { LayerPredictorConfig, LayerPredictorParams } from '../../ml/layers/layer-spec';
import { applyShiftRule } from '../../ml/layers/shift-rule';
import { ensembleProbabilities } from '../../ml/layers/ensemble-layers';
import { chooseDecoding, pairsRight, type DecodingChoice } from '../../ml/layers/decoding-calibration';
import { signTestPValue } from '../../ml/sign-test';
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
    ...rulePredictions(data, graph),
    predictor: shifted,
    'predictor-head': head,
    'predictor-calibrated': decoding
      ? decodeAll(data.test, ensembleProbabilities([params], config, test), decoding.decoding)
      : shifted,
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

export const RULE_METHODS = ['shift-rule', 'graph-depth', 'one-layer'] as const;
export type RuleMethod = (typeof RULE_METHODS)[number];

/** The rule-based rows' layers for every test task. */
export function rulePredictions(data: LayerDataset, graph: TraceGraphDepth): Record<RuleMethod, number[][]> {
  return {
    'shift-rule': data.test.map((ex) => applyShiftRule(ex.tools, allInOneLayer(ex.tools.length))),
    'graph-depth': data.test.map((ex) => graph.layers(ex.tools.map((t) => t.name))),
    'one-layer': data.test.map((ex) => allInOneLayer(ex.tools.length)),
  };
}

/** Paired comparison of two methods on the same test pairs: pairs only `a` orders right, only `b`, and p. */
export interface PairComparison {
  wins: number;
  losses: number;
  /** One-sided exact sign test of wins against losses. */
  p: number;
}

/**
 * Does method `a` order more test pairs right than method `b`? Every same-task pair of the tasks `keep`
 * selects, as pairwise order accuracy counts them; pairs both get right or both wrong are left out.
 */
export function comparePairs(
  gold: readonly (readonly number[])[],
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  keep: (i: number) => boolean = () => true,
): PairComparison {
  let wins = 0;
  let losses = 0;
  gold.forEach((g, i) => {
    if (!keep(i)) return;
    const ra = pairsRight(g, a[i]!);
    const rb = pairsRight(g, b[i]!);
    ra.forEach((r, k) => {
      if (r && !rb[k]) wins++;
      else if (!r && rb[k]) losses++;
    });
  });
  return { wins, losses, p: signTestPValue(wins, losses) };
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
  /** Each test task's layers under the two decodings (for `comparePairs`). */
  predictions: { reto: number[][]; calibrated: number[][] };
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
  const choice = validation
    ? chooseDecoding(calibrationTasks(data, validation, models, config))
    : { decoding: RETO_DECODING, wins: 0, losses: 0, p: 1 };
  return scoreEnsemble(data, test, models, config, choice);
}

/**
 * `evaluateEnsemble` with the decoding already chosen (k-fold validation, layer-folds.ts, chooses it on
 * every train plan's out-of-fold probabilities instead of one 10 % split).
 */
export function scoreEnsemble(
  data: LayerDataset,
  test: readonly EncodedLayerTask[],
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
  choice: DecodingChoice,
  /** A decoding for the cold-start test tasks (a tool no train plan uses); absent = `choice` for all. */
  coldChoice?: DecodingChoice,
): EnsembleEvaluation {
  const probs = ensembleProbabilities(models, config, test);
  const cold = data.test.map((ex) => isColdStart(ex, data.trainTools));
  const decode = (decoding: LayerDecoding, coldDecoding: LayerDecoding = decoding): number[][] =>
    data.test.map((ex, i) => decodeWith(probs[i]!, ex.tools, cold[i] ? coldDecoding : decoding));
  const rows = (predicted: readonly number[][]): Record<LayerRows, LayerMetrics> => {
    const scored = data.test.map((ex, i) => ({
      gold: ex.layers,
      predicted: predicted[i]!,
      edges: ex.edges,
      cold: cold[i] === true,
    }));
    return { all: layerMetrics(scored), cold: layerMetrics(scored.filter((t) => t.cold)) };
  };
  const predictions = {
    reto: decode(RETO_DECODING),
    calibrated: decode(choice.decoding, coldChoice?.decoding),
  };
  return { reto: rows(predictions.reto), calibrated: rows(predictions.calibrated), choice, predictions };
}

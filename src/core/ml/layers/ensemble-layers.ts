import type { EncodedLayerTask } from './train-layers';
import { predictTaskLogits } from './layer-forward';
import type { LayerPredictorConfig, LayerPredictorParams } from './layer-spec';
import { thresholdLayers } from './layer-decoding';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * The mean threshold probabilities ([tools][K − 1]) of several models' logits for one task ([tools × (K − 1)]
 * each): the ensemble's head, which a `LayerDecoding` (layer-decoding.ts) turns into layers.
 */
export function meanProbabilities(logits: readonly Float32Array[], thresholds: number): number[][] {
  const first = logits[0];
  if (!first) return [];
  const rows = first.length / thresholds;
  return Array.from({ length: rows }, (_, i) =>
    Array.from({ length: thresholds }, (_, k) => {
      let p = 0;
      for (const l of logits) p += sigmoid(l[i * thresholds + k] as number);
      return p / logits.length;
    }),
  );
}

/**
 * Layers from several models' threshold logits for one task: the mean of their threshold probabilities,
 * decoded as RETO eq. 9 decodes one model's (the number of thresholds whose probability exceeds ½). With
 * one model it is exactly `decodeLayers`.
 */
export function decodeMeanProbabilities(logits: readonly Float32Array[], thresholds: number): number[] {
  return thresholdLayers(meanProbabilities(logits, thresholds));
}

/** Each task's mean threshold probabilities over the models (same data and config, different seeds). */
export function ensembleProbabilities(
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
  tasks: readonly EncodedLayerTask[],
): number[][][] {
  return tasks.map((t) =>
    meanProbabilities(
      models.map((p) => predictTaskLogits(p, config, t.query, t.tools)),
      config.maxLayers - 1,
    ),
  );
}

/**
 * The ordinal-head layers of an ensemble of predictors trained with different seeds (same data and
 * config): on the small train sets of the shared datasets one seed's pairwise order moves by up to ±0.1
 * (BENCHMARKS), and averaging the thresholds' probabilities removes most of that spread.
 */
export function predictEnsembleLayers(
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
  tasks: readonly EncodedLayerTask[],
): number[][] {
  return ensembleProbabilities(models, config, tasks).map(thresholdLayers);
}

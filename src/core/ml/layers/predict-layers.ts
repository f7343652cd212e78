import type { Embedder } from '../../embed/embedder';
import type { Tool } from '../../tools/tool';
import type { EdgeLookup } from './layer-baselines';
import { toolDocument } from './layer-examples';
import { readsTheseFeatures, STRUCTURE_FEATURES, structureFeatures, toolInput } from './layer-features';
import { LayerModelError } from './layer-model-error';
import type { LayerOnnxRunner } from './layer-onnx-runner';
import { applyShiftRule } from './shift-rule';
import { predictTaskLogits } from './layer-forward';
import { decodeLayers } from './ordinal';
import { decodeMeanProbabilities } from './ensemble-layers';
import type { LayerPredictorConfig, LayerPredictorParams } from './layer-spec';

/** Ordinal-head layers of one task's tools, from the query vector and the tool input vectors. */
type HeadLayers = (query: Float32Array, tools: readonly Float32Array[]) => Promise<number[]>;

/** The TypeScript forward as a `HeadLayers` (parameters from `readLayerParams`; no onnxruntime needed). */
export function typescriptHead(params: LayerPredictorParams, config: LayerPredictorConfig): HeadLayers {
  return (query, tools) =>
    Promise.resolve(decodeLayers(predictTaskLogits(params, config, query, tools), config.maxLayers - 1));
}

/**
 * Several models' TypeScript forwards as one `HeadLayers`: their threshold probabilities averaged, then
 * decoded as RETO eq. 9 decodes one model's (`decodeMeanProbabilities`; one model = `typescriptHead`).
 */
export function typescriptEnsembleHead(
  models: readonly LayerPredictorParams[],
  config: LayerPredictorConfig,
): HeadLayers {
  if (models.length === 0) throw new LayerModelError('an ensemble needs at least one layer model');
  return (query, tools) =>
    Promise.resolve(
      decodeMeanProbabilities(
        models.map((p) => predictTaskLogits(p, config, query, tools)),
        config.maxLayers - 1,
      ),
    );
}

/**
 * RETO's inference (§3.2): embed the request and the tool documents with the active embedder, append the
 * structure features (the Tool World's known edges via `hasEdge`), decode the ordinal head, then apply the
 * schema shift rule. The result fits `ToolLayerPredictor` in src/core/execute/reto/layer-source.ts.
 */
export function layerPredictorFromModel(
  model: LayerOnnxRunner | { config: LayerPredictorConfig; layers: HeadLayers },
  embedder: Embedder,
  hasEdge?: EdgeLookup,
): (query: string, tools: readonly Tool[]) => Promise<number[]> {
  const extra = model.config.toolExtra > 0;
  if (!readsTheseFeatures(model.config.toolExtra))
    throw new LayerModelError(
      `this layer model reads ${model.config.toolExtra} structure features per tool, this app builds ${STRUCTURE_FEATURES.length}: retrain it (npm run train -- --only layers, or Train in the Layer model panel)`,
    );
  return async (query, tools) => {
    if (tools.length === 0) return [];
    const vectors = await embedder.embed([query, ...tools.map(toolDocument)]);
    const structure = extra ? structureFeatures(tools, hasEdge) : [];
    const inputs = tools.map((_, i) => {
      const doc = vectors[i + 1] as Float32Array;
      return extra ? toolInput(doc, structure[i] as Float32Array) : doc;
    });
    return applyShiftRule(tools, await model.layers(vectors[0] as Float32Array, inputs));
  };
}

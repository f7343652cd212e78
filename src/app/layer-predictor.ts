import type { ToolLayerPredictor } from '../core/execute/reto/layer-source';
import {
  LAYER_FEATURE_DIM,
  layerLexicalEmbedder,
  readsTheseFeatures,
} from '../core/ml/layers/layer-features';
import { layerPredictorFromModel, typescriptHead } from '../core/ml/layers/predict-layers';
import { readLayerParams } from '../core/ml/layers/read-layer-params';

/** The shipped layer predictor's file under /models/ (`npm run train -- --only layers`). */
export const LAYER_MODEL_FILE = 'reto-layers.onnx';

/**
 * RETO's learned layer predictor for the executor (`RetoExecutor({ layerPredictor })`), from the shipped
 * model: its parameters are read back from the ONNX file and run by the TypeScript forward, so the main
 * thread needs no onnxruntime session for a few tools per chain. Null when the file is absent (a 404 or
 * Vite's HTML fallback) or was trained on other input vectors than the lexical ones and structure features
 * built here: the executor then takes every layer from the toolchain DAG, as before.
 */
export async function loadLayerPredictor(
  modelsUrl = '/models/',
  fetchFn: typeof fetch = fetch,
): Promise<ToolLayerPredictor | null> {
  let bytes: Uint8Array;
  try {
    const res = await fetchFn(`${modelsUrl}${LAYER_MODEL_FILE}`);
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) return null;
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch {
    return null;
  }
  let model;
  try {
    model = readLayerParams(bytes);
  } catch {
    return null;
  }
  if (model.config.inputDim !== LAYER_FEATURE_DIM || !readsTheseFeatures(model.config.toolExtra)) return null;
  return layerPredictorFromModel(
    { config: model.config, layers: typescriptHead(model.params, model.config) },
    layerLexicalEmbedder(),
  );
}

import { readModelMetadata } from '../onnx-writer';
import { createSession, releaseSession, run, type OrtSession } from '../ort-runtime';
import { LAYER_METADATA, LAYER_ONNX, LAYER_ONNX_FORMAT } from './export-layers';
import { LayerModelError } from './layer-model-error';
import type { LayerPredictorConfig } from './layer-spec';
import { decodeLayers } from './ordinal';

/** Config and feature description an exported layer predictor carries; throws LayerModelError otherwise. */
export function readLayerModel(bytes: Uint8Array): { config: LayerPredictorConfig; features: string } {
  let meta: Record<string, string>;
  try {
    meta = readModelMetadata(bytes);
  } catch (e) {
    throw new LayerModelError(`these bytes are not an ONNX model (${(e as Error).message})`);
  }
  const format = meta[LAYER_METADATA.format];
  if (format === undefined)
    throw new LayerModelError(
      'this ONNX model is not a layer predictor: export it with exportLayerPredictor',
    );
  if (format !== LAYER_ONNX_FORMAT)
    throw new LayerModelError(
      `layer model format ${format}, this app reads ${LAYER_ONNX_FORMAT}: run npm run train`,
    );
  return {
    config: JSON.parse(meta[LAYER_METADATA.config] ?? 'null') as LayerPredictorConfig,
    features: meta[LAYER_METADATA.features] ?? '',
  };
}

/** One onnxruntime-web session for an exported layer predictor. Call `release` when done. */
export class LayerOnnxRunner {
  private constructor(
    private session: OrtSession | null,
    readonly config: LayerPredictorConfig,
    readonly features: string,
  ) {}

  static async create(bytes: Uint8Array): Promise<LayerOnnxRunner> {
    const { config, features } = readLayerModel(bytes);
    return new LayerOnnxRunner(await createSession(bytes), config, features);
  }

  /** Ordinal logits [tools × (K − 1)] for one task. */
  async logits(query: Float32Array, tools: readonly Float32Array[]): Promise<Float32Array> {
    if (!this.session) throw new LayerModelError('the layer predictor was released');
    const D = this.config.inputDim;
    const DT = D + this.config.toolExtra;
    if (query.length !== D)
      throw new LayerModelError(`the query vector has ${query.length} values, the model reads ${D}`);
    for (const v of tools)
      if (v.length !== DT)
        throw new LayerModelError(`a tool vector has ${v.length} values, the model reads ${DT}`);
    if (tools.length === 0) return new Float32Array(0);
    const flat = new Float32Array(tools.length * DT);
    tools.forEach((v, i) => flat.set(v, i * DT));
    const out = await run(this.session, {
      [LAYER_ONNX.query]: { data: query, dims: [1, D] },
      [LAYER_ONNX.tools]: { data: flat, dims: [tools.length, DT] },
    });
    const logits = out[LAYER_ONNX.logits];
    if (!logits) throw new LayerModelError('the layer model gave no logits');
    return logits.data;
  }

  /** The ordinal head's layer per tool (eq. 9), before the shift rule. */
  async layers(query: Float32Array, tools: readonly Float32Array[]): Promise<number[]> {
    return decodeLayers(await this.logits(query, tools), this.config.maxLayers - 1);
  }

  async release(): Promise<void> {
    if (this.session) await releaseSession(this.session);
    this.session = null;
  }
}

import onnxProto from 'onnx-proto';
import { initLayerParams } from './init-layer-params';
import { LayerModelError } from './layer-model-error';
import { readLayerModel } from './layer-onnx-runner';
import { namedParams, type LayerPredictorConfig, type LayerPredictorParams } from './layer-spec';

const FLOAT = 1;

/**
 * The parameters of a model `exportLayerPredictor` wrote, read back from its initializers, so the
 * TypeScript forward (`predictTaskLogits`) can run it where onnxruntime-web is not loaded (the app's main
 * thread: a few tools through a d = 64 encoder cost well under a millisecond). Throws LayerModelError when
 * the bytes are not such a model or a parameter is missing or mis-sized.
 */
export function readLayerParams(bytes: Uint8Array): {
  config: LayerPredictorConfig;
  params: LayerPredictorParams;
} {
  const { config } = readLayerModel(bytes);
  const model = onnxProto.onnx.ModelProto.decode(bytes);
  const byName = new Map((model.graph?.initializer ?? []).map((t) => [t.name ?? '', t]));
  // Same shapes and names as the exporter: fill a fresh parameter set in place.
  const params = initLayerParams(config, 0);
  for (const [name, data] of namedParams(params)) {
    const t = byName.get(name);
    const raw = t?.dataType === FLOAT ? t.rawData : null;
    if (!raw || raw.byteLength !== data.length * 4)
      throw new LayerModelError(`the layer model has no ${data.length}-value parameter ${name}`);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(i * 4, true);
  }
  return { config, params };
}

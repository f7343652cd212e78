import onnxProto from 'onnx-proto';
import { LINEAR_HEAD_INPUT, LINEAR_HEAD_OUTPUT } from './export-linear-head';
import type { LinearHeadWeights } from './linear-head';

const { onnx } = onnxProto;

const FLOAT = 1;

/** An initializer's float32 values (written as raw little-endian bytes or as float_data). */
function floats(t: onnxProto.onnx.ITensorProto): Float32Array | null {
  if (t.dataType !== FLOAT) return null;
  if (t.rawData && t.rawData.length > 0) {
    const raw = t.rawData;
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const out = new Float32Array(raw.byteLength / 4);
    for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
    return out;
  }
  return t.floatData && t.floatData.length > 0 ? Float32Array.from(t.floatData) : null;
}

/**
 * The weights of an ONNX model written by `exportLinearHead` (x → MatMul Wᵀ → Add b → Sigmoid), so the
 * TypeScript forward (`linearForward`) can run it without onnxruntime-web; null for any other graph.
 * Wᵀ is transposed back to W's row-major [outputDim × inputDim].
 */
export function readLinearHead(bytes: Uint8Array, labels: readonly string[]): LinearHeadWeights | null {
  let model;
  try {
    model = onnx.ModelProto.decode(bytes);
  } catch {
    return null;
  }
  const graph = model.graph;
  const nodes = graph?.node ?? [];
  const initializers = graph?.initializer ?? [];
  if (nodes.map((n) => n.opType).join(',') !== 'MatMul,Add,Sigmoid') return null;
  if (graph?.input?.[0]?.name !== LINEAR_HEAD_INPUT || graph.output?.[0]?.name !== LINEAR_HEAD_OUTPUT)
    return null;
  const [matmul, add] = nodes;
  const wtName = matmul?.input?.[1];
  const bName = add?.input?.[1];
  const wt = initializers.find((t) => t.name === wtName);
  const b = initializers.find((t) => t.name === bName);
  if (!wt || !b || wt.dims?.length !== 2) return null;
  const inputDim = Number(wt.dims[0]);
  const outputDim = Number(wt.dims[1]);
  const wtValues = floats(wt);
  const bValues = floats(b);
  if (!wtValues || !bValues || wtValues.length !== inputDim * outputDim || bValues.length !== outputDim)
    return null;
  if (labels.length !== outputDim) return null;
  const W = new Float32Array(inputDim * outputDim);
  for (let i = 0; i < inputDim; i++)
    for (let o = 0; o < outputDim; o++) W[o * inputDim + i] = wtValues[i * outputDim + o] as number;
  return { inputDim, outputDim, W, b: bValues, labels: [...labels] };
}

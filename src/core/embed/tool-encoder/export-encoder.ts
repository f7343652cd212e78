import onnxProto from 'onnx-proto';
import { OnnxGraphWriter, readModelMetadata } from '../../ml/onnx-writer';
import type { ToolEncoderWeights } from './encoder';
import type { EncoderFeatures } from './features';

export const ENCODER_INPUT_IDS = 'ids';
export const ENCODER_INPUT_WEIGHTS = 'weights';
export const ENCODER_OUTPUT = 'embedding';
const TABLE = 'table';

/**
 * The encoder as ONNX: ids int32 [batch, len] and weights float32 [batch, len] (the TypeScript features,
 * padded with weight 0) → Gather rows → × weight → ReduceSum over len → ÷ max(‖·‖, 1e-12) → embedding
 * [batch, dim]. Only Gather/Unsqueeze/Mul/ReduceSum/Sqrt/Max/Div, which onnxruntime-web runs on wasm.
 */
export function exportToolEncoder(w: ToolEncoderWeights, metadata: Record<string, string> = {}): Uint8Array {
  const D = w.dimension;
  if (w.table.length !== w.spec.buckets * D)
    throw new RangeError('encoder table does not match its dimensions');
  return new OnnxGraphWriter('tool_encoder')
    .input(ENCODER_INPUT_IDS, 'int32', ['batch', 'len'])
    .input(ENCODER_INPUT_WEIGHTS, 'float32', ['batch', 'len'])
    .floatInitializer(TABLE, w.table, [w.spec.buckets, D])
    .int64Initializer('axis_len', [1], [1])
    .int64Initializer('axis_w', [2], [1])
    .floatConstant('eps', 1e-12)
    .node('Gather', [TABLE, ENCODER_INPUT_IDS], ['rows'], {})
    .node('Unsqueeze', [ENCODER_INPUT_WEIGHTS, 'axis_w'], ['w3'])
    .node('Mul', ['rows', 'w3'], ['weighted'])
    .node('ReduceSum', ['weighted', 'axis_len'], ['bag'], { keepdims: { kind: 'int', value: 0 } })
    .node('Mul', ['bag', 'bag'], ['sq'])
    .node('ReduceSum', ['sq', 'axis_len'], ['norm2'], { keepdims: { kind: 'int', value: 1 } })
    .node('Sqrt', ['norm2'], ['norm'])
    .node('Max', ['norm', 'eps'], ['safeNorm'])
    .node('Div', ['bag', 'safeNorm'], [ENCODER_OUTPUT])
    .output(ENCODER_OUTPUT, 'float32', ['batch', D])
    .toBytes({
      producerName: 'naviagent-web',
      producerVersion: '1',
      docString: 'Tool-retrieval encoder: L2-normalised weighted bag of hashed word/bigram/trigram rows.',
      metadata: {
        ...metadata,
        buckets: String(w.spec.buckets),
        dimension: String(D),
        bigramWeight: String(w.spec.bigramWeight),
        charWeight: String(w.spec.charWeight),
      },
    });
}

/** The weights back from a model `exportToolEncoder` wrote (the app runs the TypeScript forward on them). */
export function readToolEncoder(bytes: Uint8Array): ToolEncoderWeights {
  const meta = readModelMetadata(bytes);
  const model = onnxProto.onnx.ModelProto.decode(bytes);
  const init = model.graph?.initializer?.find((t) => t.name === TABLE);
  const raw = init?.rawData;
  const buckets = Number(meta.buckets);
  const dimension = Number(meta.dimension);
  if (!raw || !(buckets > 0) || !(dimension > 0) || raw.length !== buckets * dimension * 4)
    throw new RangeError('not a tool-encoder model: the embedding table or its metadata is missing');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const table = new Float32Array(buckets * dimension);
  for (let i = 0; i < table.length; i++) table[i] = view.getFloat32(i * 4, true);
  return {
    spec: { buckets, bigramWeight: Number(meta.bigramWeight), charWeight: Number(meta.charWeight) },
    dimension,
    table,
  };
}

/** A batch of features padded to one length (id 0, weight 0), as the ONNX inputs want them. */
export function padFeatures(batch: readonly EncoderFeatures[]): {
  ids: Int32Array;
  weights: Float32Array;
  len: number;
} {
  const len = Math.max(1, ...batch.map((f) => f.ids.length));
  const ids = new Int32Array(batch.length * len);
  const weights = new Float32Array(batch.length * len);
  batch.forEach((f, b) => {
    ids.set(f.ids, b * len);
    weights.set(f.weights, b * len);
  });
  return { ids, weights, len };
}

import onnxProto, { type onnx } from 'onnx-proto';
import { mulberry32, type Random } from '../../src/core/util/prng';

const { onnx: proto } = onnxProto;
const { DataType } = proto.TensorProto;

export interface TinyBertSizes {
  vocabSize: number;
  hidden: number;
  maxPositions: number;
  typeVocabSize: number;
}

/** Standard normal by Box–Muller, from the seeded generator. */
function gaussian(rand: Random): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function randomMatrix(rand: Random, n: number, std: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = gaussian(rand) * std;
  return out;
}

function bytes(a: Float32Array | BigInt64Array | Uint8Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function floatTensor(name: string, dims: number[], data: Float32Array): onnx.ITensorProto {
  return { name, dims, dataType: DataType.FLOAT, rawData: bytes(data) };
}

function int64Tensor(name: string, dims: number[], values: number[]): onnx.ITensorProto {
  return { name, dims, dataType: DataType.INT64, rawData: bytes(BigInt64Array.from(values.map(BigInt))) };
}

/**
 * Per-tensor affine uint8 quantization (min/max range, zero point rounded), the weight-only "q8" of this
 * model: DequantizeLinear turns the tensor back into floats inside the graph.
 */
function quantize(name: string, dims: number[], data: Float32Array): onnx.ITensorProto[] {
  let min = 0;
  let max = 0;
  for (const v of data) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const scale = (max - min) / 255 || 1;
  const zeroPoint = Math.round(-min / scale);
  const q = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    q[i] = Math.min(255, Math.max(0, Math.round((data[i] as number) / scale + zeroPoint)));
  }
  return [
    { name: `${name}_quantized`, dims, dataType: DataType.UINT8, rawData: q },
    floatTensor(`${name}_scale`, [], Float32Array.of(scale)),
    { name: `${name}_zero_point`, dims: [], dataType: DataType.UINT8, rawData: Uint8Array.of(zeroPoint) },
  ];
}

function node(opType: string, input: string[], output: string[], attribute: onnx.IAttributeProto[] = []) {
  return { opType, input, output, name: output[0], attribute };
}

function int64Input(name: string): onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: { elemType: DataType.INT64, shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'seq' }] } },
    },
  };
}

/**
 * A one-block BERT-shaped encoder with random weights, for proving the loading path, not for meaning:
 * h = LayerNorm(word[ids] + position[0..seq) + type[type_ids]); out = (h + tanh(h·W + b)) ⊙ mask.
 * Inputs and output are named and typed as transformers.js's BertModel feeds and reads them.
 * `quantized` stores the word table and W as uint8 (DequantizeLinear), like a q8 export.
 */
export function tinyBertModel(sizes: TinyBertSizes, seed: number, quantized: boolean): Uint8Array {
  const rand = mulberry32(seed);
  const { vocabSize: V, hidden: H, maxPositions: P, typeVocabSize: T } = sizes;
  const word = randomMatrix(rand, V * H, 1);
  const position = randomMatrix(rand, P * H, 0.1);
  const type = randomMatrix(rand, T * H, 0.1);
  const dense = randomMatrix(rand, H * H, 1 / Math.sqrt(H));
  const denseBias = randomMatrix(rand, H, 0.02);

  const initializer: onnx.ITensorProto[] = [
    floatTensor('position_embeddings', [P, H], position),
    floatTensor('token_type_embeddings', [T, H], type),
    floatTensor('ln_gamma', [H], new Float32Array(H).fill(1)),
    floatTensor('ln_beta', [H], new Float32Array(H)),
    floatTensor('dense_bias', [H], denseBias),
    int64Tensor('zero', [], [0]),
    int64Tensor('one', [], [1]),
    int64Tensor('last_axis', [1], [-1]),
  ];
  const nodes: onnx.INodeProto[] = [];
  if (quantized) {
    initializer.push(
      ...quantize('word_embeddings', [V, H], word),
      ...quantize('dense_weight', [H, H], dense),
    );
    for (const t of ['word_embeddings', 'dense_weight']) {
      nodes.push(node('DequantizeLinear', [`${t}_quantized`, `${t}_scale`, `${t}_zero_point`], [t]));
    }
  } else {
    initializer.push(
      floatTensor('word_embeddings', [V, H], word),
      floatTensor('dense_weight', [H, H], dense),
    );
  }

  const float = { name: 'to', type: proto.AttributeProto.AttributeType.INT, i: DataType.FLOAT };
  nodes.push(
    node('Gather', ['word_embeddings', 'input_ids'], ['word_vectors']),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], ['type_vectors']),
    node('Shape', ['input_ids'], ['ids_shape']),
    node('Gather', ['ids_shape', 'one'], ['seq_len']),
    node('Range', ['zero', 'seq_len', 'one'], ['positions']),
    node('Gather', ['position_embeddings', 'positions'], ['position_vectors']),
    node('Add', ['word_vectors', 'type_vectors'], ['sum_word_type']),
    node('Add', ['sum_word_type', 'position_vectors'], ['embeddings']),
    node(
      'LayerNormalization',
      ['embeddings', 'ln_gamma', 'ln_beta'],
      ['normed'],
      [
        { name: 'axis', type: proto.AttributeProto.AttributeType.INT, i: -1 },
        { name: 'epsilon', type: proto.AttributeProto.AttributeType.FLOAT, f: 1e-12 },
      ],
    ),
    node('MatMul', ['normed', 'dense_weight'], ['projected']),
    node('Add', ['projected', 'dense_bias'], ['projected_biased']),
    node('Tanh', ['projected_biased'], ['activated']),
    node('Add', ['normed', 'activated'], ['residual']),
    node('Cast', ['attention_mask'], ['mask_float'], [float]),
    node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_column']),
    node('Mul', ['residual', 'mask_column'], ['last_hidden_state']),
  );

  const model: onnx.IModelProto = {
    irVersion: 8,
    producerName: 'naviagent-web scripts/make-tiny-embedder.ts',
    opsetImport: [{ domain: '', version: 18 }],
    graph: {
      name: 'tiny_bert',
      node: nodes,
      initializer,
      input: [int64Input('input_ids'), int64Input('attention_mask'), int64Input('token_type_ids')],
      output: [
        {
          name: 'last_hidden_state',
          type: {
            tensorType: {
              elemType: DataType.FLOAT,
              shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'seq' }, { dimValue: H }] },
            },
          },
        },
      ],
    },
  };
  return proto.ModelProto.encode(proto.ModelProto.create(model)).finish();
}

import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** ONNX IR version 8 and the default-domain opset 18: what onnxruntime-web 1.30 was checked with (docs/facts.md). */
export const IR_VERSION = 8;
export const OPSET_VERSION = 18;

/** TensorProto.DataType codes of the element types the project writes. */
const ELEM_TYPE = { float32: 1, int32: 6, int64: 7 } as const;
export type ElemType = keyof typeof ELEM_TYPE;

/** A dimension: a fixed size, or a symbolic name (e.g. 'batch') for a size known only at run time. */
export type Dim = number | string;

/** Node attributes, tagged because ONNX tells ints from floats and ORT rejects the wrong one. */
export type Attribute =
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'ints'; value: number[] }
  | { kind: 'floats'; value: number[] };

export const attr = {
  int: (value: number): Attribute => ({ kind: 'int', value }),
  float: (value: number): Attribute => ({ kind: 'float', value }),
  string: (value: string): Attribute => ({ kind: 'string', value }),
  ints: (value: number[]): Attribute => ({ kind: 'ints', value }),
  floats: (value: number[]): Attribute => ({ kind: 'floats', value }),
};

// AttributeProto.AttributeType codes.
const ATTR_TYPE = { float: 1, int: 2, string: 3, floats: 6, ints: 7 } as const;

function attributeProto(name: string, a: Attribute): onnxProto.onnx.IAttributeProto {
  const type = ATTR_TYPE[a.kind];
  switch (a.kind) {
    case 'int':
      return { name, type, i: a.value };
    case 'float':
      return { name, type, f: a.value };
    case 'string':
      return { name, type, s: new TextEncoder().encode(a.value) };
    case 'ints':
      return { name, type, ints: a.value };
    case 'floats':
      return { name, type, floats: a.value };
  }
}

function valueInfo(name: string, elemType: ElemType, shape: Dim[]): onnxProto.onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: ELEM_TYPE[elemType],
        shape: { dim: shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

/** Little-endian bytes whatever the host's byte order, as ONNX raw_data requires. */
function floatBytes(data: Float32Array): Uint8Array {
  const out = new Uint8Array(data.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < data.length; i++) view.setFloat32(i * 4, data[i] as number, true);
  return out;
}

function int32Bytes(data: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(data.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < data.length; i++) view.setInt32(i * 4, data[i] as number, true);
  return out;
}

function int64Bytes(data: readonly number[]): Uint8Array {
  const out = new Uint8Array(data.length * 8);
  const view = new DataView(out.buffer);
  for (let i = 0; i < data.length; i++) view.setBigInt64(i * 8, BigInt(data[i] as number), true);
  return out;
}

export interface ModelInfo {
  producerName: string;
  producerVersion?: string;
  docString?: string;
  /** Key–value metadata stored in the model (written in insertion order, so output stays deterministic). */
  metadata?: Record<string, string>;
}

/**
 * A small typed builder for ONNX graphs over onnx-proto: float/int32/int64 initializers, nodes with tagged
 * attributes, typed inputs and outputs, serialised to bytes onnxruntime-web loads. The same calls always
 * give the same bytes (no timestamps, no maps with unstable order).
 */
export class OnnxGraphWriter {
  private readonly inputs: onnxProto.onnx.IValueInfoProto[] = [];
  private readonly outputs: onnxProto.onnx.IValueInfoProto[] = [];
  private readonly initializers: onnxProto.onnx.ITensorProto[] = [];
  private readonly nodes: onnxProto.onnx.INodeProto[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly graphName: string) {}

  private claim(name: string): void {
    if (this.names.has(name)) throw new Error(`ONNX graph already has a value named "${name}"`);
    this.names.add(name);
  }

  input(name: string, elemType: ElemType, shape: Dim[]): this {
    this.claim(name);
    this.inputs.push(valueInfo(name, elemType, shape));
    return this;
  }

  output(name: string, elemType: ElemType, shape: Dim[]): this {
    this.outputs.push(valueInfo(name, elemType, shape));
    return this;
  }

  floatInitializer(name: string, data: Float32Array, dims: number[]): this {
    const size = dims.reduce((a, d) => a * d, 1);
    if (size !== data.length)
      throw new RangeError(`initializer ${name}: ${data.length} values for dims ${dims}`);
    this.claim(name);
    this.initializers.push({ name, dataType: ELEM_TYPE.float32, dims, rawData: floatBytes(data) });
    return this;
  }

  int64Initializer(name: string, data: readonly number[], dims: number[]): this {
    this.claim(name);
    this.initializers.push({ name, dataType: ELEM_TYPE.int64, dims, rawData: int64Bytes(data) });
    return this;
  }

  /** int32 constants, e.g. index offsets added to int32 graph inputs (ONNX Add needs equal types). */
  int32Initializer(name: string, data: ArrayLike<number>, dims: number[]): this {
    const size = dims.reduce((a, d) => a * d, 1);
    if (size !== data.length)
      throw new RangeError(`initializer ${name}: ${data.length} values for dims ${dims}`);
    this.claim(name);
    this.initializers.push({ name, dataType: ELEM_TYPE.int32, dims, rawData: int32Bytes(data) });
    return this;
  }

  /** A float constant: dims [] is a scalar, [1] a one-element tensor (both broadcast in Add/Mul/Expand). */
  floatConstant(name: string, value: number, dims: [] | [1] = []): this {
    return this.floatInitializer(name, Float32Array.of(value), dims);
  }

  node(
    opType: string,
    inputs: string[],
    outputs: string[],
    attributes: Record<string, Attribute> = {},
    name = `${opType}_${this.nodes.length}`,
  ): this {
    for (const o of outputs) this.claim(o);
    this.nodes.push({
      name,
      opType,
      input: inputs,
      output: outputs,
      attribute: Object.entries(attributes).map(([k, a]) => attributeProto(k, a)),
    });
    return this;
  }

  /** Serialises the model (IR 8, opset 18). */
  toBytes(info: ModelInfo): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: IR_VERSION,
      opsetImport: [{ domain: '', version: OPSET_VERSION }],
      producerName: info.producerName,
      producerVersion: info.producerVersion ?? '',
      docString: info.docString ?? '',
      metadataProps: Object.entries(info.metadata ?? {}).map(([key, value]) => ({ key, value })),
      graph: {
        name: this.graphName,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

/**
 * The key–value metadata of a serialised model. onnxruntime-web does not expose metadata_props, so runners
 * that need what an exporter wrote there (dimensions, config) read it from the bytes they load.
 */
export function readModelMetadata(bytes: Uint8Array): Record<string, string> {
  const model = onnx.ModelProto.decode(bytes);
  const out: Record<string, string> = {};
  for (const p of model.metadataProps) if (p.key) out[p.key] = p.value ?? '';
  return out;
}

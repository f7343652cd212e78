import { attr, OnnxGraphWriter } from '../onnx-writer';
import {
  LAYER_NORM_EPS,
  namedParams,
  type LayerPredictorConfig,
  type LayerPredictorParams,
} from './layer-spec';

/**
 * The layer predictor as one ONNX graph for one task: `query` [1 × D] and `tools` [n × D] in, the ordinal
 * logits [n × (K − 1)] out (decode with `decodeLayers`). Self-attention is the dense form (Reshape to heads,
 * MatMul, Softmax, MatMul); the TypeScript forward computes the same as edge attention over all pairs.
 */
export const LAYER_ONNX = { query: 'query', tools: 'tools', logits: 'logits' } as const;

export const LAYER_METADATA = {
  format: 'layers.format',
  config: 'layers.config',
  features: 'layers.features',
} as const;

/** Bumped when inputs, outputs or semantics change, so a runner refuses an old model. */
export const LAYER_ONNX_FORMAT = '1';

export function exportLayerPredictor(
  params: LayerPredictorParams,
  config: LayerPredictorConfig,
  /** How the input vectors are built (the embedder and its settings), stored for the runner to check. */
  features: string,
): Uint8Array {
  const g = new OnnxGraphWriter('reto_layer_predictor');
  const D = config.inputDim;
  const d = config.hidden;
  const H = config.heads;
  const K1 = config.maxLayers - 1;
  g.input(LAYER_ONNX.query, 'float32', [1, D]);
  g.input(LAYER_ONNX.tools, 'float32', ['n_tools', D + config.toolExtra]);
  g.output(LAYER_ONNX.logits, 'float32', ['n_tools', K1]);
  for (const [name, data, dims] of namedParams(params)) g.floatInitializer(name, data, dims);
  g.int64Initializer('heads_shape', [-1, H, d / H], [3]);
  g.int64Initializer('model_shape', [-1, d], [2]);
  g.int64Initializer('slice_start', [1], [1]);
  g.int64Initializer('slice_end', [2 ** 31 - 1], [1]);
  g.int64Initializer('slice_axis', [0], [1]);
  g.floatConstant('att_scale', 1 / Math.sqrt(d / H));

  const linear = (name: string, x: string, out: string): string => {
    g.node('MatMul', [x, `${name}.w`], [`${out}_mm`]);
    g.node('Add', [`${out}_mm`, `${name}.b`], [out]);
    return out;
  };
  const norm = (name: string, x: string, out: string): string => {
    g.node('LayerNormalization', [x, `${name}.gamma`, `${name}.beta`], [out], {
      axis: attr.int(-1),
      epsilon: attr.float(LAYER_NORM_EPS),
    });
    return out;
  };
  const project = (input: string, proj: string, n: string, out: string): string => {
    const h = norm(n, linear(proj, input, `${out}_lin`), `${out}_ln`);
    g.node('Relu', [h], [out]);
    return out;
  };
  const q = project(LAYER_ONNX.query, 'queryProj', 'queryNorm', 'q0');
  const t = project(LAYER_ONNX.tools, 'toolProj', 'toolNorm', 't0');
  g.node('Concat', [q, t], ['x0'], { axis: attr.int(0) });
  let x = 'x0';
  for (let l = 0; l < config.layers; l++) {
    const p = `enc${l}`;
    const heads = (name: string, perm: number[]): string => {
      g.node('Reshape', [linear(`${p}.${name}`, x, `${p}_${name}`), 'heads_shape'], [`${p}_${name}_r`]);
      g.node('Transpose', [`${p}_${name}_r`], [`${p}_${name}_h`], { perm: attr.ints(perm) });
      return `${p}_${name}_h`;
    };
    const Q = heads('q', [1, 0, 2]); // [H, L, dk]
    const K = heads('k', [1, 2, 0]); // [H, dk, L]
    const V = heads('v', [1, 0, 2]); // [H, L, dk]
    g.node('MatMul', [Q, K], [`${p}_s`]);
    g.node('Mul', [`${p}_s`, 'att_scale'], [`${p}_ss`]);
    g.node('Softmax', [`${p}_ss`], [`${p}_a`], { axis: attr.int(-1) });
    g.node('MatMul', [`${p}_a`, V], [`${p}_av`]);
    g.node('Transpose', [`${p}_av`], [`${p}_avt`], { perm: attr.ints([1, 0, 2]) });
    g.node('Reshape', [`${p}_avt`, 'model_shape'], [`${p}_att`]);
    const att = linear(`${p}.o`, `${p}_att`, `${p}_o`);
    g.node('Add', [x, att], [`${p}_res1`]);
    const x1 = norm(`${p}.norm1`, `${p}_res1`, `${p}_x1`);
    g.node('Relu', [linear(`${p}.ff1`, x1, `${p}_f1`)], [`${p}_f1r`]);
    const ff = linear(`${p}.ff2`, `${p}_f1r`, `${p}_f2`);
    g.node('Add', [x1, ff], [`${p}_res2`]);
    x = norm(`${p}.norm2`, `${p}_res2`, `${p}_x2`);
  }
  g.node('Slice', [x, 'slice_start', 'slice_end', 'slice_axis'], ['tool_h']);
  g.node('MatMul', ['tool_h', 'head.w'], ['score']);
  g.node('Add', ['score', 'head.b'], [LAYER_ONNX.logits]);
  return g.toBytes({
    producerName: 'naviagent-web',
    docString:
      'RETO layer predictor (§3.2): ordinal logits per candidate tool; layer = thresholds with logit > 0',
    metadata: {
      [LAYER_METADATA.format]: LAYER_ONNX_FORMAT,
      [LAYER_METADATA.config]: JSON.stringify(config),
      [LAYER_METADATA.features]: features,
    },
  });
}

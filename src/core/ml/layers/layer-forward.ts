import {
  add,
  addRowBias,
  attendScatter,
  concatRows,
  constant,
  gatherHeadDot,
  gatherRows,
  layerNorm,
  leakyRelu,
  matmul,
  mul,
  parameter,
  segmentSoftmax,
  Tape,
  type Tensor,
} from '../autograd';
import type { Random } from '../../util/prng';
import {
  LAYER_NORM_EPS,
  namedParams,
  type LayerPredictorConfig,
  type LayerPredictorParams,
} from './layer-spec';

/**
 * A batch of tasks for the layer predictor: each task is one query vector and its candidate tools' vectors
 * (RETO eq. 1–2). Tools are stored task after task; `taskOfTool[i]` says whose tool row i is.
 */
export interface LayerBatch {
  tasks: number;
  /** [tasks × inputDim]. */
  queries: Float32Array;
  /** [tools × (inputDim + toolExtra)]. */
  tools: Float32Array;
  taskOfTool: Int32Array;
}

/** The parameters as tape tensors, by the names `namedParams` gives them. */
export type LayerParamTensors = Map<string, Tensor>;

export function paramTensors(params: LayerPredictorParams, trainable: boolean): LayerParamTensors {
  const out: LayerParamTensors = new Map();
  for (const [name, data, dims] of namedParams(params)) {
    const rows = dims.length === 2 ? (dims[0] as number) : 1;
    const cols = dims.length === 2 ? (dims[1] as number) : (dims[0] as number);
    out.set(name, trainable ? parameter(data, rows, cols) : constant(data, rows, cols));
  }
  return out;
}

/**
 * Self-attention pairs of a batch: every ordered pair (i, j) of rows of one task, self included. Rows are
 * the task queries first (row t = task t), then the tools (row tasks + i), so one edge-attention pass
 * (gatherHeadDot → segmentSoftmax over each row's pairs → attendScatter) is exactly a Transformer's dense
 * attention within each task and none across tasks.
 */
export function attentionPairs(batch: LayerBatch): { dst: Int32Array; src: Int32Array } {
  const members: number[][] = Array.from({ length: batch.tasks }, (_, t) => [t]);
  batch.taskOfTool.forEach((t, i) => (members[t] as number[]).push(batch.tasks + i));
  let E = 0;
  for (const m of members) E += m.length * m.length;
  const dst = new Int32Array(E);
  const src = new Int32Array(E);
  let e = 0;
  for (const m of members)
    for (const i of m)
      for (const j of m) {
        dst[e] = i;
        src[e] = j;
        e++;
      }
  return { dst, src };
}

/** Inverted dropout: keep with probability 1 − p and scale by 1 / (1 − p); the mask is a constant. */
function dropout(tape: Tape, x: Tensor, p: number, rand: Random | undefined): Tensor {
  if (!rand || p <= 0) return x;
  const keep = 1 - p;
  const mask = new Float32Array(x.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = rand() < keep ? 1 / keep : 0;
  return mul(tape, x, constant(mask, x.rows, x.cols));
}

function get(p: LayerParamTensors, name: string): Tensor {
  const t = p.get(name);
  if (!t) throw new Error(`layer predictor has no parameter ${name}`);
  return t;
}

const linear = (tape: Tape, p: LayerParamTensors, name: string, x: Tensor): Tensor =>
  addRowBias(tape, matmul(tape, x, get(p, `${name}.w`)), get(p, `${name}.b`));

const norm = (tape: Tape, p: LayerParamTensors, name: string, x: Tensor): Tensor =>
  layerNorm(tape, x, get(p, `${name}.gamma`), get(p, `${name}.beta`), LAYER_NORM_EPS);

const relu = (tape: Tape, x: Tensor): Tensor => leakyRelu(tape, x, 0);

/**
 * Ordinal logits [tools × (K − 1)] (RETO eq. 3–8): projections with LayerNorm and ReLU, a post-norm
 * Transformer encoder (PyTorch's `TransformerEncoderLayer` with ReLU: x = LN(x + Drop(MHA(x))),
 * x = LN(x + Drop(W2 Drop(ReLU(W1 x))))), then z_k = wᵀh + b_k. `rand` switches dropout on (training only).
 */
export function layerLogits(
  tape: Tape,
  p: LayerParamTensors,
  config: LayerPredictorConfig,
  batch: LayerBatch,
  rand?: Random,
): Tensor {
  const T = batch.tasks;
  const N = batch.taskOfTool.length;
  const D = config.inputDim;
  const q = relu(
    tape,
    norm(tape, p, 'queryNorm', linear(tape, p, 'queryProj', constant(batch.queries, T, D))),
  );
  const DT = D + config.toolExtra;
  const t = relu(tape, norm(tape, p, 'toolNorm', linear(tape, p, 'toolProj', constant(batch.tools, N, DT))));
  let x = concatRows(tape, [q, t]);
  const { dst, src } = attentionPairs(batch);
  const rows = T + N;
  const H = config.heads;
  const c = 1 / Math.sqrt(config.hidden / H);
  for (let l = 0; l < config.layers; l++) {
    const Q = linear(tape, p, `enc${l}.q`, x);
    const K = linear(tape, p, `enc${l}.k`, x);
    const V = linear(tape, p, `enc${l}.v`, x);
    const scores = gatherHeadDot(tape, Q, K, dst, src, H, c);
    const alpha = dropout(tape, segmentSoftmax(tape, scores, dst, rows), config.dropout, rand);
    const attended = linear(tape, p, `enc${l}.o`, attendScatter(tape, V, src, alpha, dst, rows, H));
    x = norm(tape, p, `enc${l}.norm1`, add(tape, x, dropout(tape, attended, config.dropout, rand)));
    const hidden = dropout(tape, relu(tape, linear(tape, p, `enc${l}.ff1`, x)), config.dropout, rand);
    const ff = linear(tape, p, `enc${l}.ff2`, hidden);
    x = norm(tape, p, `enc${l}.norm2`, add(tape, x, dropout(tape, ff, config.dropout, rand)));
  }
  const toolRows = gatherRows(
    tape,
    x,
    Int32Array.from({ length: N }, (_, i) => T + i),
  );
  const score = matmul(tape, toolRows, get(p, 'head.w'));
  const K1 = config.maxLayers - 1;
  const spread = matmul(tape, score, constant(new Float32Array(K1).fill(1), 1, K1));
  return addRowBias(tape, spread, get(p, 'head.b'));
}

/** Inference on one task: [tools × (K − 1)] logits, no dropout (the ONNX graph computes the same). */
export function predictTaskLogits(
  params: LayerPredictorParams,
  config: LayerPredictorConfig,
  query: Float32Array,
  tools: readonly Float32Array[],
): Float32Array {
  const DT = config.inputDim + config.toolExtra;
  const flat = new Float32Array(tools.length * DT);
  tools.forEach((v, i) => flat.set(v, i * DT));
  const batch: LayerBatch = {
    tasks: 1,
    queries: query,
    tools: flat,
    taskOfTool: new Int32Array(tools.length),
  };
  return layerLogits(new Tape(false), paramTensors(params, false), config, batch).data;
}

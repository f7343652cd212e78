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
  parameter,
  pairLogits,
  segmentSoftmax,
  sigmoidValue,
  Tape,
  type Tensor,
} from '../autograd';
import { buildMessagePlan, type HgtMessagePlan } from './hgt-message-plan';
import { hgtParamTensors, type HgtParamTensors } from './hgt-param-tensors';
import { pairFeatureMatrix } from '../../graph-tensors/pair-features';
import { logSigmoid } from '../pair-direction';
import { pairFeatureCount, type HgtConfig, type HgtParams } from './hgt-spec';
import { checkGraphTensors, type HgtGraphTensors, type HgtPairs } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';

// The forward of hgt-spec.ts, written once over the autograd ops: on a recording tape it trains, on a
// non-recording one it is inference (`hgtEmbed`, `hgtScorePairs`), so the two cannot disagree.

/** eq. 14 per node type, API rows first: LayerNorm_τ(LeakyReLU(x_τ · W_τ + b_τ)). */
function encode(tape: Tape, p: HgtParamTensors, graph: HgtGraphTensors, config: HgtConfig): Tensor {
  const one = (x: Float32Array, rows: number, e: HgtParamTensors['encoder']['api']) =>
    layerNorm(
      tape,
      leakyRelu(
        tape,
        addRowBias(tape, matmul(tape, constant(x, rows, graph.inputDim), e.W), e.b),
        config.leakySlope,
      ),
      e.lnGamma,
      e.lnBeta,
      config.lnEps,
    );
  return concatRows(tape, [
    one(graph.xApi, graph.apiCount, p.encoder.api),
    one(graph.xParam, graph.paramCount, p.encoder.param),
  ]);
}

/** Per relation, the rows of `h` of its endpoints (null for a relation without edges). */
function rowsPerRelation(tape: Tape, h: Tensor, nodes: Int32Array[]): Array<Tensor | null> {
  return nodes.map((list) => (list.length > 0 ? gatherRows(tape, h, list) : null));
}

/** Each relation's rows times its matrix, stacked in relation order (the rows `plan.qRow` / `kRow` index). */
function projectPerRelation(tape: Tape, rows: Array<Tensor | null>, W: Tensor[]): Tensor {
  const parts: Tensor[] = [];
  rows.forEach((x, r) => {
    if (x) parts.push(matmul(tape, x, W[r] as Tensor));
  });
  return concatRows(tape, parts);
}

/** eqs. 15–16: one WeightedHGTConv layer. */
function layer(
  tape: Tape,
  l: HgtParamTensors['layers'][number],
  h: Tensor,
  plan: HgtMessagePlan,
  config: HgtConfig,
  edgeBias: Tensor | null,
): Tensor {
  const { hidden, heads } = config;
  let m: Tensor;
  if (plan.qRow.length === 0) {
    m = constant(new Float32Array(plan.nodeCount * hidden), plan.nodeCount, hidden);
  } else {
    // Q and V project the source u, K the target v (eq. 15 as printed; see hgt-spec.ts).
    const sources = rowsPerRelation(tape, h, plan.srcNodes);
    const q = projectPerRelation(tape, sources, l.Wq);
    const k = projectPerRelation(tape, rowsPerRelation(tape, h, plan.dstNodes), l.Wk);
    const v = projectPerRelation(tape, sources, l.Wv);
    let logit = gatherHeadDot(tape, q, k, plan.qRow, plan.kRow, heads, 1 / Math.sqrt(hidden / heads));
    logit = add(tape, logit, gatherRows(tape, l.bRel, plan.rel));
    if (edgeBias) logit = add(tape, logit, edgeBias);
    const alpha = segmentSoftmax(tape, logit, plan.segment, plan.segmentCount);
    m = attendScatter(tape, v, plan.qRow, alpha, plan.dst, plan.nodeCount, heads);
  }
  const out = leakyRelu(tape, matmul(tape, m, l.Wo), config.leakySlope);
  return layerNorm(tape, add(tape, h, out), l.lnGamma, l.lnBeta, config.lnEps);
}

/** Final node embeddings [N × hidden] on `tape`, message passing over the plan's edges. */
export function hgtEmbedOnTape(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  graph: HgtGraphTensors,
  plan: HgtMessagePlan,
): Tensor {
  let h = encode(tape, p, graph, config);
  // w̃_uv is the same for every head: broadcast once, shared by the layers (a constant, no gradient).
  let edgeBias: Tensor | null = null;
  if (config.edgeWeightBias) {
    const E = plan.weight.length;
    const b = new Float32Array(E * config.heads);
    for (let e = 0; e < E; e++) b.fill(plan.weight[e] as number, e * config.heads, (e + 1) * config.heads);
    edgeBias = constant(b, E, config.heads);
  }
  for (const l of p.layers) h = layer(tape, l, h, plan, config, edgeBias);
  return h;
}

/** The pair-feature term of the head: f [pairs × F] (a constant input) and its weights w_f [F × 1]. */
export interface HgtPairFeatureTerm {
  x: Float32Array;
  w: Tensor;
  /** Per pair, the direction gate log σ(f_uv · dir) (a constant: fitted before training, `directionGate`). */
  gate?: Float32Array;
}

/**
 * The direction gate of each pair, log σ(f_uv · dir), from RAW pair features [P × F] (hgt-spec.ts); undefined
 * for a model without one. Summed in float64 in feature order, like the ONNX MatMul up to float rounding.
 */
export function directionGate(dir: Float32Array | undefined, x: Float32Array): Float32Array | undefined {
  if (!dir || dir.length === 0) return undefined;
  const F = dir.length;
  const out = new Float32Array(x.length / F);
  for (let i = 0; i < out.length; i++) {
    let a = 0;
    for (let j = 0; j < F; j++) a += (x[i * F + j] as number) * (dir[j] as number);
    out[i] = logSigmoid(a);
  }
  return out;
}

/**
 * eq. 17 (plus the optional Hadamard term, plus f_uv · w_f when `feat` is given): logits z_uv [pairs × 1].
 */
export function hgtPairLogitsOnTape(
  tape: Tape,
  p: HgtParamTensors,
  config: HgtConfig,
  h: Tensor,
  src: Int32Array,
  dst: Int32Array,
  feat?: HgtPairFeatureTerm,
): Tensor {
  const had = config.pairHead === 'hadamard' ? p.head.had : null;
  const z = pairLogits(tape, h, src, dst, p.head.src, p.head.dst, had, p.head.b);
  if (!feat || feat.w.rows === 0) return z;
  const withFeat = add(tape, z, matmul(tape, constant(feat.x, src.length, feat.w.rows), feat.w));
  return feat.gate ? add(tape, withFeat, constant(feat.gate, src.length, 1)) : withFeat;
}

/** Final node embeddings [N × hidden] of the whole graph (inference: no tape, all edges pass messages). */
export function hgtEmbed(params: HgtParams, graph: HgtGraphTensors): Float32Array {
  checkGraphTensors(graph, params.config.inputDim);
  const tape = new Tape(false);
  return hgtEmbedOnTape(tape, hgtParamTensors(params), params.config, graph, buildMessagePlan(graph)).data;
}

/**
 * p_uv = σ(z_uv) for each pair, from embeddings computed by `hgtEmbed`. A model with pair features also needs
 * them: pass the graph the embeddings were computed on (they are then computed by `pairFeatureMatrix`, as
 * the ONNX runner does), or the [P × F] matrix itself.
 */
export function hgtScorePairs(
  params: HgtParams,
  embeddings: Float32Array,
  pairs: HgtPairs,
  features?: HgtGraphTensors | Float32Array,
): Float32Array {
  const { hidden } = params.config;
  if (embeddings.length % hidden !== 0)
    throw new HgtShapeError(
      `embeddings hold ${embeddings.length} values, not a multiple of hidden ${hidden}`,
    );
  if (pairs.src.length !== pairs.dst.length)
    throw new HgtShapeError(`pairs: ${pairs.src.length} sources for ${pairs.dst.length} targets`);
  const n = embeddings.length / hidden;
  for (let i = 0; i < pairs.src.length; i++) {
    const u = pairs.src[i] as number;
    const v = pairs.dst[i] as number;
    if (u < 0 || u >= n || v < 0 || v >= n)
      throw new HgtShapeError(`pair ${i} (${u} → ${v}) is outside the ${n} embedded nodes`);
  }
  const F = pairFeatureCount(params.config);
  let feat: HgtPairFeatureTerm | undefined;
  if (F > 0) {
    if (!features)
      throw new HgtShapeError(
        'this model adds pair features to its link score: pass the graph (or the feature matrix) to hgtScorePairs',
      );
    const x = features instanceof Float32Array ? features : pairFeatureMatrix(features, pairs.src, pairs.dst);
    if (x.length !== pairs.src.length * F)
      throw new HgtShapeError(`pair features: ${x.length} values for ${pairs.src.length} pairs × ${F}`);
    const w = params.head.feat ?? new Float32Array(F);
    const gate = directionGate(params.head.dir, x);
    feat = { x, w: parameter(w, F, 1), ...(gate ? { gate } : {}) };
  }
  const tape = new Tape(false);
  const h = constant(embeddings, n, hidden);
  const z = hgtPairLogitsOnTape(tape, hgtParamTensors(params), params.config, h, pairs.src, pairs.dst, feat);
  return z.data.map(sigmoidValue);
}

import { PAIR_FEATURES } from '../../graph-tensors/pair-features';
import { OnnxGraphWriter, attr } from '../onnx-writer';
import {
  pairFeatureCount,
  type HgtConfig,
  type HgtEncoderParams,
  type HgtLayerParams,
  type HgtParams,
} from './hgt-spec';
import { HGT_RELATIONS, type HgtGraphTensors } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';

/**
 * The HGT link scorer (hgt-spec.ts) as one ONNX graph: whole-graph node embeddings plus the link head on
 * requested pairs. Every size (nodes, edges, pairs) is a symbolic dimension, so one model serves any graph.
 *
 * Index tensors are int32: onnxruntime-web's wasm Gather and ScatterElements take int32 indices, and the JS
 * side then feeds the Int32Arrays of HgtGraphTensors as they are.
 *
 * Choices made for speed on wasm (8k nodes / 24k edges, docs/hgt.md "Export and runtime"):
 * - Q/K/V: a relation's source and target kinds are fixed (param→api, …), so each node is projected only
 *   under the relations it can take part in: 6 blocks per node instead of 12. This needs edges whose
 *   relation matches their endpoints' kinds, as in every Tool World graph; `checkRelationKinds` verifies it
 *   and HgtOnnxRunner calls it.
 * - Segment max / sum for the softmax (per target, relation and head: E × heads values) use ScatterElements
 *   with reduction max / add, never ScatterND: ScatterND "add" returns wrong sums with ≥ 2 wasm threads in
 *   onnxruntime-web 1.30 (docs/facts.md).
 * - The message sum m_v (E × hidden values) would cost ~25 ms per layer as a ScatterElements add on wasm. The
 *   graph instead sorts the edges by target once (TopK), and each layer takes m_v as the difference of a
 *   float64 prefix sum (CumSum) at the target's segment bounds: ~3× faster, and float64 keeps the
 *   difference of two large prefix sums exact to ~1e-12.
 */

/** Names of the graph's inputs and outputs: the runner's contract with this exporter. */
export const HGT_ONNX = {
  xApi: 'x_api',
  xParam: 'x_param',
  edgeSrc: 'edge_src',
  edgeDst: 'edge_dst',
  edgeRel: 'edge_rel',
  edgeW: 'edge_w',
  pairSrc: 'pair_src',
  pairDst: 'pair_dst',
  /** [n_pairs × pairFeatures] float32; present only in a model with pair features (hgt-spec.ts). */
  pairFeat: 'pair_feat',
  embeddings: 'embeddings',
  scores: 'scores',
} as const;

/** Metadata keys the exporter always writes (read back with `readModelMetadata`). */
export const HGT_METADATA = {
  format: 'hgt.format',
  config: 'hgt.config',
  relations: 'hgt.relations',
  /** Names of the pair features the model was trained with (PAIR_FEATURES), when it has any. */
  pairFeatures: 'hgt.pairFeatures',
} as const;

/** Bumped when the graph's inputs, outputs or semantics change, so a runner can refuse an old model. */
export const HGT_ONNX_FORMAT = '1';

/**
 * Initial value of the scatter-max buffer. Finite, so a (target, relation) segment with no edges holds a
 * number rather than −∞ (−∞ − −∞ would be NaN if such a row were ever read); no edge reads those rows anyway.
 */
export const SEGMENT_MAX_INIT = -1e30;

const R = HGT_RELATIONS.length;
type Kind = 'api' | 'param';
const ends = (r: number) => HGT_RELATIONS[r]!.split('->') as [Kind, Kind];

/**
 * The per-kind projection layout. A node of kind τ is projected by, in order: Wq of every relation whose
 * source is τ, Wv of the same relations, Wk of every relation whose target is τ. Both kinds have the same
 * number of blocks B, so the stacked projections of all nodes form one [N·B × hidden] tensor whose row
 * node·B + slot is that node's vector; `qSlot[r]`, `vSlot[r]` (at the source) and `kSlot[r]` (at the target)
 * say which slot relation r uses.
 */
function projectionLayout() {
  const asSource = (k: Kind) => HGT_RELATIONS.map((_, r) => r).filter((r) => ends(r)[0] === k);
  const asTarget = (k: Kind) => HGT_RELATIONS.map((_, r) => r).filter((r) => ends(r)[1] === k);
  const blocks = (k: Kind) => [
    ...asSource(k).map((r) => ({ m: 'Wq' as const, r })),
    ...asSource(k).map((r) => ({ m: 'Wv' as const, r })),
    ...asTarget(k).map((r) => ({ m: 'Wk' as const, r })),
  ];
  const B = blocks('api').length;
  if (blocks('param').length !== B) throw new Error('HGT relations give the two node kinds unequal layouts');
  const slot = (k: Kind, m: 'Wq' | 'Wk' | 'Wv', r: number) =>
    blocks(k).findIndex((b) => b.m === m && b.r === r);
  const qSlot = HGT_RELATIONS.map((_, r) => slot(ends(r)[0], 'Wq', r));
  const vSlot = HGT_RELATIONS.map((_, r) => slot(ends(r)[0], 'Wv', r));
  const kSlot = HGT_RELATIONS.map((_, r) => slot(ends(r)[1], 'Wk', r));
  return { B, blocks, qSlot, vSlot, kSlot };
}

const LAYOUT = projectionLayout();

/** Throws HgtShapeError for an edge whose relation does not match its endpoints' kinds (see above). */
export function checkRelationKinds(g: HgtGraphTensors): void {
  for (let e = 0; e < g.edgeSrc.length; e++) {
    const [sk, dk] = ends(g.edgeRel[e] as number);
    const s = (g.edgeSrc[e] as number) < g.apiCount ? 'api' : 'param';
    const d = (g.edgeDst[e] as number) < g.apiCount ? 'api' : 'param';
    if (s !== sk || d !== dk)
      throw new HgtShapeError(
        `edge ${e} is ${HGT_RELATIONS[g.edgeRel[e] as number]} but joins a ${s} node to a ${d} node: ` +
          'derive edgeRel from the node kinds (API rows first, then parameter rows)',
      );
  }
}

export interface ExportHgtOptions {
  /** Extra key–value metadata (e.g. embedder id, training date); the `hgt.*` keys are always the exporter's. */
  metadata?: Record<string, string>;
  docString?: string;
}

/** Shared shape constants and scalars. */
function addConstants(w: OnnxGraphWriter, config: HgtConfig): void {
  const { hidden, heads } = config;
  const dk = hidden / heads;
  // [hidden × heads]: column k sums head k's columns, scaled by 1/√d_k (eq. 15's per-head dot product).
  const headSum = new Float32Array(hidden * heads);
  // [heads × hidden]: row k is 1 on head k's columns (broadcasts α per head to the hidden columns).
  const headSpread = new Float32Array(heads * hidden);
  for (let c = 0; c < hidden; c++) {
    const k = Math.floor(c / dk);
    headSum[c * heads + k] = 1 / Math.sqrt(dk);
    headSpread[k * hidden + c] = 1;
  }
  w.int64Initializer('c_axes0', [0], [1])
    .int64Initializer('c_axes1', [1], [1])
    .int64Initializer('c_heads_i64', [heads], [1])
    .int64Initializer('c_rel_i64', [R], [1])
    .int64Initializer('c_int64_max', [Number.MAX_SAFE_INTEGER], [1])
    .int64Initializer('c_shape_rows_hidden', [-1, hidden], [2])
    .int64Initializer('c_shape_flat', [-1], [1])
    .int64Initializer('c_pad_first_row', [1, 0, 0, 0], [4])
    .int32Initializer('c_zero_i32', [0], [])
    .int32Initializer('c_one_i32', [1], [])
    .floatConstant('c_zero', 0)
    .floatConstant('c_seg_init', SEGMENT_MAX_INIT)
    .floatInitializer('c_head_sum', headSum, [hidden, heads])
    .floatInitializer('c_head_spread', headSpread, [heads, hidden]);
}

/**
 * Softmax of `logits` [E × heads] within segments (edges sharing a segment id), per column. `segIdx` is the
 * segment id of each edge broadcast to [E × heads] (ScatterElements wants indices shaped like its updates),
 * `seg` the same ids as [E] for the Gathers. `negInit` / `zeros` are [S × heads] buffers, S > every id.
 * Only rows of non-empty segments are gathered back, so empty segments never reach the output.
 */
export function addSegmentSoftmax(
  w: OnnxGraphWriter,
  names: { logits: string; seg: string; segIdx: string; negInit: string; zeros: string; out: string },
  stem = 'segsm',
): void {
  const t = (s: string) => `${stem}_${s}`;
  w.node('ScatterElements', [names.negInit, names.segIdx, names.logits], [t('max')], {
    axis: attr.int(0),
    reduction: attr.string('max'),
  })
    .node('Gather', [t('max'), names.seg], [t('edge_max')], { axis: attr.int(0) })
    .node('Sub', [names.logits, t('edge_max')], [t('shifted')])
    .node('Exp', [t('shifted')], [t('exp')])
    .node('ScatterElements', [names.zeros, names.segIdx, t('exp')], [t('sum')], {
      axis: attr.int(0),
      reduction: attr.string('add'),
    })
    .node('Gather', [t('sum'), names.seg], [t('edge_sum')], { axis: attr.int(0) })
    .node('Div', [t('exp'), t('edge_sum')], [names.out]);
}

/**
 * Row sums of `rows` [E × d] per segment, for rows sorted by segment: out[v] = Σ rows[start[v] … end[v]−1]
 * (0 when start = end). Computed as P[end] − P[start] on the float64 prefix sums P (P[0] = 0): float32
 * prefix sums of 24k rows would lose ~1e-3 in the difference. Needs `c_pad_first_row` and `c_shape_*`.
 */
export function addSortedSegmentSum(
  w: OnnxGraphWriter,
  names: { rows: string; start: string; end: string; out: string },
  stem = 'segsum',
): void {
  const t = (s: string) => `${stem}_${s}`;
  w.node('Cast', [names.rows], [t('f64')], { to: attr.int(11) })
    .node('Pad', [t('f64'), 'c_pad_first_row'], [t('padded')])
    .node('CumSum', [t('padded'), 'c_zero_i32'], [t('prefix')])
    .node('Gather', [t('prefix'), names.end], [t('at_end')], { axis: attr.int(0) })
    .node('Gather', [t('prefix'), names.start], [t('at_start')], { axis: attr.int(0) })
    .node('Sub', [t('at_end'), t('at_start')], [t('sum64')])
    .node('Cast', [t('sum64')], [names.out], { to: attr.int(1) });
}

/** eq. 14: LayerNorm_τ(LeakyReLU(x_τ · W_τ + b_τ)). */
function addEncoder(
  w: OnnxGraphWriter,
  config: HgtConfig,
  p: HgtEncoderParams,
  input: string,
  out: string,
): void {
  const { inputDim, hidden } = config;
  const k = `enc_${input}`;
  w.floatInitializer(`${k}_W`, p.W, [inputDim, hidden])
    .floatInitializer(`${k}_b`, p.b, [hidden])
    .floatInitializer(`${k}_gamma`, p.lnGamma, [hidden])
    .floatInitializer(`${k}_beta`, p.lnBeta, [hidden])
    .node('MatMul', [input, `${k}_W`], [`${k}_xw`])
    .node('Add', [`${k}_xw`, `${k}_b`], [`${k}_lin`])
    .node('LeakyRelu', [`${k}_lin`], [`${k}_act`], { alpha: attr.float(config.leakySlope) })
    .node('LayerNormalization', [`${k}_act`, `${k}_gamma`, `${k}_beta`], [out], {
      axis: attr.int(-1),
      epsilon: attr.float(config.lnEps),
    });
}

/** The blocks of `LAYOUT` for kind `k` side by side: [hidden × B·hidden]. */
function stackProjections(hidden: number, layer: HgtLayerParams, k: Kind): Float32Array {
  const blocks = LAYOUT.blocks(k).map(({ m, r }) => layer[m][r]!);
  const cols = blocks.length * hidden;
  const out = new Float32Array(hidden * cols);
  blocks.forEach((W, j) => {
    for (let i = 0; i < hidden; i++) out.set(W.subarray(i * hidden, (i + 1) * hidden), i * cols + j * hidden);
  });
  return out;
}

/**
 * Edges sorted by target (TopK, ascending), then per-edge int32 indices shared by all layers:
 *   idx_q = src·B + qSlot[rel], idx_v = src·B + vSlot[rel], idx_k = dst·B + kSlot[rel]   (stacked rows)
 *   seg   = dst·R + rel                                          (softmax segment, eq. 15)
 * and each node's range [seg_start, seg_end) of in-edges in the sorted order.
 */
function addEdgeIndices(w: OnnxGraphWriter, config: HgtConfig): void {
  const { edgeSrc, edgeDst, edgeRel, edgeW } = HGT_ONNX;
  const g = (data: string, idx: string, out: string) =>
    w.node('Gather', [data, idx], [out], { axis: attr.int(0) });
  w.node('Shape', [edgeSrc], ['n_edges']).node(
    'TopK',
    [edgeDst, 'n_edges'],
    ['dst_sorted_values', 'edge_order'],
    {
      largest: attr.int(0),
      sorted: attr.int(1),
    },
  );
  g(edgeSrc, 'edge_order', 'e_src');
  g(edgeDst, 'edge_order', 'e_dst');
  g(edgeRel, 'edge_order', 'e_rel');
  if (config.edgeWeightBias) {
    g(edgeW, 'edge_order', 'e_w');
    w.node('Unsqueeze', ['e_w', 'c_axes1'], ['e_w_col']);
  }
  w.int32Initializer('c_q_slot', LAYOUT.qSlot, [R])
    .int32Initializer('c_v_slot', LAYOUT.vSlot, [R])
    .int32Initializer('c_k_slot', LAYOUT.kSlot, [R])
    .int32Initializer('c_blocks', [LAYOUT.B], [])
    .int32Initializer('c_r', [R], [])
    .node('Mul', ['e_src', 'c_blocks'], ['src_rows'])
    .node('Mul', ['e_dst', 'c_blocks'], ['dst_rows']);
  g('c_q_slot', 'e_rel', 'q_slot');
  g('c_v_slot', 'e_rel', 'v_slot');
  g('c_k_slot', 'e_rel', 'k_slot');
  w.node('Add', ['src_rows', 'q_slot'], ['idx_q'])
    .node('Add', ['src_rows', 'v_slot'], ['idx_v'])
    .node('Add', ['dst_rows', 'k_slot'], ['idx_k'])
    .node('Mul', ['e_dst', 'c_r'], ['dst_xr'])
    .node('Add', ['dst_xr', 'e_rel'], ['seg'])
    .node('Concat', ['n_edges', 'c_heads_i64'], ['shape_e_heads'], { axis: attr.int(0) })
    .node('Unsqueeze', ['seg', 'c_axes1'], ['seg_col'])
    .node('Expand', ['seg_col', 'shape_e_heads'], ['seg_idx'])
    // In-degree per node, then its prefix sum: node v's in-edges are sorted rows [end − deg, end).
    .node('Expand', ['c_one_i32', 'n_edges'], ['edge_ones'])
    .node('Expand', ['c_zero_i32', 'n_nodes'], ['node_zeros_i32'])
    .node('ScatterElements', ['node_zeros_i32', 'e_dst', 'edge_ones'], ['in_degree'], {
      axis: attr.int(0),
      reduction: attr.string('add'),
    })
    .node('CumSum', ['in_degree', 'c_zero_i32'], ['seg_end'])
    .node('Sub', ['seg_end', 'in_degree'], ['seg_start']);
}

/** Node counts, per-kind slices and the [N·R × heads] buffers the softmax scatters start from. */
function addNodeShapes(w: OnnxGraphWriter): void {
  w.node('Shape', [HGT_ONNX.xApi], ['n_api'], { start: attr.int(0), end: attr.int(1) })
    .node('Shape', [HGT_ONNX.xParam], ['n_param'], { start: attr.int(0), end: attr.int(1) })
    .node('Add', ['n_api', 'n_param'], ['n_nodes'])
    .node('Mul', ['n_nodes', 'c_rel_i64'], ['n_segments'])
    .node('Concat', ['n_segments', 'c_heads_i64'], ['shape_seg_heads'], { axis: attr.int(0) })
    .node('Expand', ['c_seg_init', 'shape_seg_heads'], ['seg_neg_init'])
    .node('Expand', ['c_zero', 'shape_seg_heads'], ['seg_zeros']);
}

/** One WeightedHGTConv layer (eqs. 15–16): h_in [N × hidden] → h_out [N × hidden]. */
function addLayer(
  w: OnnxGraphWriter,
  config: HgtConfig,
  layer: HgtLayerParams,
  l: number,
  input: { all: string; api: string; param: string },
  hOut: string,
): void {
  const { hidden, heads } = config;
  const k = (s: string) => `l${l}_${s}`;
  const B = LAYOUT.B;
  w.floatInitializer(k('W_api'), stackProjections(hidden, layer, 'api'), [hidden, B * hidden])
    .floatInitializer(k('W_param'), stackProjections(hidden, layer, 'param'), [hidden, B * hidden])
    .floatInitializer(k('bRel'), layer.bRel, [R, heads])
    .floatInitializer(k('Wo'), layer.Wo, [hidden, hidden])
    .floatInitializer(k('gamma'), layer.lnGamma, [hidden])
    .floatInitializer(k('beta'), layer.lnBeta, [hidden])
    .node('MatMul', [input.api, k('W_api')], [k('proj_api')])
    .node('MatMul', [input.param, k('W_param')], [k('proj_param')])
    .node('Reshape', [k('proj_api'), 'c_shape_rows_hidden'], [k('rows_api')])
    .node('Reshape', [k('proj_param'), 'c_shape_rows_hidden'], [k('rows_param')])
    .node('Concat', [k('rows_api'), k('rows_param')], [k('rows')], { axis: attr.int(0) })
    .node('Gather', [k('rows'), 'idx_q'], [k('q')], { axis: attr.int(0) })
    .node('Gather', [k('rows'), 'idx_k'], [k('k')], { axis: attr.int(0) })
    .node('Gather', [k('rows'), 'idx_v'], [k('v')], { axis: attr.int(0) })
    // Per-head q · key / √d_k as one MatMul with a block matrix (eq. 15).
    .node('Mul', [k('q'), k('k')], [k('qk')])
    .node('MatMul', [k('qk'), 'c_head_sum'], [k('dot')])
    .node('Gather', [k('bRel'), 'e_rel'], [k('b_edge')], { axis: attr.int(0) });
  const logits = k('logits');
  if (config.edgeWeightBias)
    w.node('Add', [k('dot'), k('b_edge')], [k('logits_nw')]).node(
      'Add',
      [k('logits_nw'), 'e_w_col'],
      [logits],
    );
  else w.node('Add', [k('dot'), k('b_edge')], [logits]);
  addSegmentSoftmax(
    w,
    { logits, seg: 'seg', segIdx: 'seg_idx', negInit: 'seg_neg_init', zeros: 'seg_zeros', out: k('alpha') },
    k('sm'),
  );
  // m_v = Σ_e α_e,k · v_e,k over the edges into v, all relations together; 0 for a node without in-edges.
  w.node('MatMul', [k('alpha'), 'c_head_spread'], [k('alpha_cols')]).node(
    'Mul',
    [k('alpha_cols'), k('v')],
    [k('msg')],
  );
  addSortedSegmentSum(w, { rows: k('msg'), start: 'seg_start', end: 'seg_end', out: k('m') }, k('agg'));
  // eq. 16: h ← LayerNorm(h + LeakyReLU(m · Wo)).
  w.node('MatMul', [k('m'), k('Wo')], [k('mo')])
    .node('LeakyRelu', [k('mo')], [k('mo_act')], { alpha: attr.float(config.leakySlope) })
    .node('Add', [input.all, k('mo_act')], [k('res')])
    .node('LayerNormalization', [k('res'), k('gamma'), k('beta')], [hOut], {
      axis: attr.int(-1),
      epsilon: attr.float(config.lnEps),
    });
}

/** API rows and parameter rows of `h`, for the next layer's per-kind projections. */
function addKindSlices(w: OnnxGraphWriter, h: string): { api: string; param: string } {
  const api = `${h}_api`;
  const param = `${h}_param`;
  w.node('Slice', [h, 'c_zero_i64_1', 'n_api', 'c_axes0'], [api]).node(
    'Slice',
    [h, 'n_api', 'c_int64_max', 'c_axes0'],
    [param],
  );
  return { api, param };
}

/**
 * eq. 17 (+ the optional Hadamard term) without materialising [h_u ; h_v] per pair: h · [src dst] is
 * computed once per node ([N × 2], flattened so node n's terms sit at 2n and 2n + 1) and gathered per pair;
 * Σ_i h_u,i h_v,i had_i = Σ_i (h ⊙ had)_u,i · h_v,i. `paper` leaves the Hadamard part out of the graph.
 */
function addLinkHead(w: OnnxGraphWriter, params: HgtParams, h: string): void {
  const { hidden, pairHead } = params.config;
  const { head } = params;
  const F = pairFeatureCount(params.config);
  // The terms are summed in the trainer's order: z_src + z_dst + b, then the Hadamard term, then the features.
  const graphLogit = F > 0 ? 'z_graph' : 'pair_logit';
  const srcDst = new Float32Array(hidden * 2);
  for (let i = 0; i < hidden; i++) {
    srcDst[i * 2] = head.src[i] as number;
    srcDst[i * 2 + 1] = head.dst[i] as number;
  }
  w.floatInitializer('head_src_dst', srcDst, [hidden, 2])
    .floatInitializer('head_b', head.b, [1])
    .int32Initializer('c_two_i32', [2], [])
    .node('MatMul', [h, 'head_src_dst'], ['node_terms'])
    .node('Reshape', ['node_terms', 'c_shape_flat'], ['node_terms_flat'])
    .node('Mul', [HGT_ONNX.pairSrc, 'c_two_i32'], ['pair_src_x2'])
    .node('Mul', [HGT_ONNX.pairDst, 'c_two_i32'], ['pair_dst_x2'])
    .node('Add', ['pair_dst_x2', 'c_one_i32'], ['pair_dst_x2_1'])
    .node('Gather', ['node_terms_flat', 'pair_src_x2'], ['z_src'], { axis: attr.int(0) })
    .node('Gather', ['node_terms_flat', 'pair_dst_x2_1'], ['z_dst'], { axis: attr.int(0) })
    .node('Add', ['z_src', 'z_dst'], ['z_sd'])
    .node('Add', ['z_sd', 'head_b'], [pairHead === 'hadamard' ? 'z_lin' : graphLogit]);
  if (pairHead === 'hadamard')
    w.floatInitializer('head_had', head.had, [hidden])
      .node('Mul', [h, 'head_had'], ['h_had'])
      .node('Gather', ['h_had', HGT_ONNX.pairSrc], ['hu_had'], { axis: attr.int(0) })
      .node('Gather', [h, HGT_ONNX.pairDst], ['h_v'], { axis: attr.int(0) })
      .node('Mul', ['hu_had', 'h_v'], ['uv_had'])
      .node('ReduceSum', ['uv_had', 'c_axes1'], ['z_had'], { keepdims: attr.int(0) })
      .node('Add', ['z_lin', 'z_had'], [graphLogit]);
  const gated = F > 0 && (head.dir?.length ?? 0) > 0;
  if (F > 0)
    // z += pair_feat · w_f: [P × F] · [F × 1], flattened to [P] like the other terms.
    w.floatInitializer('head_feat', params.head.feat!, [F, 1])
      .node('MatMul', [HGT_ONNX.pairFeat, 'head_feat'], ['z_feat_col'])
      .node('Reshape', ['z_feat_col', 'c_shape_flat'], ['z_feat'])
      .node('Add', ['z_graph', 'z_feat'], [gated ? 'z_ungated' : 'pair_logit']);
  if (gated)
    // The direction gate (issue 16): z += log σ(pair_feat · dir) = −Softplus(−pair_feat · dir).
    w.floatInitializer('head_dir', head.dir!, [F, 1])
      .node('MatMul', [HGT_ONNX.pairFeat, 'head_dir'], ['z_dir_col'])
      .node('Reshape', ['z_dir_col', 'c_shape_flat'], ['z_dir'])
      .node('Neg', ['z_dir'], ['z_dir_neg'])
      .node('Softplus', ['z_dir_neg'], ['z_dir_softplus'])
      .node('Sub', ['z_ungated', 'z_dir_softplus'], ['pair_logit']);
  w.node('Sigmoid', ['pair_logit'], [HGT_ONNX.scores]);
}

function expectLength(what: string, a: Float32Array, n: number): void {
  if (a.length !== n)
    throw new HgtShapeError(`${what} has ${a.length} values, expected ${n} for this config`);
}

/** Refuses parameters that do not match their config, before any bytes are written. */
export function checkHgtParams(params: HgtParams): void {
  const { inputDim, hidden, heads, layers } = params.config;
  if (!(hidden > 0 && heads > 0 && hidden % heads === 0))
    throw new HgtShapeError(`hidden (${hidden}) must be a positive multiple of heads (${heads})`);
  if (!(inputDim > 0)) throw new HgtShapeError(`inputDim must be positive, got ${inputDim}`);
  for (const [kind, enc] of Object.entries(params.encoder)) {
    expectLength(`encoder.${kind}.W`, enc.W, inputDim * hidden);
    for (const v of ['b', 'lnGamma', 'lnBeta'] as const) expectLength(`encoder.${kind}.${v}`, enc[v], hidden);
  }
  if (params.layers.length !== layers)
    throw new HgtShapeError(`config says ${layers} layers, params hold ${params.layers.length}`);
  params.layers.forEach((layer, l) => {
    for (const m of ['Wq', 'Wk', 'Wv'] as const) {
      if (layer[m].length !== R)
        throw new HgtShapeError(`layers[${l}].${m} has ${layer[m].length} relations, expected ${R}`);
      layer[m].forEach((W, r) => expectLength(`layers[${l}].${m}[${r}]`, W, hidden * hidden));
    }
    expectLength(`layers[${l}].bRel`, layer.bRel, R * heads);
    expectLength(`layers[${l}].Wo`, layer.Wo, hidden * hidden);
    expectLength(`layers[${l}].lnGamma`, layer.lnGamma, hidden);
    expectLength(`layers[${l}].lnBeta`, layer.lnBeta, hidden);
  });
  for (const v of ['src', 'dst', 'had'] as const) expectLength(`head.${v}`, params.head[v], hidden);
  expectLength('head.b', params.head.b, 1);
  const F = pairFeatureCount(params.config);
  if (F > 0) expectLength('head.feat', params.head.feat ?? new Float32Array(0), F);
  const dir = params.head.dir;
  if (dir && dir.length > 0) {
    if (F === 0) throw new HgtShapeError('head.dir (the direction gate) needs pair features in the config');
    expectLength('head.dir', dir, F);
  }
}

/**
 * Writes the HGT as ONNX (IR 8, opset 18). Inputs: x_api [n_api × inputDim], x_param [n_param × inputDim]
 * (float32), edge_src / edge_dst / edge_rel [n_edges] (int32), edge_w [n_edges] (float32), pair_src /
 * pair_dst [n_pairs] (int32), and with pair features pair_feat [n_pairs × F] (float32, `pairFeatureMatrix`). Outputs: embeddings [n_nodes × hidden], scores [n_pairs] = p_uv. Edge order
 * does not matter; edge relations must match their endpoints' kinds (`checkRelationKinds`). The config is
 * stored as JSON under the `hgt.config` metadata key. Same params → same bytes.
 */
export function exportHgt(params: HgtParams, options: ExportHgtOptions = {}): Uint8Array {
  checkHgtParams(params);
  const { config } = params;
  const { inputDim, hidden } = config;
  const w = new OnnxGraphWriter('hgt_link_scorer')
    .input(HGT_ONNX.xApi, 'float32', ['n_api', inputDim])
    .input(HGT_ONNX.xParam, 'float32', ['n_param', inputDim])
    .input(HGT_ONNX.edgeSrc, 'int32', ['n_edges'])
    .input(HGT_ONNX.edgeDst, 'int32', ['n_edges'])
    .input(HGT_ONNX.edgeRel, 'int32', ['n_edges'])
    .input(HGT_ONNX.edgeW, 'float32', ['n_edges'])
    .input(HGT_ONNX.pairSrc, 'int32', ['n_pairs'])
    .input(HGT_ONNX.pairDst, 'int32', ['n_pairs']);
  const F = pairFeatureCount(config);
  if (F > 0) w.input(HGT_ONNX.pairFeat, 'float32', ['n_pairs', F]);
  addConstants(w, config);
  w.int64Initializer('c_zero_i64_1', [0], [1]);
  addNodeShapes(w);
  addEncoder(w, config, params.encoder.api, HGT_ONNX.xApi, 'h0_api');
  addEncoder(w, config, params.encoder.param, HGT_ONNX.xParam, 'h0_param');
  // API nodes first, then parameter nodes: the node order of HgtGraphTensors.
  w.node('Concat', ['h0_api', 'h0_param'], ['h0'], { axis: attr.int(0) });
  if (params.layers.length > 0) addEdgeIndices(w, config);
  let h = { all: 'h0', api: 'h0_api', param: 'h0_param' };
  params.layers.forEach((layer, l) => {
    const next = `h${l + 1}`;
    addLayer(w, config, layer, l, h, next);
    h = { all: next, ...(l + 1 < params.layers.length ? addKindSlices(w, next) : { api: '', param: '' }) };
  });
  w.node('Identity', [h.all], [HGT_ONNX.embeddings]);
  addLinkHead(w, params, h.all);
  return w
    .output(HGT_ONNX.embeddings, 'float32', ['n_nodes', hidden])
    .output(HGT_ONNX.scores, 'float32', ['n_pairs'])
    .toBytes({
      producerName: 'naviagent-web',
      producerVersion: '1',
      docString:
        options.docString ??
        'HGT link scorer (NaviAgent eqs. 13–17): node embeddings of a Tool World graph and p_uv of pairs.',
      metadata: {
        ...options.metadata,
        [HGT_METADATA.format]: HGT_ONNX_FORMAT,
        [HGT_METADATA.config]: JSON.stringify(config),
        [HGT_METADATA.relations]: JSON.stringify(HGT_RELATIONS),
        ...(F > 0 ? { [HGT_METADATA.pairFeatures]: JSON.stringify(PAIR_FEATURES) } : {}),
      },
    });
}

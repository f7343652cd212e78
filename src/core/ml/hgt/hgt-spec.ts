/**
 * The Tool World Navigation Model's link scorer: a Heterogeneous Graph Transformer (NaviAgent §3.2.1 and
 * Appendix B.1, eqs. 13–17). This file is the contract shared by the trainer (TypeScript autograd), the ONNX
 * exporter and the onnxruntime-web runner: the tensor layout of a graph, the parameter layout, and the exact
 * forward computation, written out once here so the three implementations agree to 1e-4.
 *
 * Forward (all matrices row-major, `x · W` with W of shape [in × out], so ONNX MatMul takes them as they are):
 *
 *   Nodes are ordered API nodes first (0 … apiCount−1), then parameter nodes (apiCount … N−1).
 *   eq. 14, per node type τ:   h′ = LayerNorm_τ(LeakyReLU(x_τ · encW_τ + encB_τ))        [N × hidden]
 *   for each layer ℓ (eqs. 15–16), with d_k = hidden / heads and relation r = edgeRel[e]:
 *     q_e = (h[src_e] · Wq[ℓ][r])_k,  key_e = (h[dst_e] · Wk[ℓ][r])_k   (head k: columns k·d_k … (k+1)·d_k − 1)
 *     logit_{e,k} = q_e · key_e / √d_k + bRel[ℓ][r·heads + k] + (edgeWeightBias ? edgeW[e] : 0)
 *     α_{e,k} = softmax over the edges e′ with dst_{e′} = dst_e and rel_{e′} = rel_e   (per head)
 *     m_v = Concat_k Σ_{e: dst_e = v} α_{e,k} · (h[src_e] · Wv[ℓ][r])_k              (all relations summed)
 *     h ← LayerNorm_ℓ(h + LeakyReLU(m · Wo[ℓ]))                       (m_v = 0 for a node with no in-edges)
 *   eq. 17 link head for a pair (u, v):
 *     z_uv = h_u · headSrc + h_v · headDst + (pairHead === 'hadamard' ? Σ_i h_u,i · h_v,i · headHad_i : 0) + headB
 *            + (pairFeatures > 0 ? Σ_j f_uv,j · headFeat_j : 0)
 *            + (headDir given ? log σ(Σ_j f_uv,j · headDir_j) : 0)          (the direction gate, issue 16)
 *     p_uv = σ(z_uv)
 *   f_uv (input `pair_feat`, [P × pairFeatures]) are the simple pair features of the logistic-regression
 *   baseline, computed in TypeScript by `pairFeatureMatrix` (src/core/graph-tensors/pair-features.ts) from the
 *   graph tensors (+ `io`). Beyond the paper: with them the model contains that regression as a special case
 *   and the graph part has to add on top of it (docs/hgt.md, "What made it work").
 *
 * Note eq. 15 as printed applies the query projection to the *source* u and the key projection to the target
 * v; we follow the text. `pairHead: 'paper'` is eq. 17 exactly; `'hadamard'` (beyond the paper) adds an
 * element-wise product term, because eq. 17 alone is separable — σ(f(u) + g(v)) — and cannot say that u
 * links to v *in particular*. The eval reports both.
 *
 * LayerNorm is over the hidden dimension with learned γ, β and ε = `lnEps` (ONNX LayerNormalization,
 * axis −1). LeakyReLU slope `leakySlope` (PyTorch's default 0.01; the paper does not say).
 */

export type PairHead = 'paper' | 'hadamard';

export interface HgtConfig {
  /** Length of a node's feature vector (eq. 13): embedding dimension + 4 statistics. */
  inputDim: number;
  /** d in the paper; 64 by default. Must be divisible by `heads`. */
  hidden: number;
  /** 8 in the paper. */
  heads: number;
  /** 2 in the paper. */
  layers: number;
  leakySlope: number;
  lnEps: number;
  /** Adds w̃_uv to the attention logit (eq. 15). False for the "no w̃ bias" ablation. */
  edgeWeightBias: boolean;
  pairHead: PairHead;
  /**
   * Number of pair features f_uv added linearly to the link logit (PAIR_FEATURES.length), 0 for none. Absent
   * in configs written before the term existed: read as 0 (`pairFeatureCount`).
   */
  pairFeatures?: number;
}

/** Pair features of a config (0 when the config predates them). */
export const pairFeatureCount = (config: Pick<HgtConfig, 'pairFeatures'>): number => config.pairFeatures ?? 0;

export const DEFAULT_HGT_CONFIG: Omit<HgtConfig, 'inputDim'> = {
  hidden: 64,
  heads: 8,
  layers: 2,
  leakySlope: 0.01,
  lnEps: 1e-5,
  edgeWeightBias: true,
  pairHead: 'hadamard',
  // The length of PAIR_FEATURES (src/core/graph-tensors/pair-features.ts; hgt-spec.test.ts ties them).
  pairFeatures: 34,
};

/** Type-specific encoder (eq. 14). */
export interface HgtEncoderParams {
  /** [inputDim × hidden] */
  W: Float32Array;
  /** [hidden] */
  b: Float32Array;
  /** LayerNorm γ, β: [hidden] each. */
  lnGamma: Float32Array;
  lnBeta: Float32Array;
}

/** One WeightedHGTConv layer (eqs. 15–16). */
export interface HgtLayerParams {
  /** Per relation, in HGT_RELATIONS order: [hidden × hidden] each (all heads side by side). */
  Wq: Float32Array[];
  Wk: Float32Array[];
  Wv: Float32Array[];
  /** b_r^(k): [relations × heads], row-major. */
  bRel: Float32Array;
  /** [hidden × hidden] output projection, no bias (eq. 16). */
  Wo: Float32Array;
  lnGamma: Float32Array;
  lnBeta: Float32Array;
}

/** Link head (eq. 17, plus the optional Hadamard term). */
export interface HgtHeadParams {
  /** [hidden] each. `had` is all zeros and unused when pairHead is 'paper'. */
  src: Float32Array;
  dst: Float32Array;
  had: Float32Array;
  /** [1] */
  b: Float32Array;
  /** [pairFeatures] weights of the pair features; absent (or empty) without them. */
  feat?: Float32Array;
  /**
   * [pairFeatures] raw weights of the direction gate log σ(f_uv · dir) (src/core/ml/pair-direction.ts: an
   * antisymmetric score, dir·f(v, u) = −dir·f(u, v) for API pairs, scaled by the λ chosen on validation);
   * fitted before the epochs and kept fixed by them. Absent (or empty): no gate, the model of issue 5.
   */
  dir?: Float32Array;
}

export interface HgtParams {
  config: HgtConfig;
  encoder: { api: HgtEncoderParams; param: HgtEncoderParams };
  layers: HgtLayerParams[];
  head: HgtHeadParams;
}

/**
 * RETO's learned layer predictor (§3.2, Appendix A.1): separate query and tool projections (Linear →
 * LayerNorm → ReLU), a post-norm Transformer encoder over [query; tools], and an ordinal head with one
 * weight vector shared by all thresholds plus a bias per threshold (Cao et al., 2020). docs: models/README.md.
 */
export interface LayerPredictorConfig {
  /** Width of the embedder's vectors (query and tool documents share it). */
  inputDim: number;
  /** Structure features appended to each tool's document vector (layer-features.ts; 0 = text only). */
  toolExtra: number;
  /** Projection / model width d. */
  hidden: number;
  heads: number;
  /** Transformer encoder layers. */
  layers: number;
  /** Width of the encoder's feed-forward block. */
  ffn: number;
  /** Layers the head can assign: K − 1 thresholds, predicted layers 0 … K − 1. */
  maxLayers: number;
  dropout: number;
}

/**
 * The paper's configuration: projection 256, 8 heads, 2 layers, dropout 0.1 (the feed-forward width is not
 * given; 2 × d here).
 */
export const PAPER_LAYER_CONFIG: Omit<LayerPredictorConfig, 'inputDim' | 'toolExtra'> = {
  hidden: 256,
  heads: 8,
  layers: 2,
  ffn: 512,
  maxLayers: 4,
  dropout: 0.1,
};

/**
 * What the project ships and evaluates: the paper's sweep point d = 64 with 8 heads of width 8 (§4.2.6 finds
 * SoPR flat from 64 to 1024), 16× fewer encoder multiply-adds than d = 256, so a dataset trains in seconds on
 * a shared 2-core CPU. `--paper` in the scripts selects PAPER_LAYER_CONFIG.
 */
export const DEFAULT_LAYER_CONFIG: Omit<LayerPredictorConfig, 'inputDim' | 'toolExtra'> = {
  ...PAPER_LAYER_CONFIG,
  hidden: 64,
  ffn: 128,
};

/** LayerNorm ε, as PyTorch's default (also written into the ONNX LayerNormalization nodes). */
export const LAYER_NORM_EPS = 1e-5;

export interface Linear {
  /** [in × out], row-major. */
  w: Float32Array;
  /** [out]. */
  b: Float32Array;
}

export interface Norm {
  gamma: Float32Array;
  beta: Float32Array;
}

export interface EncoderLayerParams {
  q: Linear;
  k: Linear;
  v: Linear;
  o: Linear;
  norm1: Norm;
  ff1: Linear;
  ff2: Linear;
  norm2: Norm;
}

export interface LayerPredictorParams {
  queryProj: Linear;
  queryNorm: Norm;
  toolProj: Linear;
  toolNorm: Norm;
  encoder: EncoderLayerParams[];
  /** Ordinal head: shared weight [hidden] and one bias per threshold [maxLayers − 1]. */
  headW: Float32Array;
  headB: Float32Array;
}

/** Every parameter array with a stable name, in a fixed order (optimizer, export, hashing). */
export function namedParams(p: LayerPredictorParams): Array<[string, Float32Array, number[]]> {
  const out: Array<[string, Float32Array, number[]]> = [];
  const lin = (name: string, l: Linear) => {
    out.push([`${name}.w`, l.w, [l.w.length / l.b.length, l.b.length]], [`${name}.b`, l.b, [l.b.length]]);
  };
  const norm = (name: string, n: Norm) => {
    out.push([`${name}.gamma`, n.gamma, [n.gamma.length]], [`${name}.beta`, n.beta, [n.beta.length]]);
  };
  const d = p.queryProj.b.length;
  lin('queryProj', p.queryProj);
  norm('queryNorm', p.queryNorm);
  lin('toolProj', p.toolProj);
  norm('toolNorm', p.toolNorm);
  p.encoder.forEach((l, i) => {
    lin(`enc${i}.q`, l.q);
    lin(`enc${i}.k`, l.k);
    lin(`enc${i}.v`, l.v);
    lin(`enc${i}.o`, l.o);
    norm(`enc${i}.norm1`, l.norm1);
    lin(`enc${i}.ff1`, l.ff1);
    lin(`enc${i}.ff2`, l.ff2);
    norm(`enc${i}.norm2`, l.norm2);
  });
  out.push(['head.w', p.headW, [d, 1]], ['head.b', p.headB, [p.headB.length]]);
  return out;
}

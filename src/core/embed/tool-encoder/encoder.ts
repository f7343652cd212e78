import { normalizeInPlace, type Embedder } from '../embedder';
import {
  DEFAULT_FEATURE_SPEC,
  encoderFeatures,
  type EncoderFeatureSpec,
  type EncoderFeatures,
} from './features';

/**
 * The project's trained tool-retrieval encoder: an embedding bag. A text's vector is the weighted sum of
 * its hashed features' rows, L2-normalised: e(x) = Σᵢ wᵢ·E[idᵢ] / ‖Σᵢ wᵢ·E[idᵢ]‖. A linear layer on top
 * would add nothing (a linear map of a sum is a sum of mapped rows), and without a non-linearity the bag
 * is what runs in well under a millisecond per request.
 */
export interface ToolEncoderWeights {
  spec: EncoderFeatureSpec;
  dimension: number;
  /** The embedding table, row-major [spec.buckets × dimension]. */
  table: Float32Array;
}

export const TOOL_ENCODER_ID = 'tool-encoder';

/** The encoder's forward pass on precomputed features (the ONNX graph computes the same). */
export function encodeFeatures(w: ToolEncoderWeights, f: EncoderFeatures): Float32Array {
  const d = w.dimension;
  const acc = new Float64Array(d);
  for (let i = 0; i < f.ids.length; i++) {
    const row = (f.ids[i] as number) * d;
    const x = f.weights[i] as number;
    for (let k = 0; k < d; k++) acc[k] = (acc[k] as number) + x * (w.table[row + k] as number);
  }
  return normalizeInPlace(Float32Array.from(acc));
}

export function encodeText(w: ToolEncoderWeights, text: string): Float32Array {
  return encodeFeatures(w, encoderFeatures(text, w.spec));
}

/** The trained encoder as an `Embedder` (TypeScript forward; the ONNX model computes the same vectors). */
export class ToolEncoderEmbedder implements Embedder {
  readonly dimension: number;
  /** Per-row inverse document frequency from `fit` (the catalogue at hand); absent: every row weighs 1. */
  private idf: Float32Array | undefined;

  constructor(
    readonly weights: ToolEncoderWeights,
    readonly id = TOOL_ENCODER_ID,
  ) {
    this.dimension = weights.dimension;
  }

  /**
   * Row IDF from a corpus the deployment has (the catalogue's tool texts): a word every tool shares ("get",
   * "api") then says less than one only this tool has. It scales the input weights, so the ONNX graph is
   * unchanged (its weights input carries it).
   */
  fit(corpus: readonly string[]): void {
    this.idf = rowIdf(this.weights.spec, corpus);
  }

  features(text: string): EncoderFeatures {
    const f = encoderFeatures(text, this.weights.spec);
    const idf = this.idf;
    if (idf)
      for (let i = 0; i < f.ids.length; i++)
        f.weights[i] = (f.weights[i] as number) * (idf[f.ids[i] as number] as number);
    return f;
  }

  embedSync(text: string): Float32Array {
    return encodeFeatures(this.weights, this.features(text));
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedSync(t));
  }
}

/** idf(row) = ln((1 + n) / (1 + df)) + 1 over the texts' hashed rows (as the lexical embedder's). */
export function rowIdf(spec: EncoderFeatureSpec, corpus: readonly string[]): Float32Array {
  const df = new Float64Array(spec.buckets);
  for (const t of corpus) for (const id of encoderFeatures(t, spec).ids) df[id] = (df[id] as number) + 1;
  const n = corpus.length;
  return Float32Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
}

export { DEFAULT_FEATURE_SPEC };

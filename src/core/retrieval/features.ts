import { splitWords } from '../embed/tokenize';
import type { EmbeddingCache } from './embedding-cache';
import type { RetrievalQuery } from './retriever';

/**
 * How a learned head sees (query, history), over a FROZEN embedder:
 * - `joint`: DTDR-L as the paper states it (§4.1): one embedding of the string query ⊕ history.
 * - `separate`: embedding(query) ‖ embedding(history) ‖ one-hot history length. The joint string cannot
 *   tell a finished plan from an unfinished one (the words of the called tools are mostly in the query
 *   already), so END_OF_PLAN is hard for it; separate blocks and the length make it linear-separable.
 * - `query`: embedding(query) only: static learned retrieval (TinyAgent ToolRAG, DTDR's "LR" baseline).
 */
export type InputForm = 'separate' | 'joint' | 'query';

export interface FeatureSpec {
  form: InputForm;
  /** Embedder output size. */
  dimension: number;
  /**
   * `separate`: the history block is Σ decay^(age) · embedding(tool name), normalised, age 0 = the last
   * call, so order leaves a trace in a bag of names. Default 0.5.
   */
  historyDecay: number;
  /** `separate`: one-hot history length 0 … buckets−2, the last bucket for anything longer. Default 8. */
  lengthBuckets: number;
}

export function featureSpec(
  form: InputForm,
  dimension: number,
  options: Partial<FeatureSpec> = {},
): FeatureSpec {
  return {
    form,
    dimension,
    historyDecay: options.historyDecay ?? 0.5,
    lengthBuckets: options.lengthBuckets ?? 8,
  };
}

export function inputDim(spec: FeatureSpec): number {
  return spec.form === 'separate' ? 2 * spec.dimension + spec.lengthBuckets : spec.dimension;
}

/**
 * Leading inputs that depend on the query alone, the same at every step of a plan: the query block of
 * `separate` and all of `query`. The trainer computes them once per plan (0: nothing to share).
 */
export function queryOnlyInputs(spec: FeatureSpec): number {
  return spec.form === 'joint' ? 0 : spec.dimension;
}

/** The text a called tool is embedded by in the history block: its name as words ("contacts search"). */
export function toolNameText(name: string): string {
  return splitWords(name).join(' ');
}

/** The string the joint form embeds: query ⊕ history (DTDR §4.1), history as words in call order. */
export function jointText(q: RetrievalQuery): string {
  return q.history.length === 0 ? q.query : `${q.query} | ${q.history.map(toolNameText).join(' , ')}`;
}

/** Texts `buildInput` reads from the cache for this query. */
export function featureTexts(spec: FeatureSpec, q: RetrievalQuery): string[] {
  switch (spec.form) {
    case 'joint':
      return [jointText(q)];
    case 'query':
      return [q.query];
    case 'separate':
      return [q.query, ...new Set(q.history.map(toolNameText))];
  }
}

/** The head's input vector for (query, history); every text must be cached (see `featureTexts`). */
export function buildInput(spec: FeatureSpec, q: RetrievalQuery, cache: EmbeddingCache): Float32Array {
  const x = new Float32Array(inputDim(spec));
  if (spec.form === 'joint') {
    x.set(cache.get(jointText(q)));
    return x;
  }
  x.set(cache.get(q.query));
  if (spec.form === 'query') return x;
  const d = spec.dimension;
  const n = q.history.length;
  if (n > 0) {
    const h = x.subarray(d, 2 * d);
    let w = 1;
    for (let j = n - 1; j >= 0; j--, w *= spec.historyDecay) {
      const v = cache.get(toolNameText(q.history[j] as string));
      for (let i = 0; i < d; i++) h[i] = (h[i] as number) + w * (v[i] as number);
    }
    let norm = 0;
    for (let i = 0; i < d; i++) norm += (h[i] as number) ** 2;
    if (norm > 0) for (let i = 0; i < d; i++) h[i] = (h[i] as number) / Math.sqrt(norm);
  }
  x[2 * d + Math.min(n, spec.lengthBuckets - 1)] = 1;
  return x;
}

/** A human-readable statement of the input layout, for manifests. */
export function describeInput(spec: FeatureSpec): string {
  const d = spec.dimension;
  switch (spec.form) {
    case 'joint':
      return `x[0..${d}) = embed(query + " | " + history tool names as words joined by " , ")`;
    case 'query':
      return `x[0..${d}) = embed(query)`;
    case 'separate':
      return (
        `x[0..${d}) = embed(query); x[${d}..${2 * d}) = unit-normalised Σ_j ${spec.historyDecay}^(n-1-j) · ` +
        `embed(history[j] name as words), zeros for an empty history; x[${2 * d}..${2 * d + spec.lengthBuckets}) = ` +
        `one-hot min(n, ${spec.lengthBuckets - 1}) where n = history length`
      );
  }
}

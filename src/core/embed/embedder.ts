/**
 * Turns texts into unit-length vectors. Implementations: the zero-download lexical embedder (here) and,
 * later, transformers.js models. `id` names the embedder in the UI and in every result it shapes.
 */
export interface Embedder {
  readonly id: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** Cosine similarity of two vectors; 0 when either is all zeros. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Scales a vector to unit length in place (no-op for the zero vector) and returns it. */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += (v[i] as number) ** 2;
  if (n > 0) {
    const inv = 1 / Math.sqrt(n);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
  }
  return v;
}

import type { Embedder } from '../embed/embedder';
import { MissingEmbeddingError } from './missing-embedding-error';

/**
 * Text → unit vector, filled ahead of time. Retrievers rank synchronously and read embeddings from here, so
 * the encoder's cost is paid once per text (and kept out of per-call timings, DTDR §6 "Efficiency").
 */
export class EmbeddingCache {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(
    readonly embedder: Embedder,
    private readonly batchSize = 256,
  ) {}

  /** Embeds every text not cached yet, in batches. */
  async warm(texts: Iterable<string>): Promise<void> {
    const missing = [...new Set(texts)].filter((t) => !this.vectors.has(t));
    for (let i = 0; i < missing.length; i += this.batchSize) {
      const batch = missing.slice(i, i + this.batchSize);
      const vs = await this.embedder.embed(batch);
      batch.forEach((t, j) => this.vectors.set(t, vs[j] as Float32Array));
    }
  }

  has(text: string): boolean {
    return this.vectors.has(text);
  }

  get(text: string): Float32Array {
    const v = this.vectors.get(text);
    if (!v) throw new MissingEmbeddingError(text);
    return v;
  }

  get size(): number {
    return this.vectors.size;
  }
}

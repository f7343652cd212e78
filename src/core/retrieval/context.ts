import type { Embedder } from '../embed/embedder';
import { EmbeddingCache } from './embedding-cache';
import type { CandidateTool } from './retriever';

/** What every retrieval method is built from (method-registry.ts). */
export interface RetrieverContext {
  catalogue: CandidateTool[];
  embedder: Embedder;
  seed: number;
  /**
   * Embeddings shared by all methods and warmed by the caller before `rank` (see `Retriever.textsToEmbed`).
   * Absent: the retriever keeps a private cache and its `fit` warms what `fit` needs.
   */
  cache?: EmbeddingCache;
}

export function cacheOf(ctx: RetrieverContext): EmbeddingCache {
  return ctx.cache ?? new EmbeddingCache(ctx.embedder);
}

import type { Embedder } from '../embed/embedder';
import { EmbeddingCache } from './embedding-cache';
import type { FitMemo } from './fit-memo';
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
  /**
   * Shared by methods built over the same catalogue and embedder: a model trained by one (DTDR-L) is reused
   * by another that contains it (hybrid) instead of trained again. Absent: every method trains its own.
   */
  fits?: FitMemo;
}

export function cacheOf(ctx: RetrieverContext): EmbeddingCache {
  return ctx.cache ?? new EmbeddingCache(ctx.embedder);
}

import { errorGuard } from '../util/error-guard';

const NAME = 'MissingEmbeddingError';

/** `EmbeddingCache.get` of a text nobody warmed: a caller bug, not a data problem. */
export class MissingEmbeddingError extends Error {
  static readonly isInstance = errorGuard<MissingEmbeddingError>(NAME);
  readonly code = 'missing-embedding';

  constructor(readonly text: string) {
    super(`no cached embedding for "${text.slice(0, 60)}": await cache.warm([text]) before rank()`);
    this.name = NAME;
  }
}

import { errorGuard } from '../core/util/error-guard';

const NAME = 'StorageFullError';

/**
 * A write the browser refused for lack of quota (`QuotaExceededError`). The transaction was aborted, so nothing
 * of the change is stored: the saved world is at its last consistent state. The message says which write
 * failed and what to do.
 */
export class StorageFullError extends Error {
  static readonly isInstance = errorGuard<StorageFullError>(NAME);
  readonly code = 'storage-full';

  constructor(readonly what: string) {
    super(
      `Storage is full: saving ${what} failed and nothing of it was written; the saved world is as it was before. ` +
        'Export the world to keep it, then free space (delete old model versions, other sites’ data) and reload.',
    );
    this.name = NAME;
  }
}

/** True for the browser's quota error, however the store layer wrapped it. */
export function isQuotaExceeded(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    const name = (x as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    if (typeof (x as { message?: unknown }).message === 'string' && /quota/i.test((x as Error).message))
      return true;
  }
  return false;
}

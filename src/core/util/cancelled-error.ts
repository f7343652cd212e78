import { errorGuard } from './error-guard';

const NAME = 'CancelledError';

/**
 * The one cancellation error: a job (training, an embedder switch, a search) stopped because someone asked
 * it to, or because what it worked for went away. It is the user's own choice, not a failure: UIs say what
 * still serves instead of showing an error.
 */
export class CancelledError extends Error {
  static readonly isInstance = errorGuard<CancelledError>(NAME);
  readonly code = 'cancelled';

  constructor(message = 'Cancelled.') {
    super(message);
    this.name = NAME;
  }
}

/** The signal's reason when it is an Error (a `CancelledError` with its message), else a plain cancel. */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new CancelledError();
}

/** Throws the signal's reason if it was aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

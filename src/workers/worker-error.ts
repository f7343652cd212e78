import { transferHandlers, type TransferHandler } from 'comlink';
import type { WorkerError } from './protocol';

/** `{name, code, message}` of anything thrown, so its kind survives the structured clone. */
export function toWorkerError(e: unknown): WorkerError {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { name: e.name, code: typeof code === 'string' ? code : null, message: e.message };
  }
  return { name: 'Error', code: null, message: String(e) };
}

/** A worker error as an Error again, with its name and code, so `X.isInstance` checks by name still work. */
export class RebuiltWorkerError extends Error {
  readonly code: string | null;
  constructor(w: WorkerError) {
    super(w.message);
    this.name = w.name;
    this.code = w.code;
  }
}

export function fromWorkerError(w: WorkerError): RebuiltWorkerError {
  return new RebuiltWorkerError(w);
}

/**
 * Makes comlink carry a thrown error as `{name, code, message}` and throw it again on the caller's side as
 * a `RebuiltWorkerError`, so `X.isInstance(e)` and `e.code` work on the UI side for every worker call that
 * throws (comlink's own handler keeps the name but drops the code). Both sides call it once, before the
 * first message; it is idempotent.
 */
export function installWorkerErrorTransfer(): void {
  const base = transferHandlers.get('throw');
  if (!base || (base as { typed?: boolean }).typed) return;
  const typed: TransferHandler<{ value: unknown }, { error: WorkerError }> & { typed: true } = {
    typed: true,
    canHandle: (value): value is { value: unknown } => base.canHandle(value),
    serialize: (thrown) => [{ error: toWorkerError(thrown.value) }, []],
    deserialize: (serialized) => {
      throw fromWorkerError(serialized.error);
    },
  };
  transferHandlers.set('throw', typed as TransferHandler<unknown, unknown>);
}

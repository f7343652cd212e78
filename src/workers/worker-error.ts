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

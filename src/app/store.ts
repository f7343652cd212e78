import { CancelledError } from '../core/util/cancelled-error';
import type { WorkerError } from '../workers/protocol';
import { fromWorkerError } from '../workers/worker-error';

/**
 * The base of the app's framework-free UI stores (`WorldSession`, `RetrievalModels`, `LinkModel`): the
 * state is replaced, never mutated, on every change, and listeners are told, so React reads it with
 * `useSyncExternalStore(store.subscribe, store.getState)` (src/ui/use-store.ts).
 */
export class Store<S extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(protected state: S) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): S => this.state;

  protected set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}

/** A worker job's end as it crosses the worker: the status either way, the error when it failed. */
type Outcome = { ok: true } | { ok: false; error: WorkerError };

/** A store that runs worker jobs (retraining, switching, restoring) and shows how each ended. */
export class JobStore<S extends { message: JobMessage | null }> extends Store<S> {
  /**
   * Waits for a job's outcome: on success `on.ok` patches the state; a failure patches `on.failed` and shows
   * its message (a cancel as info, see `failureMessage`); a job that threw (the worker died) shows the error;
   * `on.idle` is applied at the end either way. True when the job succeeded.
   */
  protected async settle<O extends Outcome>(
    outcome: Promise<O>,
    on: { ok: (o: O) => Partial<S>; failed: (o: O) => Partial<S>; idle: Partial<S> },
  ): Promise<boolean> {
    try {
      const o = await outcome;
      if (o.ok) {
        this.set(on.ok(o));
        return true;
      }
      const error = (o as Extract<Outcome, { ok: false }>).error;
      this.set({ ...on.failed(o), message: failureMessage(fromWorkerError(error)) });
      return false;
    } catch (e) {
      this.set({ message: { level: 'error', text: (e as Error).message } } as Partial<S>);
      return false;
    } finally {
      this.set(on.idle);
    }
  }
}

/** A message a store shows about its last job. */
export interface JobMessage {
  level: 'info' | 'error';
  text: string;
}

/**
 * How a failed job reads: a cancel is the user's own choice, so it says what still serves (info); anything
 * else is an error. Works on the error a worker sent back (rebuilt by name, see worker-error.ts).
 */
export function failureMessage(error: unknown): JobMessage {
  const text = error instanceof Error ? error.message : String(error);
  return { level: CancelledError.isInstance(error) ? 'info' : 'error', text };
}

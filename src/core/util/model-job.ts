import { CancelledError } from './cancelled-error';

/** A job in flight: what it trains for (`key`), its abort handle and its end. */
export interface RunningJob<K> {
  readonly key: K;
  readonly controller: AbortController;
  readonly promise: Promise<unknown>;
}

/**
 * The life cycle every trained model in the app shares (the retrieval hybrid and DTDR-L, the HGT link
 * model): one job at a time; a new model is built beside the serving one and swapped in (`commit`) only when
 * the job succeeds; Cancel aborts it and the previous model keeps serving; `invalidate` (the world the
 * models are of was replaced) bumps a generation counter, so a job started before cannot commit a model of
 * the old world even if it finishes.
 */
export class ModelJobs<K> {
  private generation = 0;
  private job: RunningJob<K> | null = null;

  constructor(private readonly onIdle: () => void = () => undefined) {}

  get current(): RunningJob<K> | null {
    return this.job;
  }

  get busy(): boolean {
    return this.job !== null;
  }

  /**
   * Runs `work` with an AbortSignal, then `commit`s its result unless the generation moved meanwhile (then
   * it rejects with a CancelledError saying `staleMessage`). The job is registered before `work` starts,
   * so a cancel that arrives during its first step already reaches it.
   */
  run<T>(
    key: K,
    work: (signal: AbortSignal) => Promise<T>,
    commit: (result: T) => void = () => undefined,
    staleMessage = 'The data changed during training: the model was not used.',
  ): Promise<T> {
    const controller = new AbortController();
    const generation = this.generation;
    const job: { -readonly [P in keyof RunningJob<K>]: RunningJob<K>[P] } = {
      key,
      controller,
      promise: Promise.resolve(),
    };
    this.job = job;
    const promise = (async () => {
      try {
        const result = await work(controller.signal);
        if (generation !== this.generation) throw new CancelledError(staleMessage);
        if (controller.signal.aborted) throw controller.signal.reason ?? new CancelledError();
        commit(result);
        return result;
      } finally {
        // After `invalidate` no job is registered: this one's end still means idle.
        if (this.job === job || this.job === null) {
          this.job = null;
          this.onIdle();
        }
      }
    })();
    job.promise = promise;
    return promise;
  }

  /** Stops the running job; whatever served before keeps serving. */
  cancel(message: string): void {
    this.job?.controller.abort(new CancelledError(message));
  }

  /** The models' world was replaced: the running job is cancelled and no job started before commits. */
  invalidate(message: string): void {
    this.generation++;
    this.cancel(message);
    this.job = null;
  }
}

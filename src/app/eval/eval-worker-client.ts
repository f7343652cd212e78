import { proxy, wrap } from 'comlink';
import type { EvalJob, EvalJobInput, EvalJobOutcome } from '../../core/eval/eval-job';
import type { EvalProgress } from '../../core/eval/run-eval';
import type { EvalBackend } from './eval-session';

/** How long Cancel waits for the worker to stop by itself before the worker is terminated. */
export const CANCEL_GRACE_MS = 500;

/** A started evaluation worker: its job (behind comlink in the app) and how to kill it. */
export interface EvalWorkerHandle {
  job: {
    run(input: EvalJobInput, onProgress: (p: EvalProgress) => void): Promise<EvalJobOutcome>;
    cancel(): Promise<void> | void;
  };
  terminate(): void;
}

const CANCELLED: EvalJobOutcome = {
  ok: false,
  cancelled: true,
  error: { name: 'CancelledError', message: 'Evaluation cancelled.' },
};

/**
 * The evaluation worker (src/workers/eval.worker.ts) behind comlink, started on the first run. A run's
 * progress comes back through a proxied callback.
 */
export function evalWorkerBackend(): EvalBackend {
  return cancellableBackend(() => {
    const worker = new Worker(new URL('../../workers/eval.worker.ts', import.meta.url), {
      type: 'module',
      name: 'eval',
    });
    const remote = wrap<EvalJob>(worker);
    return {
      job: {
        run: (input, onProgress) => remote.run(input, proxy(onProgress)),
        cancel: () => remote.cancel(),
      },
      terminate: () => worker.terminate(),
    };
  });
}

interface Running {
  killed: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  kill: () => void;
}

/**
 * Cancel asks the job to stop; the job looks at it between tasks, and a worker busy in one long step
 * (training the DTDR hybrid on a 4,000-tool dataset: over a minute) does not even read the message — the
 * progress bar stayed on "Training the DTDR hybrid" for 80 s after Cancel (second QA pass). So a job that
 * has not stopped within `graceMs` is killed with its worker, the run ends as cancelled at once, and the
 * next run starts a fresh worker.
 */
export function cancellableBackend(start: () => EvalWorkerHandle, graceMs = CANCEL_GRACE_MS): EvalBackend {
  let handle: EvalWorkerHandle | null = null;
  let running: Running | null = null;
  return {
    run: async (input, onProgress) => {
      const h = (handle ??= start());
      let kill = (): void => undefined;
      const stopped = new Promise<EvalJobOutcome>((resolve) => (kill = () => resolve(CANCELLED)));
      const run: Running = { killed: false, timer: null, kill };
      running = run;
      try {
        return await Promise.race([
          h.job.run(input, (p) => {
            // A killed job's last messages must not move the progress bar of the next run.
            if (!run.killed) onProgress(p);
          }),
          stopped,
        ]);
      } finally {
        if (run.timer) clearTimeout(run.timer);
        if (running === run) running = null;
      }
    },
    cancel: () => {
      const run = running;
      if (!run || run.timer) return;
      void Promise.resolve(handle?.job.cancel()).catch(() => undefined);
      run.timer = setTimeout(() => {
        if (running !== run) return;
        handle?.terminate();
        handle = null;
        run.killed = true;
        run.kill();
      }, graceMs);
    },
  };
}

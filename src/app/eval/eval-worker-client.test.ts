import { describe, expect, it } from 'vitest';
import type { EvalJobInput, EvalJobOutcome } from '../../core/eval/eval-job';
import type { EvalProgress } from '../../core/eval/run-eval';
import { cancellableBackend, type EvalWorkerHandle } from './eval-worker-client';

const INPUT = {
  datasetName: 'd',
  toolsJson: '[]',
  tasksJsonl: '',
  engine: 'oracle',
  configs: [],
} as EvalJobInput;

/** Fake workers busy in one long step: they never read Cancel, and their run never ends by itself. */
function busyWorkers() {
  const made: { terminated: number; progress?: (p: EvalProgress) => void }[] = [];
  const start = (): EvalWorkerHandle => {
    const w: (typeof made)[number] = { terminated: 0 };
    made.push(w);
    return {
      job: {
        run: (_input, onProgress) => {
          w.progress = onProgress;
          return new Promise<EvalJobOutcome>(() => undefined);
        },
        cancel: () => undefined,
      },
      terminate: () => void w.terminated++,
    };
  };
  return { made, start };
}

describe('cancellableBackend (Evaluate → Cancel)', () => {
  it('ends a run whose worker is too busy to read Cancel, by terminating the worker, within the grace time', async () => {
    const { made, start } = busyWorkers();
    const backend = cancellableBackend(start, 30);
    const seen: string[] = [];
    const run = backend.run(INPUT, (p) => seen.push(p.label));
    made[0]!.progress!({ label: 'Training the DTDR hybrid', done: 0, total: 1 } as EvalProgress);
    const t0 = performance.now();
    backend.cancel();
    const outcome = await run;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(outcome).toEqual({
      ok: false,
      cancelled: true,
      error: { name: 'CancelledError', message: 'Evaluation cancelled.' },
    });
    expect(made[0]!.terminated).toBe(1);
    // The killed job's late messages do not reach the panel.
    made[0]!.progress!({ label: 'late', done: 1, total: 1 } as EvalProgress);
    expect(seen).toEqual(['Training the DTDR hybrid']);
    // The next run gets a fresh worker.
    void backend.run(INPUT, () => undefined);
    expect(made).toHaveLength(2);
  });

  it('lets a job that stops by itself end with its own outcome, and keeps its worker', async () => {
    const made: { terminated: number }[] = [];
    let finish: ((o: EvalJobOutcome) => void) | null = null;
    const backend = cancellableBackend(() => {
      const w = { terminated: 0 };
      made.push(w);
      return {
        job: {
          run: () => new Promise<EvalJobOutcome>((resolve) => (finish = resolve)),
          cancel: () =>
            void setTimeout(
              () =>
                finish!({ ok: false, cancelled: true, error: { name: 'CancelledError', message: 'own' } }),
              1,
            ),
        },
        terminate: () => void w.terminated++,
      };
    }, 200);
    const run = backend.run(INPUT, () => undefined);
    backend.cancel();
    expect(await run).toEqual({
      ok: false,
      cancelled: true,
      error: { name: 'CancelledError', message: 'own' },
    });
    await new Promise((r) => setTimeout(r, 250));
    expect(made[0]!.terminated).toBe(0);
    void backend.run(INPUT, () => undefined);
    expect(made).toHaveLength(1);
  });

  it('does nothing when no run is going on', () => {
    const { made, start } = busyWorkers();
    const backend = cancellableBackend(start, 10);
    backend.cancel();
    expect(made).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { CancelledError } from './cancelled-error';
import { ModelJobs } from './model-job';

/** A job that ends when the test says so, or rejects with the signal's reason when aborted. */
function controllable() {
  let finish: (v: string) => void = () => undefined;
  const work = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { work, finish: (v: string) => finish(v) };
}

describe('ModelJobs: the one training life cycle', () => {
  it('commits on success and reports idle once', async () => {
    let idle = 0;
    const jobs = new ModelJobs<string>(() => idle++);
    let serving = 'old';
    const job = controllable();
    const run = jobs.run('k', job.work, (v) => (serving = v));
    expect(jobs.busy).toBe(true);
    expect(jobs.current?.key).toBe('k');
    job.finish('new');
    await expect(run).resolves.toBe('new');
    expect(serving).toBe('new');
    expect(jobs.busy).toBe(false);
    expect(idle).toBe(1);
  });

  it('a cancel keeps what served before', async () => {
    const jobs = new ModelJobs<string>();
    let serving = 'old';
    const job = controllable();
    const run = jobs.run('k', job.work, (v) => (serving = v));
    jobs.cancel('Training cancelled: the previous model keeps serving.');
    const error = await run.catch((e: unknown) => e);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('Training cancelled: the previous model keeps serving.');
    expect(serving).toBe('old');
  });

  it('a job of a replaced world cannot commit, even if it finishes', async () => {
    const jobs = new ModelJobs<string>();
    let serving = 'old';
    const run = jobs.run(
      'k',
      async () => 'stale',
      (v) => (serving = v),
      'The world changed.',
    );
    jobs.invalidate('The world changed.');
    await expect(run).rejects.toThrow('The world changed.');
    expect(serving).toBe('old');
    expect(jobs.busy).toBe(false);
  });
});

import { proxy, wrap, type Remote } from 'comlink';
import type { EvalJob } from '../../core/eval/eval-job';
import type { EvalBackend } from './eval-session';

/**
 * The evaluation worker (src/workers/eval.worker.ts) behind comlink, started on the first run. A run's
 * progress comes back through a proxied callback; Cancel is its own message, taken between tasks.
 */
export function evalWorkerBackend(): EvalBackend {
  let remote: Remote<EvalJob> | null = null;
  const job = () =>
    (remote ??= wrap<EvalJob>(
      new Worker(new URL('../../workers/eval.worker.ts', import.meta.url), { type: 'module', name: 'eval' }),
    ));
  return {
    run: (input, onProgress) => job().run(input, proxy(onProgress)),
    cancel: () => void job().cancel(),
  };
}

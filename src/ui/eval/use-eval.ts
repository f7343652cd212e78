import { EvalSession } from '../../app/eval/eval-session';
import { evalWorkerBackend } from '../../app/eval/eval-worker-client';
import { useStore } from '../use-store';

let session: EvalSession | null = null;
let backend: ReturnType<typeof evalWorkerBackend> | null = null;

/** The Evaluate panel's session: one per page, its worker started on the first run. */
export function evalSession(): EvalSession {
  return (session ??= new EvalSession(() => (backend ??= evalWorkerBackend())));
}

export function useEval() {
  const s = evalSession();
  return { session: s, state: useStore(s) };
}

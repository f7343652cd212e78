import { rewriteReferences } from '../plan/references';
import type { Trace, TraceCall } from '../trace/trace';
import type { CallFailure, ResultSource } from './call-outcome';

interface CallBase {
  /** The plan step the call ran (a retried or replaced step keeps its number). */
  step: number;
  tool: string;
  /** Arguments as planned: references by step number, not substituted. */
  args: Record<string, unknown>;
  deps: number[];
  startedAt: number;
  durationMs: number;
}

/** One call the step runner made. */
export type ExecutedCall = CallBase &
  ({ status: 'ok'; output: unknown; source?: ResultSource } | { status: 'error'; failure: CallFailure });

/**
 * The calls made so far as a Trace for `world.ingestTrace`. A failed call keeps its typed `failure`, so
 * the graph counts it against the tool only when the tool failed (eq. 4; see graph/blame.ts), which is
 * what later steers search and pruning away from it (§3.2.4). References and deps are renumbered from
 * step numbers to call indices: a reference to step k points at the latest successful call of step k.
 */
export function recordTrace(calls: readonly ExecutedCall[], meta: { id: string; query: string }): Trace {
  const latestOk = new Map<number, number>();
  const traceCalls: TraceCall[] = calls.map((c, i) => {
    const args = Object.fromEntries(
      Object.entries(c.args).map(([k, v]) => [
        k,
        rewriteReferences(v, (r) => {
          const at = latestOk.get(r.step);
          return at === undefined ? null : { step: at, field: r.field };
        }),
      ]),
    );
    const deps = c.deps.map((d) => latestOk.get(d)).filter((d): d is number => d !== undefined);
    if (c.status === 'ok') latestOk.set(c.step, i);
    const result =
      c.status === 'ok'
        ? { output: c.output, ...(c.source ? { source: c.source } : {}) }
        : { error: c.failure.message, failure: c.failure };
    return {
      tool: c.tool,
      args,
      ...result,
      status: c.status,
      startedAt: c.startedAt,
      durationMs: c.durationMs,
      deps,
    };
  });
  return { id: meta.id, query: meta.query, calls: traceCalls };
}

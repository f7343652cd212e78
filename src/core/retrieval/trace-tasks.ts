import { leaves, valueKey } from '../graph/value-flow';
import { referencesIn } from '../plan/references';
import type { Trace } from '../trace/trace';
import type { RetrievalTask } from './retriever';

/**
 * A finished trace as a retrieval demonstration: the query and its successful calls in order. Failed
 * attempts are dropped (a retried call appears once); a trace whose last call failed was abandoned, so it
 * demonstrates no complete plan and gives `undefined`. deps: the trace's own `deps` when given, the calls
 * its arguments reference (`$k.field`, plan/references.ts), plus value flows — an argument value equal to a
 * value an earlier call returned (the latest such call).
 */
export function traceToRetrievalTask(trace: Trace): RetrievalTask | undefined {
  const calls = trace.calls;
  if (calls.length === 0 || calls[calls.length - 1]?.status !== 'ok') return undefined;
  const kept: number[] = [];
  calls.forEach((c, i) => c.status === 'ok' && kept.push(i));
  const position = new Map(kept.map((orig, k) => [orig, k]));
  const producer = new Map<string, number>();
  const deps = kept.map((orig, k) => {
    const call = calls[orig]!;
    const ds = new Set<number>();
    for (const d of [...(call.deps ?? []), ...referencesIn(call.args).map((r) => r.step)]) {
      // A dependency on a failed attempt points at its retry, the next successful call of that tool.
      const target = kept.find((o) => o >= d && calls[o]!.tool === calls[d]?.tool);
      const p = target === undefined ? undefined : position.get(target);
      if (p !== undefined && p < k) ds.add(p);
    }
    for (const v of leaves(call.args)) {
      const p = producer.get(valueKey(v));
      if (p !== undefined) ds.add(p);
    }
    for (const v of leaves(call.output)) producer.set(valueKey(v), k);
    return [...ds].sort((a, b) => a - b);
  });
  return { id: trace.id, query: trace.query, tools: kept.map((i) => calls[i]!.tool), deps };
}

/** The complete demonstrations among `traces` (see `traceToRetrievalTask`). */
export function tracesToRetrievalTasks(traces: readonly Trace[]): RetrievalTask[] {
  return traces.map(traceToRetrievalTask).filter((t): t is RetrievalTask => t !== undefined);
}

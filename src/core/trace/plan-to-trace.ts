import type { Trace } from './trace';

/** One step of a plan in the shared datasets' format: `$k.field` args reference step k's output. */
export interface PlanStep {
  step: number;
  tool: string;
  args: Record<string, unknown>;
  deps: number[];
}

export interface PlanTask {
  id: string;
  query: string;
  plan: PlanStep[];
}

/**
 * A gold plan as a successful trace: calls in plan order, no outputs, step numbers mapped to call
 * indices so `$k.field` references and task-link deps stay correct when steps are not numbered 0..n-1.
 */
export function planToTrace(task: PlanTask, startedAt = 0): Trace {
  const indexOfStep = new Map(task.plan.map((s, i) => [s.step, i]));
  const remap = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return v.replace(/\$(\d+)/g, (m, k: string) => {
        const i = indexOfStep.get(Number(k));
        return i === undefined ? m : `$${i}`;
      });
    }
    if (Array.isArray(v)) return v.map(remap);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, remap(x)]));
    return v;
  };
  return {
    id: task.id,
    query: task.query,
    calls: task.plan.map((s, i) => ({
      tool: s.tool,
      args: remap(s.args) as Record<string, unknown>,
      status: 'ok' as const,
      startedAt: startedAt + i,
      durationMs: 0,
      deps: s.deps.map((d) => indexOfStep.get(d)).filter((d): d is number => d !== undefined && d < i),
    })),
  };
}

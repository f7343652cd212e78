import type { PlanTask } from '../plan/plan-step';
import { rewriteReferences } from '../plan/references';
import type { Trace } from './trace';

/**
 * A gold plan as a successful trace: calls in plan order, no outputs, step numbers mapped to call
 * indices so references and task-link deps stay correct when steps are not numbered 0..n-1. Only real
 * references are renumbered (the grammar in plan/references.ts): "a $5 budget" stays as written.
 */
export function planToTrace(task: PlanTask, startedAt = 0): Trace {
  const indexOfStep = new Map(task.plan.map((s, i) => [s.step, i]));
  const renumber = (v: unknown): unknown =>
    rewriteReferences(v, (r) => {
      const i = indexOfStep.get(r.step);
      return i === undefined ? null : { step: i, field: r.field };
    });
  return {
    id: task.id,
    query: task.query,
    calls: task.plan.map((s, i) => ({
      tool: s.tool,
      args: renumber(s.args) as Record<string, unknown>,
      status: 'ok' as const,
      startedAt: startedAt + i,
      durationMs: 0,
      deps: s.deps.map((d) => indexOfStep.get(d)).filter((d): d is number => d !== undefined && d < i),
    })),
  };
}

import { dependenciesOf, topologicalOrder } from '../../plan/dag';
import type { PlanStep } from '../../plan/plan-step';

/**
 * RETO's execution layers (§3.2–3.3) for the steps still to run: a step's layer is 0 when everything it
 * reads has run, else 1 + the deepest layer among the pending steps it reads (the toolchain DAG gives
 * the edges, so no layer predictor is needed here; `layers()` in src/core/plan is the same rule over a
 * whole plan). Steps already done (`done`) and dependencies outside the plan (a step that ran before a
 * recombination dropped it) do not hold anything back. Steps of one layer can run at the same time.
 */
export function pendingLayers(steps: readonly PlanStep[], done: ReadonlySet<number>): PlanStep[][] {
  const pending = steps.filter((s) => !done.has(s.step));
  const inPlan = new Set(pending.map((s) => s.step));
  const layer = new Map<number, number>();
  const out: PlanStep[][] = [];
  for (const s of topologicalOrder(pending, { lenient: true })) {
    let l = 0;
    for (const d of dependenciesOf(s)) if (inPlan.has(d) && layer.has(d)) l = Math.max(l, layer.get(d)! + 1);
    layer.set(s.step, l);
    (out[l] ??= []).push(s);
  }
  return out.filter(Boolean);
}

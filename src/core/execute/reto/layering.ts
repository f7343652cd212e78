import { dependenciesOf, topologicalOrder } from '../../plan/dag';
import type { PlanStep } from '../../plan/plan-step';

/**
 * What the learned layer predictor adds where the toolchain DAG has no edge (layer-source.ts): `open` are
 * the steps the DAG cannot place (nothing links them), `predicted` the predictor's layer of every step's
 * tool (RETO §3.2, after the shift rule), by step number.
 */
export interface LayerHints {
  open: ReadonlySet<number>;
  predicted: ReadonlyMap<number, number>;
}

/**
 * RETO's execution layers (§3.2–3.3) for the steps still to run: a step's layer is 0 when everything it
 * reads has run, else 1 + the deepest layer among the pending steps it reads (the toolchain DAG gives
 * the edges; `layers()` in src/core/plan is the same rule over a whole plan). With `hints`, an open step
 * (no DAG edge) runs after every pending step the predictor puts in an earlier layer, so its order comes
 * from the predictor while linked steps keep the DAG's. Steps already done (`done`) and dependencies
 * outside the plan (a step that ran before a recombination dropped it) do not hold anything back. Steps
 * of one layer can run at the same time.
 */
export function pendingLayers(
  steps: readonly PlanStep[],
  done: ReadonlySet<number>,
  hints?: LayerHints,
): PlanStep[][] {
  const pending = steps.filter((s) => !done.has(s.step));
  const inPlan = new Set(pending.map((s) => s.step));
  const isOpen = (s: PlanStep) => hints?.open.has(s.step) === true && hints.predicted.has(s.step);
  const layer = new Map<number, number>();
  for (const s of topologicalOrder(
    pending.filter((s) => !isOpen(s)),
    { lenient: true },
  )) {
    let l = 0;
    for (const d of dependenciesOf(s)) if (inPlan.has(d) && layer.has(d)) l = Math.max(l, layer.get(d)! + 1);
    layer.set(s.step, l);
  }
  // Open steps read nothing and nothing reads them: in ascending predicted layer, each follows every
  // pending step predicted earlier (those are placed already, open or not).
  const predicted = (s: PlanStep) => hints?.predicted.get(s.step) ?? 0;
  const open = pending.filter(isOpen).sort((a, b) => predicted(a) - predicted(b));
  for (const s of open) {
    let l = 0;
    for (const t of pending)
      if (t !== s && layer.has(t.step) && predicted(t) < predicted(s))
        l = Math.max(l, layer.get(t.step)! + 1);
    layer.set(s.step, l);
  }
  const out: PlanStep[][] = [];
  for (const s of topologicalOrder(pending, { lenient: true })) (out[layer.get(s.step)!] ??= []).push(s);
  return out.filter(Boolean);
}

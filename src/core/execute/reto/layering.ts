import { dependenciesOf, topologicalOrder } from '../../plan/dag';
import type { PlanStep } from '../../plan/plan-step';

/**
 * What the learned layer predictor adds where the Tool World does not know the plan's edges
 * (layer-source.ts): `open` are the steps whose layer the predictor decides (their tool is new to the
 * world, or a dependency they have in the plan is one the world has never seen), `predicted` the
 * predictor's layer of every step's tool (RETO §3.2, after the shift rule), by step number.
 */
export interface LayerHints {
  open: ReadonlySet<number>;
  predicted: ReadonlyMap<number, number>;
}

/**
 * RETO's execution layers (§3.2–3.3) for the steps still to run: a step's layer is 0 when everything it
 * must wait for has run, else 1 + the deepest layer among the pending steps it waits for (`layers()` in
 * src/core/plan is the same rule over a whole plan without hints). A step waits for the pending steps it
 * reads (the plan's references and deps: a value must exist before it is read, whoever decided the
 * order). With `hints`, an open step also waits for every pending step the predictor puts in an earlier
 * layer — unless that step already waits for it through the plan's dependencies, which always win, so a
 * wrong prediction can delay a step but never run it before what it reads. Steps already done (`done`)
 * and dependencies outside the plan (a step that ran before a recombination dropped it) do not hold
 * anything back. Steps of one layer can run at the same time.
 */
export function pendingLayers(
  steps: readonly PlanStep[],
  done: ReadonlySet<number>,
  hints?: LayerHints,
): PlanStep[][] {
  const pending = topologicalOrder(
    steps.filter((s) => !done.has(s.step)),
    { lenient: true },
  );
  const inPlan = new Set(pending.map((s) => s.step));
  // waitsFor[s] = the pending steps s must follow.
  const waitsFor = new Map<number, Set<number>>(
    pending.map((s) => [
      s.step,
      new Set([...dependenciesOf(s)].filter((d) => d !== s.step && inPlan.has(d))),
    ]),
  );
  const reaches = (from: number, to: number): boolean => {
    // Does `from` already (transitively) wait for `to`?
    const seen = new Set<number>();
    const stack = [from];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const y of waitsFor.get(x) ?? []) stack.push(y);
    }
    return false;
  };
  const predicted = (s: PlanStep) => hints?.predicted.get(s.step) ?? 0;
  const isOpen = (s: PlanStep) => hints?.open.has(s.step) === true && hints.predicted.has(s.step);
  // Predicted order, earliest predicted first, so a predicted edge never closes a cycle with the plan's.
  for (const s of pending.filter(isOpen).sort((a, b) => predicted(a) - predicted(b)))
    for (const t of pending)
      if (t !== s && predicted(t) < predicted(s) && !reaches(t.step, s.step))
        waitsFor.get(s.step)!.add(t.step);
  const layer = new Map<number, number>();
  const place = (s: number, path: Set<number>): number => {
    const known = layer.get(s);
    if (known !== undefined) return known;
    path.add(s);
    let l = 0;
    for (const d of waitsFor.get(s) ?? []) if (!path.has(d)) l = Math.max(l, place(d, path) + 1);
    path.delete(s);
    layer.set(s, l);
    return l;
  };
  const out: PlanStep[][] = [];
  for (const s of pending) (out[place(s.step, new Set())] ??= []).push(s);
  return out.filter(Boolean);
}

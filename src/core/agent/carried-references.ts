import type { PlanStep } from '../plan/plan-step';
import { referencesIn, rewriteReferences } from '../plan/references';

/**
 * An argument given back by the graph-only policy (or inertia) carries references (`$k.field`) into the
 * chain it was read from; the agent then plans the target again, and the new chain numbers its steps
 * anew — a producer that has run since is no longer a step, and its number may now be the target's own
 * ("convert the distance" after "calculate the distance": `$0.distance` became a reference of the
 * target to itself). A reference is carried by the tool it named: to the new chain's step of that tool
 * (the same number first), never to the target step. `undefined` when a named producer is not in the
 * new chain: the argument is then left to what the new plan filled (the producer's output, now known).
 */
export function carryReferences(
  value: unknown,
  before: readonly PlanStep[],
  after: readonly PlanStep[],
  targetStep: number,
): unknown {
  const refs = referencesIn(value);
  if (refs.length === 0) return value;
  const stepFor = new Map<number, number>();
  for (const r of refs) {
    if (stepFor.has(r.step)) continue;
    const tool = before.find((s) => s.step === r.step)?.tool;
    const same = after.filter((s) => s.tool === tool && s.step !== targetStep);
    const to = same.find((s) => s.step === r.step) ?? same[0];
    if (tool === undefined || !to) return undefined;
    stepFor.set(r.step, to.step);
  }
  return rewriteReferences(value, (r) => ({ step: stepFor.get(r.step)!, field: r.field }));
}

import { WHOLE_RESULT_FIELD } from '../tools/tool';
import type { PlanStep } from './plan-step';
import { referencesIn, rewriteReferences, type Reference, type ReferenceTarget } from './references';

/** Output fields of step `step` that the arguments of `steps` reference (`$k` alone counts as `result`). */
export function referencedFields(steps: readonly PlanStep[], step: number): Set<string> {
  const fields = new Set<string>();
  for (const s of steps) {
    for (const v of Object.values(s.args))
      for (const r of referencesIn(v)) if (r.step === step) fields.add(r.field ?? WHOLE_RESULT_FIELD);
  }
  return fields;
}

/**
 * A step with its references rewritten by `fn` (see `rewriteReferences`) and its `deps` recomputed:
 * its old `deps` minus `drop`, plus every step its new arguments reference.
 */
export function rewriteStep(
  step: PlanStep,
  fn: (ref: Reference) => ReferenceTarget | null,
  drop: ReadonlySet<number> = new Set(),
): PlanStep {
  const args = Object.fromEntries(Object.entries(step.args).map(([k, v]) => [k, rewriteReferences(v, fn)]));
  const deps = new Set(step.deps.filter((d) => !drop.has(d)));
  for (const v of Object.values(args)) for (const r of referencesIn(v)) deps.add(r.step);
  return { ...step, args, deps: [...deps].sort((a, b) => a - b) };
}

import { PlanGraphError } from './plan-graph-error';
import type { PlanStep } from './plan-step';
import { referencesIn } from './references';

/** Steps a step reads from: its `deps` plus every step its arguments reference. */
export function dependenciesOf(step: PlanStep): Set<number> {
  const out = new Set(step.deps);
  for (const v of Object.values(step.args)) for (const r of referencesIn(v)) out.add(r.step);
  return out;
}

export interface OrderOptions {
  /**
   * Tolerate what a DAG forbids, for plans under repair: a dependency on a step not in the list (it ran
   * earlier, or was dropped) is ignored, a cycle is cut where the walk meets it, and of two steps with
   * one number only one is kept. Default: throw `PlanGraphError`.
   */
  lenient?: boolean;
}

/**
 * Steps in an order they can run: a depth-first post-order over dependencies in step-number order, so a
 * list already in dependency order comes back unchanged and a step moves only as far as its producers
 * require (stable).
 */
export function topologicalOrder(steps: readonly PlanStep[], options: OrderOptions = {}): PlanStep[] {
  const byNumber = new Map(steps.map((s) => [s.step, s]));
  if (!options.lenient && byNumber.size < steps.length) {
    const seen = new Set<number>();
    const twice = steps.find((s) => seen.has(s.step) || !seen.add(s.step))!;
    throw new PlanGraphError('plan-duplicate-step', [twice.step]);
  }
  const done = new Set<number>();
  const out: PlanStep[] = [];
  const path: number[] = [];
  const visit = (s: PlanStep): void => {
    if (done.has(s.step)) return;
    const at = path.indexOf(s.step);
    if (at >= 0) {
      if (options.lenient) return;
      throw new PlanGraphError('plan-cycle', path.slice(at));
    }
    path.push(s.step);
    for (const d of [...dependenciesOf(s)].sort((a, b) => a - b)) {
      const dep = byNumber.get(d);
      if (dep) visit(dep);
      else if (!options.lenient) throw new PlanGraphError('plan-missing-step', [s.step, d]);
    }
    path.pop();
    done.add(s.step);
    out.push(s);
  };
  for (const s of steps) visit(s);
  return out;
}

/** Each step's layer: 0 for a step with no dependencies, else 1 + the deepest layer it depends on. */
export function layerOf(steps: readonly PlanStep[]): Map<number, number> {
  const layer = new Map<number, number>();
  for (const s of topologicalOrder(steps)) {
    let l = 0;
    for (const d of dependenciesOf(s)) l = Math.max(l, layer.get(d)! + 1);
    layer.set(s.step, l);
  }
  return layer;
}

/**
 * The steps grouped by layer (`layerOf`): every step of a layer can run once the layers before it have,
 * so the steps of one layer may run in parallel. Within a layer, steps keep their topological order.
 * Throws `PlanGraphError` on a cycle or a dependency on a missing step.
 */
export function layers(steps: readonly PlanStep[]): PlanStep[][] {
  const layer = layerOf(steps);
  const out: PlanStep[][] = [];
  for (const s of topologicalOrder(steps)) (out[layer.get(s.step)!] ??= []).push(s);
  return out;
}

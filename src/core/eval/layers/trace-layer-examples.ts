import { layerExample } from './layer-example-of-task';
import type { GoldStep } from '../eval-task';
import { referencesIn } from '../../plan/references';
import type { Tool } from '../../tools/tool';
import type { Trace } from '../../trace/trace';
import { leaves, valueKey } from '../../graph/value-flow';
import { isValidationTask, type LayerExample } from '../../ml/layers/layer-examples';

/**
 * The dependencies of a trace's ok calls, as a plan: a call depends on an earlier call when it lists it in
 * `deps`, references its output (`$k.field`, as ingested gold plans do), or reuses a value that call
 * returned (AutoTool's value equality, outputs only: two calls reading one input value are not ordered).
 * Failed calls are left out — they produced nothing a later call could need. Step numbers are call indices.
 */
export function tracePlan(trace: Trace): GoldStep[] {
  const producedBy = new Map<string, number>();
  const plan: GoldStep[] = [];
  trace.calls.forEach((call, i) => {
    if (call.status !== 'ok') return;
    const deps = new Set((call.deps ?? []).filter((d) => d >= 0 && d < i));
    for (const value of Object.values(call.args)) {
      const refs = referencesIn(value).filter((r) => r.step < i);
      for (const r of refs) deps.add(r.step);
      if (refs.length > 0) continue;
      for (const v of leaves(value)) {
        const from = producedBy.get(valueKey(v));
        if (from !== undefined) deps.add(from);
      }
    }
    plan.push({ step: i, tool: call.tool, args: call.args, deps: [...deps].sort((a, b) => a - b) });
    // After matching, so a call never feeds itself; a later producer of the same value wins.
    if (call.output !== undefined) for (const v of leaves(call.output)) producedBy.set(valueKey(v), i);
  });
  return plan;
}

/**
 * The user's world traces as layer-training examples, labelled as the evaluation labels gold plans (DAG
 * depth of each tool's first call, src/core/eval/layers): traces with no ok call are skipped, and the
 * rest split by trace id into train and held-out (≈ 10 %, the same hash as the datasets' split).
 */
export function traceLayerExamples(
  traces: readonly Trace[],
  tool: (name: string) => Tool | undefined,
  heldOutShare = 0.1,
): { train: LayerExample[]; heldOut: LayerExample[] } {
  const catalogue = new Map<string, Tool>();
  const train: LayerExample[] = [];
  const heldOut: LayerExample[] = [];
  for (const t of traces) {
    const plan = tracePlan(t);
    if (plan.length === 0) continue;
    for (const s of plan) {
      const known = tool(s.tool);
      if (known) catalogue.set(s.tool, known);
    }
    const ex = layerExample(
      { id: t.id, query: t.query, plan, difficulty: 'easy', split: 'train' },
      catalogue,
    );
    (isValidationTask(t.id, heldOutShare) ? heldOut : train).push(ex);
  }
  return { train, heldOut };
}

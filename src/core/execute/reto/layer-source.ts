import { dependenciesOf } from '../../plan/dag';
import type { PlanStep } from '../../plan/plan-step';
import type { Tool } from '../../tools/tool';
import type { LayerHints } from './layering';

/** Where a step's layer comes from: the toolchain DAG, or RETO's learned layer predictor. */
export type LayerSource = 'graph' | 'predictor';

/**
 * Predicts one layer per tool for a request (the layer predictor with the shift rule applied;
 * `layerPredictorFromModel` in src/core/ml/layers builds one from the shipped ONNX model).
 */
export type ToolLayerPredictor = (query: string, tools: readonly Tool[]) => Promise<number[]>;

export interface StepLayerPlan {
  hints: LayerHints;
  /** Source of every step's layer, by step number. */
  source: ReadonlyMap<number, LayerSource>;
}

/**
 * Which steps the DAG places: a step the plan links to another (it reads one, or one reads it) or whose
 * tool has a toolchain edge in the Tool World (`knownTool`) has every edge it needs known, so its layer
 * comes from the graph. The rest — tools new to the world, from an imported catalogue, a cold start —
 * get the predictor's layer, predicted over the whole plan's tools so it sees the task as RETO does.
 * Without a predictor (or when it fails) every step is placed by the graph, as before.
 */
export async function planStepLayers(
  steps: readonly PlanStep[],
  options: {
    query: string;
    tool: (name: string) => Tool | undefined;
    knownTool: (name: string) => boolean;
    predictor?: ToolLayerPredictor;
  },
): Promise<StepLayerPlan> {
  const linked = new Set<number>();
  const inPlan = new Set(steps.map((s) => s.step));
  for (const s of steps)
    for (const d of dependenciesOf(s))
      if (d !== s.step && inPlan.has(d)) {
        linked.add(s.step);
        linked.add(d);
      }
  // A lone step has no order to get wrong: the predictor is asked only about plans of two or more steps.
  const open = steps.length < 2 ? [] : steps.filter((s) => !linked.has(s.step) && !options.knownTool(s.tool));
  const source = new Map<number, LayerSource>(steps.map((s) => [s.step, 'graph']));
  const predicted = new Map<number, number>();
  const none: StepLayerPlan = { hints: { open: new Set(), predicted }, source };
  const tools = steps.map((s) => options.tool(s.tool));
  if (open.length === 0 || !options.predictor || tools.some((t) => t === undefined)) return none;
  // One prediction per distinct tool (RETO assigns tools, not calls, to layers).
  const distinct = [...new Map(tools.map((t) => [t!.name, t!])).values()];
  let layers: number[];
  try {
    layers = await options.predictor(options.query, distinct);
  } catch {
    // The predictor is an aid: if it fails, the DAG alone still gives a valid order.
    return none;
  }
  const byTool = new Map(distinct.map((t, i) => [t.name, layers[i] ?? 0]));
  for (const s of steps) predicted.set(s.step, byTool.get(s.tool) ?? 0);
  for (const s of open) source.set(s.step, 'predictor');
  return { hints: { open: new Set(open.map((s) => s.step)), predicted }, source };
}

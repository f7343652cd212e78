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
 * Which steps the graph places. A plan's dependency (one step reads another's output) counts as known
 * only where the Tool World holds that edge (`knownEdge`: traces ran the consumer right after the producer
 * or fed it the producer's output — an API → API transition); a step whose dependencies, both ways, are all known — or that has
 * none and whose tool the world has linked to others (`knownTool`) — gets its layer from the graph. The
 * rest — a first request on a freshly imported catalogue, tools new to the world, a dependency only the
 * schemas suggest — get the predictor's layer, predicted over the whole plan's tools so it sees the task
 * as RETO does. The plan's references still hold whoever orders a step (pendingLayers): a value is never
 * read before it exists. Without `knownEdge` every dependency of the plan counts as known (the DAG alone).
 * Without a predictor (or when it fails) every step is placed by the graph, as before.
 */
export async function planStepLayers(
  steps: readonly PlanStep[],
  options: {
    query: string;
    tool: (name: string) => Tool | undefined;
    knownTool: (name: string) => boolean;
    knownEdge?: (producer: string, consumer: string) => boolean;
    predictor?: ToolLayerPredictor;
  },
): Promise<StepLayerPlan> {
  const byStep = new Map(steps.map((s) => [s.step, s]));
  const linked = new Set<number>();
  const unknown = new Set<number>();
  for (const s of steps)
    for (const d of dependenciesOf(s)) {
      const producer = byStep.get(d);
      if (d === s.step || !producer) continue;
      linked.add(s.step);
      linked.add(d);
      // Two calls of one tool: the world keeps no tool → same-tool edge, so the tool being known stands in.
      const known =
        producer.tool === s.tool ? options.knownTool(s.tool) : options.knownEdge?.(producer.tool, s.tool);
      if (options.knownEdge && !known) {
        unknown.add(s.step);
        unknown.add(d);
      }
    }
  const fromGraph = (s: PlanStep) => (linked.has(s.step) ? !unknown.has(s.step) : options.knownTool(s.tool));
  // A lone step of a tool the world has never linked is the predictor's too (its layer is trivially the
  // first, but the label must not claim the graph knows a tool it has never seen).
  const open = steps.filter((s) => !fromGraph(s));
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

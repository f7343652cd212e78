import type { LayerExample } from '../../ml/layers/layer-examples';
import type { Tool } from '../../tools/tool';
import { goldDependencies, goldOrder, type EvalTask } from '../eval-task';

/** A tool the catalogue does not describe: only its name is known. */
const stubTool = (name: string): Tool => ({
  name,
  description: '',
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: '',
  source: 'dataset',
});

/** A dataset task as a layer example (src/core/ml/layers/layer-examples.ts says what the fields mean). */
export function layerExample(task: EvalTask, catalogue: ReadonlyMap<string, Tool>): LayerExample {
  const depth = new Map<number, number>();
  for (const s of goldOrder(task.plan)) {
    let d = 0;
    for (const dep of goldDependencies(s, task.plan))
      if (depth.has(dep)) d = Math.max(d, depth.get(dep)! + 1);
    depth.set(s.step, d);
  }
  const index = new Map<string, number>();
  const tools: Tool[] = [];
  const layers: number[] = [];
  for (const s of task.plan) {
    const d = depth.get(s.step) ?? 0;
    const at = index.get(s.tool);
    if (at === undefined) {
      index.set(s.tool, tools.length);
      tools.push(catalogue.get(s.tool) ?? stubTool(s.tool));
      layers.push(d);
    } else layers[at] = Math.min(layers[at] as number, d);
  }
  const byStep = new Map(task.plan.map((s) => [s.step, s.tool]));
  const seen = new Set<string>();
  const edges: Array<[number, number]> = [];
  for (const s of task.plan)
    for (const dep of goldDependencies(s, task.plan)) {
      const a = index.get(byStep.get(dep)!)!;
      const b = index.get(s.tool)!;
      // A repeated tool sits at its first call's layer; an edge into a later call of it (B → second A) cannot
      // hold in any tool-level layering, so only edges the gold layers satisfy count.
      if (a !== b && (layers[a] as number) < (layers[b] as number) && !seen.has(`${a}>${b}`)) {
        seen.add(`${a}>${b}`);
        edges.push([a, b]);
      }
    }
  return { id: task.id, query: task.query, tools, layers, edges };
}

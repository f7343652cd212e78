import { apiNodeId } from './graph-types';
import type { ToolGraph } from './tool-graph';

/**
 * Does the Tool World know how `tool` chains with others? True when the graph holds a behavioural edge
 * for it that traces put there: an API → API transition into or out of its node, or a value flow
 * (param → param) out of one of its output parameters or into one of its inputs. Schema (structural)
 * edges alone do not count: they say what a tool reads and writes, not what runs before it. RETO's
 * executor asks this to decide whether a step's layer can come from the toolchain DAG or must come from
 * the learned layer predictor (src/core/execute/reto/layer-source.ts). Pruned nodes and edges are left out.
 */
export function toolHasKnownEdges(graph: ToolGraph, tool: string): boolean {
  const api = apiNodeId(tool);
  const node = graph.node(api);
  if (!node?.active) return false;
  const live = (id: string) => graph.node(id)?.active === true;
  const behavioural = (e: { relation: string; source: string; target: string }) =>
    e.relation === 'api->api' && live(e.source) && live(e.target);
  if (graph.outEdges(api).some(behavioural) || graph.inEdges(api).some(behavioural)) return true;
  const flow = (e: { relation: string; source: string; target: string }) =>
    e.relation === 'param->param' && live(e.source) && live(e.target);
  // Outputs: api → param edges out of the tool; inputs: param → api edges into it.
  for (const e of graph.outEdges(api))
    if (e.relation === 'api->param' && graph.outEdges(e.target).some(flow)) return true;
  for (const e of graph.inEdges(api))
    if (e.relation === 'param->api' && graph.inEdges(e.source).some(flow)) return true;
  return false;
}

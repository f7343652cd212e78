import { apiNodeId } from './graph-types';
import type { ToolGraph } from './tool-graph';

/**
 * Does the Tool World know how `tool` chains with others? True when traces put an API → API transition
 * into or out of its node (it ran right after another tool, read one's output, or was read by one). Param
 * nodes do not count: they are standardized across tools (one `message` node for every tool that reads or
 * writes a message), so a value flow between two params says that *some* tools passed a value, not that
 * this one ran — a tool fresh from an imported catalogue would otherwise look known through a demo tool's
 * flow. Every flow a trace records also records the transition between the tools that ran
 * (observe-trace.ts), so nothing a trace taught is lost. Schema (structural) edges do not count either:
 * they say what a tool reads and writes, not what runs before it. RETO's executor asks this to decide
 * whether a step's layer can come from the graph or must come from the learned layer predictor
 * (src/core/execute/reto/layer-source.ts). Pruned nodes and edges are left out.
 */
export function toolHasKnownEdges(graph: ToolGraph, tool: string): boolean {
  const api = apiNodeId(tool);
  if (graph.node(api)?.active !== true) return false;
  const live = (id: string) => graph.node(id)?.active === true;
  const behavioural = (e: { relation: string; source: string; target: string }) =>
    e.relation === 'api->api' && live(e.source) && live(e.target);
  return graph.outEdges(api).some(behavioural) || graph.inEdges(api).some(behavioural);
}

/**
 * Does the Tool World know that `producer` runs before `consumer`? True when traces put an API → API
 * transition producer → consumer there (the consumer ran after it or read its output; for why param flows
 * do not count, see `toolHasKnownEdges`). RETO's executor asks this for every dependency of a plan: a
 * step's layer comes from the graph only when all of its dependencies are known
 * (src/core/execute/reto/layer-source.ts). Pruned nodes are left out.
 */
export function toolEdgeKnown(graph: ToolGraph, producer: string, consumer: string): boolean {
  const from = apiNodeId(producer);
  const to = apiNodeId(consumer);
  const live = (id: string) => graph.node(id)?.active === true;
  if (!live(from) || !live(to)) return false;
  return graph.outEdges(from).some((e) => e.relation === 'api->api' && e.target === to);
}

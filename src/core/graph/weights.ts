import type { GraphEdge, GraphNode } from './graph-types';
import type { ToolGraph } from './tool-graph';

/** Invocations involving a node, N(v) in NaviAgent eq. 4. */
export const invocations = (n: GraphNode): number => n.nSucc + n.nFail;

/** Success ratio r_succ = n_succ / (n_succ + n_fail) (eq. 13); 0 for a node never invoked. */
export const successRatio = (n: GraphNode): number => (invocations(n) === 0 ? 0 : n.nSucc / invocations(n));

/**
 * Statistical edge weight w̃_ij = N(v_i → v_j) / N(v_j) (NaviAgent eq. 4): successful invocations
 * along the edge over all invocations involving the target. 0 for a target never invoked.
 */
export function statWeight(graph: ToolGraph, edge: GraphEdge): number {
  const target = graph.node(edge.target);
  if (!target || invocations(target) === 0) return 0;
  return Math.min(1, edge.nSucc / invocations(target));
}

/** The weight search and learning read: the propagated weight (eq. 12) once there is one, else eq. 4. */
export function edgeWeight(graph: ToolGraph, edge: GraphEdge): number {
  return edge.wEvolved ?? statWeight(graph, edge);
}

import type { GraphEdge, GraphNode } from '../core/graph/graph-types';
import type { ToolGraph } from '../core/graph/tool-graph';
import { invocations } from '../core/graph/weights';

export interface VisibleSubgraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** True when the graph is larger than what is drawn. */
  filtered: boolean;
}

/**
 * What the graph view draws. Small graphs are drawn whole; a large one (thousands of nodes would make
 * any force layout crawl, see docs/facts.md) shows a focus view: the nodes the agent touches (`include`,
 * e.g. the searched subgraph) and the selected node, with their `hops`-hop neighbourhood, capped at
 * `maxNodes`; with neither, the busiest APIs' neighbourhood. The view's Expand raises `hops` and the cap.
 */
export function visibleSubgraph(
  graph: ToolGraph,
  focus: string | null,
  maxNodes = 300,
  hops = 2,
  include: readonly string[] = [],
): VisibleSubgraph {
  if (graph.nodeCount <= maxNodes) {
    return { nodes: [...graph.nodes()], edges: [...graph.edges()], filtered: false };
  }
  // Nodes that must be drawn (a searched toolchain subgraph) come first, within the cap.
  const keep = new Set<string>(include.filter((id) => graph.node(id)).slice(0, maxNodes));
  let frontier: string[];
  if (focus && graph.node(focus)) {
    // The selected node's neighbourhood first, then the neighbourhood of what the agent touches.
    frontier = [focus, ...[...keep].filter((id) => id !== focus)];
  } else if (keep.size > 0) {
    frontier = [...keep];
  } else {
    const apis = [...graph.nodes()].filter((n) => n.kind === 'api');
    apis.sort(
      (a, b) =>
        invocations(b) - invocations(a) ||
        graph.outDegree(b.id) - graph.outDegree(a.id) ||
        a.id.localeCompare(b.id),
    );
    frontier = apis.slice(0, Math.max(1, Math.floor(maxNodes / 6))).map((n) => n.id);
  }
  for (const id of frontier) keep.add(id);
  for (let h = 0; h < hops && keep.size < maxNodes; h++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const e of [...graph.outEdges(id), ...graph.inEdges(id)]) {
        const other = e.source === id ? e.target : e.source;
        if (keep.has(other) || keep.size >= maxNodes) continue;
        keep.add(other);
        next.push(other);
      }
    }
    frontier = next;
  }
  const edges = [...keep].flatMap((id) => graph.outEdges(id).filter((e) => keep.has(e.target)));
  return { nodes: [...keep].map((id) => graph.node(id)!), edges, filtered: true };
}

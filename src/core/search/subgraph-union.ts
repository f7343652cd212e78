import type { SearchSubgraph } from './search-types';

type Kept = SearchSubgraph['kept'][string];

/**
 * The union of per-target subgraphs' targets, nodes, edges and pruned entries (Alpha-Beta's and GA + SA's
 * multi-target searches): a node kept by several parts keeps its smallest depth (from the nearest target)
 * and, at that depth, its highest score; a node kept by one part is not reported as pruned by another.
 * `kept` is in the order nodes were first met; `edges` sorted.
 */
export function unionOfParts(
  parts: readonly SearchSubgraph[],
  maxPruned: number,
): { targets: string[]; kept: Map<string, Kept>; edges: string[]; pruned: SearchSubgraph['pruned'] } {
  const targets: string[] = [];
  const kept = new Map<string, Kept>();
  const edges = new Set<string>();
  const pruned = new Map<string, SearchSubgraph['pruned'][number]>();
  for (const p of parts) {
    for (const t of p.targets) if (!targets.includes(t)) targets.push(t);
    for (const id of p.nodes) {
      const k = p.kept[id];
      if (!k) continue;
      const prev = kept.get(id);
      if (!prev || k.depth < prev.depth || (k.depth === prev.depth && k.score > prev.score)) kept.set(id, k);
    }
    for (const e of p.edges) edges.add(e);
    for (const x of p.pruned) if (!pruned.has(x.node)) pruned.set(x.node, x);
  }
  return {
    targets,
    kept,
    edges: [...edges].sort(),
    pruned: [...pruned.values()].filter((x) => !kept.has(x.node)).slice(0, maxPruned),
  };
}

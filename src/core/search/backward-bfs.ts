import type { ToolGraph } from '../graph/tool-graph';
import { edgesWithin } from './alpha-beta';
import type { PruneRule, SearchSubgraph } from './search-types';

export interface BackwardBfsOptions {
  /** Keep nodes at most this many edges before the target (the target is at 0). */
  maxDepth: number;
  /** Nodes never admitted (recorded as 'excluded'). */
  exclude: ReadonlySet<string>;
  /** Stop admitting once the subgraph holds this many nodes (target included). */
  maxNodes: number;
  /** At most this many entries in `pruned`. */
  maxPruned: number;
}

export const BACKWARD_BFS_DEFAULTS: BackwardBfsOptions = {
  maxDepth: 5,
  exclude: new Set(),
  maxNodes: Number.POSITIVE_INFINITY,
  maxPruned: 500,
};

/**
 * The plain baseline: breadth-first search over in-edges from `target`, keeping every active, non-excluded
 * predecessor within `maxDepth` edges. No scores (each kept node scores 1) and no pruning besides depth
 * ('path-length'), inactive nodes and `exclude`. Predecessors are visited in id order, so with `maxNodes`
 * the cut is deterministic. Depths are shortest backward distances, as in `alphaBetaSubgraph`.
 */
export function backwardBfsSubgraph(
  graph: ToolGraph,
  target: string,
  options: Partial<BackwardBfsOptions> = {},
): SearchSubgraph {
  const t0 = performance.now();
  const o: BackwardBfsOptions = { ...BACKWARD_BFS_DEFAULTS, ...options };
  if (!graph.node(target)) throw new RangeError(`bfs: target ${target} is not in the graph`);

  const kept = new Map<string, { depth: number; score: number }>([[target, { depth: 0, score: 1 }]]);
  const pruned = new Map<string, SearchSubgraph['pruned'][number]>();
  const counts = { pathLength: 0, inactive: 0, excluded: 0, truncated: 0 };
  const prune = (node: string, depth: number, rule: PruneRule) => {
    if (!pruned.has(node)) pruned.set(node, { node, depth, score: 0, rule });
  };

  const queue: string[] = [target];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    const depth = kept.get(v)!.depth + 1;
    const preds = graph
      .inEdges(v)
      .map((e) => e.source)
      .sort();
    for (const u of preds) {
      if (kept.has(u)) continue;
      if (o.exclude.has(u)) {
        counts.excluded++;
        prune(u, depth, 'excluded');
      } else if (graph.node(u)?.active === false) {
        counts.inactive++;
        prune(u, depth, 'inactive');
      } else if (depth > o.maxDepth) {
        counts.pathLength++;
        prune(u, depth, 'path-length');
      } else if (kept.size >= o.maxNodes) {
        counts.truncated++;
      } else {
        kept.set(u, { depth, score: 1 });
        queue.push(u);
      }
    }
  }

  return {
    method: 'bfs',
    targets: [target],
    nodes: [...kept.keys()],
    edges: edgesWithin(graph, kept),
    kept: Object.fromEntries(kept),
    pruned: [...pruned.values()].slice(0, o.maxPruned),
    stats: {
      visited: kept.size,
      prunedPathLength: counts.pathLength,
      prunedInactive: counts.inactive,
      prunedExcluded: counts.excluded,
      truncated: counts.truncated,
    },
    elapsedMs: performance.now() - t0,
  };
}

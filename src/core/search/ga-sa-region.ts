import type { ToolGraph } from '../graph/tool-graph';
import type { GaSaOptions } from './ga-sa-options';
import type { PruneRule, SearchSubgraph } from './search-types';
import type { WeightProvider } from './weight-provider';

// ------------------------------------------------------------------------------------------------
// Candidate region: the active, non-excluded nodes the search has met walking backward from the target,
// renumbered 0, 1, … (the target is 0) in the order met. A node's in-edges are read from the graph (with
// their weights) the first time the search needs them, so a run touches only the few hundred nodes around
// the chromosomes instead of everything within d_max (thousands on a ToolBench-scale graph).

export interface InList {
  src: number[];
  w: number[];
  edge: string[];
}

export interface RequiredOf {
  inside: number[];
  total: number;
}

export class Region {
  readonly ids: string[];
  readonly isApi: boolean[];
  /** Depth along the path by which the search first met the node (for `pruned` entries). */
  private readonly met: number[];
  private readonly index = new Map<string, number>();
  private readonly lists: (InList | undefined)[] = [];
  private readonly requiredLists: (RequiredOf | undefined)[] = [];
  private readonly prunedMap = new Map<string, SearchSubgraph['pruned'][number]>();
  readonly counts = { inactive: 0, excluded: 0, truncated: 0 };

  constructor(
    private readonly graph: ToolGraph,
    target: string,
    private readonly weights: WeightProvider,
    private readonly o: GaSaOptions,
  ) {
    this.ids = [target];
    this.isApi = [graph.node(target)?.kind === 'api'];
    this.met = [0];
    this.index.set(target, 0);
  }

  get size(): number {
    return this.ids.length;
  }

  /** In-edges of node v from active, non-excluded nodes (indexing those met for the first time). */
  in(v: number): InList {
    const known = this.lists[v];
    if (known) return known;
    const list: InList = { src: [], w: [], edge: [] };
    const d = this.met[v]! + 1;
    for (const e of this.graph.inEdges(this.ids[v]!)) {
      const u = e.source;
      let i = this.index.get(u);
      if (i === undefined) {
        if (this.o.exclude.has(u)) {
          this.counts.excluded++;
          this.prune(u, d, this.weights.weight(e), 'excluded');
          continue;
        }
        const node = this.graph.node(u);
        if (!node || !node.active) {
          this.counts.inactive++;
          this.prune(u, d, this.weights.weight(e), 'inactive');
          continue;
        }
        if (this.ids.length >= this.o.maxRegion) {
          this.counts.truncated++;
          continue;
        }
        i = this.ids.length;
        this.index.set(u, i);
        this.ids.push(u);
        this.isApi.push(node.kind === 'api');
        this.met.push(d);
      }
      list.src.push(i);
      list.w.push(this.weights.weight(e));
      list.edge.push(e.id);
    }
    this.lists[v] = list;
    return list;
  }

  /**
   * Required input params of API node v (via `requiredInputs`): region indices of those in the region
   * (they are v's in-neighbours, so reading v's in-edges indexes them) and their total count.
   */
  required(v: number, requiredInputs: (apiNode: string) => readonly string[]): RequiredOf {
    const known = this.requiredLists[v];
    if (known) return known;
    const params = [...new Set(requiredInputs(this.ids[v]!))];
    this.in(v);
    const inside = params.map((p) => this.index.get(p)).filter((i): i is number => i !== undefined);
    const r = { inside, total: params.length };
    this.requiredLists[v] = r;
    return r;
  }

  private prune(node: string, depth: number, score: number, rule: PruneRule): void {
    if (this.prunedMap.size < this.o.maxPruned && !this.prunedMap.has(node))
      this.prunedMap.set(node, { node, depth, score, rule });
  }

  pruned(): SearchSubgraph['pruned'] {
    return [...this.prunedMap.values()];
  }
}

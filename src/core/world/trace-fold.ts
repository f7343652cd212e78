import { ToolGraph } from '../graph/tool-graph';
import type { Tool } from '../tools/tool';
import type { TraceRecord } from '../trace/trace';
import { yieldToEvents } from '../util/yield';
import { evolveAfterTrace } from './evolution-policy';
import { ToolWorld } from './world';
import type { WorldSnapshot } from './world-snapshot';

export interface TraceFoldOptions {
  /** Run the evolution policy after each trace, as the app's ingestion does (default true). */
  evolve?: boolean;
  /** Traces folded between two yields to the event loop (keeps a page responsive on big worlds). */
  yieldEvery?: number;
}

/** The graph as of trace k: counts, w̃, propagated weights and pruned nodes after the first k traces. */
export interface GraphAsOf {
  k: number;
  /** Traces the source world holds. */
  total: number;
  graph: ToolGraph;
}

/**
 * The Tool World's graph as of its k-th trace, computed from the trace log rather than stored per step
 * (issue 19's evolution slider): the catalogue's own tools are imported in the batches they arrived in
 * (same `addedAt`), then the first k traces are ingested in order with the clock at each trace's
 * `ingestedAt`, and the evolution policy runs after each as it did when the trace arrived. Tools a
 * trace introduced (`source: 'trace'`) are left to that trace, so they appear when it does.
 *
 * A fold: moving forward from the last k ingests only the traces in between; moving back starts again
 * from the world with no traces (kept as a snapshot, so the tools are standardized once).
 */
export class TraceFold {
  private base: WorldSnapshot | null = null;
  private current: { world: ToolWorld; k: number } | null = null;
  private clock = 0;
  private readonly traces: readonly TraceRecord[];

  constructor(
    private readonly source: ToolWorld,
    private readonly options: TraceFoldOptions = {},
  ) {
    // The log as it is now: traces the source ingests later belong to a new fold.
    this.traces = [...source.traces];
  }

  get total(): number {
    return this.traces.length;
  }

  /** The graph after the first `k` traces (clamped to 0..total); a copy the caller may keep. */
  async at(k: number): Promise<GraphAsOf> {
    const world = await this.worldAt(k);
    const graph = world.graph;
    return {
      k: Math.max(0, Math.min(k, this.total)),
      total: this.total,
      graph: new ToolGraph(
        [...graph.nodes()].map((n) => ({ ...n })),
        [...graph.edges()].map((e) => ({ ...e })),
      ),
    };
  }

  /** The folded world itself after `k` traces; it changes on the next call. */
  async worldAt(k: number): Promise<ToolWorld> {
    const target = Math.max(0, Math.min(Math.floor(k), this.total));
    if (!this.current || this.current.k > target) this.current = { world: await this.fresh(), k: 0 };
    const cur = this.current;
    const every = this.options.yieldEvery ?? 50;
    while (cur.k < target) {
      const t = this.traces[cur.k]!;
      this.clock = t.ingestedAt;
      const { seq: _seq, ingestedAt: _at, ...trace } = t;
      const { trace: record } = await cur.world.ingestTrace(trace);
      if (this.options.evolve !== false) evolveAfterTrace(cur.world, record);
      cur.k++;
      if (cur.k % every === 0) await yieldToEvents();
    }
    return cur.world;
  }

  /** A world with the source's tools and settings and no traces. */
  private async fresh(): Promise<ToolWorld> {
    const options = { now: () => this.clock };
    if (this.base) return ToolWorld.fromSnapshot(this.base, this.source.embedder, options);
    const world = ToolWorld.empty(this.source.embedder, options);
    for (const [key, value] of Object.entries(this.source.settings)) world.setSetting(key, value);
    const batches = new Map<number, Tool[]>();
    for (const r of this.source.catalogue.allRecords()) {
      if (r.tool.source === 'trace') continue;
      const batch = batches.get(r.addedAt) ?? [];
      batch.push(r.tool);
      batches.set(r.addedAt, batch);
    }
    for (const at of [...batches.keys()].sort((a, b) => a - b)) {
      this.clock = at;
      await world.importTools(batches.get(at)!);
    }
    // A deep copy: the snapshot shares the graph's records, which the traces are about to change.
    this.base = JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot;
    return world;
  }
}

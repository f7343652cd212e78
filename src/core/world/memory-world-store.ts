import type { WorldChange, WorldSnapshot } from './world-snapshot';
import type { StoredModel, WorldLoad, WorldStore } from './world-store';
import { byKey } from '../util/compare';

type Stored = Omit<WorldSnapshot, 'exportedAt'>;

function upsert<T>(list: T[], items: T[], key: (t: T) => string | number): T[] {
  const map = new Map(list.map((x) => [key(x), x]));
  for (const x of items) map.set(key(x), structuredClone(x));
  return [...map.values()];
}

/**
 * A WorldStore kept in memory: for tests, and for browsers where IndexedDB is unavailable (the app then
 * says that changes will not survive a reload). Records are cloned in and out, as IndexedDB would.
 */
export class MemoryWorldStore implements WorldStore {
  private data: Stored | null = null;
  private readonly models = new Map<string, StoredModel>();
  private pending = 0;
  writes = 0;
  compactions = 0;

  constructor(private readonly embedderId = 'unknown') {}

  async load(): Promise<WorldLoad> {
    if (!this.data || (this.data.tools.length === 0 && this.data.nodes.length === 0))
      return { status: 'empty' };
    return { status: 'ok', snapshot: structuredClone(this.data) };
  }

  async write(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    const d: Stored = this.data ?? {
      format: 'naviagent-world',
      formatVersion: 1,
      embedderId: this.embedderId,
      tools: [],
      clusters: [],
      nodes: [],
      edges: [],
      traces: [],
      settings: {},
    };
    this.data = {
      ...d,
      tools: upsert(d.tools, change.tools, (t) => t.tool.name).sort((a, b) =>
        byKey(a.tool.name, b.tool.name),
      ),
      clusters: upsert(d.clusters, change.clusters, (c) => c.id).sort((a, b) => a.id - b.id),
      nodes: upsert(d.nodes, change.nodes, (n) => n.id).sort((a, b) => byKey(a.id, b.id)),
      edges: upsert(d.edges, change.edges, (e) => e.id).sort((a, b) => byKey(a.id, b.id)),
      traces: upsert(d.traces, change.traces, (t) => t.id).sort((a, b) => a.seq - b.seq),
      settings: { ...d.settings, ...(settings ?? {}) },
    };
    this.pending +=
      change.tools.length +
      change.clusters.length +
      change.nodes.length +
      change.edges.length +
      change.traces.length;
    this.writes++;
  }

  async replace(snapshot: Stored): Promise<void> {
    this.data = structuredClone(snapshot);
    this.pending = 0;
  }

  async compact(snapshot: Stored): Promise<void> {
    await this.replace(snapshot);
    this.compactions++;
  }

  pendingRecords(): number {
    return this.pending;
  }

  async putModel(model: StoredModel): Promise<void> {
    this.models.set(model.name, structuredClone(model));
  }

  async putModels(models: StoredModel[]): Promise<void> {
    for (const m of models) this.models.set(m.name, structuredClone(m));
  }

  async getModel(name: string): Promise<StoredModel | undefined> {
    const m = this.models.get(name);
    return m ? structuredClone(m) : undefined;
  }

  close(): void {}
}

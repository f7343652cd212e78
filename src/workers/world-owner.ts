import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { demoTraces } from '../core/demo/demo-traces';
import type { Embedder } from '../core/embed/embedder';
import type { Tool } from '../core/tools/tool';
import type { Trace } from '../core/trace/trace';
import { evolveAfterTrace, mergeInto } from '../core/world/evolution-policy';
import { ToolWorld } from '../core/world/world';
import { emptyChange, type WorldChange, type WorldSnapshot } from '../core/world/world-snapshot';
import type { WorldLoad, WorldStore } from '../core/world/world-store';
import type { OwnerEvent, ToolsImported, TraceIngested, WorldOpened, WriteRole } from './world-api';

/**
 * Overlay records after which the store is compacted into its packed checkpoint: per-record reads cost
 * ~25 µs each at cold load (docs/architecture.md, persistence layout), so 5k records add ~0.1 s.
 */
export const COMPACT_AFTER = 5000;
const TRACE_CHUNK = 50;

export interface WorldOwnerDeps {
  embedder: Embedder;
  /** Opens the store (IndexedDB in the worker, in-memory in tests); null: the world is kept in memory only. */
  openStore?: () => Promise<{ store: WorldStore; load: WorldLoad }>;
  /** Told when the world was replaced (a start, an import, a reload): search and retrieval start over on it. */
  onWorld: (world: ToolWorld) => void;
  /** Told after records changed (a trace, a prune, a restore): retrieval and link scores follow them. */
  onChange: (world: ToolWorld, change: WorldChange, activeToolsChanged: boolean) => Promise<void>;
  /** Progress and notices for the UI (one listener, set by the UI over comlink). */
  emit: (e: OwnerEvent) => void;
}

/**
 * The only copy of the Tool World that changes (issue 11): it lives in the world worker with its store.
 * Every change — a trace, an import, the evolution policy, a restore, a setting — is made here, written in
 * one transaction, and returned as the records it touched (`WorldChange`), which the UI's read model and
 * follower tabs apply; the world itself crosses the boundary only when it is a new one (a start, an import
 * of a world file). A tab that does not own writes (`role`) applies the owner's changes and writes nothing.
 */
export class WorldOwner {
  private worldRef: ToolWorld;
  private store: WorldStore | null = null;
  private role: WriteRole = 'solo';
  private compacting: Promise<void> | null = null;

  constructor(private readonly deps: WorldOwnerDeps) {
    this.worldRef = ToolWorld.empty(deps.embedder);
  }

  get world(): ToolWorld {
    return this.worldRef;
  }

  get storeOrNull(): WorldStore | null {
    return this.store;
  }

  setRole(role: WriteRole): void {
    this.role = role;
  }

  private mayWrite(): boolean {
    return this.role === 'owner' || this.role === 'solo';
  }

  private replaceWorld(world: ToolWorld): void {
    this.worldRef = world;
    this.deps.onWorld(world);
  }

  /** Opens the store and loads the world; a fresh start gets the built-in demo world (stored whole). */
  async open(): Promise<WorldOpened> {
    const notices: OwnerEvent[] = [];
    const t0 = performance.now();
    const opened = this.deps.openStore ? await this.deps.openStore() : null;
    const t1 = performance.now();
    this.store = opened?.store ?? null;
    const load: WorldLoad = opened?.load ?? { status: 'empty' };
    if (load.status === 'ok') {
      this.replaceWorld(
        await ToolWorld.fromSnapshot({ ...load.snapshot, exportedAt: 0 }, this.deps.embedder),
      );
      const t2 = performance.now();
      this.maybeCompact();
      return {
        snapshot: this.worldRef.snapshot(0),
        notices,
        startTimings: { storeMs: t1 - t0, worldMs: t2 - t1 },
      };
    }
    if (load.status === 'recovered')
      notices.push({
        kind: 'notice',
        level: 'warn',
        text: `The stored world could not be read (${load.reason}). Started on a fresh one; the old store is kept.`,
        keptStore: load.keptAs,
      });
    return { snapshot: await this.loadDemoWorld(), notices, startTimings: null };
  }

  /** Replaces the world with the built-in pack and its demonstration traces; returns it for the read model. */
  async loadDemoWorld(): Promise<WorldSnapshot> {
    const world = ToolWorld.empty(this.deps.embedder);
    await world.importTools(DEMO_TOOLS);
    const traces = demoTraces();
    for (let i = 0; i < traces.length; i++) {
      await world.ingestTrace(traces[i]!);
      if (i % TRACE_CHUNK === 0)
        this.deps.emit({
          kind: 'progress',
          progress: { label: 'Building the demo world', done: i, total: traces.length },
        });
    }
    this.deps.emit({ kind: 'progress', progress: null });
    const snapshot = world.snapshot();
    if (this.mayWrite()) await this.store?.replace(snapshot);
    this.replaceWorld(world);
    return snapshot;
  }

  /** A world file the UI parsed and validated becomes the world (and the store's new checkpoint). */
  async loadWorld(snapshot: WorldSnapshot): Promise<void> {
    if (!this.mayWrite() && this.store) throw this.notOwner('Replacing the saved world');
    const world = await ToolWorld.fromSnapshot(snapshot, this.deps.embedder);
    await this.store?.replace(world.snapshot());
    this.replaceWorld(world);
  }

  /**
   * Reads the stored world again (a follower after the owner replaced it; after a failed write): the world
   * goes back to the store's last consistent state. Returns it for the read model.
   */
  async reload(): Promise<WorldSnapshot> {
    const load = await this.store?.load();
    if (load?.status !== 'ok') return this.worldRef.snapshot(0);
    this.replaceWorld(await ToolWorld.fromSnapshot({ ...load.snapshot, exportedAt: 0 }, this.deps.embedder));
    return this.worldRef.snapshot(0);
  }

  /**
   * The closed loop: a trace is ingested (graph evolution, eq. 4 counts), the evolution policy runs when
   * its count is reached, everything is written in one transaction, and retrieval learns the trace.
   * Returns the records it touched, never the world.
   */
  async ingestTrace(trace: Trace): Promise<TraceIngested> {
    if (this.store && !this.mayWrite()) throw this.notOwner('Saving a trace');
    const t0 = performance.now();
    const world = this.worldRef;
    const out = await world.ingestTrace(trace);
    const step = evolveAfterTrace(world, out.trace);
    const change = step ? mergeInto(mergeInto(emptyChange(), out.change), step.change) : out.change;
    const t1 = performance.now();
    const stored = this.persist(change).then(() => performance.now() - t1);
    const followed = this.deps
      .onChange(world, change, (step?.pruned?.length ?? 0) > 0)
      .then(() => performance.now() - t1);
    const [storeMs, followMs] = await Promise.all([stored, followed]);
    return {
      change,
      evolution: step
        ? {
            atTrace: step.atTrace,
            propagated: step.propagated,
            pruned: step.pruned?.map(({ nodeId, label }) => ({ nodeId, label })) ?? null,
          }
        : null,
      timings: { worldMs: t1 - t0, storeMs, followMs },
    };
  }

  /** Adds or updates tools (a catalogue chunk, an MCP server's tools/list); returns the records changed. */
  async importTools(tools: Tool[]): Promise<ToolsImported> {
    const out = await this.worldRef.importTools(tools);
    await this.persist(out.change);
    await this.deps.onChange(this.worldRef, out.change, false);
    const { added, updated, unchanged } = out.catalogue;
    return {
      change: out.change,
      added: added.length,
      updated: updated.length,
      unchanged: unchanged.length,
    };
  }

  /** Undoes a prune (eq. 11 marks nodes inactive; nothing was deleted). */
  async restoreNodes(ids: string[]): Promise<WorldChange> {
    const change = this.worldRef.restore(ids);
    await this.persist(change);
    await this.deps.onChange(this.worldRef, change, true);
    return change;
  }

  /** Sets world settings (they travel with the world's file) and stores them. */
  async setSettings(settings: Record<string, unknown>): Promise<void> {
    for (const [k, v] of Object.entries(settings)) this.worldRef.setSetting(k, v);
    await this.persist(emptyChange(), settings);
  }

  /** A follower tab applies the owner's records (sent over BroadcastChannel); nothing is written here. */
  async applyChange(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    const { activeToolsChanged } = this.worldRef.applyChange(change, settings);
    await this.deps.onChange(this.worldRef, change, activeToolsChanged);
  }

  /**
   * Writes one change in one transaction, then compacts in the background when the overlay has grown. A
   * follower keeps the change in memory only (its traces reach the store through the owner); a tab that
   * took the lock over refuses. When the write fails (storage full, store closed) the transaction aborted
   * whole, so the world goes back to what is stored — the last consistent state — and the error is rethrown.
   */
  private async persist(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    if (!this.store) return;
    if (this.role === 'follower') return;
    if (this.role === 'took-over') throw this.notOwner('Saving');
    try {
      await this.store.write(change, settings);
    } catch (e) {
      await this.reload().catch(() => undefined);
      throw e;
    }
    this.maybeCompact();
  }

  private notOwner(what: string): Error {
    return new Error(
      this.role === 'took-over'
        ? `${what} is not possible in this tab: the tab that owned the saved world was closed; reload this tab to continue saving.`
        : `${what} is not possible in this tab: another tab of NaviAgent Web owns the saved world.`,
    );
  }

  private maybeCompact(): void {
    const store = this.store;
    if (!store || !this.mayWrite() || this.compacting || store.pendingRecords() < COMPACT_AFTER) return;
    // The snapshot is taken now, after every earlier write was issued; writes issued later land on top.
    this.compacting = store
      .compact(this.worldRef.snapshot())
      .catch((e: unknown) =>
        this.deps.emit({
          kind: 'notice',
          level: 'warn',
          text: `Could not compact the stored world (it is still saved): ${(e as Error).message}`,
        }),
      )
      .finally(() => {
        this.compacting = null;
      });
  }

  /** Compacts now (the test hook; later the user's cleanup), after the writes already issued. */
  async compactNow(): Promise<void> {
    await this.compacting;
    if (!this.store || !this.mayWrite()) return;
    this.compacting = this.store.compact(this.worldRef.snapshot()).finally(() => {
      this.compacting = null;
    });
    await this.compacting;
  }

  /** Resolves when a background compaction (if any) has finished. */
  async settled(): Promise<void> {
    await this.compacting;
  }
}

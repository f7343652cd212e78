import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { demoTraces } from '../core/demo/demo-traces';
import type { Embedder } from '../core/embed/embedder';
import { describeIssue } from '../core/tools/import-issue';
import { parseCatalogue } from '../core/tools/importers';
import { yieldToEvents } from '../core/util/yield';
import { ToolWorld, type IngestOutcome } from '../core/world/world';
import type { Trace } from '../core/trace/trace';
import type { Tool } from '../core/tools/tool';
import {
  EVOLUTION_SETTING,
  evolutionSettings,
  evolveAfterTrace,
  mergeInto,
  type EvolutionSettings,
  type EvolutionStep,
} from '../core/world/evolution-policy';
import { emptyChange, type WorldChange } from '../core/world/world-snapshot';
import type { ModelStore } from '../core/ml/model-promotion';
import type { AppToolchainRequest, AppToolchainResult } from '../workers/hgt-protocol';
import type { RankRequest, RankResult } from '../core/retrieval/retrieval-service';
import { parseWorldFile, serializeWorld } from '../core/world/world-file';
import type { WorldStore, WorldLoad } from '../core/world/world-store';
import {
  initialState,
  type Notice,
  type NoticeLevel,
  type Progress,
  type SessionState,
} from './session-state';
import { Store } from './store';

/** Tools imported per step: small enough to show progress, large enough to batch embeddings. */
const IMPORT_CHUNK = 250;
const TRACE_CHUNK = 50;

/**
 * Overlay records after which the store is compacted into its packed checkpoint: per-record reads cost
 * ~25 µs each at cold load (docs/architecture.md, persistence layout), so 5k records add ~0.1 s.
 */
const COMPACT_AFTER = 5000;

export interface SessionDeps {
  embedder: Embedder;
  /** Opens the store; IndexedDB in the app, in-memory in tests. */
  openStore: () => Promise<{ store: WorldStore; load: WorldLoad }>;
  /** Dumps a kept invalid store for download. */
  exportKept?: (name: string) => Promise<unknown>;
  /** Runs toolchain retrieval (the search worker in the app, an in-thread engine in tests). */
  planner?: (
    world: ToolWorld,
    worldVersion: number,
    request: AppToolchainRequest,
  ) => Promise<AppToolchainResult>;
  /** Next-tool retrieval (the world worker in the app, an in-thread service in tests). */
  ranker?: (world: ToolWorld, worldVersion: number, request: RankRequest) => Promise<RankResult>;
  /** Told after a trace was ingested (version `from` → `to`), so the world worker can follow it. */
  onTraceIngested?: (trace: Trace, from: number, to: number) => Promise<void>;
  /**
   * Told after graph records changed without a trace (the evolution policy, a restore), version `from` →
   * `to`, so the world worker can apply the same records instead of reloading the world.
   */
  onGraphChanged?: (change: WorldChange, from: number, to: number) => Promise<void>;
}

/**
 * The app's state outside React: owns the Tool World and its store, applies user actions, persists
 * every change, runs the evolution policy after each trace, and tells subscribers (read with
 * useSyncExternalStore) when something moved.
 */
export class WorldSession extends Store<SessionState> {
  private worldRef: ToolWorld;
  private store: WorldStore | null = null;
  private noticeId = 0;
  private compacting: Promise<void> | null = null;
  /** How long the last start took to read the store and to rebuild the world from it (cold load). */
  startTimings: { storeMs: number; worldMs: number } | null = null;
  /**
   * Where the last trace's time went (bench:world): the world's ingestion and evolution; then, side by side,
   * the IndexedDB transaction and the world worker following it; then telling subscribers (the UI).
   */
  lastIngestTimings: { worldMs: number; storeMs: number; notifyMs: number; workerMs: number } | null = null;

  constructor(private readonly deps: SessionDeps) {
    super(initialState(deps.embedder.id));
    this.worldRef = ToolWorld.empty(deps.embedder);
  }

  get world(): ToolWorld {
    return this.worldRef;
  }

  private worldMoved(): void {
    // The evolution settings live in the world (they travel with its file): show the current world's.
    const settings = evolutionSettings(this.worldRef);
    const evolution =
      settings === this.state.evolution.settings
        ? this.state.evolution
        : { ...this.state.evolution, settings };
    this.set({ worldVersion: this.state.worldVersion + 1, evolution });
  }

  notify(
    level: NoticeLevel,
    text: string,
    extra: Pick<Notice, 'details' | 'keptStore' | 'undoPrune'> = {},
  ): void {
    const notice = { id: ++this.noticeId, level, text, ...extra };
    this.set({ notices: [...this.state.notices, notice].slice(-6) });
  }

  dismiss(id: number): void {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  }

  select(nodeId: string | null): void {
    this.set({ selectedNodeId: nodeId });
  }

  private progress(p: Progress | null): void {
    this.set({ progress: p });
  }

  /**
   * Where trained models are kept (IndexedDB `models`, which outlives a world reset): the world worker gets
   * it as a comlink proxy to store a retrained HGT. Calls before the store is open wait for it.
   */
  readonly models: ModelStore = {
    putModel: async (model) => (await this.openedStore()).putModel(model),
    getModel: async (name) => (await this.openedStore()).getModel(name),
  };

  private storeOpened: { promise: Promise<WorldStore>; resolve: (s: WorldStore) => void } = (() => {
    let resolve: (s: WorldStore) => void = () => undefined;
    const promise = new Promise<WorldStore>((r) => (resolve = r));
    return { promise, resolve };
  })();

  private openedStore(): Promise<WorldStore> {
    return this.store ? Promise.resolve(this.store) : this.storeOpened.promise;
  }

  /** Opens the store and loads the world; a fresh start gets the built-in demo world. */
  async start(): Promise<void> {
    try {
      const t0 = performance.now();
      const { store, load } = await this.deps.openStore();
      const t1 = performance.now();
      this.store = store;
      this.storeOpened.resolve(store);
      if (load.status === 'ok') {
        this.worldRef = await ToolWorld.fromSnapshot({ ...load.snapshot, exportedAt: 0 }, this.deps.embedder);
        const t2 = performance.now();
        this.startTimings = { storeMs: t1 - t0, worldMs: t2 - t1 };
      } else {
        if (load.status === 'recovered') {
          this.notify(
            'warn',
            `The stored world could not be read (${load.reason}). Started on a fresh one; the old store is kept.`,
            {
              keptStore: load.keptAs,
            },
          );
        }
        await this.loadDemoWorld();
      }
      this.set({ phase: 'ready' });
      this.worldMoved();
      this.maybeCompact();
    } catch (e) {
      this.set({ phase: 'failed', failure: (e as Error).message });
    }
  }

  /** Replaces the world with the built-in pack and its demonstration traces. */
  async loadDemoWorld(): Promise<void> {
    const world = ToolWorld.empty(this.deps.embedder);
    await world.importTools(DEMO_TOOLS);
    const traces = demoTraces();
    for (let i = 0; i < traces.length; i++) {
      await world.ingestTrace(traces[i]!);
      if (i % TRACE_CHUNK === 0)
        this.progress({ label: 'Building the demo world', done: i, total: traces.length });
    }
    this.progress(null);
    this.worldRef = world;
    await this.store?.replace(world.snapshot());
    this.worldMoved();
  }

  /** Imports a file: a tool catalogue in any supported format, or a whole exported world. */
  async importFile(fileName: string, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      this.notify('error', `${fileName} is not valid JSON: ${(e as Error).message}`);
      return;
    }
    try {
      if (json && typeof json === 'object' && (json as { format?: unknown }).format === 'naviagent-world') {
        await this.importWorld(fileName, json);
      } else {
        await this.importCatalogue(fileName, json);
      }
    } catch (e) {
      this.progress(null);
      this.notify('error', `${fileName}: ${(e as Error).message}`);
    }
  }

  private async importCatalogue(fileName: string, json: unknown): Promise<void> {
    const parsed = parseCatalogue(json);
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    for (let i = 0; i < parsed.tools.length; i += IMPORT_CHUNK) {
      this.progress({ label: `Importing ${fileName}`, done: i, total: parsed.tools.length });
      await yieldToEvents();
      const out = await this.world.importTools(parsed.tools.slice(i, i + IMPORT_CHUNK));
      await this.persist(out.change);
      added += out.catalogue.added.length;
      updated += out.catalogue.updated.length;
      unchanged += out.catalogue.unchanged.length;
    }
    this.progress(null);
    this.worldMoved();
    const skipped = parsed.issues.length;
    const text =
      `${fileName} (${parsed.format} format): ${added} added, ${updated} updated, ${unchanged} unchanged` +
      (skipped > 0 ? `, ${skipped} skipped` : '');
    this.notify(
      skipped > 0 ? 'warn' : 'info',
      text,
      skipped > 0 ? { details: parsed.issues.map(describeIssue) } : {},
    );
  }

  private async importWorld(fileName: string, json: unknown): Promise<void> {
    const snapshot = parseWorldFile(json);
    this.progress({ label: `Loading world ${fileName}`, done: 0, total: 1 });
    await yieldToEvents();
    const world = await ToolWorld.fromSnapshot(snapshot, this.deps.embedder);
    await this.store?.replace(world.snapshot());
    this.worldRef = world;
    this.progress(null);
    this.select(null);
    this.worldMoved();
    this.notify(
      'info',
      `Loaded world ${fileName}: ${snapshot.tools.length} tools, ${snapshot.traces.length} traces.`,
    );
  }

  /** Writes one change (one transaction), then compacts the store in the background when it has grown. */
  private async persist(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    try {
      await this.store?.write(change, settings);
    } catch (e) {
      await this.rollBack(e);
      throw e;
    }
    this.maybeCompact();
  }

  /**
   * A write failed (storage full, store closed) after the world changed in memory: the store's transaction
   * aborted whole, so the world goes back to what is stored, the last consistent state (issue 21), and the
   * user is told which write failed. Later writes then never refer to records that were not saved.
   */
  private async rollBack(failure: unknown): Promise<void> {
    this.notify('error', (failure as Error).message);
    try {
      const load = await this.store?.load();
      if (load?.status !== 'ok') return;
      this.worldRef = await ToolWorld.fromSnapshot({ ...load.snapshot, exportedAt: 0 }, this.deps.embedder);
      this.worldMoved();
    } catch (e) {
      this.notify(
        'error',
        `The saved world could not be read back: ${(e as Error).message}. Reload the tab.`,
      );
    }
  }

  private maybeCompact(): void {
    const store = this.store;
    if (!store || this.compacting || store.pendingRecords() < COMPACT_AFTER) return;
    // The snapshot is taken now, after every earlier write was issued; writes issued later land on top.
    this.compacting = store
      .compact(this.world.snapshot())
      .catch((e: unknown) =>
        this.notify(
          'warn',
          `Could not compact the stored world (it is still saved): ${(e as Error).message}`,
        ),
      )
      .finally(() => {
        this.compacting = null;
      });
  }

  /** Resolves when a background compaction (if any) has finished; tests and the benchmark wait on it. */
  async settled(): Promise<void> {
    await this.compacting;
  }

  /** Searches a toolchain to `request.target`; the result (or the error) lands in `state.toolchain`. */
  async planToolchain(request: AppToolchainRequest): Promise<void> {
    if (!this.deps.planner) {
      this.set({
        toolchain: { status: 'failed', request, error: 'Toolchain search is not available in this build.' },
      });
      return;
    }
    this.set({ toolchain: { status: 'running', request } });
    try {
      const result = await this.deps.planner(this.world, this.state.worldVersion, request);
      // A newer request may have started meanwhile; only the latest one's answer is shown.
      const now = this.state.toolchain;
      if (now.status === 'running' && now.request !== request) return;
      this.set({ toolchain: { status: 'done', result } });
    } catch (e) {
      this.set({ toolchain: { status: 'failed', request, error: (e as Error).message } });
    }
  }

  /** Ranks candidate next tools for a request and history; the result lands in `state.retrieval`. */
  async rankNextTools(request: RankRequest): Promise<void> {
    if (!this.deps.ranker) {
      this.set({
        retrieval: { status: 'failed', request, error: 'Tool retrieval is not available in this build.' },
      });
      return;
    }
    this.set({ retrieval: { status: 'running', request } });
    try {
      const result = await this.deps.ranker(this.world, this.state.worldVersion, request);
      const now = this.state.retrieval;
      if (now.status === 'running' && now.request !== request) return;
      this.set({ retrieval: { status: 'done', request, result } });
    } catch (e) {
      this.set({ retrieval: { status: 'failed', request, error: (e as Error).message } });
    }
  }

  clearToolchain(): void {
    this.set({ toolchain: { status: 'idle' } });
  }

  /**
   * The closed loop: a trace the agent executed is ingested (graph evolution, eq. 4 counts), the evolution
   * policy runs when its count is reached (propagation, pruning), everything is persisted in one
   * transaction, and the world worker follows with the trace and the evolution's records. Returns what
   * the trace changed, for the live view.
   */
  async ingestTrace(trace: Trace): Promise<IngestOutcome> {
    const t0 = performance.now();
    const out = await this.world.ingestTrace(trace);
    const step = evolveAfterTrace(this.world, out.trace);
    const t1 = performance.now();
    const from = this.state.worldVersion;
    const to = from + 1;
    const t2 = performance.now();
    // IndexedDB and the world worker follow the same in-memory change, so they run side by side; the UI is
    // told once both reflect it (a redraw of a large graph view takes the main thread for ~0.1 s, which
    // would hold up both replies).
    const timings = { worldMs: t1 - t0, notifyMs: 0, storeMs: 0, workerMs: 0 };
    const stored = this.persist(
      step ? mergeInto(mergeInto(emptyChange(), out.change), step.change) : out.change,
    ).then(() => (timings.storeMs = performance.now() - t2));
    const followed = (async () => {
      await this.deps
        .onTraceIngested?.(trace, from, to)
        .catch((e: unknown) =>
          this.notify('warn', `The search worker could not follow the new trace: ${(e as Error).message}`),
        );
      if (step) await this.evolved(step, to);
      timings.workerMs = performance.now() - t2;
    })();
    try {
      await Promise.all([stored, followed]);
    } finally {
      const t3 = performance.now();
      this.worldMoved();
      timings.notifyMs = performance.now() - t3;
      this.lastIngestTimings = timings;
    }
    return out;
  }

  /** Tells the user and the worker what an evolution step did. */
  private async evolved(step: EvolutionStep, version: number): Promise<void> {
    const evolution = { ...this.state.evolution };
    if (step.propagated !== null)
      evolution.lastPropagation = { atTrace: step.atTrace, edges: step.propagated };
    if (step.pruned !== null)
      evolution.lastPrune = {
        atTrace: step.atTrace,
        nodes: step.pruned.map(({ nodeId, label }) => ({ nodeId, label })),
      };
    this.set({ evolution });
    if (step.pruned && step.pruned.length > 0) {
      const names = step.pruned.map((p) => p.label).join(', ');
      this.notify(
        'info',
        `Pruned ${step.pruned.length} rarely used or failing ${step.pruned.length === 1 ? 'node' : 'nodes'} ` +
          `after ${step.atTrace} traces (NaviAgent eq. 11): ${names}. Search no longer uses them; ` +
          'Undo, or Restore in a node’s details, brings them back.',
        { undoPrune: step.pruned.map((p) => p.nodeId) },
      );
    }
    await this.follow(step.change, version, version);
  }

  private async follow(change: WorldChange, from: number, to: number): Promise<void> {
    await this.deps
      .onGraphChanged?.(change, from, to)
      .catch((e: unknown) =>
        this.notify('warn', `The search worker could not follow a graph change: ${(e as Error).message}`),
      );
  }

  /** Undoes a prune (NaviAgent eq. 11 marks nodes inactive; nothing was deleted). */
  async restoreNodes(ids: string[]): Promise<void> {
    const change = this.world.restore(ids);
    await this.persist(change);
    const from = this.state.worldVersion;
    this.worldMoved();
    await this.follow(change, from, this.state.worldVersion);
  }

  /** The Undo of an automatic prune's notice: restores its nodes and dismisses it. */
  async undoPrune(noticeId: number): Promise<void> {
    const notice = this.state.notices.find((n) => n.id === noticeId);
    if (!notice?.undoPrune) return;
    this.dismiss(noticeId);
    await this.restoreNodes(notice.undoPrune);
  }

  /** Changes the evolution policy; kept in the world's settings, stored like any change. */
  async setEvolutionSettings(patch: Partial<EvolutionSettings>): Promise<void> {
    const settings = { ...evolutionSettings(this.world), ...patch };
    this.world.setSetting(EVOLUTION_SETTING, settings);
    await this.persist(emptyChange(), { ...this.world.settings });
    this.set({ evolution: { ...this.state.evolution, settings: evolutionSettings(this.world) } });
  }

  /** Sets one world setting (it travels with the world's file) and stores it (the MCP tool servers). */
  async setSetting(key: string, value: unknown): Promise<void> {
    this.world.setSetting(key, value);
    await this.persist(emptyChange(), { [key]: value });
  }

  /**
   * Upserts tools from a live source (an MCP server's tools/list): tools that did not change keep their
   * graph statistics; the world worker picks up the change on its next call, as after a file import.
   */
  async importTools(tools: Tool[]): Promise<{ added: number; updated: number; unchanged: number }> {
    const out = await this.world.importTools(tools);
    await this.persist(out.change);
    const { added, updated, unchanged } = out.catalogue;
    if (added.length + updated.length > 0) this.worldMoved();
    return { added: added.length, updated: updated.length, unchanged: unchanged.length };
  }

  /** The whole world as one JSON file's text. */
  exportWorld(): string {
    return serializeWorld(this.world.snapshot());
  }

  async exportKeptStore(name: string): Promise<string> {
    if (!this.deps.exportKept) throw new Error('This build cannot export kept stores.');
    return JSON.stringify(await this.deps.exportKept(name), null, 1);
  }
}

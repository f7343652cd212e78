import type { Embedder } from '../core/embed/embedder';
import { describeIssue } from '../core/tools/import-issue';
import { parseCatalogue } from '../core/tools/importers';
import { withoutBuiltinReplacements } from '../core/tools/builtin-replacement';
import { notJsonMessage } from './import-file-problem';
import { yieldToEvents } from '../core/util/yield';
import { ToolWorld } from '../core/world/world';
import type { Trace } from '../core/trace/trace';
import type { Tool } from '../core/tools/tool';
import { EVOLUTION_SETTING, evolutionSettings, type EvolutionSettings } from '../core/world/evolution-policy';
import type { WorldChange, WorldSnapshot } from '../core/world/world-snapshot';
import type { AppToolchainRequest } from '../workers/hgt-protocol';
import type { RankRequest } from '../core/retrieval/retrieval-service';
import { parseWorldFile, serializeWorld } from '../core/world/world-file';
import type { OwnerEvent, TraceIngested, WorldApi, WorldOpened, WriteRole } from '../workers/world-api';
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

/** What other tabs are told (issue 21): the records the owner changed, or that it replaced the world. */
export type TabChange =
  { type: 'changed'; change: WorldChange; settings?: Record<string, unknown> } | { type: 'replaced' };

/** What the session needs of the tab coordinator (src/persist/tab-coordinator.ts). */
export interface SessionTabs {
  /** Decides this tab's role (owner when the write lock is free), before the world is opened. */
  start(): Promise<{ role: WriteRole; message: string }>;
  /** Role changes later (the owner tab closed: a follower took the lock over). */
  subscribe(listener: (s: { role: WriteRole; message: string }) => void): () => void;
  /** A follower's trace, handed to the owner tab; resolves once it is stored there (or already was). */
  sendToOwner(trace: Trace): Promise<void>;
  /** The owner tells the other tabs what changed. */
  publish(message: TabChange): void;
  /** What the owner tab published (a follower applies it). */
  onPublished(listener: (message: TabChange) => void): void;
}

/** The world worker as the session uses it (`SearchClient`). */
export interface SessionWorker {
  api(): Promise<WorldApi>;
  setOpener(opener: (api: WorldApi) => Promise<void>): void;
  onOwnerEvent(listener: (e: OwnerEvent) => void): () => void;
}

export interface SessionDeps {
  embedder: Embedder;
  /** The world worker, which owns the Tool World and its store. */
  worker: SessionWorker;
  /** Two tabs on one store (issue 21); absent: this tab is alone. */
  tabs?: SessionTabs;
  /** Dumps a kept invalid store for download. */
  exportKept?: (name: string) => Promise<unknown>;
  /** Told when a change could not be saved (a full disk: the status line offers export and cleanup). */
  onWriteFailed?: (e: unknown) => void;
}

/** Where one trace's time went (`WorldSession.lastIngestTimings`). */
export interface IngestTimings {
  worldMs: number;
  storeMs: number;
  followMs: number;
  roundTripMs: number;
  applyMs: number;
  /** Size of what came back (the records, as JSON): what crossed the boundary for this trace. */
  bytes: number;
}

/**
 * The app's state outside React and the UI's read model of the Tool World (issue 11). The world worker owns
 * the world and its store; every user action is a command to it, and what comes back is the records the
 * change touched, which this read model applies (a snapshot crosses only for a new world: a start, a world
 * file, a reset). Subscribers (read with useSyncExternalStore) are told when something moved. In a follower
 * tab, traces go to the owner tab and the owner's changes arrive as records over BroadcastChannel.
 */
export class WorldSession extends Store<SessionState> {
  private worldRef: ToolWorld;
  private noticeId = 0;
  private role: WriteRole = 'solo';
  /** Changes from the owner tab, applied one at a time in the order they came. */
  private remote: Promise<void> = Promise.resolve();
  /** How long the last start took to read the store and to rebuild the world from it (cold load). */
  startTimings: { storeMs: number; worldMs: number } | null = null;
  /**
   * Where the last trace's time went (bench:world): in the worker, ingestion + evolution, then the IndexedDB
   * transaction and retrieval side by side; here, the round trip and applying the records to the read model.
   */
  lastIngestTimings: IngestTimings | null = null;
  /** Whole worlds that crossed the worker boundary (either way): one per new world, none per change. */
  snapshotsCrossed = 0;
  private held: ((what: string) => void) | null = null;

  constructor(private readonly deps: SessionDeps) {
    super(initialState(deps.embedder.id));
    this.worldRef = ToolWorld.empty(deps.embedder);
  }

  /** The read model: equal to the worker's world after every change (read-only here). */
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

  private api(): Promise<WorldApi> {
    return this.deps.worker.api();
  }

  /** The read model becomes a new world (a start, a world file, a reset, a reload). */
  private async replaced(snapshot: WorldSnapshot): Promise<void> {
    this.snapshotsCrossed++;
    this.worldRef = await ToolWorld.fromSnapshot(snapshot, this.deps.embedder);
    this.worldMoved();
  }

  private ownerEvent(e: OwnerEvent): void {
    if (e.kind === 'progress') this.progress(e.progress);
    else if (e.kind === 'notice') this.notify(e.level, e.text, e.keptStore ? { keptStore: e.keptStore } : {});
    else this.held?.(e.what);
  }

  /** Opens the world in the worker (which opens the store; a fresh start gets the demo world). */
  async start(): Promise<void> {
    try {
      const tabs = this.deps.tabs;
      if (tabs) {
        const s = await tabs.start();
        this.role = s.role;
        if (s.role === 'follower') this.notify('warn', s.message);
        tabs.subscribe((next) => {
          this.role = next.role;
          void this.api().then((api) => api.setWriteRole(next.role));
        });
        tabs.onPublished((m) => void this.applyPublished(m));
      }
      this.deps.worker.onOwnerEvent((e) => this.ownerEvent(e));
      // Also on a worker the browser killed and the client started again: the world is reopened from the store.
      this.deps.worker.setOpener(async (api) => {
        await api.setWriteRole(this.role);
        await this.opened(await api.open());
      });
      await this.api();
      this.set({ phase: 'ready' });
    } catch (e) {
      this.set({ phase: 'failed', failure: (e as Error).message });
    }
  }

  private async opened(o: WorldOpened): Promise<void> {
    for (const n of o.notices) this.ownerEvent(n);
    this.startTimings = o.startTimings;
    await this.replaced(o.snapshot);
  }

  /** A change the owner tab made, applied here: the worker's world and retrieval, then the read model. */
  private applyPublished(m: TabChange): Promise<void> {
    if (this.role === 'owner' || this.role === 'solo') return Promise.resolve();
    this.remote = this.remote.then(async () => {
      try {
        const api = await this.api();
        if (m.type === 'replaced') {
          await this.replaced(await api.reload());
          this.select(null);
          return;
        }
        await api.applyChange(m.change, m.settings);
        this.worldRef.applyChange(m.change, m.settings);
        this.worldMoved();
      } catch (e) {
        this.notify(
          'warn',
          `This tab could not follow the other tab's change: ${(e as Error).message}. Reload it.`,
        );
      }
    });
    return this.remote;
  }

  private publish(m: TabChange): void {
    if (this.role === 'owner') this.deps.tabs?.publish(m);
  }

  /** Applies records the worker changed to the read model and tells the other tabs. */
  private changed(change: WorldChange, settings?: Record<string, unknown>): void {
    this.worldRef.applyChange(change, settings);
    this.publish({ type: 'changed', change, ...(settings ? { settings } : {}) });
  }

  /**
   * A command failed in the worker. A failed write (storage full, store closed) aborted its transaction
   * whole and the worker went back to the stored world: the read model follows it, and the user is told
   * which write failed. A refused input (validation) changed nothing.
   */
  private async failed(e: unknown): Promise<void> {
    this.deps.onWriteFailed?.(e);
    if ((e as { name?: unknown }).name === 'InputRejectedError') return;
    this.notify('error', (e as Error).message);
    try {
      await this.replaced(await (await this.api()).reload());
    } catch (again) {
      this.notify(
        'error',
        `The saved world could not be read back: ${(again as Error).message}. Reload the tab.`,
      );
    }
  }

  /**
   * A follower tab's worker does not write (the owner tab does): an import or reset made here changed this
   * tab's world only, said "2 added", and was gone after a reload. Refused with where to make it instead.
   */
  private refusedInFollower(what: string): boolean {
    if (this.role !== 'follower') return false;
    this.notify(
      'error',
      `${what}: another tab of NaviAgent Web owns the saved world, and a change made here would not be saved. Make it in that tab; this tab shows it at once.`,
    );
    return true;
  }

  /** Replaces the world with the built-in pack and its demonstration traces. */
  async loadDemoWorld(): Promise<void> {
    if (this.refusedInFollower('Not reset to the demo world')) return;
    const snapshot = await (await this.api()).loadDemoWorld();
    await this.replaced(snapshot);
    this.publish({ type: 'replaced' });
  }

  /** Imports a file: a tool catalogue in any supported format, or a whole exported world. */
  async importFile(fileName: string, text: string): Promise<void> {
    if (this.refusedInFollower(`${fileName} was not imported`)) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      this.notify('error', notJsonMessage(fileName, text, e as Error));
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
    // An entry named like a built-in tool is skipped, not applied: the built-in code stays bound to the name.
    const parsed = withoutBuiltinReplacements(json, parseCatalogue(json), (name) =>
      this.worldRef.catalogue.get(name),
    );
    const api = await this.api();
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    for (let i = 0; i < parsed.tools.length; i += IMPORT_CHUNK) {
      this.progress({ label: `Importing ${fileName}`, done: i, total: parsed.tools.length });
      await yieldToEvents();
      let out;
      try {
        out = await api.importTools(parsed.tools.slice(i, i + IMPORT_CHUNK));
      } catch (e) {
        await this.failed(e);
        throw e;
      }
      this.changed(out.change);
      added += out.added;
      updated += out.updated;
      unchanged += out.unchanged;
    }
    this.progress(null);
    this.worldMoved();
    // Entries the file held that were not imported are "skipped"; a remark on the file as a whole (an
    // OpenAPI document with no server URL) is not an entry: it read "1 skipped" when every operation was
    // imported (second QA pass), so it is said in the notice itself.
    const entries = parsed.issues.filter((i) => i.index >= 0);
    const remarks = parsed.issues.filter((i) => i.index < 0).map((i) => i.reason);
    const skipped = entries.length;
    const total = added + updated + unchanged;
    const text =
      `${fileName} (${parsed.format} format): ${added} added, ${updated} updated, ${unchanged} unchanged` +
      (skipped > 0 ? `, ${skipped} skipped` : '') +
      (total === 0 && skipped === 0 ? '. The file lists no tools.' : '') +
      remarks.map((r) => `. Note: ${r}`).join('') +
      (remarks.length > 0 ? '.' : '');
    this.notify(
      skipped > 0 || remarks.length > 0 || total === 0 ? 'warn' : 'info',
      text,
      skipped > 0 ? { details: entries.map(describeIssue) } : {},
    );
  }

  private async importWorld(fileName: string, json: unknown): Promise<void> {
    const snapshot = parseWorldFile(json);
    this.progress({ label: `Loading world ${fileName}`, done: 0, total: 1 });
    await yieldToEvents();
    // The file's world crosses to the worker once (it is a new world, counted by `replaced`); the read model
    // is built from the same parsed file here.
    await (await this.api()).loadWorld(snapshot);
    await this.replaced(snapshot);
    this.publish({ type: 'replaced' });
    this.progress(null);
    this.select(null);
    this.notify(
      'info',
      `Loaded world ${fileName}: ${snapshot.tools.length} tools, ${snapshot.traces.length} traces.`,
    );
  }

  /** Resolves when a background compaction (if any) has finished; tests and the benchmark wait on it. */
  async settled(): Promise<void> {
    await this.remote;
    await (await this.api()).settled();
  }

  /**
   * Test hook (issue 21): the next checkpoint or model swap keeps its transaction open in the middle;
   * `start` begins the write (a compaction; for a swap, the test clicks Retrain). Resolves once it is held,
   * so the page can be closed then.
   */
  async holdNext(what: 'checkpoint' | 'model-swap', start?: (api: WorldApi) => void): Promise<void> {
    const api = await this.api();
    const held = new Promise<void>((resolve) => (this.held = (w) => w === what && resolve()));
    await api.holdNext(what);
    start?.(api);
    await held;
    this.held = null;
  }

  /** Test hook: compacts with the checkpoint held open in its middle (see `holdNext`). */
  compactHeld(): Promise<void> {
    return this.holdNext('checkpoint', (api) => void api.compactNow().catch(() => undefined));
  }

  /** Searches a toolchain to `request.target`; the result (or the error) lands in `state.toolchain`. */
  async planToolchain(request: AppToolchainRequest): Promise<void> {
    this.set({ toolchain: { status: 'running', request } });
    try {
      const result = await (await this.api()).plan(request);
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
    this.set({ retrieval: { status: 'running', request } });
    try {
      const result = await (await this.api()).rank(request);
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
   * The closed loop: a trace the agent executed goes to the worker, which ingests it (graph evolution, eq. 4
   * counts), runs the evolution policy when due, stores everything in one transaction and lets retrieval
   * learn it; the records it touched come back and the read model applies them. In a follower tab the trace
   * goes to the owner tab, and its records come back over BroadcastChannel. Null in a follower.
   */
  async ingestTrace(trace: Trace): Promise<TraceIngested | null> {
    if (this.role === 'follower' && this.deps.tabs) {
      await this.deps.tabs.sendToOwner(trace);
      // The owner published the records before it acknowledged: they are applied once this resolves.
      await this.remote;
      return null;
    }
    const api = await this.api();
    const t0 = performance.now();
    let out: TraceIngested;
    try {
      out = await api.ingestTrace(trace);
    } catch (e) {
      await this.failed(e);
      throw e;
    }
    const t1 = performance.now();
    this.changed(out.change);
    if (out.evolution) this.evolved(out.evolution);
    this.worldMoved();
    this.lastIngestTimings = {
      ...out.timings,
      roundTripMs: t1 - t0,
      applyMs: performance.now() - t1,
      bytes: JSON.stringify(out).length,
    };
    return out;
  }

  /** Tells the user what an evolution step did. */
  private evolved(step: NonNullable<TraceIngested['evolution']>): void {
    const evolution = { ...this.state.evolution };
    if (step.propagated !== null)
      evolution.lastPropagation = { atTrace: step.atTrace, edges: step.propagated };
    if (step.pruned !== null) evolution.lastPrune = { atTrace: step.atTrace, nodes: step.pruned };
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
  }

  /** Undoes a prune (NaviAgent eq. 11 marks nodes inactive; nothing was deleted). */
  async restoreNodes(ids: string[]): Promise<void> {
    let change: WorldChange;
    try {
      change = await (await this.api()).restoreNodes(ids);
    } catch (e) {
      await this.failed(e);
      throw e;
    }
    this.changed(change);
    this.worldMoved();
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
    await this.setSettings({ [EVOLUTION_SETTING]: { ...evolutionSettings(this.world), ...patch } });
    this.set({ evolution: { ...this.state.evolution, settings: evolutionSettings(this.world) } });
  }

  /** Sets one world setting (it travels with the world's file) and stores it (the MCP tool servers). */
  async setSetting(key: string, value: unknown): Promise<void> {
    await this.setSettings({ [key]: value });
  }

  private async setSettings(settings: Record<string, unknown>): Promise<void> {
    // Checked here first (a value over the limits is refused before anything is sent), then in the worker.
    for (const [k, v] of Object.entries(settings)) ToolWorld.empty(this.deps.embedder).setSetting(k, v);
    try {
      await (await this.api()).setSettings(settings);
    } catch (e) {
      await this.failed(e);
      throw e;
    }
    this.changed({ tools: [], clusters: [], nodes: [], edges: [], traces: [] }, settings);
  }

  /**
   * Upserts tools from a live source (an MCP server's tools/list): tools that did not change keep their
   * graph statistics; the records the worker changed come back to the read model.
   */
  async importTools(tools: Tool[]): Promise<{ added: number; updated: number; unchanged: number }> {
    let out;
    try {
      out = await (await this.api()).importTools(tools);
    } catch (e) {
      await this.failed(e);
      throw e;
    }
    this.changed(out.change);
    if (out.added + out.updated > 0) this.worldMoved();
    return { added: out.added, updated: out.updated, unchanged: out.unchanged };
  }

  /** The whole world as one JSON file's text (the read model, equal to the worker's world). */
  exportWorld(): string {
    return serializeWorld(this.world.snapshot());
  }

  async exportKeptStore(name: string): Promise<string> {
    if (!this.deps.exportKept) throw new Error('This build cannot export kept stores.');
    return JSON.stringify(await this.deps.exportKept(name), null, 1);
  }
}

import type { AgentSessionState } from '../app/agent/agent-session';
import type { EngineState } from '../app/agent/engine-manager';
import type { LinkModel, LinkModelState } from '../app/link-model';
import type { TurnResult } from '../core/agent/agent-events';
import type { SandboxState } from '../core/sandbox';
import type { RetrievalModels, RetrievalModelsState } from '../app/retrieval-models';
import type { SearchClient } from '../app/search-client';
import type { IngestTimings, WorldSession } from '../app/world-session';
import type { SearchMethod } from '../core/search/search-engine';
import type { Trace } from '../core/trace/trace';
import { graphHandle, type GraphHandle, type GraphPlayback } from './graph-handle';
import type { AgentStores } from './use-agent';
import type { TabCoordinator } from '../persist/tab-coordinator';
import type { StorageMonitor, StorageMonitorState } from '../app/storage-monitor';

/**
 * window.__naviTest: what Playwright tests and the browser benchmark use to read state and seed it
 * without clicking through the UI (docs/conventions.md §8). Read-mostly; it adds no capability the UI lacks.
 */
export interface NaviTestHook {
  ready: Promise<void>;
  phase(): string;
  toolNames(): string[];
  nodeIds(): string[];
  drawnNodeIds(): string[];
  counts(): { tools: number; nodes: number; edges: number; traces: number };
  /** One graph node of the read model (eq. 4 counts, activity), or null. */
  node(id: string): { nSucc: number; nFail: number; active: boolean } | null;
  importText(fileName: string, text: string): Promise<void>;
  /** Milliseconds from page script start until the world was ready. */
  startMs: number;
  /** Resolves when background store work (compaction) has finished. */
  settled(): Promise<void>;
  /** Subgraph search times (ms) inside the search worker, for the browser benchmark. */
  searchTimings(targets: string[], method: SearchMethod): Promise<number[]>;
  /**
   * Ingests traces one by one as the agent's turns do (bench:world): each time is from the call until the
   * worker ingested it, IndexedDB and retrieval reflect it, and the read model applied the records.
   */
  traceTimings(
    traces: Trace[],
    /** Untimed pause before each trace (an agent's turn takes seconds): the UI redraws in it. */
    gapMs?: number,
  ): Promise<({ ms: number } & IngestTimings)[]>;
  /** Wall times (ms) of rankings in the world worker, one per request (bench:world). */
  rankTimings(queries: string[], method: string): Promise<number[]>;
  /** Whole worlds that crossed the worker boundary so far, either way (one per new world). */
  snapshotsSent(): number;
  /**
   * Issue 21: holds the next checkpoint transaction open in the middle (stores cleared, lists packed, header
   * not written) and starts a compaction; resolves once it is held, so the page can be closed then.
   */
  compactHeld(): Promise<void>;
  /**
   * Issue 21: holds the next model swap (a promotion after Retrain) open between its writes; resolves once
   * a swap got there (the test clicks Retrain meanwhile).
   */
  modelSwapHeld(): Promise<void>;
  /** Overlay records the store holds since its last checkpoint. */
  pendingRecords(): Promise<number>;
  /** Store read and world rebuild times of the last start, when a stored world was loaded. */
  startTimings(): { storeMs: number; worldMs: number } | null;
  /** The retrieval models' state: embedder, DTDR-L source, running job. */
  retrievalModels(): RetrievalModelsState;
  /** Resolves once the saved retrieval embedder has been applied (or found missing). */
  retrievalModelsReady: Promise<void>;
  /** The HGT link model's state: model in use, job, epochs, promotion. */
  linkModel(): LinkModelState;
  /** The chat: turns with their steps, whether one runs, the pending question, past conversations. */
  agent(): AgentSessionState;
  /** The last finished turn's result (answer, calls with arguments and sources, LLM calls, tokens, ms). */
  lastTurn(): TurnResult | null;
  /** The engine choice: settings, the engine running, WebGPU check, catalogue, load, last error. */
  engine(): EngineState;
  /** The sandbox the tools act on (reminders, events, notes, outbox, change log); null until open. */
  sandbox(): SandboxState | null;
  /** Nodes the graph view draws as the highlighted plan (the chat's chain while it runs). */
  planNodeIds(): string[];
  /** Nodes the graph view draws as failed calls of the chat's turn. */
  failedNodeIds(): string[];
  /** The graph's replay of a turn (issue 19): frames shown, playing or done, node states drawn in order. */
  graphPlayback(): GraphPlayback | null;
  /** Classes of a drawn node (`ab-kept`, `ab-alpha`, `ab-beta`, `in-plan`, `failed`, `detour`, …). */
  graphNodeClasses(id: string): string[];
  /** Labels of the detour edges the graph draws now. */
  graphDetourLabels(): string[];
  /** Ids of the edges the graph draws. */
  graphEdgeIds(): string[];
  /** The weight a drawn edge is drawn with (null when not drawn). */
  graphEdgeWeight(id: string): number | null;
  graphNodePosition(id: string): { x: number; y: number } | null;
  /** How the graph's last redraw placed its nodes (full layout, incremental, none) and how long it took. */
  graphLastLayout(): ReturnType<GraphHandle['lastLayout']>;
  /**
   * Ingests traces one at a time as the agent does (in a follower tab, saved through the owner tab); each
   * entry is null when stored, else the error's message (issue 21).
   */
  ingestTraces(traces: Trace[]): Promise<(string | null)[]>;
  /** Ids of the traces in this tab's world, in order. */
  traceIds(): string[];
  /** The storage line: persistence, usage, quota, this tab's role, the last failed write. */
  storage(): StorageMonitorState | null;
  /** Texts of the notices shown now. */
  noticeTexts(): string[];
  /** The world file "Export world" downloads. */
  exportWorld(): string;
}

declare global {
  interface Window {
    __naviTest?: NaviTestHook;
  }
}

export function installTestHook(
  session: WorldSession,
  search: SearchClient,
  ready: Promise<void>,
  startedAt: number,
  models: RetrievalModels,
  modelsReady: Promise<void>,
  linkModel: LinkModel,
  stores: AgentStores,
  extra?: { tabs: TabCoordinator; storage: StorageMonitor },
): void {
  const hook: NaviTestHook = {
    ready,
    startMs: NaN,
    phase: () => session.getState().phase,
    toolNames: () => session.world.catalogue.tools().map((t) => t.name),
    nodeIds: () => [...session.world.graph.nodes()].map((n) => n.id),
    drawnNodeIds: () => graphHandle()?.drawnNodeIds() ?? [],
    counts: () => ({
      tools: session.world.catalogue.size,
      nodes: session.world.graph.nodeCount,
      edges: session.world.graph.edgeCount,
      traces: session.world.traces.length,
    }),
    node: (id) => {
      const n = session.world.graph.node(id);
      return n ? { nSucc: n.nSucc, nFail: n.nFail, active: n.active } : null;
    },
    importText: (fileName, text) => session.importFile(fileName, text),
    startTimings: () => session.startTimings,
    settled: () => session.settled(),
    retrievalModels: () => models.getState(),
    retrievalModelsReady: modelsReady,
    linkModel: () => linkModel.getState(),
    agent: () => stores.agent.getState(),
    lastTurn: () =>
      [...stores.agent.getState().turns].reverse().find((t) => t.result !== null)?.result ?? null,
    engine: () => stores.engines.getState(),
    sandbox: () => stores.sandbox.getState().sandbox,
    planNodeIds: () => graphHandle()?.planNodeIds() ?? [],
    failedNodeIds: () => graphHandle()?.failedNodeIds() ?? [],
    graphPlayback: () => graphHandle()?.playback() ?? null,
    graphNodeClasses: (id) => graphHandle()?.nodeClasses(id) ?? [],
    graphDetourLabels: () => graphHandle()?.detourLabels() ?? [],
    graphEdgeIds: () => graphHandle()?.drawnEdgeIds() ?? [],
    graphEdgeWeight: (id) => graphHandle()?.edgeWeight(id) ?? null,
    graphNodePosition: (id) => graphHandle()?.nodePosition(id) ?? null,
    graphLastLayout: () => graphHandle()?.lastLayout() ?? null,
    searchTimings: (targets, method) => search.timeSubgraphs(targets, method),
    traceTimings: async (traces, gapMs = 0) => {
      const out = [];
      for (const t of traces) {
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        const t0 = performance.now();
        await session.ingestTrace(t);
        out.push({ ms: performance.now() - t0, ...session.lastIngestTimings! });
      }
      return out;
    },
    rankTimings: async (queries, method) => {
      const out: number[] = [];
      for (const query of queries) {
        const t0 = performance.now();
        await search.rank(session.world, session.getState().worldVersion, { query, history: [], method });
        out.push(performance.now() - t0);
      }
      return out;
    },
    snapshotsSent: () => session.snapshotsCrossed,
    compactHeld: () => session.compactHeld(),
    modelSwapHeld: () => session.holdNext('model-swap'),
    pendingRecords: async () => (await search.api()).pendingRecords(),
    ingestTraces: async (traces) => {
      const out: (string | null)[] = [];
      const ingest = (t: Trace) => session.ingestTrace(t);
      for (const t of traces) {
        try {
          await (extra ? extra.tabs.serialize(() => ingest(t)) : ingest(t));
          out.push(null);
        } catch (e) {
          out.push((e as Error).message);
        }
      }
      return out;
    },
    traceIds: () => session.world.traces.map((t) => t.id),
    storage: () => extra?.storage.getState() ?? null,
    noticeTexts: () => session.getState().notices.map((n) => n.text),
    exportWorld: () => session.exportWorld(),
  };
  void ready.then(() => {
    hook.startMs = performance.now() - startedAt;
  });
  window.__naviTest = hook;
}

import type { ModelStore } from '../core/ml/model-promotion';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { RankRequest, RankResult, RetrievalIngestOutcome } from '../core/retrieval/retrieval-service';
import type { SearchMethod, WeightMode } from '../core/search/search-engine';
import type { Tool } from '../core/tools/tool';
import type { Trace } from '../core/trace/trace';
import type { WorldChange, WorldSnapshot } from '../core/world/world-snapshot';
import type {
  AppToolchainRequest,
  AppToolchainResult,
  HgtEvent,
  HgtJobOutcome,
  HgtPredictions,
  HgtRetrainOptions,
  HgtStatus,
} from './hgt-protocol';
import type { EmbedderChoice, JobOutcome } from './protocol';

/** Who writes the store (issue 21: one tab owns writes); the same names as the tab coordinator's roles. */
export type WriteRole = 'owner' | 'follower' | 'took-over' | 'solo';

/** Reports the world's owner sends the UI while it works (one listener, set over comlink). */
export type OwnerEvent =
  | { kind: 'progress'; progress: { label: string; done: number; total: number } | null }
  | { kind: 'notice'; level: 'info' | 'warn' | 'error'; text: string; keptStore?: string }
  /** A transaction is being held open in its middle by a test hook (`holdNext`). */
  | { kind: 'held'; what: HeldWrite };

/** The writes a test can hold open in their middle (issue 21: a page closed during them). */
export type HeldWrite = 'checkpoint' | 'model-swap';

/** The world as the worker opened it: the one snapshot the UI's read model is built from. */
export interface WorldOpened {
  snapshot: WorldSnapshot;
  notices: OwnerEvent[];
  /** Store read and world rebuild times, when a stored world was loaded. */
  startTimings: { storeMs: number; worldMs: number } | null;
}

/** What one trace changed, as the read model applies it: the records it touched, never the world. */
export interface TraceIngested {
  /** The trace's records and the evolution step's, merged (as written in one transaction). */
  change: WorldChange;
  /** What the evolution policy did after the trace (null: not due). */
  evolution: {
    atTrace: number;
    propagated: number | null;
    pruned: { nodeId: string; label: string }[] | null;
  } | null;
  /**
   * The worker's own times: ingestion + evolution; then, side by side, the IndexedDB transaction and
   * retrieval / link scores following the change.
   */
  timings: { worldMs: number; storeMs: number; followMs: number };
}

export interface ToolsImported {
  change: WorldChange;
  added: number;
  updated: number;
  unchanged: number;
}

/** What a trace did to the worker's world and to retrieval (`followTrace`: benchmarks, no store). */
export interface TraceFollowed {
  nodes: number;
  edges: number;
  retrieval: RetrievalIngestOutcome;
  /** Time the worker spent on it (graph + retrieval), without the messaging. */
  ms: number;
}

/**
 * The commands the world worker takes. Implemented by `WorldWorkerApi` (in-thread: tests, benchmarks,
 * Node) and by its comlink proxy in the app (`connectWorldWorker`): every method returns a promise, and
 * a failure either comes back as an outcome (`JobOutcome`, `HgtJobOutcome`) or is thrown as the same
 * typed error on the caller's side (worker-error.ts carries its name and code across).
 */
export interface WorldApi {
  // The world and its store (the worker is their only owner; the UI keeps a read model of the changes).
  /** Which tab writes; a follower applies the owner's changes and writes nothing. Set before `open`. */
  setWriteRole(role: WriteRole): Promise<void>;
  /** Opens the store and loads the world (the demo world on a fresh start); the snapshot is for the read model. */
  open(): Promise<WorldOpened>;
  /** Replaces the world by a snapshot without a store (tests, benchmarks): its models start over. */
  load(snapshot: WorldSnapshot): Promise<{ nodes: number; edges: number; ms: number }>;
  /** Replaces the world by a world file's snapshot and stores it as the new checkpoint. */
  loadWorld(snapshot: WorldSnapshot): Promise<void>;
  /** Replaces the world by the built-in demo world (stored); returns it for the read model. */
  loadDemoWorld(): Promise<WorldSnapshot>;
  /** Reads the stored world again (a follower after the owner replaced it, after a failed write). */
  reload(): Promise<WorldSnapshot>;
  /**
   * Ingests one trace: the graph (eq. 4), the evolution policy, the store (one transaction), retrieval and
   * link scores, from the trace alone. Returns the records it touched.
   */
  ingestTrace(trace: Trace): Promise<TraceIngested>;
  /** Adds or updates tools (a catalogue chunk, an MCP server's tools) and stores them. */
  importTools(tools: Tool[]): Promise<ToolsImported>;
  /** Undoes a prune; returns the records changed. */
  restoreNodes(ids: string[]): Promise<WorldChange>;
  /** Sets world settings (evolution policy, tool servers) and stores them. */
  setSettings(settings: Record<string, unknown>): Promise<void>;
  /** A follower applies records the owner tab changed (BroadcastChannel); nothing is written. */
  applyChange(change: WorldChange, settings?: Record<string, unknown>): Promise<void>;
  /** Follows one trace without evolution or store (benchmarks: the cost of the worker's half alone). */
  followTrace(trace: Trace): Promise<TraceFollowed>;
  /** Resolves once a background compaction (if any) has finished. */
  settled(): Promise<void>;
  /** Compacts the store now. */
  compactNow(): Promise<void>;
  /** Overlay records waiting for a compaction. */
  pendingRecords(): Promise<number>;
  /**
   * Test hook (issue 21): the next checkpoint (compaction) or model swap keeps its one transaction open in
   * its middle until `releaseHeld` (or the page closes); a `held` event says it got there.
   */
  holdNext(what: HeldWrite): Promise<void>;
  releaseHeld(): Promise<void>;
  /** Deletes the kept previous versions of retrained models; returns the bytes freed. */
  freeOldModels(): Promise<number>;
  /** Progress and notices of the owner (one listener at a time). */
  setOwnerListener(listener: ((e: OwnerEvent) => void) | null): Promise<void>;
  plan(request: AppToolchainRequest): Promise<AppToolchainResult>;
  rank(request: RankRequest): Promise<RankResult>;
  timeSubgraphs(targets: string[], method: SearchMethod, weights?: WeightMode): Promise<number[]>;

  retrievalStatus(): Promise<RetrievalModelsStatus>;
  retrain(): Promise<JobOutcome>;
  setEmbedder(choice: EmbedderChoice): Promise<JobOutcome>;
  setRetrievalPolicy(policy: RetrievalPolicy): Promise<void>;
  cancelTraining(): Promise<void>;
  /** Every training and model-loading report (null: idle). One listener at a time. */
  setProgressListener(listener: ((progress: TrainingProgress | null) => void) | null): Promise<void>;

  setModelStore(store: ModelStore | null): Promise<void>;
  setHgtListener(listener: ((e: HgtEvent) => void) | null): Promise<void>;
  hgtStatus(ensureScores?: boolean): Promise<HgtStatus>;
  hgtRetrain(options?: HgtRetrainOptions): Promise<HgtJobOutcome>;
  hgtRestorePrevious(): Promise<HgtJobOutcome>;
  hgtPredictions(nodeId: string, k?: number): Promise<HgtPredictions>;
  cancelHgtTraining(): Promise<void>;
}

import type { ModelStore } from '../core/ml/model-promotion';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { RankRequest, RankResult, RetrievalIngestOutcome } from '../core/retrieval/retrieval-service';
import type { SearchMethod, WeightMode } from '../core/search/search-engine';
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

/** What a trace did to the worker's copy of the world and to retrieval. */
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
  /** Replaces the worker's world (a start, an import, a reset): its models start over. */
  load(snapshot: WorldSnapshot): Promise<{ nodes: number; edges: number; ms: number }>;
  /** Follows one trace the owner ingested: the graph, retrieval and link scores update from it alone. */
  ingestTrace(trace: Trace): Promise<TraceFollowed>;
  /** Follows graph records the owner changed without a trace (a prune, a restore, a propagation). */
  applyGraphChange(change: Pick<WorldChange, 'nodes' | 'edges'>): Promise<void>;
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

import { proxy, wrap } from 'comlink';
import type { RankRequest, RankResult } from '../core/retrieval/retrieval-service';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { ModelStore } from '../core/ml/model-promotion';
import type { SearchMethod } from '../core/search/search-engine';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { ToolWorld } from '../core/world/world';
import type { WorldChange } from '../core/world/world-snapshot';
import type { Trace } from '../core/trace/trace';
import type {
  AppToolchainRequest,
  AppToolchainResult,
  HgtEvent,
  HgtJobOutcome,
  HgtPredictions,
  HgtRetrainOptions,
  HgtStatus,
} from '../workers/hgt-protocol';
import { LEXICAL, type EmbedderChoice, type JobOutcome } from '../workers/protocol';
import type { WorldApi } from '../workers/world-api';
import { installWorkerErrorTransfer } from '../workers/worker-error';

/** What the retrieval-models store needs from the worker (SearchClient in the app, fakes in tests). */
export interface RetrievalBackend {
  retrievalStatus(world: ToolWorld, worldVersion: number): Promise<RetrievalModelsStatus>;
  retrain(world: ToolWorld, worldVersion: number): Promise<JobOutcome>;
  setEmbedder(world: ToolWorld, worldVersion: number, choice: EmbedderChoice): Promise<JobOutcome>;
  setRetrievalPolicy(policy: RetrievalPolicy): Promise<void>;
  cancelTraining(): void;
  onTrainingProgress(listener: (p: TrainingProgress | null) => void): () => void;
}

/** What the Link model store needs from the worker (SearchClient in the app, fakes in tests). */
export interface LinkModelBackend {
  hgtStatus(world: ToolWorld, worldVersion: number, ensureScores?: boolean): Promise<HgtStatus>;
  hgtRetrain(world: ToolWorld, worldVersion: number, options: HgtRetrainOptions): Promise<HgtJobOutcome>;
  hgtRestorePrevious(world: ToolWorld, worldVersion: number): Promise<HgtJobOutcome>;
  hgtPredictions(world: ToolWorld, worldVersion: number, nodeId: string, k: number): Promise<HgtPredictions>;
  cancelHgtTraining(): void;
  onHgtEvent(listener: (e: HgtEvent) => void): () => void;
}

/** A running world API: the worker's comlink proxy in the app, a `WorldWorkerApi` in-thread in Node. */
export interface WorldConnection {
  api: WorldApi;
  /** Called when the worker died (the browser killed it); the next call starts a new one. */
  onCrash(listener: () => void): void;
  dispose(): void;
}

/** The world worker of the app (src/workers/search.worker.ts) behind comlink. */
export function connectWorldWorker(): WorldConnection {
  installWorkerErrorTransfer();
  const worker = new Worker(new URL('../workers/search.worker.ts', import.meta.url), { type: 'module' });
  return {
    // The proxy implements the same interface: every method already returns a promise.
    api: wrap<WorldApi>(worker),
    onCrash: (listener) => worker.addEventListener('error', listener),
    dispose: () => worker.terminate(),
  };
}

/**
 * The UI side of the world worker: sends the world when it is a new one (a start, an import), the traces
 * and graph changes the session makes one by one, then asks for a toolchain, a ranking or a model job.
 * One worker for the session; a worker the browser killed is started again on the next call, with the
 * embedder and retraining policy the user had chosen.
 */
export class SearchClient implements RetrievalBackend, LinkModelBackend {
  private connection: WorldConnection | null = null;
  private remote: WorldApi | null = null;
  private loadedVersion = -1;
  private readonly progressListeners = new Set<(p: TrainingProgress | null) => void>();
  /** The embedder the worker last switched to successfully; a new worker is switched to it again. */
  private embedder: EmbedderChoice = LEXICAL;
  private embedderApplied = true;
  private readonly hgtListeners = new Set<(e: HgtEvent) => void>();

  private policy: RetrievalPolicy | null = null;
  /** Snapshots sent so far: one per new world (or a worker that fell behind); traces cross as themselves. */
  snapshotsSent = 0;
  /** The worker's own time on the last trace it followed (bench:world), without the messaging. */
  lastFollowMs = Number.NaN;

  /**
   * `models`: where the worker keeps retrained models (the session's store; absent in tests).
   * `connect`: starts the world API (the worker in the app; in-thread in Node benchmarks and tests).
   */
  constructor(
    private readonly models: ModelStore | null = null,
    private readonly connect: () => WorldConnection = connectWorldWorker,
  ) {}

  private engine(): WorldApi {
    if (!this.remote) {
      const connection = this.connect();
      connection.onCrash(() => this.reset());
      this.connection = connection;
      this.remote = connection.api;
      void this.remote.setProgressListener(proxy((p: TrainingProgress | null) => this.progress(p)));
      void this.remote.setHgtListener(proxy((e: HgtEvent) => this.hgtEvent(e)));
      void this.remote.setModelStore(this.models ? proxy(this.models) : null);
      if (this.policy) void this.remote.setRetrievalPolicy(this.policy);
      this.loadedVersion = -1;
      this.embedderApplied = this.embedder.kind === 'lexical';
    }
    return this.remote;
  }

  private progress(p: TrainingProgress | null): void {
    for (const l of this.progressListeners) l(p);
  }

  private hgtEvent(e: HgtEvent): void {
    for (const l of this.hgtListeners) l(e);
  }

  private reset(): void {
    this.connection?.dispose();
    this.connection = null;
    this.remote = null;
    this.progress(null);
    this.hgtEvent({ kind: 'idle' });
  }

  private async loaded(world: ToolWorld, worldVersion: number): Promise<WorldApi> {
    const engine = this.engine();
    if (this.loadedVersion !== worldVersion) {
      this.snapshotsSent++;
      await engine.load(world.snapshot());
      this.loadedVersion = worldVersion;
    }
    if (!this.embedderApplied) {
      this.embedderApplied = true;
      const outcome = await engine.setEmbedder(this.embedder);
      if (!outcome.ok) this.embedder = LEXICAL;
    }
    return engine;
  }

  /**
   * Tells the worker about a trace the owner just ingested (world version `from` → `to`). When the worker
   * holds version `from`, it applies the trace to its copy; otherwise the next call sends the snapshot.
   */
  async ingestTrace(trace: Trace, from: number, to: number): Promise<void> {
    if (!this.remote || this.loadedVersion !== from) return;
    this.loadedVersion = -1;
    this.lastFollowMs = (await this.remote.ingestTrace(trace)).ms;
    this.loadedVersion = to;
  }

  /** As `ingestTrace`, for graph records the owner changed without a trace (prune, restore, propagation). */
  async applyGraphChange(
    change: Pick<WorldChange, 'nodes' | 'edges'>,
    from: number,
    to: number,
  ): Promise<void> {
    if (!this.remote || this.loadedVersion !== from) return;
    this.loadedVersion = -1;
    await this.remote.applyGraphChange({ nodes: change.nodes, edges: change.edges });
    this.loadedVersion = to;
  }

  async plan(
    world: ToolWorld,
    worldVersion: number,
    request: AppToolchainRequest,
  ): Promise<AppToolchainResult> {
    return (await this.loaded(world, worldVersion)).plan(request);
  }

  /** Next-tool candidates and the prompt under each encoding (DTDR), trained on the world's traces. */
  async rank(world: ToolWorld, worldVersion: number, request: RankRequest): Promise<RankResult> {
    return (await this.loaded(world, worldVersion)).rank(request);
  }

  async retrievalStatus(world: ToolWorld, worldVersion: number): Promise<RetrievalModelsStatus> {
    return (await this.loaded(world, worldVersion)).retrievalStatus();
  }

  async retrain(world: ToolWorld, worldVersion: number): Promise<JobOutcome> {
    return (await this.loaded(world, worldVersion)).retrain();
  }

  async setEmbedder(world: ToolWorld, worldVersion: number, choice: EmbedderChoice): Promise<JobOutcome> {
    const outcome = await (await this.loaded(world, worldVersion)).setEmbedder(choice);
    if (outcome.ok) this.embedder = choice;
    return outcome;
  }

  /** When the hybrid and DTDR-L retrain by themselves; kept for a worker started again. */
  async setRetrievalPolicy(policy: RetrievalPolicy): Promise<void> {
    this.policy = policy;
    await this.remote?.setRetrievalPolicy(policy);
  }

  /** Reaches the worker at once, even while it trains (training yields between mini-batches). */
  cancelTraining(): void {
    void this.remote?.cancelTraining();
  }

  onTrainingProgress(listener: (p: TrainingProgress | null) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  async hgtStatus(world: ToolWorld, worldVersion: number, ensureScores = false): Promise<HgtStatus> {
    return (await this.loaded(world, worldVersion)).hgtStatus(ensureScores);
  }

  async hgtRetrain(
    world: ToolWorld,
    worldVersion: number,
    options: HgtRetrainOptions,
  ): Promise<HgtJobOutcome> {
    return (await this.loaded(world, worldVersion)).hgtRetrain(options);
  }

  async hgtRestorePrevious(world: ToolWorld, worldVersion: number): Promise<HgtJobOutcome> {
    return (await this.loaded(world, worldVersion)).hgtRestorePrevious();
  }

  async hgtPredictions(
    world: ToolWorld,
    worldVersion: number,
    nodeId: string,
    k: number,
  ): Promise<HgtPredictions> {
    return (await this.loaded(world, worldVersion)).hgtPredictions(nodeId, k);
  }

  /** Reaches the worker at once: HGT training checks for a cancel between epochs. */
  cancelHgtTraining(): void {
    void this.remote?.cancelHgtTraining();
  }

  onHgtEvent(listener: (e: HgtEvent) => void): () => void {
    this.hgtListeners.add(listener);
    return () => this.hgtListeners.delete(listener);
  }

  /** Subgraph search times measured inside the worker (the browser half of bench:search). */
  async timeSubgraphs(
    world: ToolWorld,
    worldVersion: number,
    targets: string[],
    method: SearchMethod,
  ): Promise<number[]> {
    return (await this.loaded(world, worldVersion)).timeSubgraphs(targets, method);
  }

  dispose(): void {
    this.reset();
  }
}

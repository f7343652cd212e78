import { proxy, wrap } from 'comlink';
import type { RankRequest, RankResult } from '../core/retrieval/retrieval-service';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { ModelStore } from '../core/ml/model-promotion';
import type { SearchMethod } from '../core/search/search-engine';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { ToolWorld } from '../core/world/world';
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
import type { OwnerEvent, WorldApi } from '../workers/world-api';
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
 * The UI side of the world worker, which owns the Tool World and its store: one worker for the session,
 * reached through `api()`. A worker the browser killed is started again on the next call and opened again
 * (`setOpener`: the session reopens the world from the store and rebuilds its read model), with the
 * embedder and retraining policy the user had chosen. The `world`/`worldVersion` arguments of the backend
 * methods are kept for the stores' interfaces; the worker answers on its own world.
 */
export class SearchClient implements RetrievalBackend, LinkModelBackend {
  private connection: WorldConnection | null = null;
  private remote: Promise<WorldApi> | null = null;
  private live: WorldApi | null = null;
  private readonly progressListeners = new Set<(p: TrainingProgress | null) => void>();
  /** The embedder the worker last switched to successfully; a new worker is switched to it again. */
  private embedder: EmbedderChoice = LEXICAL;
  private readonly hgtListeners = new Set<(e: HgtEvent) => void>();
  private readonly ownerListeners = new Set<(e: OwnerEvent) => void>();
  private opener: ((api: WorldApi) => Promise<void>) | null = null;
  private policy: RetrievalPolicy | null = null;

  /**
   * `models`: where the worker keeps retrained models when not in its own store (tests; null in the app).
   * `connect`: starts the world API (the worker in the app; in-thread in Node benchmarks and tests).
   */
  constructor(
    private readonly models: ModelStore | null = null,
    private readonly connect: () => WorldConnection = connectWorldWorker,
  ) {}

  /** Runs on every new worker before its first call: the session opens the world there. */
  setOpener(opener: (api: WorldApi) => Promise<void>): void {
    this.opener = opener;
  }

  /** The worker, started (and its world opened) if it is not running. */
  api(): Promise<WorldApi> {
    if (!this.remote) {
      const connection = this.connect();
      connection.onCrash(() => this.reset());
      this.connection = connection;
      const api = connection.api;
      this.live = api;
      this.remote = (async () => {
        await api.setProgressListener(proxy((p: TrainingProgress | null) => this.progress(p)));
        await api.setHgtListener(proxy((e: HgtEvent) => this.hgtEvent(e)));
        await api.setOwnerListener(proxy((e: OwnerEvent) => this.ownerEvent(e)));
        if (this.models) await api.setModelStore(proxy(this.models));
        if (this.policy) await api.setRetrievalPolicy(this.policy);
        await this.opener?.(api);
        if (this.embedder.kind !== 'lexical') {
          const outcome = await api.setEmbedder(this.embedder);
          if (!outcome.ok) this.embedder = LEXICAL;
        }
        return api;
      })();
      // A failed start is tried again on the next call.
      this.remote.catch(() => {
        if (this.live === api) this.reset();
      });
    }
    return this.remote;
  }

  private progress(p: TrainingProgress | null): void {
    for (const l of this.progressListeners) l(p);
  }

  private hgtEvent(e: HgtEvent): void {
    for (const l of this.hgtListeners) l(e);
  }

  private ownerEvent(e: OwnerEvent): void {
    for (const l of this.ownerListeners) l(e);
  }

  onOwnerEvent(listener: (e: OwnerEvent) => void): () => void {
    this.ownerListeners.add(listener);
    return () => this.ownerListeners.delete(listener);
  }

  private reset(): void {
    this.connection?.dispose();
    this.connection = null;
    this.remote = null;
    this.live = null;
    this.progress(null);
    this.hgtEvent({ kind: 'idle' });
  }

  async plan(
    _world: ToolWorld,
    _worldVersion: number,
    request: AppToolchainRequest,
  ): Promise<AppToolchainResult> {
    return (await this.api()).plan(request);
  }

  /** Next-tool candidates and the prompt under each encoding (DTDR), trained on the world's traces. */
  async rank(_world: ToolWorld, _worldVersion: number, request: RankRequest): Promise<RankResult> {
    return (await this.api()).rank(request);
  }

  async retrievalStatus(): Promise<RetrievalModelsStatus> {
    return (await this.api()).retrievalStatus();
  }

  async retrain(): Promise<JobOutcome> {
    return (await this.api()).retrain();
  }

  async setEmbedder(_world: ToolWorld, _worldVersion: number, choice: EmbedderChoice): Promise<JobOutcome> {
    const outcome = await (await this.api()).setEmbedder(choice);
    if (outcome.ok) this.embedder = choice;
    return outcome;
  }

  /** When the hybrid and DTDR-L retrain by themselves; kept for a worker started again. */
  async setRetrievalPolicy(policy: RetrievalPolicy): Promise<void> {
    this.policy = policy;
    await this.live?.setRetrievalPolicy(policy);
  }

  /** Reaches the worker at once, even while it trains (training yields between mini-batches). */
  cancelTraining(): void {
    void this.live?.cancelTraining();
  }

  onTrainingProgress(listener: (p: TrainingProgress | null) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  async hgtStatus(_world: ToolWorld, _worldVersion: number, ensureScores = false): Promise<HgtStatus> {
    return (await this.api()).hgtStatus(ensureScores);
  }

  async hgtRetrain(
    _world: ToolWorld,
    _worldVersion: number,
    options: HgtRetrainOptions,
  ): Promise<HgtJobOutcome> {
    return (await this.api()).hgtRetrain(options);
  }

  async hgtRestorePrevious(): Promise<HgtJobOutcome> {
    return (await this.api()).hgtRestorePrevious();
  }

  async hgtPredictions(
    _world: ToolWorld,
    _worldVersion: number,
    nodeId: string,
    k: number,
  ): Promise<HgtPredictions> {
    return (await this.api()).hgtPredictions(nodeId, k);
  }

  /** Reaches the worker at once: HGT training checks for a cancel between epochs. */
  cancelHgtTraining(): void {
    void this.live?.cancelHgtTraining();
  }

  onHgtEvent(listener: (e: HgtEvent) => void): () => void {
    this.hgtListeners.add(listener);
    return () => this.hgtListeners.delete(listener);
  }

  /** Subgraph search times measured inside the worker (the browser half of bench:search). */
  async timeSubgraphs(targets: string[], method: SearchMethod): Promise<number[]> {
    return (await this.api()).timeSubgraphs(targets, method);
  }

  dispose(): void {
    this.reset();
  }
}

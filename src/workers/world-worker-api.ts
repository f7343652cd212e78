import type { Embedder } from '../core/embed/embedder';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { RetrievalService, type RankRequest, type RankResult } from '../core/retrieval/retrieval-service';
import { CancelledError } from '../core/util/cancelled-error';
import type { RetrievalModelsStatus, TrainingProgress } from '../core/retrieval/model-status';
import type { RetrievalPolicy } from '../core/retrieval/retrain-policy';
import type { ScoringHead } from '../core/retrieval/shipped-head';
import {
  SearchEngine,
  type SearchMethod,
  type ToolchainRequest,
  type WeightMode,
} from '../core/search/search-engine';
import { NoWorldLoadedError } from '../core/world/no-world-loaded-error';
import { HgtOnnxRunner } from '../core/ml/hgt/hgt-onnx-runner';
import type { ModelStore } from '../core/ml/model-promotion';
import { initOrt } from '../core/ml/ort-runtime';
import type { WorldChange, WorldSnapshot } from '../core/world/world-snapshot';
import type { WorldLoad, WorldStore } from '../core/world/world-store';
import type { ToolWorld } from '../core/world/world';
import type { Tool } from '../core/tools/tool';
import type { Trace } from '../core/trace/trace';
import { createEmbedder, disposeEmbedder } from './embedder-factory';
import { fetchShippedHgt, fetchShippedHgtManifest } from './hgt-model-files';
import type {
  AppToolchainRequest,
  AppToolchainResult,
  HgtEvent,
  HgtJobOutcome,
  HgtPredictions,
  HgtRetrainOptions,
  HgtStatus,
} from './hgt-protocol';
import { HgtService, type HgtServiceOptions } from './hgt-service';
import { loadShippedHead, SHIPPED_DTDR_L } from './onnx-head';
import type { AssetUrls, EmbedderChoice, JobOutcome } from './protocol';
import type {
  HeldWrite,
  OwnerEvent,
  ToolsImported,
  TraceFollowed,
  TraceIngested,
  WorldApi,
  WorldOpened,
  WriteRole,
} from './world-api';
import { WorldOwner } from './world-owner';
import { toWorkerError } from './worker-error';

export interface WorldWorkerOptions {
  /** Where the app serves models and onnxruntime-web's wasm; without it no shipped head is loaded. */
  assets?: AssetUrls;
  /** Loads the shipped DTDR-L head; defaults to `models/dtdr-l-demo` through onnxruntime-web. */
  loadShippedHead?: () => Promise<ScoringHead>;
  /** Builds the embedder a choice names (tests pass a stub). */
  createEmbedder?: typeof createEmbedder;
  /** Overrides for the HGT link model (tests: the shipped model's loader, the rescore debounce). */
  hgt?: Partial<Omit<HgtServiceOptions, 'onEvent'>>;
  /** Opens the world's store: IndexedDB in the worker (src/persist), in-memory in tests; none: memory only. */
  openStore?: (emit: (e: OwnerEvent) => void) => Promise<{ store: WorldStore; load: WorldLoad }>;
}

/** What the IndexedDB store offers beyond `WorldStore` (duck-typed: tests use the in-memory store). */
interface StoreExtras {
  holdCheckpoint?(onHeld: () => void): () => void;
  holdModelSwap?(onHeld: () => void): () => void;
  modelSizes?(): Promise<{ name: string; bytes: number }[]>;
  deleteModel?(name: string): Promise<void>;
}

type ProgressListener = (progress: TrainingProgress | null) => void;

/** How each weight choice is named in results. */
export const WEIGHTS_LABEL = {
  hgt: 'HGT (learned p_uv)',
  dynamic: 'dynamic w̃',
  static: 'static w̃ (session start)',
} as const;

/**
 * What the world worker offers the UI (`WorldApi`): the only changing copy of the Tool World and its store
 * (`WorldOwner`: traces, imports, the evolution policy, persistence), toolchain search and next-tool
 * retrieval over it, and the models' life cycles (shipped ONNX heads, training with progress and cancel,
 * embedder switch, automatic retraining). Every change returns the records it touched, which the UI's read
 * model applies; a snapshot crosses the boundary only for a new world. Plain class: tests and benchmarks use
 * it in-thread.
 */
export class WorldWorkerApi implements WorldApi {
  // Search keeps the lexical embedder: known-value matching does not depend on the retrieval choice.
  private readonly search = new SearchEngine(new LexicalEmbedder());
  private readonly retrieval: RetrievalService;
  private retrievalEmbedder: Embedder = new LexicalEmbedder();
  private listener: ProgressListener | null = null;
  private switching: AbortController | null = null;
  private readonly makeEmbedder: typeof createEmbedder;
  private readonly hgt: HgtService;
  private hgtListener: ((e: HgtEvent) => void) | null = null;
  private ownerListener: ((e: OwnerEvent) => void) | null = null;
  private readonly owner: WorldOwner;
  private modelStoreSet = false;
  private release: (() => void) | null = null;

  constructor(private readonly options: WorldWorkerOptions = {}) {
    const assets = options.assets;
    this.hgt = new HgtService({
      ...(assets
        ? {
            loadShipped: () => fetchShippedHgt(assets.modelsUrl),
            loadShippedManifest: () => fetchShippedHgtManifest(assets.modelsUrl),
          }
        : {}),
      // One ORT for the worker: the same local wasm files the DTDR-L head uses (initOrt is idempotent).
      createRunner: async (bytes) => {
        await initOrt(assets ? { wasmPaths: assets.ortWasmPaths } : {});
        return HgtOnnxRunner.create(bytes);
      },
      ...options.hgt,
      onEvent: (e) => void Promise.resolve(this.hgtListener?.(e)).catch(() => undefined),
    });
    const loadHead =
      options.loadShippedHead ??
      (assets
        ? () =>
            loadShippedHead({
              modelsUrl: assets.modelsUrl,
              name: SHIPPED_DTDR_L,
              wasmPaths: assets.ortWasmPaths,
            })
        : undefined);
    this.makeEmbedder = options.createEmbedder ?? createEmbedder;
    this.retrieval = new RetrievalService(this.retrievalEmbedder, {
      ...(loadHead ? { loadShippedHead: loadHead } : {}),
      onProgress: (p) => this.emit(p),
      // A background retraining ended: an idle report makes the UI ask for the status again.
      onModelsChanged: () => this.emit(null),
    });
    this.owner = new WorldOwner({
      embedder: new LexicalEmbedder(),
      ...(options.openStore ? { openStore: () => options.openStore!((e) => this.ownerEvent(e)) } : {}),
      onWorld: (world) => this.worldReplaced(world),
      // Retrieval learns each trace incrementally (never a reset); tools or active flags that moved make
      // it refit what depends on the tool list; link scores are rescored (debounced).
      onChange: async (world, change, activeToolsChanged) => {
        const newTools = change.tools.map((r) => r.tool.name);
        for (const t of change.traces) await this.retrieval.ingest(t, newTools);
        if (change.traces.length === 0 || activeToolsChanged)
          this.retrieval.graphChanged(activeToolsChanged || newTools.length > 0);
        this.hgt.worldChanged(world);
      },
      emit: (e) => this.ownerEvent(e),
    });
  }

  private ownerEvent(e: OwnerEvent): void {
    void Promise.resolve(this.ownerListener?.(e)).catch(() => undefined);
  }

  /** A new world (a start, an import, a reload): search searches it, retrieval and link scores start over. */
  private worldReplaced(world: ToolWorld): void {
    this.search.attach(world, true);
    this.retrieval.reset(world);
    this.hgt.worldChanged(world);
  }

  /** The world the worker owns (in-thread tests and benchmarks look into it; never sent to the UI). */
  get ownedWorld(): ToolWorld {
    return this.owner.world;
  }

  async setWriteRole(role: WriteRole): Promise<void> {
    this.owner.setRole(role);
  }

  async open(): Promise<WorldOpened> {
    const opened = await this.owner.open();
    const store = this.owner.storeOrNull;
    // Retrained models are kept in the world's store (IndexedDB `models`), unless a test set its own.
    if (store && !this.modelStoreSet) this.hgt.setModelStore(store);
    return opened;
  }

  async loadWorld(snapshot: WorldSnapshot): Promise<void> {
    await this.owner.loadWorld(snapshot);
  }

  async loadDemoWorld(): Promise<WorldSnapshot> {
    return this.owner.loadDemoWorld();
  }

  async reload(): Promise<WorldSnapshot> {
    return this.owner.reload();
  }

  async ingestTrace(trace: Trace): Promise<TraceIngested> {
    return this.owner.ingestTrace(trace);
  }

  async importTools(tools: Tool[]): Promise<ToolsImported> {
    return this.owner.importTools(tools);
  }

  async restoreNodes(ids: string[]): Promise<WorldChange> {
    return this.owner.restoreNodes(ids);
  }

  async setSettings(settings: Record<string, unknown>): Promise<void> {
    await this.owner.setSettings(settings);
  }

  async applyChange(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    await this.owner.applyChange(change, settings);
  }

  async settled(): Promise<void> {
    await this.owner.settled();
  }

  async compactNow(): Promise<void> {
    await this.owner.compactNow();
  }

  async pendingRecords(): Promise<number> {
    return this.owner.storeOrNull?.pendingRecords() ?? 0;
  }

  async holdNext(what: HeldWrite): Promise<void> {
    const store = this.owner.storeOrNull as (WorldStore & StoreExtras) | null;
    const hold = what === 'checkpoint' ? store?.holdCheckpoint : store?.holdModelSwap;
    if (!store || !hold) throw new Error(`This store cannot hold a ${what} open.`);
    this.release = hold.call(store, () => this.ownerEvent({ kind: 'held', what }));
  }

  async releaseHeld(): Promise<void> {
    this.release?.();
    this.release = null;
  }

  async freeOldModels(): Promise<number> {
    const store = this.owner.storeOrNull as (WorldStore & StoreExtras) | null;
    let freed = 0;
    for (const m of (await store?.modelSizes?.()) ?? [])
      if (m.name.endsWith('.previous')) {
        await store!.deleteModel!(m.name);
        freed += m.bytes;
      }
    return freed;
  }

  async setOwnerListener(listener: ((e: OwnerEvent) => void) | null): Promise<void> {
    this.ownerListener = listener;
  }

  private emit(p: TrainingProgress | null): void {
    // A listener whose page went away must not break training.
    void Promise.resolve(this.listener?.(p)).catch(() => undefined);
  }

  async load(snapshot: WorldSnapshot): Promise<{ nodes: number; edges: number; ms: number }> {
    const t0 = performance.now();
    await this.owner.loadWorld(snapshot);
    const world = this.world();
    return { nodes: world.graph.nodeCount, edges: world.graph.edgeCount, ms: performance.now() - t0 };
  }

  private world() {
    const world = this.search.currentWorld();
    if (!world) throw new NoWorldLoadedError();
    return world;
  }

  /**
   * Ingests one trace into the world without evolution or store (benchmarks: the worker's own half).
   * Retrieval learns it incrementally (online tables now, the hybrid by its retraining policy in the
   * background; never a reset), and the link model rescoring is debounced as for any change.
   */
  async followTrace(trace: Trace): Promise<TraceFollowed> {
    const t0 = performance.now();
    const world = this.world();
    const out = await world.ingestTrace(trace);
    const retrieval = await this.retrieval.ingest(
      trace,
      out.change.tools.map((t) => t.tool.name),
    );
    this.hgt.worldChanged(world);
    return {
      nodes: world.graph.nodeCount,
      edges: world.graph.edgeCount,
      retrieval,
      ms: performance.now() - t0,
    };
  }

  /** When the hybrid and DTDR-L retrain by themselves (a setting of the Next tool tab). */
  async setRetrievalPolicy(policy: RetrievalPolicy): Promise<void> {
    this.retrieval.setPolicy(policy);
  }

  /**
   * Plans a toolchain. HGT weights are p_uv of the model in use; when no model can serve, the search runs
   * on dynamic w̃ and the result says why (`weightsNote`).
   */
  async plan(request: AppToolchainRequest): Promise<AppToolchainResult> {
    if (request.weights !== 'hgt') {
      const result = this.search.plan(request as ToolchainRequest);
      return { ...result, request, weightsUsed: WEIGHTS_LABEL[request.weights], weightsNote: null };
    }
    this.world();
    const { provider, note } = await this.hgt.weights();
    // Without a model the search runs on live w̃ (dynamic), and the result says so.
    const searchRequest = { ...request, weights: 'dynamic' } as ToolchainRequest;
    const result = this.search.plan(searchRequest, provider ?? undefined);
    return {
      ...result,
      request,
      weightsUsed: provider ? WEIGHTS_LABEL.hgt : WEIGHTS_LABEL.dynamic,
      weightsNote: provider ? null : note,
    };
  }

  /** Where retrained HGT models are kept: the app's WorldStore, passed as a comlink proxy. */
  async setModelStore(store: ModelStore | null): Promise<void> {
    this.modelStoreSet = store !== null;
    this.hgt.setModelStore(store ?? this.owner.storeOrNull);
  }

  /** Receives the HGT job's stages and epochs, and `changed` when its model or scores moved. */
  async setHgtListener(listener: ((e: HgtEvent) => void) | null): Promise<void> {
    this.hgtListener = listener;
  }

  /** The link model's status; `ensureScores` scores the current graph first (the Link model view). */
  async hgtStatus(ensureScores = false): Promise<HgtStatus> {
    return this.hgt.status(ensureScores);
  }

  /** Retrains the HGT on the world in this worker; swapped in only if it validates at least as well. */
  async hgtRetrain(options: HgtRetrainOptions = {}): Promise<HgtJobOutcome> {
    return this.hgt.retrain(options);
  }

  async hgtRestorePrevious(): Promise<HgtJobOutcome> {
    return this.hgt.restorePrevious();
  }

  async hgtPredictions(nodeId: string, k?: number): Promise<HgtPredictions> {
    return this.hgt.predictions(nodeId, k);
  }

  async cancelHgtTraining(): Promise<void> {
    this.hgt.cancel();
  }

  async timeSubgraphs(
    targets: string[],
    method: SearchMethod,
    weights: WeightMode = 'dynamic',
  ): Promise<number[]> {
    return this.search.timeSubgraphs(targets, method, weights);
  }

  async rank(request: RankRequest): Promise<RankResult> {
    return this.retrieval.rank(request);
  }

  /** Receives every training and model-loading progress report (null: idle). One listener at a time. */
  async setProgressListener(listener: ProgressListener | null): Promise<void> {
    this.listener = listener;
  }

  async retrievalStatus(): Promise<RetrievalModelsStatus> {
    return this.retrieval.status();
  }

  /** Retrains the hybrid and DTDR-L on the world's traces; the previous model serves until it is done. */
  async retrain(): Promise<JobOutcome> {
    try {
      return { ok: true, status: await this.retrieval.retrain() };
    } catch (e) {
      return { ok: false, error: toWorkerError(e), status: await this.retrieval.status() };
    }
  }

  /**
   * Loads the chosen embedder, then re-embeds and retrains with it. The current embedder keeps serving
   * until that is done, and stays when loading fails (e.g. EmbeddingModelMissingError) or is cancelled.
   */
  async setEmbedder(choice: EmbedderChoice): Promise<JobOutcome> {
    this.switching?.abort();
    const controller = new AbortController();
    this.switching = controller;
    let loaded: Embedder | null = null;
    try {
      const assets = this.options.assets ?? {
        modelsPath: '/models/',
        modelsUrl: '/models/',
        ortWasmPaths: '',
      };
      loaded = await this.makeEmbedder(choice, assets, (p) => this.emit(p));
      if (controller.signal.aborted)
        throw new CancelledError('Embedder switch cancelled: the previous embedder keeps serving.');
      const status = await this.retrieval.switchEmbedder(loaded);
      const previous = this.retrievalEmbedder;
      this.retrievalEmbedder = loaded;
      loaded = null;
      if (previous !== this.retrievalEmbedder) await disposeEmbedder(previous);
      return { ok: true, status };
    } catch (e) {
      if (loaded) await disposeEmbedder(loaded).catch(() => undefined);
      return { ok: false, error: toWorkerError(e), status: await this.retrieval.status() };
    } finally {
      if (this.switching === controller) this.switching = null;
      this.emit(null);
    }
  }

  /** Cancels the running training or embedder switch; whatever served before keeps serving. */
  async cancelTraining(): Promise<void> {
    this.switching?.abort();
    this.retrieval.cancel();
  }
}

import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { HGT_MODEL_NAME } from '../core/link-model/hgt-app-manifest';
import { newTracesSince } from '../core/link-model/hgt-app-retrain-policy';
import {
  NodeVectorCache,
  scoreWorld,
  statisticalFallback,
  type HgtScoreTable,
} from '../core/link-model/hgt-app-scores';
import { hgtAppSplit, type HgtAppSplit } from '../core/link-model/hgt-app-split';
import { trainAppHgt, type HgtAppModel } from '../core/link-model/hgt-app-train';
import type { HgtGraphTensors, HgtPairs } from '../core/graph-tensors/tensor-spec';
import { hgtCancelled } from '../core/ml/hgt/train-hgt';
import {
  previousName,
  promoteIfNotWorse,
  restorePrevious,
  type ModelStore,
} from '../core/ml/model-promotion';
import { rocAuc } from '../core/ml/roc-auc';
import { linkWeights, type WeightProvider } from '../core/search/weight-provider';
import type { ToolWorld } from '../core/world/world';
import { ModelJobs } from '../core/util/model-job';
import type { StoredModel } from '../core/world/world-store';
import { modelInfo, storedHgt, type HgtModelFile } from './hgt-model-files';
import type {
  HgtEvent,
  HgtJobOutcome,
  HgtModelInfo,
  HgtPredictions,
  HgtPromotion,
  HgtRetrainOptions,
  HgtStatus,
} from './hgt-protocol';
import { HgtNotReadyError } from './hgt-not-ready-error';
import { toWorkerError } from './worker-error';

export const HGT_RUNTIME = 'onnxruntime-web wasm';
const FALLBACK = 'Toolchain search with HGT weights uses the statistical weights (w̃) instead.';

/** An HGT model open in a runtime (HgtOnnxRunner in the app). */
export interface HgtRunner {
  run(graph: HgtGraphTensors, pairs: HgtPairs): Promise<{ scores: Float32Array; ms: number }>;
  release(): Promise<void>;
}

export interface HgtServiceOptions {
  /** The shipped model's checked files (`models/twnm-hgt.*`); without it only stored models serve. */
  loadShipped?: () => Promise<HgtModelFile>;
  /**
   * The shipped model's manifest alone: a status check before anything runs the model reads this instead
   * of `loadShipped`, so opening the app does not fetch the ONNX file (issue 19).
   */
  loadShippedManifest?: () => Promise<Pick<HgtModelFile, 'manifest' | 'file'>>;
  /** Opens model bytes in onnxruntime-web. */
  createRunner: (bytes: Uint8Array) => Promise<HgtRunner>;
  /** Quiet time after a world change before the scores are recomputed (default 1,000 ms). */
  debounceMs?: number;
  onEvent?: (e: HgtEvent) => void;
  now?: () => number;
}

/** The model a store holds when the shipped one is in use: no bytes, so an app update's new file wins. */
const isShippedMarker = (r: Pick<StoredModel, 'bytes' | 'manifest'>): boolean =>
  r.bytes.length === 0 && r.manifest.origin === 'shipped';

/**
 * The HGT link model in the world worker (issue 5): which model serves (retrained in IndexedDB, else the
 * shipped file), its p_uv of every edge and of not-yet-observed api→api links for the current world —
 * cached, recomputed after graph changes with a debounce, never on every trace — retraining with
 * promotion, and "restore previous". Any failure leaves `problem` set and the search on w̃; nothing throws
 * out of the weight lookup.
 */
export class HgtService {
  private world: ToolWorld | null = null;
  private generation = 0;
  private store: ModelStore | null = null;
  private modelLoad: Promise<HgtModelFile | null> | null = null;
  private runner: Promise<HgtRunner | null> | null = null;
  private problem: string | null = null;
  private previous: Promise<HgtModelInfo | null> | null = null;
  private shipped: Promise<HgtModelFile> | null = null;
  private table: { generation: number; table: HgtScoreTable } | null = null;
  private scoring: Promise<HgtScoreTable | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The retraining job (one at a time; the model in use serves until a new one is promoted). */
  private readonly training = new ModelJobs<'hgt'>(() => this.emit({ kind: 'idle' }));
  /** Set once anything used the scores: from then on a graph change schedules a rescore. */
  private wanted = false;
  private vectors = new NodeVectorCache(new LexicalEmbedder({ dimension: 256 }));
  /** Runs of the model so far (tests read it to see the cache work). */
  runs = 0;

  constructor(private readonly options: HgtServiceOptions) {}

  private emit(e: HgtEvent): void {
    try {
      this.options.onEvent?.(e);
    } catch {
      // A listener whose page went away must not break the service.
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Where retrained models are kept (the app's WorldStore, through comlink). Reloads the model in use. */
  setModelStore(store: ModelStore | null): void {
    this.store = store;
    void this.forgetModel();
  }

  /** The world changed: the scores are stale; they are recomputed after `debounceMs` of quiet. */
  worldChanged(world: ToolWorld): void {
    this.world = world;
    this.generation++;
    if (!this.wanted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.scores().then(() => this.emit({ kind: 'changed' }));
    }, this.options.debounceMs ?? 1000);
  }

  private async forgetModel(): Promise<void> {
    const runner = this.runner;
    this.modelLoad = null;
    this.runner = null;
    this.previous = null;
    this.table = null;
    await (await runner?.catch(() => null))?.release().catch(() => undefined);
  }

  private shippedFile(): Promise<HgtModelFile> {
    const load = this.options.loadShipped;
    if (!load) return Promise.reject(new HgtNotReadyError('No shipped HGT model is configured.'));
    if (!this.shipped) {
      this.shipped = load();
      // A failed fetch is tried again next time (the file may have been written since).
      this.shipped.catch(() => (this.shipped = null));
    }
    return this.shipped;
  }

  private model(): Promise<HgtModelFile | null> {
    this.modelLoad ??= this.readModel();
    return this.modelLoad;
  }

  /** The stored (retrained) model if there is a usable one, else the shipped file; null + `problem` if neither. */
  private async readModel(): Promise<HgtModelFile | null> {
    let note: string | null = null;
    const record = await this.store?.getModel(HGT_MODEL_NAME).catch((e: unknown) => {
      note = `The model store could not be read (${(e as Error).message}).`;
      return undefined;
    });
    if (record && !isShippedMarker(record)) {
      try {
        this.problem = null;
        return storedHgt(record);
      } catch (e) {
        note = `The retrained model in IndexedDB cannot be used (${(e as Error).message}); using the shipped one.`;
      }
    }
    try {
      const file = await this.shippedFile();
      this.problem = note;
      return file;
    } catch (e) {
      this.problem = [note, (e as Error).message, FALLBACK].filter(Boolean).join(' ');
      this.modelLoad = null;
      return null;
    }
  }

  /**
   * The model in use as the status shows it: a stored model as usual, else the shipped manifest alone when
   * nothing has loaded the model yet (its bytes wait until a feature runs it).
   */
  private async modelSummary(): Promise<Pick<HgtModelFile, 'manifest' | 'file'> | null> {
    const loadManifest = this.options.loadShippedManifest;
    if (!loadManifest) return this.model();
    const record = await this.store?.getModel(HGT_MODEL_NAME).catch(() => undefined);
    if (record && !isShippedMarker(record)) return this.model();
    try {
      return await loadManifest();
    } catch {
      // Let the full load say what is wrong (and set `problem`).
      return this.model();
    }
  }

  private openRunner(model: HgtModelFile): Promise<HgtRunner | null> {
    this.runner ??= this.options.createRunner(model.bytes).catch((e: unknown) => {
      this.problem = `onnxruntime-web could not open ${model.file}: ${(e as Error).message}. ${FALLBACK}`;
      this.runner = null;
      return null;
    });
    return this.runner;
  }

  /** Scores of the current world, recomputed when the world moved since the last run. */
  async scores(): Promise<HgtScoreTable | null> {
    this.wanted = true;
    while (this.scoring) await this.scoring;
    if (!this.world) return null;
    if (this.table?.generation === this.generation) return this.table.table;
    this.scoring = this.computeScores().finally(() => (this.scoring = null));
    return this.scoring;
  }

  private async computeScores(): Promise<HgtScoreTable | null> {
    const world = this.world!;
    const generation = this.generation;
    const model = await this.model();
    const runner = model && (await this.openRunner(model));
    if (!model || !runner) return null;
    if (this.vectors.embedder.dimension !== model.manifest.input.embedder.options.dimension)
      this.vectors = new NodeVectorCache(new LexicalEmbedder(model.manifest.input.embedder.options));
    try {
      this.runs++;
      const table = await scoreWorld(world, (g, p) => runner.run(g, p), this.vectors, {
        // Looked up in the world current at search time: the table outlives graph changes until rescored.
        fallback: (s, t) => (this.world ? statisticalFallback(this.world)(s, t) : 0),
      });
      this.table = { generation, table };
      return table;
    } catch (e) {
      this.problem = `The HGT could not score this graph: ${(e as Error).message}. ${FALLBACK}`;
      return null;
    }
  }

  /**
   * The scores to answer with now: those computed before the latest graph change while its rescore waits
   * for quiet (a burst of traces costs one run), else fresh ones.
   */
  private current(): Promise<HgtScoreTable | null> {
    return this.table && this.timer ? Promise.resolve(this.table.table) : this.scores();
  }

  /** p_uv as the search's weights (edges added since the last run fall back to w̃), or null with the reason. */
  async weights(): Promise<{ provider: WeightProvider | null; note: string | null }> {
    const table = await this.current();
    if (!table) return { provider: null, note: this.problem ?? 'No HGT model is available.' };
    return { provider: linkWeights(table.scorer), note: null };
  }

  /** The top predicted next tools of an API node: not yet observed api→api links, by p_uv. */
  async predictions(nodeId: string, k = 5): Promise<HgtPredictions> {
    const table = await this.current();
    const graph = this.world?.graph;
    const node = graph?.node(nodeId);
    if (!table || !graph) return { nodeId, links: [], note: this.problem ?? 'No HGT model is available.' };
    if (node?.kind !== 'api') return { nodeId, links: [], note: 'Predictions are made for API nodes.' };
    const scored = table.predictions.get(nodeId);
    const links = (scored ?? [])
      .filter((l) => !graph.edge(`${l.source}|${l.target}`) && graph.node(l.target)?.active)
      .slice(0, k)
      .map((l) => ({ target: l.target, label: graph.node(l.target)?.label ?? l.target, p: l.p }));
    return { nodeId, links, note: links.length ? null : noPredictionsNote(scored !== undefined) };
  }

  private previousInfo(): Promise<HgtModelInfo | null> {
    this.previous ??= (async () => {
      const record = await this.store?.getModel(previousName(HGT_MODEL_NAME));
      if (!record) return null;
      return modelInfo(isShippedMarker(record) ? await this.shippedFile() : storedHgt(record));
    })().catch(() => null);
    return this.previous;
  }

  /** The model in use and the cached scores; `ensureScores` computes them first when they are stale. */
  async status(ensureScores = false): Promise<HgtStatus> {
    if (ensureScores) await this.scores();
    const model = ensureScores || this.modelLoad ? await this.model() : await this.modelSummary();
    const traces = this.world?.traces ?? [];
    const cached = this.table;
    const t = cached?.table;
    const fresh = cached?.generation === this.generation;
    return {
      model: model && modelInfo(model),
      problem: this.problem,
      previous: await this.previousInfo(),
      scores: t
        ? {
            version: cached!.generation,
            nodes: t.nodes,
            edges: t.edges,
            candidates: t.candidates,
            buildMs: t.buildMs,
            runMs: t.runMs,
            fresh,
          }
        : null,
      scoring: this.scoring !== null,
      training: this.training.busy,
      newTraces: newTracesSince(traces, model ? model.manifest.trainingData.lastTraceSeq : -1),
      runtime: HGT_RUNTIME,
    };
  }

  private async fail(e: unknown): Promise<HgtJobOutcome> {
    return { ok: false, error: toWorkerError(e), status: await this.status() };
  }

  /**
   * Trains a new model on the current world in this worker, then swaps it in only if it scores at least
   * as well as the model in use on the same held-out links (promoteIfNotWorse). Cancel keeps the old one.
   */
  async retrain(options: HgtRetrainOptions = {}): Promise<HgtJobOutcome> {
    if (this.training.busy)
      return this.fail(new HgtNotReadyError('The link model is already being trained.'));
    const world = this.world;
    if (!world) return this.fail(new HgtNotReadyError('No Tool World is loaded yet.'));
    try {
      // Swapping in is the promotion itself (only when not worse), so there is nothing left to commit.
      const promotion = await this.training.run('hgt', (signal) => this.train(world, options, signal));
      return { ok: true, status: await this.status(), promotion };
    } catch (e) {
      return this.fail(e);
    }
  }

  private async train(
    world: ToolWorld,
    options: HgtRetrainOptions,
    signal: AbortSignal,
  ): Promise<HgtPromotion> {
    this.emit({ kind: 'stage', label: 'Holding out links to validate on' });
    const split = await hgtAppSplit(world);
    let epochsDone = 0;
    this.emit({ kind: 'stage', label: `Training the HGT on ${split.input.tensors.edgeSrc.length} edges` });
    const candidate = await trainAppHgt(split, {
      origin: 'retrained',
      createdAt: new Date(this.now()).toISOString(),
      ...(options.epochs !== undefined ? { epochs: options.epochs } : {}),
      ...(options.hidden !== undefined ? { config: { hidden: options.hidden } } : {}),
      signal,
      trainingData: {
        description: `this browser's Tool World (${world.catalogue.size} tools, ${world.traces.length} traces)`,
        traces: world.traces.length,
        lastTraceSeq: world.traces.at(-1)?.seq ?? -1,
      },
      onEpoch: (r) => {
        epochsDone = r.epoch;
        this.emit({
          kind: 'epoch',
          point: { epoch: r.epoch, epochs: r.epochs, loss: r.loss, valAuc: r.valAuc, ms: r.ms },
        });
      },
    });
    if (signal.aborted) throw hgtCancelled(epochsDone);
    this.emit({
      kind: 'stage',
      label: `Comparing with the model in use on ${split.check.labels.length} held-out pairs`,
    });
    return this.promote(candidate, split);
  }

  private async scoreOn(bytes: Uint8Array, split: HgtAppSplit): Promise<number> {
    const runner = await this.options.createRunner(bytes);
    try {
      const { scores } = await runner.run(split.input.tensors, split.check.pairs);
      return rocAuc(scores, split.check.labels);
    } finally {
      await runner.release();
    }
  }

  private async promote(candidate: HgtAppModel, split: HgtAppSplit): Promise<HgtPromotion> {
    const store = this.store;
    if (!store) throw new HgtNotReadyError('There is no model store to keep the new model in.');
    const inUse = await this.model();
    let stored = await store.getModel(HGT_MODEL_NAME);
    // The shipped model becomes a stored (byte-less) incumbent, so a swap keeps it as "previous".
    if (!stored && inUse?.manifest.origin === 'shipped') {
      stored = {
        name: HGT_MODEL_NAME,
        bytes: new Uint8Array(0),
        manifest: { ...inUse.manifest },
        savedAt: this.now(),
      };
      await store.putModel(stored);
    }
    const score = async (m: Pick<StoredModel, 'bytes' | 'manifest'>): Promise<number> => {
      try {
        return await this.scoreOn(isShippedMarker(m) ? (await this.shippedFile()).bytes : m.bytes, split);
      } catch {
        // An incumbent that cannot run loses to any candidate; a candidate that cannot run is refused.
        return Number.NaN;
      }
    };
    const result = await promoteIfNotWorse(
      store,
      HGT_MODEL_NAME,
      {
        bytes: candidate.bytes,
        manifest: candidate.manifest as unknown as Record<string, unknown>,
        savedAt: this.now(),
      },
      score,
    );
    if (result.swapped) await this.modelChanged();
    return {
      swapped: result.swapped,
      candidateAuc: result.candidateScore,
      incumbentAuc: result.incumbentScore,
      incumbent: stored ? (isShippedMarker(stored) ? 'shipped' : 'retrained') : null,
      pairs: split.check.labels.length,
    };
  }

  private async modelChanged(): Promise<void> {
    await this.forgetModel();
    await this.model();
    this.emit({ kind: 'changed' });
  }

  /** Puts the previous model back in use (the current one becomes the previous). */
  async restorePrevious(): Promise<HgtJobOutcome> {
    if (this.training.busy)
      return this.fail(new HgtNotReadyError('Wait for the training to finish or cancel it.'));
    try {
      if (!this.store || !(await restorePrevious(this.store, HGT_MODEL_NAME)))
        throw new HgtNotReadyError('No previous link model is kept.');
      await this.modelChanged();
      return { ok: true, status: await this.status(), promotion: null };
    } catch (e) {
      return this.fail(e);
    }
  }

  /** Stops the running training at its next epoch; the model in use keeps serving. */
  cancel(): void {
    this.training.cancel('HGT training cancelled; the previous model stays in use');
  }
}

/**
 * Why an API shows no predicted links: either the last scoring had no candidate pair from it (the node is
 * newer than the scores, or, above 200 APIs, no tool shares a parameter with it), or every link it
 * predicted has been observed since. Neither means "every other API is linked from this one".
 */
function noPredictionsNote(scoredHere: boolean): string {
  return scoredHere
    ? 'The links predicted for this API have all been observed since the last scoring. New predictions ' +
        'come with the next rescore (a second after the world stops changing), or retrain in the Link model tab.'
    : 'No predictions were computed for this API yet: the link model scored no candidate links from it. ' +
        'They are computed when the graph is rescored (a second after the world stops changing) or the model ' +
        'is retrained in the Link model tab; on graphs over 200 APIs only tools sharing a parameter with it ' +
        'are candidates.';
}

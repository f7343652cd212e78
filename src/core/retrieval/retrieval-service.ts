import type { Embedder } from '../embed/embedder';
import type { ToolWorld } from '../world/world';
import { EmbeddingCache } from './embedding-cache';
import { buildInput, featureTexts, toolNameText, type FeatureSpec } from './features';
import { Hybrid, hybridToolText } from './hybrid';
import { METHODS } from './method-registry';
import { encodePrompt, PROMPT_ENCODINGS, type PromptEncoding } from './prompt-encodings';
import {
  END_OF_PLAN,
  type CandidateTool,
  type RetrievalQuery,
  type RetrievalTask,
  type Retriever,
  type ScoredTool,
} from './retriever';
import { approximateTokenCounter, type TokenCounter } from './token-counter';
import { tracesToRetrievalTasks } from './trace-tasks';

/** The retriever the agent uses (issue 4: hybrid of DTDR-L and query–tool similarity). */
export const PRODUCT_RETRIEVER = 'hybrid';

export interface RankRequest {
  query: string;
  /** Tools already called, in order. */
  history: string[];
  method?: string;
  topK?: number;
}

export interface EncodedPromptSummary {
  encoding: PromptEncoding;
  constantTokens: number;
  variableTokens: number;
  text: string;
}

/** Held-out figures of a head trained at run time (DTDR-L's validation split, whole plans). */
export interface ValidationFigures {
  plans: number;
  mrr: number;
  top1: number;
  setF1: number;
  tau: number;
}

/** Where a method's scores come from, so every result can say it. */
export type ModelSource =
  | { kind: 'shipped'; file: string; runtime: string; labels: number; tau: number }
  | {
      kind: 'trained';
      traces: number;
      embedderId: string;
      epochs: number;
      seconds: number;
      /** DTDR-L's held-out figures; null when the world had too few plans to hold any out. */
      validation: ValidationFigures | null;
      /** The hybrid's MRR on the same held-out plans, after tuning its mixture. */
      hybridMrr: number | null;
    }
  | { kind: 'untrained'; traces: number }
  | { kind: 'fitted'; traces: number }
  | { kind: 'zero-shot' };

export interface RankResult {
  method: string;
  embedderId: string;
  candidates: ScoredTool[];
  prompts: EncodedPromptSummary[];
  tokenCounter: string;
  rankMs: number;
  /** Training tasks the method learnt from in this session (0 for a shipped head). */
  trainedOn: number;
  source: ModelSource;
}

/** One report while the learned retrievers train (or the embedder loads, in the worker). */
export interface TrainingProgress {
  label: string;
  stage: 'loading' | 'embedding' | 'training' | 'refit' | 'fitting';
  done: number;
  /** 0 = unknown: an indeterminate bar. */
  total: number;
  epoch?: number;
  loss?: number;
  validationLoss?: number;
}

export interface RetrievalModelsStatus {
  embedderId: string;
  embedderDimension: number;
  /** Completed traces of the world (the training plans). */
  traces: number;
  dtdrL: ModelSource;
  hybrid: ModelSource;
  shippedHead: {
    /** e.g. `models/dtdr-l-demo.onnx`; null when no shipped head is configured. */
    file: string | null;
    serving: boolean;
    /** Why it does not serve (missing file, other tools, other embedder, retrained); null when it does. */
    note: string | null;
  };
  training: boolean;
}

/**
 * A trained DTDR-L head run outside TypeScript (the worker runs the shipped ONNX file with
 * onnxruntime-web). It brings the embedder and input layout it was trained with, from its manifest.
 */
export interface ScoringHead {
  /** Repo-relative name shown to the user, e.g. `models/dtdr-l-demo.onnx`. */
  readonly file: string;
  /** e.g. `onnxruntime-web wasm`. */
  readonly runtime: string;
  /** Output names in row order, END_OF_PLAN included. */
  readonly labels: readonly string[];
  readonly tau: number;
  readonly spec: FeatureSpec;
  readonly embedder: Embedder;
  /** σ(W·x + b) for each input row, in `labels` order. */
  score(inputs: Float32Array[]): Promise<Float32Array[]>;
}

export class TrainingCancelledError extends Error {
  override readonly name = 'TrainingCancelledError';
  readonly code = 'training-cancelled';
}

export class NoTracesError extends Error {
  override readonly name = 'NoTracesError';
  readonly code = 'no-traces';
  constructor() {
    super(
      'DTDR-L learns from completed traces and this Tool World has none: import a world with traces or ' +
        'run tasks first. Zero-shot methods (query–tool similarity, BM25) work without traces.',
    );
  }
}

export interface RetrievalServiceOptions {
  counter?: TokenCounter;
  /** Loads the shipped DTDR-L head once, on first need; a rejection is shown and training takes over. */
  loadShippedHead?: () => Promise<ScoringHead>;
  /** Training progress; null when nothing trains any more. */
  onProgress?: (progress: TrainingProgress | null) => void;
}

/** The world's complete traces as retrieval tasks (see `traceToRetrievalTask`). */
export function tasksFromWorld(world: ToolWorld): RetrievalTask[] {
  return tracesToRetrievalTasks(world.traces);
}

export function candidatesFromWorld(world: ToolWorld): CandidateTool[] {
  return world.catalogue
    .tools()
    .filter((t) => world.graph.node(`api:${t.name}`)?.active ?? true)
    .map((t) => ({ name: t.name, description: t.description }));
}

/**
 * Why a shipped head cannot rank for this world and embedder, or null when it can: its labels must be
 * tools of the world, and every tool the world's traces use must be one of its labels (training here
 * would learn exactly those). It brings its own embedder, but the user's embedder choice decides.
 */
export function shippedHeadMismatch(
  head: Pick<ScoringHead, 'file' | 'labels' | 'embedder'>,
  world: ToolWorld,
  tasks: readonly RetrievalTask[],
  embedderId: string,
): string | null {
  const list = (names: string[]) => names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
  if (head.embedder.id !== embedderId)
    return `${head.file} reads ${head.embedder.id} vectors and retrieval now runs on ${embedderId}.`;
  const labels = new Set(head.labels);
  const unknown = head.labels.filter((l) => l !== END_OF_PLAN && !world.catalogue.has(l));
  if (unknown.length > 0)
    return `${head.file} was trained for other tools: ${unknown.length} of its labels are not tools of this world (${list(unknown)}).`;
  const unranked = [...new Set(tasks.flatMap((t) => t.tools))].filter((t) => !labels.has(t)).sort();
  if (unranked.length > 0)
    return `this world's traces use ${unranked.length} tools ${head.file} cannot rank (${list(unranked)}).`;
  return null;
}

/** The DTDR-L inside the product hybrid, trained here; it also serves the `dtdrL` method. */
interface TrainedProduct {
  hybrid: Hybrid;
  source: Extract<ModelSource, { kind: 'trained' }>;
}

interface Job {
  controller: AbortController;
  embedder: Embedder;
  /** Set right after the job is registered. */
  promise: Promise<TrainedProduct>;
}

/** Only scales the progress bar: DtdrL's default epoch cap (it stops early on held-out MRR). */
const EPOCH_CAP = 60;
/** Texts embedded between progress reports and cancellation checks. */
const EMBED_CHUNK = 64;

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Ranks next-tool candidates for a request and its history and shows the prompt each DTDR encoding would
 * give the LLM. DTDR-L comes from the shipped ONNX head when it fits the world (see `shippedHeadMismatch`),
 * else from training on the world's traces; the hybrid always trains here (it tunes on held-out plans).
 * Training reports progress and can be cancelled; a new model replaces the serving one only when done.
 */
export class RetrievalService {
  private world: ToolWorld | null = null;
  private tasks: RetrievalTask[] = [];
  private cache: EmbeddingCache;
  private readonly fitted = new Map<string, Promise<Retriever>>();
  private product: TrainedProduct | null = null;
  private job: Job | null = null;
  /** Bumps when the world changes, so a job for the old world cannot commit. */
  private generation = 0;
  /** Set by an explicit retrain: the user asked for a model of this world, not the shipped one. */
  private preferTrained = false;
  private headLoad: Promise<void> | null = null;
  private head: { head: ScoringHead; cache: EmbeddingCache } | null = null;
  private headError: string | null = null;
  private readonly counter: TokenCounter;

  constructor(
    private embedder: Embedder,
    private readonly options: RetrievalServiceOptions = {},
  ) {
    this.counter = options.counter ?? approximateTokenCounter;
    this.cache = new EmbeddingCache(embedder);
  }

  reset(world: ToolWorld): void {
    this.job?.controller.abort(
      new TrainingCancelledError(
        'The Tool World changed during training: the retrievers retrain on next use.',
      ),
    );
    this.job = null;
    this.generation++;
    this.world = world;
    this.fitted.clear();
    this.product = null;
    this.tasks = tasksFromWorld(world);
    // The embedding cache stays: its vectors depend only on the text and the embedder.
  }

  /** Retrains the product hybrid and its DTDR-L on the world's traces; DTDR-L then serves from it. */
  async retrain(): Promise<RetrievalModelsStatus> {
    this.requireWorld();
    // One job at a time: join a running one for this embedder, or let an embedder switch finish first.
    const running = this.job;
    if (running?.embedder === this.embedder) await running.promise;
    else {
      await running?.promise.catch(() => undefined);
      await this.startJob(this.embedder, this.cache, (p) => (this.product = p));
    }
    this.preferTrained = true;
    return this.status();
  }

  /**
   * Re-embeds and retrains with another embedder; the current embedder and models keep serving until
   * that has finished, and stay if it fails or is cancelled.
   */
  async switchEmbedder(embedder: Embedder): Promise<RetrievalModelsStatus> {
    this.cancel();
    await this.job?.promise.catch(() => undefined);
    const cache = new EmbeddingCache(embedder);
    const commit = (product: TrainedProduct | null) => {
      this.embedder = embedder;
      this.cache = cache;
      this.product = product;
      this.fitted.clear();
    };
    if (this.world && this.tasks.length > 0) await this.startJob(embedder, cache, commit);
    else commit(null);
    return this.status();
  }

  /** Stops the running training; whatever served before keeps serving. */
  cancel(): void {
    const message =
      this.product || this.head
        ? 'Training cancelled: the previous model keeps serving.'
        : 'Training cancelled before a first model existed: rank again or press Retrain to train one.';
    this.job?.controller.abort(new TrainingCancelledError(message));
  }

  async status(): Promise<RetrievalModelsStatus> {
    const head = await this.servingHead();
    const untrained: ModelSource = { kind: 'untrained', traces: this.tasks.length };
    const trained = this.product?.source ?? untrained;
    return {
      embedderId: this.embedder.id,
      embedderDimension: this.embedder.dimension,
      traces: this.tasks.length,
      dtdrL: 'head' in head ? this.headSource(head.head) : trained,
      hybrid: trained,
      shippedHead: {
        file: this.head?.head.file ?? null,
        serving: 'head' in head,
        note: 'head' in head ? null : head.note,
      },
      training: this.job !== null,
    };
  }

  async rank(req: RankRequest): Promise<RankResult> {
    const world = this.requireWorld();
    const method = req.method ?? PRODUCT_RETRIEVER;
    const q = { query: req.query, history: req.history };
    const { ranked, rankMs, source, trainedOn } = await this.rankWith(method, q);
    const tools = world.catalogue
      .tools()
      .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
    const demonstrations = this.tasks.map((t) => ({ query: t.query, tools: t.tools }));
    const prompts = PROMPT_ENCODINGS.map((encoding) => {
      const p = encodePrompt(
        { tools, query: req.query, history: req.history, candidates: ranked, demonstrations },
        encoding,
        { topK: 5 },
      );
      return {
        encoding,
        constantTokens: this.counter.count(p.constant),
        variableTokens: this.counter.count(p.variable),
        text: p.constant + p.variable,
      };
    });
    return {
      method,
      embedderId: source.kind === 'shipped' ? (this.head?.head.embedder.id ?? '') : this.embedder.id,
      candidates: ranked.slice(0, req.topK ?? 10),
      prompts,
      tokenCounter: this.counter.id,
      rankMs,
      trainedOn,
      source,
    };
  }

  private async rankWith(
    method: string,
    q: RetrievalQuery,
  ): Promise<{ ranked: ScoredTool[]; rankMs: number; source: ModelSource; trainedOn: number }> {
    if (method === 'dtdrL') {
      const head = await this.servingHead();
      if ('head' in head) {
        const { ranked, rankMs } = await rankWithHead(head.head, head.cache, q);
        return { ranked, rankMs, source: this.headSource(head.head), trainedOn: 0 };
      }
    }
    let r: Retriever;
    let source: ModelSource;
    if (method === 'dtdrL' || method === PRODUCT_RETRIEVER) {
      const product = await this.productModel();
      r = method === 'dtdrL' ? product.hybrid.dtdr : product.hybrid;
      source = product.source;
    } else {
      r = await this.retriever(method);
      source = r.learnsFromTraces ? { kind: 'fitted', traces: this.tasks.length } : { kind: 'zero-shot' };
    }
    await this.cache.warm(r.textsToEmbed?.(q) ?? []);
    const t0 = performance.now();
    const ranked = r.rank(q);
    return { ranked, rankMs: performance.now() - t0, source, trainedOn: this.tasks.length };
  }

  private requireWorld(): ToolWorld {
    if (!this.world) throw new Error('The retrieval service has no Tool World yet: load one first.');
    return this.world;
  }

  private headSource(head: ScoringHead): ModelSource {
    return {
      kind: 'shipped',
      file: head.file,
      runtime: head.runtime,
      labels: head.labels.length,
      tau: head.tau,
    };
  }

  /** The shipped head when it serves DTDR-L now, else why not (null: none is configured). */
  private async servingHead(): Promise<
    { head: ScoringHead; cache: EmbeddingCache } | { note: string | null }
  > {
    const load = this.options.loadShippedHead;
    if (!load) return { note: null };
    this.headLoad ??= load().then(
      (head) => {
        this.head = { head, cache: new EmbeddingCache(head.embedder) };
      },
      (e: unknown) => {
        this.headError = (e as Error).message;
      },
    );
    await this.headLoad;
    const fallback = 'DTDR-L is trained in this browser instead.';
    if (!this.head) return { note: `${this.headError ?? 'The shipped head did not load.'} ${fallback}` };
    if (this.preferTrained)
      return { note: `Retrained on this world: ${this.head.head.file} is not used until the page reloads.` };
    if (!this.world) return { note: null };
    const mismatch = shippedHeadMismatch(this.head.head, this.world, this.tasks, this.embedder.id);
    return mismatch ? { note: `Not using the shipped head: ${mismatch} ${fallback}` } : this.head;
  }

  /** The trained hybrid, training it now (joining a running job) when there is none. */
  private async productModel(): Promise<TrainedProduct> {
    if (this.product) return this.product;
    const job = this.job;
    if (job) {
      const p = await job.promise;
      return job.embedder === this.embedder ? p : this.productModel();
    }
    return this.startJob(this.embedder, this.cache, (p) => (this.product = p));
  }

  private startJob(
    embedder: Embedder,
    cache: EmbeddingCache,
    commit: (p: TrainedProduct) => void,
  ): Promise<TrainedProduct> {
    const controller = new AbortController();
    const generation = this.generation;
    // Registered before training starts: its first embedding call may already want to cancel it.
    const job: Job = { controller, embedder, promise: Promise.resolve(null as unknown as TrainedProduct) };
    this.job = job;
    const promise = this.train(embedder, cache, controller.signal)
      .then((p) => {
        if (generation !== this.generation)
          throw new TrainingCancelledError(
            'The Tool World changed during training: the retrievers retrain on next use.',
          );
        commit(p);
        return p;
      })
      .finally(() => {
        if (this.job === null || this.job === job) {
          this.job = null;
          this.options.onProgress?.(null);
        }
      });
    job.promise = promise;
    return promise;
  }

  /** Embeds what training reads (cancellable, with progress), then fits the hybrid and its DTDR-L. */
  private async train(
    embedder: Embedder,
    cache: EmbeddingCache,
    signal: AbortSignal,
  ): Promise<TrainedProduct> {
    const world = this.requireWorld();
    const tasks = this.tasks;
    if (tasks.length === 0) throw new NoTracesError();
    const started = Date.now();
    const emit = (p: TrainingProgress) => this.options.onProgress?.(p);
    const check = () => {
      if (signal.aborted) throw signal.reason;
    };
    const catalogue = candidatesFromWorld(world);
    const texts = [
      ...catalogue.map(hybridToolText),
      ...tasks.map((t) => t.query),
      ...tasks.flatMap((t) => t.tools.map(toolNameText)),
    ];
    const missing = [...new Set(texts)].filter((t) => !cache.has(t));
    for (let i = 0; i < missing.length; i += EMBED_CHUNK) {
      emit({
        label: `Embedding texts with ${embedder.id}`,
        stage: 'embedding',
        done: i,
        total: missing.length,
      });
      await cache.warm(missing.slice(i, i + EMBED_CHUNK));
      await yieldToEvents();
      check();
    }
    let stage: 'training' | 'refit' = 'training';
    let lastEpoch = 0;
    let firstRunEpochs = EPOCH_CAP;
    const label = `Training DTDR-L on ${tasks.length} traces`;
    emit({ label, stage, done: 0, total: EPOCH_CAP });
    const hybrid = new Hybrid(
      { catalogue, embedder, seed: 1, cache },
      {
        dtdr: {
          training: {
            signal,
            onEpoch: (epoch, loss, validationLoss) => {
              // A second run starting at epoch 1 is the refit on all plans for the best epoch count.
              if (epoch <= lastEpoch) {
                stage = 'refit';
                firstRunEpochs = lastEpoch;
              }
              lastEpoch = epoch;
              const total = stage === 'refit' ? firstRunEpochs : Math.max(EPOCH_CAP, epoch);
              const text = stage === 'refit' ? `${label}: refit on all traces` : label;
              emit({ label: text, stage, done: Math.min(epoch, total), total, epoch, loss, validationLoss });
            },
          },
        },
      },
    );
    await hybrid.fit(tasks);
    check();
    const report = hybrid.dtdr.report;
    const validation =
      report && report.validationTasks > 0
        ? {
            plans: report.validationTasks,
            mrr: report.validation.mrr,
            top1: report.validation.top1,
            setF1: report.validation.setF1,
            tau: report.tau,
          }
        : null;
    const hybridMrr = hybrid.report?.tuned ? hybrid.report.validationMrr : null;
    return {
      hybrid,
      source: {
        kind: 'trained',
        traces: tasks.length,
        embedderId: embedder.id,
        epochs: report?.epochsRun ?? 0,
        seconds: (Date.now() - started) / 1000,
        validation,
        hybridMrr,
      },
    };
  }

  /** Any other method by id, fitted on first use. */
  private retriever(method: string): Promise<Retriever> {
    const world = this.requireWorld();
    const factory = METHODS[method];
    if (!factory)
      throw new Error(`Unknown retrieval method "${method}". Known: ${Object.keys(METHODS).join(', ')}.`);
    let p = this.fitted.get(method);
    if (!p) {
      p = (async () => {
        const r = factory({
          catalogue: candidatesFromWorld(world),
          embedder: this.embedder,
          seed: 1,
          cache: this.cache,
        });
        if (r.learnsFromTraces)
          this.options.onProgress?.({
            label: `Fitting ${method} on ${this.tasks.length} traces`,
            stage: 'fitting',
            done: 0,
            total: 0,
          });
        try {
          await r.fit(this.tasks);
        } finally {
          if (!this.job) this.options.onProgress?.(null);
        }
        return r;
      })();
      this.fitted.set(method, p);
      p.catch(() => this.fitted.delete(method));
    }
    return p;
  }
}

/** Ranks with a shipped head: the input built exactly as its manifest says, scored by its runtime. */
async function rankWithHead(
  head: ScoringHead,
  cache: EmbeddingCache,
  q: RetrievalQuery,
): Promise<{ ranked: ScoredTool[]; rankMs: number }> {
  await cache.warm(featureTexts(head.spec, q));
  const x = buildInput(head.spec, q, cache);
  const t0 = performance.now();
  const [p] = await head.score([x]);
  const rankMs = performance.now() - t0;
  if (!p || p.length !== head.labels.length)
    throw new Error(`${head.file} returned ${p?.length ?? 0} scores for ${head.labels.length} labels`);
  const after = q.history.length === 0 ? 'at the start' : `after ${q.history[q.history.length - 1]}`;
  const ranked = head.labels
    .map((tool, i) => ({ tool, score: p[i] as number }))
    .sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0))
    .map((s) => ({ ...s, why: `DTDR-L (ONNX) p=${s.score.toFixed(2)} ${after}` }));
  return { ranked, rankMs };
}

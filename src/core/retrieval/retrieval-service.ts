import type { Embedder } from '../embed/embedder';
import type { Trace } from '../trace/trace';
import { CancelledError } from '../util/cancelled-error';
import { ModelJobs } from '../util/model-job';
import { NoWorldLoadedError } from '../world/no-world-loaded-error';
import type { ToolWorld } from '../world/world';
import { EmbeddingCache } from './embedding-cache';
import { FamiliarBlend, FAMILIAR_BLEND_DEFAULTS, type RequestNovelty } from './familiar-blend';
import { PastRequests } from './past-requests';
import { METHODS } from './method-registry';
import type { ModelSource, RetrievalModelsStatus, TrainingProgress } from './model-status';
import { trainProduct, type TrainedProduct } from './product-training';
import { promptSummaries, type EncodedPromptSummary, type PromptRequest } from './prompt-summaries';
import { DEFAULT_RETRIEVAL_POLICY, retrainDue, type RetrievalPolicy } from './retrain-policy';
import type { CandidateTool, RetrievalQuery, RetrievalTask, Retriever, ScoredTool } from './retriever';
import {
  activeToolNames,
  headSource,
  rankWithHead,
  shippedHeadMismatch,
  type ScoringHead,
} from './shipped-head';
import type { RetrieverContext } from './context';
import { approximateTokenCounter, type TokenCounter } from './token-counter';
import { toolIo } from './io-prior';
import { toolDetails } from './tool-details';
import { ZeroShotHybrid } from './zero-shot-hybrid';
import { traceToRetrievalTask, tracesToRetrievalTasks } from './trace-tasks';

/**
 * The retriever the agent uses (issue 4: hybrid of DTDR-L and query–tool similarity), blended per request
 * with the zero-shot hybrid by how familiar the request's tools are (issue 17, `FamiliarBlend`).
 */
export const PRODUCT_RETRIEVER = 'hybrid';
/** The product's zero-shot part, fitted like any method (it learns nothing from traces). */
const ZERO_SHOT_PART = 'zeroShotHybrid';
/**
 * What the product's familiarity gate reads (familiar-blend.ts): the zero-shot hybrid on name + description
 * only. The parameter texts change how a first-time request is ranked, not which requests count as
 * first-time — read through them, more requests of a familiar catalogue had no traced tool in their top 5 and
 * left the trained hybrid (scripts/eval-product-blend.ts, lexical: restbench MRR 0.668 → 0.657; with this
 * probe 0.668, api_bank MRR / w/o end 0.548 / 0.532 against 0.544 / 0.519 before, nestful_v1 unchanged).
 * The probe keeps the third pass's fixed fusion ('score') the gate was measured with; the learned fusion
 * (issue 17, fourth pass) ranks the first-time requests themselves.
 */
const FAMILIARITY_PROBE = 'zeroShotHybrid:familiarity';
const INTERNAL_METHODS: Record<string, (ctx: RetrieverContext) => Retriever> = {
  [FAMILIARITY_PROBE]: (ctx) => new ZeroShotHybrid(ctx, { details: false, fusion: 'score' }),
};

export interface RankRequest {
  query: string;
  /** Tools already called, in order. */
  history: string[];
  method?: string;
  topK?: number;
  /** Prompts to build for the result (the Next tool tab asks for `all`); none by default. */
  prompts?: PromptRequest;
}

export interface RankResult {
  method: string;
  embedderId: string;
  candidates: ScoredTool[];
  /** The prompt of each encoding `RankRequest.prompts` asked for (empty when none was asked). */
  prompts: EncodedPromptSummary[];
  tokenCounter: string;
  rankMs: number;
  /** Training tasks the method learnt from in this session (0 for a shipped head). */
  trainedOn: number;
  source: ModelSource;
  /**
   * The product ranked a request unlike the traced ones zero-shot (`FamiliarBlend`): the tools in the
   * order the learnt plans give them (END_OF_PLAN included), for a tie-break and a next-step guess.
   */
  learntOrder?: string[];
}

/** What one trace changed in retrieval (`RetrievalService.ingest`). */
export interface RetrievalIngestOutcome {
  /** False when the trace demonstrates no complete plan (it ended on a failed call): nothing to learn. */
  learnt: boolean;
  /** Methods that learnt it online, e.g. `dtdrC`. */
  updatedOnline: string[];
  /** Complete traces the serving hybrid has not seen yet. */
  newTraces: number;
  /** A background retraining started because of it (the policy's count was reached). */
  retrainStarted: boolean;
}

export interface RetrievalServiceOptions {
  counter?: TokenCounter;
  /** Loads the shipped DTDR-L head once, on first need; a rejection is shown and training takes over. */
  loadShippedHead?: () => Promise<ScoringHead>;
  /** Training progress; null when nothing trains any more. */
  onProgress?: (progress: TrainingProgress | null) => void;
  /** Told when a background retraining ended (swapped in, failed or cancelled), so the UI can refresh. */
  onModelsChanged?: () => void;
  policy?: RetrievalPolicy;
}

/** The world's complete traces as retrieval tasks (see `traceToRetrievalTask`). */
export function tasksFromWorld(world: ToolWorld): RetrievalTask[] {
  return tracesToRetrievalTasks(world.traces);
}

/**
 * The world's active tools as retrieval candidates. `details` (the parameters' names and descriptions) is
 * read only by the zero-shot hybrid, which serves a catalogue nothing has called yet (issue 17: schema text
 * raised zero-shot MRR w/o end leave-one-dataset-out); trained methods keep name + description.
 */
export function candidatesFromWorld(world: ToolWorld): CandidateTool[] {
  const active = new Set(activeToolNames(world));
  return world.catalogue
    .tools()
    .filter((t) => active.has(t.name))
    .map((t) => {
      const details = toolDetails(t.parameters, t.returns);
      // io: the schema prior of the zero-shot hybrid's learned fusion ("consumes what the last call returned").
      const io = toolIo(t.parameters, t.returns);
      return details === ''
        ? { name: t.name, description: t.description, io }
        : { name: t.name, description: t.description, details, io };
    });
}

/** A method fitted in this session, and how many training tasks it has learnt (online updates count). */
interface Fitted {
  retriever: Promise<Retriever>;
  /** Set once fitted. */
  ready: Retriever | null;
  traces: number;
}

const WORLD_CHANGED = 'The Tool World changed during training: the retrievers retrain on next use.';

/**
 * Ranks next-tool candidates for a request and its history (and, on demand, the prompt each DTDR encoding
 * would give the LLM). DTDR-L comes from the shipped ONNX head when it fits the world (see
 * `shippedHeadMismatch`), else from training on the world's traces; the hybrid always trains here (it tunes
 * on held-out plans). A new trace (`ingest`) is learnt online by the methods that can (DTDR-C, the static
 * dependency table) and counted for the others, which retrain in the background by the policy while the
 * previous model serves (`ModelJobs`: one job at a time, cancellable, swapped in only on success).
 */
export class RetrievalService {
  private world: ToolWorld | null = null;
  private tasks: RetrievalTask[] = [];
  private cache: EmbeddingCache;
  private readonly fitted = new Map<string, Fitted>();
  private product: TrainedProduct | null = null;
  /** The requests each product was trained on, for the blend's novelty check (built on first rank). */
  private readonly novelty = new WeakMap<TrainedProduct, RequestNovelty>();
  private readonly jobs: ModelJobs<Embedder>;
  /** Set when the ranked tools changed since the product was trained (a new tool, a prune, a restore). */
  private toolsChanged = false;
  private policy: RetrievalPolicy;
  private autoRetrainError: string | null = null;
  /** Set by an explicit retrain: the user asked for a model of this world, not the shipped one. */
  private preferTrained = false;
  private headLoad: Promise<void> | null = null;
  private head: { head: ScoringHead; cache: EmbeddingCache } | null = null;
  private headError: string | null = null;
  private mismatch: { key: string; note: string | null } | null = null;
  /** Bumps with every change of the world's tools or traces (keys the shipped-head check). */
  private worldVersion = 0;
  private readonly counter: TokenCounter;

  constructor(
    private embedder: Embedder,
    private readonly options: RetrievalServiceOptions = {},
  ) {
    this.counter = options.counter ?? approximateTokenCounter;
    this.cache = new EmbeddingCache(embedder);
    this.policy = options.policy ?? DEFAULT_RETRIEVAL_POLICY;
    this.jobs = new ModelJobs(() => this.options.onProgress?.(null));
  }

  /** A new world (a snapshot load, an import of a whole world): every model of the old one goes. */
  reset(world: ToolWorld): void {
    this.jobs.invalidate(WORLD_CHANGED);
    this.world = world;
    this.fitted.clear();
    this.product = null;
    this.toolsChanged = false;
    this.autoRetrainError = null;
    this.worldVersion++;
    this.tasks = tasksFromWorld(world);
    // The embedding cache stays: its vectors depend only on the text and the embedder.
  }

  /**
   * Learns one trace the world has just ingested, without a reset: DTDR-C and the dependency table add it
   * online, the trace joins the training tasks, and when the policy's count is reached the hybrid and
   * DTDR-L retrain in the background (the current model serves until the new one is done). `newTools`:
   * tools the trace brought into the catalogue (the world's `IngestOutcome.change.tools`).
   */
  async ingest(trace: Trace, newTools: readonly string[] = []): Promise<RetrievalIngestOutcome> {
    this.requireWorld();
    this.worldVersion++;
    if (newTools.length > 0) this.toolsMoved();
    const task = traceToRetrievalTask(trace);
    const updatedOnline: string[] = [];
    if (task) {
      this.tasks.push(task);
      for (const [method, f] of this.fitted) {
        if (f.ready) {
          if (!f.ready.update) continue;
          await f.ready.update(task);
          f.traces++;
          updatedOnline.push(method);
        } else {
          // Still fitting on the tasks it started with: learn this one right after, never block on it.
          f.retriever = f.retriever.then(async (r) => {
            if (r.update) {
              await r.update(task);
              f.traces++;
            }
            return r;
          });
        }
      }
    }
    const retrainStarted = this.maybeRetrain();
    return { learnt: task !== undefined, updatedOnline, newTraces: this.newTraces(), retrainStarted };
  }

  /**
   * The world's graph changed without a trace (a prune, a restore, propagation). When the set of active
   * tools moved, methods built over the old tool list are rebuilt on next use and the hybrid retrains by
   * the policy.
   */
  graphChanged(activeToolsChanged: boolean): void {
    this.worldVersion++;
    if (!activeToolsChanged) return;
    this.toolsMoved();
    this.maybeRetrain();
  }

  private toolsMoved(): void {
    this.toolsChanged = true;
    // Methods built over the old tool list rebuild on next use; the online ones rank from their tables.
    this.dropFitted(() => true);
  }

  /** Forgets fitted methods that cannot learn online and match `stale`; they refit on next use. */
  private dropFitted(stale: (f: Fitted) => boolean): void {
    for (const [method, f] of this.fitted) {
      if (!stale(f)) continue;
      void f.retriever.then(
        (r) => {
          if (!r.update && this.fitted.get(method) === f) this.fitted.delete(method);
        },
        () => undefined,
      );
    }
  }

  setPolicy(policy: RetrievalPolicy): void {
    this.policy = { ...policy };
    this.maybeRetrain();
  }

  private newTraces(): number {
    return this.product ? this.tasks.length - this.product.tasks : 0;
  }

  /** Starts a background retraining when the policy says so; true when it did. */
  private maybeRetrain(): boolean {
    if (this.jobs.busy) return false;
    const due = retrainDue(this.policy, {
      trained: this.product !== null,
      newTraces: this.newTraces(),
      toolsChanged: this.toolsChanged,
    });
    if (!due) return false;
    this.autoRetrainError = null;
    this.startJob(this.embedder, this.cache, (p) => this.commitProduct(p)).then(
      () => this.options.onModelsChanged?.(),
      (e: unknown) => {
        if (!CancelledError.isInstance(e)) this.autoRetrainError = (e as Error).message;
        this.options.onModelsChanged?.();
      },
    );
    return true;
  }

  private commitProduct(p: TrainedProduct): void {
    this.product = p;
    this.toolsChanged = false;
    // Learnt methods that cannot update online were fitted on fewer traces: refit on next use.
    this.dropFitted((f) => f.traces < this.tasks.length && f.ready?.learnsFromTraces === true);
  }

  /** Retrains the product hybrid and its DTDR-L on the world's traces; DTDR-L then serves from it. */
  async retrain(): Promise<RetrievalModelsStatus> {
    this.requireWorld();
    // One job at a time: join a running one for this embedder, or let an embedder switch finish first.
    const running = this.jobs.current;
    if (running?.key === this.embedder && this.newTraces() === 0 && !this.toolsChanged) await running.promise;
    else {
      await running?.promise.catch(() => undefined);
      await this.startJob(this.embedder, this.cache, (p) => this.commitProduct(p));
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
    await this.jobs.current?.promise.catch(() => undefined);
    const cache = new EmbeddingCache(embedder);
    const commit = (product: TrainedProduct | null) => {
      this.embedder = embedder;
      this.cache = cache;
      this.product = product;
      this.toolsChanged = false;
      this.fitted.clear();
      this.worldVersion++;
    };
    if (this.world && this.tasks.length > 0) await this.startJob(embedder, cache, commit);
    else commit(null);
    return this.status();
  }

  /** Stops the running training; whatever served before keeps serving. */
  cancel(): void {
    this.jobs.cancel(
      this.product || this.head
        ? 'Training cancelled: the previous model keeps serving.'
        : 'Training cancelled before a first model existed: rank again or press Retrain to train one.',
    );
  }

  async status(): Promise<RetrievalModelsStatus> {
    const head = await this.servingHead();
    const untrained: ModelSource = { kind: 'untrained', traces: this.tasks.length };
    const trained = this.product?.source ?? untrained;
    return {
      embedderId: this.embedder.id,
      embedderDimension: this.embedder.dimension,
      traces: this.tasks.length,
      dtdrL: 'head' in head ? headSource(head.head) : trained,
      // No trace yet: the product ranks with the zero-shot hybrid alone (rankWith), nothing to train.
      hybrid: this.tasks.length === 0 ? { kind: 'zero-shot' } : trained,
      shippedHead: {
        file: this.head?.head.file ?? null,
        serving: 'head' in head,
        note: 'head' in head ? null : head.note,
      },
      training: this.jobs.busy,
      newTraces: this.newTraces(),
      policy: { ...this.policy },
      autoRetrainError: this.autoRetrainError,
    };
  }

  async rank(req: RankRequest): Promise<RankResult> {
    const world = this.requireWorld();
    const method = req.method ?? PRODUCT_RETRIEVER;
    const q = { query: req.query, history: req.history };
    const { ranked, rankMs, source, trainedOn, learntOrder } = await this.rankWith(method, q);
    return {
      method,
      embedderId: source.kind === 'shipped' ? (this.head?.head.embedder.id ?? '') : this.embedder.id,
      candidates: ranked.slice(0, req.topK ?? 10),
      prompts: promptSummaries(world, this.tasks, q, ranked, this.counter, req.prompts),
      tokenCounter: this.counter.id,
      rankMs,
      trainedOn,
      source,
      ...(learntOrder ? { learntOrder } : {}),
    };
  }

  private async rankWith(
    method: string,
    q: RetrievalQuery,
  ): Promise<{
    ranked: ScoredTool[];
    rankMs: number;
    source: ModelSource;
    trainedOn: number;
    learntOrder?: string[];
  }> {
    if (method === 'dtdrL') {
      const head = await this.servingHead();
      if ('head' in head) {
        const { ranked, rankMs } = await rankWithHead(head.head, head.cache, q);
        return { ranked, rankMs, source: headSource(head.head), trainedOn: 0 };
      }
    }
    let r: Retriever;
    let source: ModelSource;
    let trainedOn: number;
    if (method === PRODUCT_RETRIEVER) {
      // Nothing familiar yet (no trace): the zero-shot hybrid alone, no training job (familiar-blend.ts).
      const zeroShot = await this.retriever(ZERO_SHOT_PART).retriever;
      if (this.tasks.length === 0) {
        r = zeroShot;
        source = { kind: 'zero-shot' };
        trainedOn = 0;
      } else {
        const product = await this.productModel();
        const probe = await this.retriever(FAMILIARITY_PROBE).retriever;
        const seen = new Set(product.hybrid.dtdr.seenCounts.keys());
        r = new FamiliarBlend(zeroShot, product.hybrid, seen, {}, probe, this.noveltyOf(product));
        source = product.source;
        trainedOn = product.tasks;
      }
    } else if (method === 'dtdrL') {
      const product = await this.productModel();
      r = product.hybrid.dtdr;
      source = product.source;
      trainedOn = product.tasks;
    } else {
      const f = this.retriever(method);
      r = await f.retriever;
      trainedOn = r.learnsFromTraces ? f.traces : 0;
      source = r.learnsFromTraces ? { kind: 'fitted', traces: f.traces } : { kind: 'zero-shot' };
    }
    await this.cache.warm(r.textsToEmbed?.(q) ?? []);
    const t0 = performance.now();
    const ranked = r.rank(q);
    const rankMs = performance.now() - t0;
    // A request unlike the traced ones is ranked zero-shot; what the learnt plans say comes along.
    if (r instanceof FamiliarBlend && r.lastLearntOrder)
      return { ranked, rankMs, source: { kind: 'zero-shot' }, trainedOn, learntOrder: r.lastLearntOrder };
    return { ranked, rankMs, source, trainedOn };
  }

  /** The product's training requests and how familiar they are with each other (once per product). */
  private noveltyOf(product: TrainedProduct): RequestNovelty {
    let n = this.novelty.get(product);
    if (!n) {
      const past = new PastRequests(this.tasks.slice(0, product.tasks));
      n = { past, floor: past.leaveOneOutQuantile(FAMILIAR_BLEND_DEFAULTS.requestQuantile) };
      this.novelty.set(product, n);
    }
    return n;
  }

  private requireWorld(): ToolWorld {
    if (!this.world) throw new NoWorldLoadedError();
    return this.world;
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
    // Checked again whenever the world's tools or traces or the embedder moved (an import, a trace).
    const key = `${this.worldVersion}|${this.embedder.id}`;
    if (this.mismatch?.key !== key) {
      const why = shippedHeadMismatch(this.head.head, this.world, this.tasks, this.embedder.id);
      this.mismatch = { key, note: why && `Not using the shipped head: ${why} ${fallback}` };
    }
    return this.mismatch.note ? { note: this.mismatch.note } : this.head;
  }

  /** The trained hybrid, training it now (joining a running job) when there is none. */
  private async productModel(): Promise<TrainedProduct> {
    if (this.product) return this.product;
    const job = this.jobs.current;
    if (job) {
      await job.promise;
      return this.productModel();
    }
    return this.startJob(this.embedder, this.cache, (p) => this.commitProduct(p));
  }

  private startJob(
    embedder: Embedder,
    cache: EmbeddingCache,
    commit: (p: TrainedProduct) => void,
  ): Promise<TrainedProduct> {
    const world = this.requireWorld();
    // Copies: traces ingested while this job trains wait for the next one.
    const catalogue = candidatesFromWorld(world);
    const tasks = [...this.tasks];
    return this.jobs.run(
      embedder,
      (signal) =>
        trainProduct(catalogue, tasks, embedder, cache, signal, (p) => this.options.onProgress?.(p)),
      commit,
      WORLD_CHANGED,
    );
  }

  /** Any other method by id, fitted on first use. */
  private retriever(method: string): Fitted {
    const world = this.requireWorld();
    const factory = METHODS[method] ?? INTERNAL_METHODS[method];
    if (!factory)
      throw new Error(`Unknown retrieval method "${method}". Known: ${Object.keys(METHODS).join(', ')}.`);
    const known = this.fitted.get(method);
    if (known) return known;
    const tasks = [...this.tasks];
    const retriever = (async () => {
      const r = factory({
        catalogue: candidatesFromWorld(world),
        embedder: this.embedder,
        seed: 1,
        cache: this.cache,
      });
      if (r.learnsFromTraces)
        this.options.onProgress?.({
          label: `Fitting ${method} on ${tasks.length} traces`,
          stage: 'fitting',
          done: 0,
          total: 0,
        });
      try {
        await r.fit(tasks);
      } finally {
        if (!this.jobs.busy) this.options.onProgress?.(null);
      }
      return r;
    })();
    const f: Fitted = { retriever, ready: null, traces: tasks.length };
    this.fitted.set(method, f);
    retriever.then(
      (r) => (f.ready = r),
      () => {
        if (this.fitted.get(method) === f) this.fitted.delete(method);
      },
    );
    return f;
  }
}

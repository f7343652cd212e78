import type { AgentWorld, ToolchainAsk } from '../agent/agent-world';
import type { ChainView } from '../agent/agent-events';
import type { FieldKind } from '../agent/field-kind';
import { RETRIEVE_METHODS, unionCandidates } from '../agent/candidate-union';
import { chainViewOf, WorldCatalogView } from '../agent/world-catalog-view';
import type { Embedder } from '../embed/embedder';
import { Bm25Retriever } from '../retrieval/baselines/bm25';
import { QtsRetriever } from '../retrieval/baselines/qts';
import { EmbeddingCache } from '../retrieval/embedding-cache';
import { Hybrid } from '../retrieval/hybrid';
import { candidatesFromWorld, tasksFromWorld } from '../retrieval/retrieval-service';
import { PastRequests } from '../retrieval/past-requests';
import { ToolRepeats } from '../trace/tool-repeats';
import { END_OF_PLAN, type Retriever, type ScoredTool } from '../retrieval/retriever';
import { SearchEngine, type SearchMethod } from '../search/search-engine';
import { linkWeights, type LinkScorer, type WeightProvider } from '../search/weight-provider';
import type { Tool } from '../tools/tool';
import type { PlanStep } from '../plan/plan-step';
import {
  recombine,
  type RecombineOptions,
  type RecombineResult,
  type RecombineState,
  type StepFailure,
} from '../search/recombine';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';

/**
 * The retrievers of one dataset, fitted once on the train split's plans and shared by every configuration
 * (training the DTDR hybrid is the slow part of an evaluation: ~70 s on seal_tools). Zero-shot datasets
 * have no hybrid: nothing to learn from.
 */
export class EvalRetrieval {
  private constructor(
    readonly cache: EmbeddingCache,
    readonly bm25: Retriever,
    readonly qts: Retriever,
    readonly hybrid: Retriever | null,
    readonly fitMs: number,
  ) {}

  static async build(
    world: ToolWorld,
    embedder: Embedder,
    options: { hybrid: boolean },
  ): Promise<EvalRetrieval> {
    const t0 = performance.now();
    const cache = new EmbeddingCache(embedder);
    const ctx = { catalogue: candidatesFromWorld(world), embedder, seed: 1, cache };
    const bm25 = new Bm25Retriever(ctx);
    const qts = new QtsRetriever(ctx);
    await qts.fit();
    const tasks = tasksFromWorld(world);
    let hybrid: Hybrid | null = null;
    if (options.hybrid && tasks.length > 0) {
      hybrid = new Hybrid(ctx);
      await hybrid.fit(tasks);
    }
    return new EvalRetrieval(cache, bm25, qts, hybrid, performance.now() - t0);
  }

  async rank(r: Retriever, query: string, history: readonly string[]): Promise<ScoredTool[]> {
    const q = { query, history: [...history] };
    await this.cache.warm(r.textsToEmbed?.(q) ?? []);
    return r.rank(q);
  }
}

export interface EvalWorldOptions {
  /** DTDR: rank with the hybrid (history-aware) first; without it, query–tool match only. */
  dtdr: boolean;
  /** Static (frozen at creation) or live w̃. */
  weights: 'static' | 'dynamic';
  /** HGT link scores as weights (NaviAgent "+H" as the issue defines it); w̃ for pairs it did not score. */
  hgt?: LinkScorer | null;
  method: SearchMethod;
  /**
   * Plan extraction may take a producer from anywhere in the graph when the searched subgraph has none
   * (the product's default, true); false keeps producers inside the subgraph and asks for the rest.
   */
  fallbackToGraph?: boolean;
}

/**
 * The agent's world in the evaluation: the same catalogue view, retrieval union and TWNM search as the
 * product's `LocalAgentWorld`, with the ablation switches exposed (which retriever, which weights, which
 * search) and the retrievers shared between configurations.
 */
export class EvalAgentWorld implements AgentWorld {
  private readonly search = new SearchEngine();
  private readonly view: WorldCatalogView;
  private readonly hgtWeights: WeightProvider | undefined;
  private toolsCache: { key: number; tools: readonly Tool[] } | null = null;
  private past: { key: number; requests: PastRequests; repeats: ToolRepeats } | null = null;
  /** Time spent in retrieval and in toolchain search (ms), for "where the time goes". */
  retrieveMs = 0;
  searchMs = 0;

  constructor(
    readonly world: ToolWorld,
    readonly retrieval: EvalRetrieval,
    readonly options: EvalWorldOptions,
  ) {
    this.search.attach(world, true);
    this.view = new WorldCatalogView(() => world);
    if (options.hgt) this.hgtWeights = linkWeights(options.hgt);
  }

  tool(name: string): Tool | undefined {
    return this.view.tool(name);
  }

  /** The active tools; cached until a trace arrives (only a trace can add a tool or change activity here). */
  tools(): readonly Tool[] {
    const key = this.world.traces.length;
    if (this.toolsCache?.key !== key) this.toolsCache = { key, tools: this.view.tools() };
    return this.toolsCache.tools;
  }

  paramNodeOf(tool: string, direction: 'in' | 'out', field: string): string | null {
    return this.view.paramNodeOf(tool, direction, field);
  }

  outputFieldNames(): ReadonlySet<string> {
    return this.view.outputFieldNames();
  }

  paramKinds(): ReadonlyMap<string, FieldKind> {
    return this.view.paramKinds();
  }

  async retrieve(query: string, history: readonly string[], topK: number) {
    const t0 = performance.now();
    const r = this.retrieval;
    let candidates: ScoredTool[];
    if (this.options.dtdr && r.hybrid) {
      const h = await r.rank(r.hybrid, query, history);
      const m = await Promise.all(
        RETRIEVE_METHODS.match.map((id) => r.rank(id === 'qts' ? r.qts : r.bm25, query, history)),
      );
      candidates = unionCandidates(h, m, topK);
    } else {
      const bm25 = await r.rank(r.bm25, query, history);
      const qts = await r.rank(r.qts, query, history);
      candidates = unionCandidates(bm25, [qts], topK);
    }
    const ms = performance.now() - t0;
    this.retrieveMs += ms;
    return { candidates, ms };
  }

  async nextTool(query: string, history: readonly string[]): Promise<string | null | undefined> {
    const r = this.retrieval;
    if (!this.options.dtdr || !r.hybrid) return undefined;
    const t0 = performance.now();
    const top = (await r.rank(r.hybrid, query, history))[0];
    this.retrieveMs += performance.now() - t0;
    return !top || top.tool === END_OF_PLAN ? null : top.tool;
  }

  async familiarity(query: string): Promise<number> {
    return this.pastTraces().requests.familiarity(query);
  }

  async isNovel(query: string): Promise<boolean> {
    return this.pastTraces().requests.isNovel(query);
  }

  async rarelyRepeated(tool: string): Promise<boolean> {
    return this.pastTraces().repeats.rarelyRepeated(tool);
  }

  /** What the traces say, built on first use and again when traces arrive. */
  private pastTraces(): { requests: PastRequests; repeats: ToolRepeats } {
    const key = this.world.traces.length;
    if (this.past?.key !== key)
      this.past = {
        key,
        requests: new PastRequests(this.world.traces),
        repeats: new ToolRepeats(this.world.traces),
      };
    return this.past;
  }

  async toolchain(ask: ToolchainAsk): Promise<ChainView> {
    const t0 = performance.now();
    const r = this.search.plan(
      {
        target: ask.target,
        method: this.options.method,
        weights: this.options.weights,
        known: ask.known,
        exclude: [...ask.exclude],
        ...(this.options.fallbackToGraph !== undefined
          ? { fallbackToGraph: this.options.fallbackToGraph }
          : {}),
        ...(ask.tokenBudget !== undefined ? { tokenBudget: ask.tokenBudget } : {}),
      },
      this.hgtWeights,
    );
    this.searchMs += performance.now() - t0;
    return chainViewOf(ask.target, r);
  }

  /**
   * The world learns the trace (the learning configurations). Retrieval does not: it was trained on the
   * train split and stays frozen for the run, so learning configurations differ only in the graph.
   */
  async ingest(trace: Trace): Promise<void> {
    await this.world.ingestTrace(trace);
  }

  /** NaviAgent's path recombination on this world, as the product's agent worlds offer it (RETO detours). */
  recombine(
    plan: PlanStep[],
    failure: StepFailure,
    state: RecombineState,
    options?: RecombineOptions,
  ): RecombineResult {
    return recombine(this.world, plan, failure, state, options);
  }
}

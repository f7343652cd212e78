import type { PlanStep } from '../plan/plan-step';
import { RetrievalService } from '../retrieval/retrieval-service';
import {
  recombine,
  type RecombineOptions,
  type RecombineResult,
  type RecombineState,
  type StepFailure,
} from '../search/recombine';
import { SearchEngine } from '../search/search-engine';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import type { ChainView } from './agent-events';
import type { AgentWorld, ToolchainAsk } from './agent-world';
import type { FieldKind } from './field-kind';
import { chainViewOf, WorldCatalogView } from './world-catalog-view';
import { RETRIEVE_METHODS, unionCandidates } from './candidate-union';

export interface LocalAgentWorldOptions {
  /** Retrieval over the same world (trained on its traces on first use); default: the world's embedder. */
  retrieval?: RetrievalService;
  /** Called with what each ingested trace changed, so the owner can persist it. */
  onIngest?: (outcome: Awaited<ReturnType<ToolWorld['ingestTrace']>>) => Promise<void> | void;
}

/**
 * The agent's view of a Tool World held in this thread (Node, tests, the CLI). Search runs on the live
 * world, so a trace the agent just ingested moves the next plan's weights.
 */
export class LocalAgentWorld implements AgentWorld {
  private readonly search = new SearchEngine();
  private readonly retrieval: RetrievalService;
  private readonly view: WorldCatalogView;

  constructor(
    readonly world: ToolWorld,
    private readonly options: LocalAgentWorldOptions = {},
  ) {
    this.search.attach(world);
    this.view = new WorldCatalogView(() => world);
    this.retrieval = options.retrieval ?? new RetrievalService(world.embedder);
    if (!options.retrieval) this.retrieval.reset(world);
  }

  tool(name: string): Tool | undefined {
    return this.view.tool(name);
  }

  tools(): readonly Tool[] {
    return this.view.tools();
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
    const rank = (method: string) => this.retrieval.rank({ query, history: [...history], topK, method });
    const [h, ...m] = await Promise.all([
      rank(RETRIEVE_METHODS.history),
      ...RETRIEVE_METHODS.match.map(rank),
    ]);
    return {
      candidates: unionCandidates(
        h!.candidates,
        m.map((r) => r.candidates),
        topK,
      ),
      ms: [h!, ...m].reduce((t, r) => t + r.rankMs, 0),
    };
  }

  async toolchain(ask: ToolchainAsk): Promise<ChainView> {
    const r = this.search.plan({
      target: ask.target,
      method: ask.method ?? 'alpha-beta',
      weights: 'dynamic',
      known: ask.known,
      exclude: [...ask.exclude],
      ...(ask.tokenBudget !== undefined ? { tokenBudget: ask.tokenBudget } : {}),
    });
    return chainViewOf(ask.target, r);
  }

  async ingest(trace: Trace): Promise<void> {
    const outcome = await this.world.ingestTrace(trace);
    await this.options.onIngest?.(outcome);
  }

  /** Path recombination on the live world (the detours the RETO executor takes). */
  recombine(
    plan: PlanStep[],
    failure: StepFailure,
    state: RecombineState,
    options?: RecombineOptions,
  ): RecombineResult {
    return recombine(this.world, plan, failure, state, options);
  }
}

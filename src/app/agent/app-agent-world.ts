import type { ChainView } from '../../core/agent/agent-events';
import type { AgentWorld, ToolchainAsk } from '../../core/agent/agent-world';
import type { FieldKind } from '../../core/agent/field-kind';
import { RETRIEVE_METHODS, unionCandidates } from '../../core/agent/candidate-union';
import { chainViewOf, WorldCatalogView } from '../../core/agent/world-catalog-view';
import type { PlanStep } from '../../core/plan/plan-step';
import type { RankRequest, RankResult } from '../../core/retrieval/retrieval-service';
import {
  recombine,
  type RecombineOptions,
  type RecombineResult,
  type RecombineState,
  type StepFailure,
} from '../../core/search/recombine';
import type { Tool } from '../../core/tools/tool';
import type { Trace } from '../../core/trace/trace';
import type { ToolWorld } from '../../core/world/world';
import type { AppToolchainRequest, AppToolchainResult } from '../../workers/hgt-protocol';

/** What the agent needs of the world's owner (`WorldSession` in the app, a stand-in in tests). */
export interface WorldOwner {
  readonly world: ToolWorld;
  getState(): { worldVersion: number };
  ingestTrace(trace: Trace): Promise<unknown>;
}

/** Retrieval and toolchain search in the world worker (`SearchClient` in the app, a stand-in in tests). */
export interface WorldSearch {
  rank(world: ToolWorld, worldVersion: number, request: RankRequest): Promise<RankResult>;
  plan(world: ToolWorld, worldVersion: number, request: AppToolchainRequest): Promise<AppToolchainResult>;
}

/**
 * The agent's view of the app's Tool World: the catalogue straight off the session's world (this thread),
 * retrieval and toolchain search in the world worker, and each finished turn's trace handed to the
 * session, which ingests and persists it and lets the worker follow (the closed loop).
 */
export class AppAgentWorld implements AgentWorld {
  private readonly view: WorldCatalogView;

  constructor(
    private readonly owner: WorldOwner,
    private readonly search: WorldSearch,
  ) {
    this.view = new WorldCatalogView(() => owner.world);
  }

  /** The session's Tool World (its traces feed tool inertia); read anew, a reset or import replaces it. */
  toolWorld(): ToolWorld {
    return this.owner.world;
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

  /** The DTDR hybrid (history-aware) united with plain query–tool matches, as `LocalAgentWorld` does. */
  async retrieve(query: string, history: readonly string[], topK: number) {
    const version = this.version();
    const rank = (method: string) =>
      this.search.rank(this.owner.world, version, { query, history: [...history], topK, method });
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
    const r = await this.search.plan(this.owner.world, this.version(), {
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
    await this.owner.ingestTrace(trace);
  }

  /**
   * Path recombination on the session's world, here on the main thread: it is a short walk over the
   * plan's neighbourhood (no search), and it must see the graph the chain was planned on.
   */
  recombine(
    plan: PlanStep[],
    failure: StepFailure,
    state: RecombineState,
    options?: RecombineOptions,
  ): RecombineResult {
    return recombine(this.owner.world, plan, failure, state, options);
  }

  private version(): number {
    return this.owner.getState().worldVersion;
  }
}

import type { PlanStep } from '../plan/plan-step';
import type { RankResult } from '../retrieval/retrieval-service';
import { PastRequests } from '../retrieval/past-requests';
import { ToolRepeats } from '../trace/tool-repeats';
import { ProducedInputs } from '../trace/produced-inputs';
import { END_OF_PLAN } from '../retrieval/retriever';
import {
  recombine,
  type RecombineOptions,
  type RecombineResult,
  type RecombineState,
  type StepFailure,
} from '../search/recombine';
import type { ToolchainRequest, ToolchainResult } from '../search/search-engine';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import type { ChainView } from './agent-events';
import type { AgentWorld, ToolchainAsk } from './agent-world';
import { RETRIEVE_METHODS, unionCandidates } from './candidate-union';
import type { FieldKind } from './field-kind';
import { chainViewOf, WorldCatalogView } from './world-catalog-view';

/**
 * An `AgentWorld` over a ToolWorld: the catalogue, parameters and recombination read the world directly;
 * where ranking and search run is the subclass's choice (this thread in Node, the world worker in the
 * app), and so is what ingesting a trace means (the world itself, or its owner who also persists it).
 */
export abstract class ToolWorldAgent implements AgentWorld {
  private readonly view = new WorldCatalogView(() => this.toolWorld());
  private past: {
    world: ToolWorld;
    key: number;
    requests: PastRequests;
    repeats: ToolRepeats;
    produced: ProducedInputs;
  } | null = null;

  /** The world the agent works on; read anew each time (a reset or an import replaces it). */
  abstract toolWorld(): ToolWorld;
  /** One retrieval method's ranking. */
  protected abstract rank(
    method: string,
    query: string,
    history: string[],
    topK: number,
  ): Promise<RankResult>;
  /** TWNM subgraph search + plan extraction. */
  protected abstract search(request: ToolchainRequest): Promise<Omit<ToolchainResult, 'request'>>;
  abstract ingest(trace: Trace): Promise<void>;

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

  /** The DTDR hybrid (history-aware) united with plain query–tool matches (see `unionCandidates`). */
  async retrieve(query: string, history: readonly string[], topK: number) {
    const rank = (method: string) => this.rank(method, query, [...history], topK);
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
      ...(h!.learntOrder ? { learntOrder: h!.learntOrder } : {}),
    };
  }

  async nextTool(query: string, history: readonly string[]): Promise<string | null | undefined> {
    const r = await this.rank(RETRIEVE_METHODS.history, query, [...history], 8);
    // What the learnt plans say, also when the request was ranked zero-shot for being unlike theirs.
    const top = r.learntOrder ? r.learntOrder[0] : r.candidates[0]?.tool;
    // Only a hybrid trained on this world's plans knows END_OF_PLAN; the zero-shot one never says "done".
    if (!r.learntOrder && r.trainedOn === 0 && !r.candidates.some((c) => c.tool === END_OF_PLAN))
      return undefined;
    return !top || top === END_OF_PLAN ? null : top;
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

  producedInputs(tool: string): ReadonlyMap<string, ReadonlySet<string>> {
    const produced = this.pastTraces().produced;
    const out = new Map<string, ReadonlySet<string>>();
    for (const f of Object.keys(this.tool(tool)?.parameters.properties ?? {})) {
      const node = this.paramNodeOf(tool, 'in', f);
      if (node !== null && produced.alwaysProduced(node)) out.set(f, produced.shapesOf(node));
    }
    return out;
  }

  /** What the traces say, built on first use and again when the world or its traces change. */
  private pastTraces(): { requests: PastRequests; repeats: ToolRepeats; produced: ProducedInputs } {
    const world = this.toolWorld();
    const key = world.traces.length;
    if (this.past?.world !== world || this.past.key !== key)
      this.past = {
        world,
        key,
        requests: new PastRequests(world.traces),
        repeats: new ToolRepeats(world.traces),
        produced: new ProducedInputs(world.traces, (ref) =>
          this.paramNodeOf(ref.tool, ref.direction, ref.field),
        ),
      };
    return this.past;
  }

  async toolchain(ask: ToolchainAsk): Promise<ChainView> {
    const r = await this.search({
      target: ask.target,
      method: ask.method ?? 'alpha-beta',
      weights: 'dynamic',
      known: ask.known,
      exclude: [...ask.exclude],
      ...(ask.tokenBudget !== undefined ? { tokenBudget: ask.tokenBudget } : {}),
    });
    return chainViewOf(ask.target, r);
  }

  /**
   * Path recombination on the world itself, in this thread: a short walk over the plan's neighbourhood
   * (no search), and it must see the graph the chain was planned on.
   */
  recombine(
    plan: PlanStep[],
    failure: StepFailure,
    state: RecombineState,
    options?: RecombineOptions,
  ): RecombineResult {
    return recombine(this.toolWorld(), plan, failure, state, options);
  }
}

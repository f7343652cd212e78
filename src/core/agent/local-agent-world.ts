import { RetrievalService } from '../retrieval/retrieval-service';
import { SearchEngine, type ToolchainRequest } from '../search/search-engine';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import { ToolWorldAgent } from './tool-world-agent';

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
export class LocalAgentWorld extends ToolWorldAgent {
  private readonly engine = new SearchEngine();
  private readonly retrieval: RetrievalService;

  constructor(
    readonly world: ToolWorld,
    private readonly options: LocalAgentWorldOptions = {},
  ) {
    super();
    this.engine.attach(world);
    this.retrieval = options.retrieval ?? new RetrievalService(world.embedder);
    if (!options.retrieval) this.retrieval.reset(world);
  }

  toolWorld(): ToolWorld {
    return this.world;
  }

  protected rank(method: string, query: string, history: string[], topK: number) {
    return this.retrieval.rank({ query, history, topK, method });
  }

  protected async search(request: ToolchainRequest) {
    return this.engine.plan(request);
  }

  /** The world learns the trace, and retrieval with it (online tables now, retraining by its policy). */
  async ingest(trace: Trace): Promise<void> {
    const outcome = await this.world.ingestTrace(trace);
    await this.retrieval.ingest(
      trace,
      outcome.change.tools.map((t) => t.tool.name),
    );
    await this.options.onIngest?.(outcome);
  }
}

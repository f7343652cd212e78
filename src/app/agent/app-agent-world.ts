import { ToolWorldAgent } from '../../core/agent/tool-world-agent';
import type { RankRequest, RankResult } from '../../core/retrieval/retrieval-service';
import type { ToolchainRequest } from '../../core/search/search-engine';
import type { Trace } from '../../core/trace/trace';
import type { ToolWorld } from '../../core/world/world';
import type { AppToolchainRequest, AppToolchainResult } from '../../workers/hgt-protocol';
import { WorldReplacedError } from './world-replaced-error';

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
export class AppAgentWorld extends ToolWorldAgent {
  constructor(
    private readonly owner: WorldOwner,
    private readonly worker: WorldSearch,
  ) {
    super();
  }

  /** The session's Tool World (its traces feed tool inertia); read anew, a reset or import replaces it. */
  toolWorld(): ToolWorld {
    return this.owner.world;
  }

  protected rank(method: string, query: string, history: string[], topK: number) {
    return this.worker.rank(this.owner.world, this.version(), { query, history, topK, method });
  }

  protected search(request: ToolchainRequest) {
    return this.worker.plan(this.owner.world, this.version(), request);
  }

  /**
   * Loading an empty world while a turn ran gave it that turn's tool and trace (second QA pass): a trace
   * that calls tools the world does not have (any more) is refused; the agent says the turn was not learned.
   */
  async ingest(trace: Trace): Promise<void> {
    const catalogue = this.owner.world.catalogue;
    const missing = [...new Set(trace.calls.map((c) => c.tool))].filter((t) => !catalogue.has(t));
    if (missing.length > 0) throw new WorldReplacedError(missing);
    await this.owner.ingestTrace(trace);
  }

  private version(): number {
    return this.owner.getState().worldVersion;
  }
}

import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { RetrievalService, type RankRequest, type RankResult } from '../core/retrieval/retrieval-service';
import {
  SearchEngine,
  type SearchMethod,
  type ToolchainRequest,
  type ToolchainResult,
  type WeightMode,
} from '../core/search/search-engine';
import type { WorldSnapshot } from '../core/world/world-snapshot';

/**
 * What the world worker offers the UI: toolchain search and next-tool retrieval over one copy of the Tool
 * World, so the snapshot crosses the worker boundary once per change. Plain class: tests use it in-thread.
 */
export class WorldWorkerApi {
  private readonly embedder = new LexicalEmbedder();
  private readonly search = new SearchEngine(this.embedder);
  private readonly retrieval = new RetrievalService(this.embedder);

  async load(snapshot: WorldSnapshot): Promise<{ nodes: number; edges: number; ms: number }> {
    const r = await this.search.load(snapshot);
    this.retrieval.reset(this.search.currentWorld()!);
    return r;
  }

  plan(request: ToolchainRequest): ToolchainResult {
    return this.search.plan(request);
  }

  timeSubgraphs(targets: string[], method: SearchMethod, weights: WeightMode = 'dynamic'): number[] {
    return this.search.timeSubgraphs(targets, method, weights);
  }

  rank(request: RankRequest): Promise<RankResult> {
    return this.retrieval.rank(request);
  }
}

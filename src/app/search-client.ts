import { wrap, type Remote } from 'comlink';
import type { RankRequest, RankResult } from '../core/retrieval/retrieval-service';
import type { SearchMethod, ToolchainRequest, ToolchainResult } from '../core/search/search-engine';
import type { WorldWorkerApi } from '../workers/world-worker-api';
import type { ToolWorld } from '../core/world/world';

/**
 * The UI side of the search worker: sends the world when it changed since the last search, then asks for
 * a toolchain. One worker for the session; a worker the browser killed is started again on the next call.
 */
export class SearchClient {
  private worker: Worker | null = null;
  private remote: Remote<WorldWorkerApi> | null = null;
  private loadedVersion = -1;

  private engine(): Remote<WorldWorkerApi> {
    if (!this.remote) {
      this.worker = new Worker(new URL('../workers/search.worker.ts', import.meta.url), { type: 'module' });
      this.worker.addEventListener('error', () => this.reset());
      this.remote = wrap<WorldWorkerApi>(this.worker);
      this.loadedVersion = -1;
    }
    return this.remote;
  }

  private reset(): void {
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
  }

  private async loaded(world: ToolWorld, worldVersion: number): Promise<Remote<WorldWorkerApi>> {
    const engine = this.engine();
    if (this.loadedVersion !== worldVersion) {
      await engine.load(world.snapshot());
      this.loadedVersion = worldVersion;
    }
    return engine;
  }

  async plan(world: ToolWorld, worldVersion: number, request: ToolchainRequest): Promise<ToolchainResult> {
    return (await this.loaded(world, worldVersion)).plan(request);
  }

  /** Next-tool candidates and the prompt under each encoding (DTDR), trained on the world's traces. */
  async rank(world: ToolWorld, worldVersion: number, request: RankRequest): Promise<RankResult> {
    return (await this.loaded(world, worldVersion)).rank(request);
  }

  /** Subgraph search times measured inside the worker (the browser half of bench:search). */
  async timeSubgraphs(
    world: ToolWorld,
    worldVersion: number,
    targets: string[],
    method: SearchMethod,
  ): Promise<number[]> {
    return (await this.loaded(world, worldVersion)).timeSubgraphs(targets, method);
  }

  dispose(): void {
    this.reset();
  }
}

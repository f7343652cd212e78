import { LexicalEmbedder } from '../embed/lexical-embedder';
import { apiNodeId } from '../graph/graph-types';
import type { Embedder } from '../embed/embedder';
import type { PlanStep } from '../plan/plan-step';
import { ToolWorld } from '../world/world';
import type { WorldSnapshot } from '../world/world-snapshot';
import { alphaBetaSubgraph } from './alpha-beta';
import { backwardBfsSubgraph } from './backward-bfs';
import { gaSaSubgraph } from './ga-sa';
import { extractPlan, type MissingInput } from './plan-extraction';
import type { KnownValues, SearchSubgraph } from './search-types';
import { serializeSubgraph, type SerializedSubgraph } from './serialize-subgraph';
import { dynamicWeights, staticWeights, withStructuralPrior, type WeightProvider } from './weight-provider';
import { UnknownTargetError } from './unknown-target-error';
import { NoWorldLoadedError } from '../world/no-world-loaded-error';

export type SearchMethod = 'alpha-beta' | 'ga-sa' | 'bfs';
/**
 * Static: w̃ frozen when the engine first loaded a world (later traces do not move it); dynamic: the live
 * weights of the latest world (NaviAgent Static+A vs Dynamic+A).
 */
export type WeightMode = 'static' | 'dynamic';

export interface ToolchainRequest {
  /** Tool name of the target API. */
  target: string;
  method: SearchMethod;
  weights: WeightMode;
  /** Values already known, by standardized parameter node id. */
  known?: KnownValues;
  /** Failed APIs (tool names) to route around. */
  exclude?: string[];
  seed?: number;
  tokenBudget?: number;
  /** Floor for schema edges so tools nobody has called yet can be reached (see withStructuralPrior). */
  structuralPrior?: number;
  /** Take producers from the whole graph when the subgraph has none (default true). */
  fallbackToGraph?: boolean;
}

export interface ToolchainResult {
  request: ToolchainRequest;
  subgraph: SearchSubgraph;
  plan: PlanStep[];
  missing: MissingInput[];
  serialized: SerializedSubgraph;
  searchMs: number;
  planMs: number;
}

/**
 * With this floor an input edge of a tool nobody has called yet scores (2·0.75/3)·D(0) = 0.5 = H(0) in
 * Alpha-Beta's first ring (eq. 18), so it survives instead of being alpha-pruned. bench:search measured
 * 0.5 vs 0.75 on five datasets: api_bank static chain recall 0.47 → 0.72, the others equal or better.
 */
export const DEFAULT_STRUCTURAL_PRIOR = 0.75;

/**
 * Toolchain retrieval over a copy of the Tool World: search a pruned subgraph around the target, extract
 * an executable plan from it, and serialize it for the prompt. Runs in the search worker (and in Node for
 * tests and benchmarks); holds its own world so searches never block the UI thread.
 */
export class SearchEngine {
  private world: ToolWorld | null = null;
  private frozen: WeightProvider | null = null;

  constructor(private readonly embedder: Embedder = new LexicalEmbedder()) {}

  /** Loads (or replaces) the world; static weights stay frozen at the first load unless `refreeze`. */
  async load(
    snapshot: WorldSnapshot,
    refreeze = false,
  ): Promise<{ nodes: number; edges: number; ms: number }> {
    const t0 = performance.now();
    this.world = await ToolWorld.fromSnapshot(snapshot, this.embedder);
    if (!this.frozen || refreeze) this.frozen = staticWeights(this.world.graph);
    return {
      nodes: this.world.graph.nodeCount,
      edges: this.world.graph.edgeCount,
      ms: performance.now() - t0,
    };
  }

  /**
   * Searches `world` itself instead of a copy (the world's owner runs search in its own thread): its
   * traces move dynamic weights at once; static weights freeze now unless frozen before.
   */
  attach(world: ToolWorld, refreeze = false): void {
    this.world = world;
    if (!this.frozen || refreeze) this.frozen = staticWeights(world.graph);
  }

  /** The world searches run on (null before the first load). */
  currentWorld(): ToolWorld | null {
    return this.world;
  }

  private requireWorld(): ToolWorld {
    if (!this.world) throw new NoWorldLoadedError();
    return this.world;
  }

  /**
   * The provider a search reads: `override` when given (e.g. the HGT's p_uv, which the engine does not
   * own), else the frozen or live w̃ of `mode`; with the structural prior on top either way.
   */
  private weights(mode: WeightMode, prior: number, override?: WeightProvider): WeightProvider {
    const world = this.requireWorld();
    const base = override ?? (mode === 'static' ? this.frozen! : dynamicWeights(world.graph));
    return prior > 0 ? withStructuralPrior(base, prior) : base;
  }

  /** Runs only the subgraph search; the benchmark times this alone. `base` overrides `req.weights`. */
  subgraph(
    req: Pick<ToolchainRequest, 'target' | 'method' | 'weights' | 'exclude' | 'seed' | 'structuralPrior'>,
    base?: WeightProvider,
  ): SearchSubgraph {
    const world = this.requireWorld();
    const node = apiNodeId(req.target);
    if (!world.graph.node(node))
      throw new UnknownTargetError(`"${req.target}" is not an API in the Tool World.`);
    const exclude = new Set((req.exclude ?? []).map(apiNodeId));
    const weights = this.weights(req.weights, req.structuralPrior ?? DEFAULT_STRUCTURAL_PRIOR, base);
    switch (req.method) {
      case 'alpha-beta':
        return alphaBetaSubgraph(world.graph, node, weights, { exclude });
      case 'ga-sa':
        return gaSaSubgraph(world.graph, node, weights, { exclude, seed: req.seed ?? 1 });
      case 'bfs':
        return backwardBfsSubgraph(world.graph, node, { exclude });
    }
  }

  /** Searches, extracts the plan and serializes it. `base` overrides `req.weights` (HGT p_uv). */
  plan(req: ToolchainRequest, base?: WeightProvider): ToolchainResult {
    const world = this.requireWorld();
    const t0 = performance.now();
    const subgraph = this.subgraph(req, base);
    const t1 = performance.now();
    const weights = this.weights(req.weights, req.structuralPrior ?? DEFAULT_STRUCTURAL_PRIOR, base);
    const exclude = new Set(req.exclude ?? []);
    const known = req.known ?? {};
    const extracted = extractPlan(world, subgraph, req.target, known, {
      weights,
      exclude,
      fallbackToGraph: req.fallbackToGraph ?? true,
    });
    const t2 = performance.now();
    const serialized = serializeSubgraph(world, subgraph, {
      targets: [req.target],
      weights,
      known,
      exclude,
      ...(req.tokenBudget !== undefined ? { tokenBudget: req.tokenBudget } : {}),
    });
    return {
      request: req,
      subgraph,
      plan: extracted.plan,
      missing: extracted.missing,
      serialized,
      searchMs: t1 - t0,
      planMs: t2 - t1,
    };
  }

  /** Times the subgraph search for each target inside this thread (no messaging in the figures). */
  timeSubgraphs(targets: string[], method: SearchMethod, weights: WeightMode = 'dynamic'): number[] {
    return targets.map((target) => {
      const t0 = performance.now();
      this.subgraph({ target, method, weights });
      return performance.now() - t0;
    });
  }

  /** API tool names, for the benchmark to sample targets from. */
  apiNames(): string[] {
    return this.requireWorld()
      .catalogue.tools()
      .map((t) => t.name);
  }
}

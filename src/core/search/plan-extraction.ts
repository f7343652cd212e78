import { apiNodeId } from '../graph/graph-types';
import type { PlanStep } from '../plan/plan-step';
import type { ToolWorld } from '../world/world';
import { PlanBuilder, type MissingInput, type ProducerFeed } from './plan-builder';
import type { KnownValues } from './search-types';
import { dynamicWeights, type WeightProvider } from './weight-provider';

export type { MissingInput, ProducerFeed } from './plan-builder';

export interface ExtractOptions {
  /** Edge weights that rank producers; default: live statistical weights (eq. 4 / eq. 12). */
  weights?: WeightProvider;
  /** Tools never used (failed APIs). */
  exclude?: Set<string>;
  /** Producer levels below the target (default 4). */
  maxDepth?: number;
  /** With a subgraph: also take producers from the whole graph when none inside resolves (default false). */
  fallbackToGraph?: boolean;
  /** Bound on tools expanded while resolving (default 2,000). */
  maxExpansions?: number;
}

/** Why a step is in the plan: the target, or a producer of the listed inputs. */
export interface StepOrigin {
  tool: string;
  role: 'target' | 'producer';
  feeds: ProducerFeed[];
}

export interface ExtractedPlan {
  /** Steps in an order they can run, numbered from 0, target last. */
  plan: PlanStep[];
  /** Required inputs of the target that no known value and no producer can supply. */
  missing: MissingInput[];
  producers: Record<number, StepOrigin>;
}

export const DEFAULT_MAX_DEPTH = 4;
export const DEFAULT_MAX_EXPANSIONS = 2_000;

/**
 * An executable toolchain for `target` read off the Tool World graph (NaviAgent §3.3: select a feasible
 * execution path in the retrieved subgraph). The target's required inputs come from known values (by
 * standardized param node) or from producers, recursively; a required input with no source is reported
 * in `missing` and left out of the target's arguments, for the agent to ask about.
 */
export function extractPlan(
  world: ToolWorld,
  subgraph: { nodes: string[] } | null,
  target: string,
  known: KnownValues,
  options: ExtractOptions = {},
): ExtractedPlan {
  const exclude = options.exclude ?? new Set<string>();
  if (!world.catalogue.has(target)) throw new Error(`Target "${target}" is not in the catalogue`);
  if (exclude.has(target)) throw new Error(`Target "${target}" is excluded (it failed)`);
  if (!(world.graph.node(apiNodeId(target))?.active ?? false))
    throw new Error(`Target "${target}" is pruned; restore it before planning with it`);
  const builder = new PlanBuilder(world, {
    weights: options.weights ?? dynamicWeights(world.graph),
    exclude,
    subgraph: subgraph ? new Set(subgraph.nodes) : null,
    fallbackToGraph: options.fallbackToGraph ?? false,
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxExpansions: options.maxExpansions ?? DEFAULT_MAX_EXPANSIONS,
    known,
  });
  const { step, missing } = builder.resolveTool(target, { allowMissing: true });
  const producers: Record<number, StepOrigin> = {};
  for (const s of builder.added) {
    producers[s.step] = { tool: s.tool, role: s === step ? 'target' : 'producer', feeds: [] };
  }
  for (const { producer, feed } of builder.feeds) producers[producer]?.feeds.push(feed);
  return { plan: builder.added, missing, producers };
}

import type { ToolGraph } from '../graph/tool-graph';
import { yieldToEvents } from '../util/yield';
import { evolve, prepare } from './ga-sa-loop';
import type { GaSaOptions } from './ga-sa-options';
import { finish, mergeGaSaSubgraphs } from './ga-sa-result';
import type { SearchSubgraph } from './search-types';
import type { WeightProvider } from './weight-provider';

// Algorithm 2 (GA + SA) as the search engine calls it. The job is split by part: options and the cooling
// schedule (ga-sa-options.ts), the candidate region around the target (ga-sa-region.ts), chromosomes and
// their operators (ga-sa-operators.ts), the generation loop (ga-sa-loop.ts), the result (ga-sa-result.ts).

/**
 * Algorithm 2 for one target: the best subgraph found by the hybrid GA + SA, scored by eq. 19
 * (`subgraphFitness`).
 *
 * - Region: the active nodes not in `exclude` that reach the target backward over in-edges. It is explored
 *   lazily (a node's in-edges are read when a walk, a mutation or an evaluation first needs them), at most
 *   maxRegion nodes. Inactive and excluded predecessors met that way are listed in `pruned` (with the depth
 *   along the path they were met by); nodes too far from the target are never admitted to a chromosome.
 * - Chromosome: a set of region nodes that contains the target, in which every node reaches the target
 *   through at most d_max edges between members, with at most maxNodes nodes. Its subgraph has every graph
 *   edge between members. Any node set is "repaired" into one by keeping what a BFS from the target over
 *   members' in-edges reaches within d_max (deepest nodes dropped beyond maxNodes).
 * - Initial population: P chromosomes, each the union of 1..initWalks random backward walks of 1..d_max
 *   steps (geometric: a walk goes on with probability walkContinue), each step drawn ∝ edge weight +
 *   weightFloor.
 * - Generation k at temperature T: rank by F (ties: fewer nodes, then node set); the top round(0.6·P) are
 *   elites and survive; the other P − elites slots are offspring. Each offspring's parents are two distinct
 *   random elites; the child is their union (probability unionRate) or intersection, repaired, then mutated
 *   with θ = ⌊T/100⌋ add-frontier-node / remove-leaf operations (θ = 2 at T = 200, 1 at 140, 0 once T < 100,
 *   i.e. from the third generation with the defaults).
 * - SA acceptance: each offspring slot is an annealing move from the fitter parent p to the child c. With
 *   ΔF = F(c) − F(p), c takes the slot when ΔF ≥ 0, else with probability exp(ΔF·acceptScale/T); otherwise p
 *   keeps it (a copy). acceptScale = 2000 makes a loss of 0.1 (a node's worth of F) pass with e^(−1) at
 *   T₀ = 200, e^(−2.3) ≈ 0.1 at T ≈ 91, and practically never in the last generations (T < 4).
 * - Cooling: T ← η^(1 + k/5)·T after each generation, while T > 1 and k ≤ 10 (see `coolingSchedule`: the
 *   temperature ends the loop after 9 generations). Elites survive, so the best fitness per generation
 *   (`stats.bestFitness`, index 0 = initial population) never decreases and the final population's best is
 *   the best seen.
 *
 * - Beyond the paper (off by default): with `fitness.inputCoverage` = κ > 0 and `requiredInputs`, F gains
 *   κ·C_in, the share of the members' required inputs produced inside the chromosome (`subgraphFitness`).
 *
 * Kept nodes' depth is their backward depth inside the subgraph; their score is the weight of the strongest
 * edge that puts them on a shortest path to the target (the target's is the subgraph's fitness). An
 * inactive or excluded target gives an empty subgraph with the target in `pruned`; an unknown one throws.
 */
export function gaSaSubgraph(
  graph: ToolGraph,
  target: string,
  weights: WeightProvider,
  options: Partial<GaSaOptions> = {},
): SearchSubgraph {
  const t0 = performance.now();
  const p = prepare(graph, target, weights, options);
  if ('empty' in p) return p.empty;
  const gen = evolve(p.engine, p.o, p.rand);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return finish(p, step.value, t0);
}

/** One target's run as an async task that yields between generations. */
export async function gaSaSubgraphAsync(
  graph: ToolGraph,
  target: string,
  weights: WeightProvider,
  options: Partial<GaSaOptions> = {},
  yieldFn: () => Promise<void> = yieldToEvents,
): Promise<SearchSubgraph> {
  const t0 = performance.now();
  const p = prepare(graph, target, weights, options);
  if ('empty' in p) return p.empty;
  const gen = evolve(p.engine, p.o, p.rand);
  let step = gen.next();
  while (!step.done) {
    await yieldFn();
    step = gen.next();
  }
  return finish(p, step.value, t0);
}

/**
 * Algorithm 2 over a target set: one task per distinct target, run concurrently (Promise.all, each task
 * yielding between generations) with the same options and seed, so each part equals `gaSaSubgraph` for that
 * target. The merged subgraph is the union of the parts' nodes and edges (see `mergeGaSaSubgraphs`).
 */
export async function gaSaMulti(
  graph: ToolGraph,
  targets: readonly string[],
  weights: WeightProvider,
  options: Partial<GaSaOptions> = {},
  yieldFn: () => Promise<void> = yieldToEvents,
): Promise<SearchSubgraph> {
  const t0 = performance.now();
  const parts = await Promise.all(
    [...new Set(targets)].map((t) => gaSaSubgraphAsync(graph, t, weights, options, yieldFn)),
  );
  return mergeGaSaSubgraphs(parts, options.maxPruned, t0);
}

import { FITNESS_DEFAULTS, type FitnessParams } from './subgraph-fitness';

/**
 * NaviAgent Appendix B.2, Algorithm 2 (Hybrid Heuristic Pruning): a genetic algorithm whose offspring are
 * accepted with a simulated-annealing rule, one run per target API. The sextuple (T₀, η, P, d_max, M_θ, F_ω)
 * and every constant of the operators is an option; the defaults are the paper's where it gives one.
 */
export interface GaSaOptions {
  /** T₀, the initial temperature (200). */
  t0: number;
  /** η, the cooling rate: T_{k+1} = η^(1 + k/coolingDivisor) · T_k (0.7). */
  eta: number;
  /** The 5 in η^(1 + k/5). */
  coolingDivisor: number;
  /** The loop runs while T > minTemperature … (1). */
  minTemperature: number;
  /** … and k ≤ maxK, so at most maxK + 1 generations (10; with the defaults the temperature stops first). */
  maxK: number;
  /** P, the population size (20). */
  population: number;
  /** d_max: every node of a chromosome is at most this many edges before the target, inside it (4). */
  maxDepth: number;
  /** Share of the ranked population kept as elites and used as parents (0.6). */
  eliteShare: number;
  /**
   * θ = ⌊T / mutationDivisor⌋ add/remove operations per offspring (100: θ = 2 at T₀ = 200, 0 below 100),
   * at most maxNodes.
   */
  mutationDivisor: number;
  /** Chance a mutation operation adds a frontier node rather than removing a leaf (0.5). */
  mutationAddRate: number;
  /** Chance crossover takes the union of the parents' node sets rather than the intersection (0.5). */
  unionRate: number;
  /** SA acceptance of a worse offspring: exp(ΔF · acceptScale / T), ΔF < 0 (2000, see `gaSaSubgraph`). */
  acceptScale: number;
  /** Random backward walks per initial chromosome: uniform in [1, initWalks] (3). */
  initWalks: number;
  /**
   * After each step a walk goes on with this probability, up to d_max steps (0.5: 1, 2, 3, 4 steps with
   * probability 1/2, 1/4, 1/8, 1/8), so shallow chromosomes, which eq. 19 favours, are common.
   */
  walkContinue: number;
  /** Added to edge weights when a walk step or an added node is drawn ∝ weight (so w = 0 stays possible). */
  weightFloor: number;
  /** At most this many nodes in a chromosome, target included (40). */
  maxNodes: number;
  /** At most this many region nodes indexed (in the order the search meets them). */
  maxRegion: number;
  /** Eq. 19 coefficients (and the optional input-coverage coefficient, off by default). */
  fitness: FitnessParams;
  /**
   * For the optional input-coverage term (`fitness.inputCoverage` > 0, beyond the paper): the param node
   * ids of an API node's required inputs. Unused while that coefficient is 0 or absent.
   */
  requiredInputs?: (apiNode: string) => readonly string[];
  /** Seed of the run's mulberry32 generator; the same seed gives the same subgraph. */
  seed: number;
  /** Nodes never admitted, e.g. APIs that failed in this episode (recorded as 'excluded'). */
  exclude: ReadonlySet<string>;
  /** At most this many entries in `pruned`. */
  maxPruned: number;
}

export const GA_SA_DEFAULTS: GaSaOptions = {
  t0: 200,
  eta: 0.7,
  coolingDivisor: 5,
  minTemperature: 1,
  maxK: 10,
  population: 20,
  maxDepth: 4,
  eliteShare: 0.6,
  mutationDivisor: 100,
  mutationAddRate: 0.5,
  unionRate: 0.5,
  acceptScale: 2000,
  initWalks: 3,
  walkContinue: 0.5,
  weightFloor: 0.05,
  maxNodes: 40,
  maxRegion: 5000,
  fitness: FITNESS_DEFAULTS,
  seed: 1,
  exclude: new Set(),
  maxPruned: 500,
};

/**
 * The temperatures Algorithm 2 runs at: T₀, then T_{k+1} = η^(1 + k/divisor) · T_k, while T > minTemperature
 * and k ≤ maxK. `temperatures[k]` is the temperature of generation k; `final` the one after the last update.
 * With the defaults: 200, 140, 91.25, 55.38, 31.30, 16.47, 8.07, 3.68, 1.56 → 9 generations (k = 0..8), final
 * 0.618 < 1: the temperature bound stops the loop before k ≤ 10 would (11 generations).
 */
export function coolingSchedule(options: Partial<GaSaOptions> = {}): {
  temperatures: number[];
  final: number;
} {
  const o = { ...GA_SA_DEFAULTS, ...options };
  const temperatures: number[] = [];
  let t = o.t0;
  for (let k = 0; t > o.minTemperature && k <= o.maxK; k++) {
    temperatures.push(t);
    t *= Math.pow(o.eta, 1 + k / o.coolingDivisor);
  }
  return { temperatures, final: t };
}

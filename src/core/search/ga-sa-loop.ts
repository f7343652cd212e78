import type { ToolGraph } from '../graph/tool-graph';
import { mulberry32, type Random } from '../util/prng';
import { GA_SA_DEFAULTS, type GaSaOptions } from './ga-sa-options';
import { Engine, type Chromosome } from './ga-sa-operators';
import { Region } from './ga-sa-region';
import type { PruneRule, SearchSubgraph } from './search-types';
import type { WeightProvider } from './weight-provider';

// ------------------------------------------------------------------------------------------------
// Algorithm 2 for one target, as a generator that yields after each generation.

export interface RunResult {
  best: Chromosome;
  bestFitness: number[];
  temperatures: number[];
  thetas: number[];
  accepted: number;
  rejected: number;
  finalTemperature: number;
}

export function* evolve(engine: Engine, o: GaSaOptions, rand: Random): Generator<void, RunResult> {
  const ranked = (pop: Chromosome[]): { c: Chromosome; f: number }[] =>
    pop
      .map((c) => ({ c, f: engine.fitness(c) }))
      .sort(
        (a, b) =>
          b.f - a.f ||
          a.c.nodes.length - b.c.nodes.length ||
          (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0),
      );

  let pop: Chromosome[] = [];
  for (let i = 0; i < o.population; i++) pop.push(engine.randomChromosome());
  let rank = ranked(pop);
  const bestFitness = [rank[0]!.f];
  const temperatures: number[] = [];
  const thetas: number[] = [];
  let accepted = 0;
  let rejected = 0;
  const eliteCount = Math.min(o.population, Math.max(1, Math.round(o.eliteShare * o.population)));

  let t = o.t0;
  let k = 0;
  while (t > o.minTemperature && k <= o.maxK) {
    temperatures.push(t);
    // More operations than the size cap cannot do anything new (and a huge T₀ must not hang the loop).
    const theta = Math.min(o.maxNodes, Math.floor(t / o.mutationDivisor));
    thetas.push(theta);
    const elites = rank.slice(0, eliteCount);
    const next = elites.map((e) => e.c);
    while (next.length < o.population) {
      const i = Math.floor(rand() * elites.length);
      let j = Math.floor(rand() * (elites.length - 1));
      if (j >= i) j++;
      const a = elites[i]!;
      const b = elites[Math.min(j, elites.length - 1)]!;
      const parent = a.f >= b.f ? a : b;
      const child = engine.mutate(engine.crossover(a.c, b.c), theta);
      const delta = engine.fitness(child) - parent.f;
      if (delta >= 0 || rand() < Math.exp((delta * o.acceptScale) / t)) {
        accepted++;
        next.push(child);
      } else {
        rejected++;
        next.push(parent.c);
      }
    }
    pop = next;
    rank = ranked(pop);
    bestFitness.push(rank[0]!.f);
    t *= Math.pow(o.eta, 1 + k / o.coolingDivisor);
    k++;
    yield;
  }
  return { best: rank[0]!.c, bestFitness, temperatures, thetas, accepted, rejected, finalTemperature: t };
}

export interface Prepared {
  engine: Engine;
  region: Region;
  rand: Random;
  o: GaSaOptions;
}

/** Checks the target; an inactive or excluded target gives an empty result instead of a run. */
export function prepare(
  graph: ToolGraph,
  target: string,
  weights: WeightProvider,
  options: Partial<GaSaOptions>,
): Prepared | { empty: SearchSubgraph } {
  const t0 = performance.now();
  const o: GaSaOptions = { ...GA_SA_DEFAULTS, ...options };
  const node = graph.node(target);
  if (!node) throw new RangeError(`ga-sa: target ${target} is not in the graph`);
  const rule: PruneRule | null = o.exclude.has(target) ? 'excluded' : !node.active ? 'inactive' : null;
  if (rule) {
    return {
      empty: {
        method: 'ga-sa',
        targets: [target],
        nodes: [],
        edges: [],
        kept: {},
        pruned: [{ node: target, depth: 0, score: 0, rule }],
        stats: { iterations: 0, bestFitness: [], finalTemperature: o.t0 },
        elapsedMs: performance.now() - t0,
      },
    };
  }
  const rand = mulberry32(o.seed);
  const region = new Region(graph, target, weights, o);
  return { engine: new Engine(region, o, rand), region, rand, o };
}

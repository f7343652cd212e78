import type { ToolGraph } from '../graph/tool-graph';
import { mulberry32, type Random } from '../demo/prng';
import type { PruneRule, SearchSubgraph } from './search-types';
import {
  FITNESS_DEFAULTS,
  structureFitness,
  type FitnessBreakdown,
  type FitnessParams,
} from './subgraph-fitness';
import type { WeightProvider } from './weight-provider';

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

// ------------------------------------------------------------------------------------------------
// Candidate region: the active, non-excluded nodes the search has met walking backward from the target,
// renumbered 0, 1, … (the target is 0) in the order met. A node's in-edges are read from the graph (with
// their weights) the first time the search needs them, so a run touches only the few hundred nodes around
// the chromosomes instead of everything within d_max (thousands on a ToolBench-scale graph).

interface InList {
  src: number[];
  w: number[];
  edge: string[];
}

interface RequiredOf {
  inside: number[];
  total: number;
}

class Region {
  readonly ids: string[];
  readonly isApi: boolean[];
  /** Depth along the path by which the search first met the node (for `pruned` entries). */
  private readonly met: number[];
  private readonly index = new Map<string, number>();
  private readonly lists: (InList | undefined)[] = [];
  private readonly requiredLists: (RequiredOf | undefined)[] = [];
  private readonly prunedMap = new Map<string, SearchSubgraph['pruned'][number]>();
  readonly counts = { inactive: 0, excluded: 0, truncated: 0 };

  constructor(
    private readonly graph: ToolGraph,
    target: string,
    private readonly weights: WeightProvider,
    private readonly o: GaSaOptions,
  ) {
    this.ids = [target];
    this.isApi = [graph.node(target)?.kind === 'api'];
    this.met = [0];
    this.index.set(target, 0);
  }

  get size(): number {
    return this.ids.length;
  }

  /** In-edges of node v from active, non-excluded nodes (indexing those met for the first time). */
  in(v: number): InList {
    const known = this.lists[v];
    if (known) return known;
    const list: InList = { src: [], w: [], edge: [] };
    const d = this.met[v]! + 1;
    for (const e of this.graph.inEdges(this.ids[v]!)) {
      const u = e.source;
      let i = this.index.get(u);
      if (i === undefined) {
        if (this.o.exclude.has(u)) {
          this.counts.excluded++;
          this.prune(u, d, this.weights.weight(e), 'excluded');
          continue;
        }
        const node = this.graph.node(u);
        if (!node || !node.active) {
          this.counts.inactive++;
          this.prune(u, d, this.weights.weight(e), 'inactive');
          continue;
        }
        if (this.ids.length >= this.o.maxRegion) {
          this.counts.truncated++;
          continue;
        }
        i = this.ids.length;
        this.index.set(u, i);
        this.ids.push(u);
        this.isApi.push(node.kind === 'api');
        this.met.push(d);
      }
      list.src.push(i);
      list.w.push(this.weights.weight(e));
      list.edge.push(e.id);
    }
    this.lists[v] = list;
    return list;
  }

  /**
   * Required input params of API node v (via `requiredInputs`): region indices of those in the region
   * (they are v's in-neighbours, so reading v's in-edges indexes them) and their total count.
   */
  required(v: number, requiredInputs: (apiNode: string) => readonly string[]): RequiredOf {
    const known = this.requiredLists[v];
    if (known) return known;
    const params = [...new Set(requiredInputs(this.ids[v]!))];
    this.in(v);
    const inside = params.map((p) => this.index.get(p)).filter((i): i is number => i !== undefined);
    const r = { inside, total: params.length };
    this.requiredLists[v] = r;
    return r;
  }

  private prune(node: string, depth: number, score: number, rule: PruneRule): void {
    if (this.prunedMap.size < this.o.maxPruned && !this.prunedMap.has(node))
      this.prunedMap.set(node, { node, depth, score, rule });
  }

  pruned(): SearchSubgraph['pruned'] {
    return [...this.prunedMap.values()];
  }
}

// ------------------------------------------------------------------------------------------------
// Chromosomes: sorted region indices (0, the target, first), with each node's backward depth inside the
// chromosome, parallel.

interface Chromosome {
  nodes: number[];
  depth: number[];
  key: string;
}

/** Per-region-node scratch values, stamped so they never need clearing (plain arrays: the region grows). */
class Scratch {
  private readonly mark: number[] = [];
  readonly value: number[] = [];
  private stamp = 0;
  next(): void {
    this.stamp++;
  }
  has(i: number): boolean {
    return this.mark[i] === this.stamp;
  }
  set(i: number, v: number): void {
    this.mark[i] = this.stamp;
    this.value[i] = v;
  }
}

class Engine {
  private readonly member: Scratch;
  private readonly depthBuf: Scratch;
  private readonly cache = new Map<string, number>();
  evaluations = 0;

  constructor(
    private readonly r: Region,
    private readonly o: GaSaOptions,
    private readonly rand: Random,
  ) {
    this.member = new Scratch();
    this.depthBuf = new Scratch();
  }

  /**
   * Keeps the members reachable backward from the target within d_max edges through members (BFS, so
   * depths are shortest), drops the rest. Over the size cap, the deepest nodes go first.
   */
  repair(members: Iterable<number>): Chromosome {
    const { member, depthBuf, r, o } = this;
    member.next();
    for (const i of members) member.set(i, 1);
    member.set(0, 1);
    depthBuf.next();
    depthBuf.set(0, 0);
    const order = [0];
    for (let head = 0; head < order.length; head++) {
      const v = order[head]!;
      const d = depthBuf.value[v]!;
      if (d >= o.maxDepth) continue;
      for (const u of r.in(v).src) {
        if (!member.has(u) || depthBuf.has(u)) continue;
        depthBuf.set(u, d + 1);
        order.push(u);
      }
    }
    let nodes = order;
    if (nodes.length > o.maxNodes) nodes = this.trim(nodes);
    nodes.sort((a, b) => a - b);
    return { nodes, depth: nodes.map((i) => depthBuf.value[i]!), key: nodes.join(',') };
  }

  /**
   * Removes random nodes among the deepest until the cap holds; `depthBuf` holds the depths. A deepest node
   * is on no other member's shortest path to the target, so removing it leaves every other depth unchanged.
   */
  private trim(nodes: number[]): number[] {
    const byDepth = [...nodes].sort((a, b) => this.depthBuf.value[a]! - this.depthBuf.value[b]!);
    const drop = new Set<number>();
    while (byDepth.length - drop.size > this.o.maxNodes) {
      const alive = byDepth.filter((v) => !drop.has(v));
      const deepest = this.depthBuf.value[alive[alive.length - 1]!]!;
      const pool = alive.filter((v) => this.depthBuf.value[v] === deepest);
      drop.add(pool[Math.floor(this.rand() * pool.length)]!);
    }
    return nodes.filter((v) => !drop.has(v));
  }

  /** Weighted draw: index i with probability ∝ w[i] + weightFloor. */
  private draw(w: readonly number[]): number {
    let total = 0;
    for (const x of w) total += x + this.o.weightFloor;
    let t = this.rand() * total;
    for (let i = 0; i < w.length; i++) {
      t -= w[i]! + this.o.weightFloor;
      if (t < 0) return i;
    }
    return w.length - 1;
  }

  /**
   * Initial chromosome: the union of 1..initWalks random backward walks from the target, each of 1..d_max
   * steps (one, then another with probability walkContinue), each step to an in-neighbour not yet on the
   * walk drawn ∝ edge weight + weightFloor.
   */
  randomChromosome(): Chromosome {
    const { r, o, rand } = this;
    const set = new Set<number>([0]);
    const walks = 1 + Math.floor(rand() * o.initWalks);
    for (let k = 0; k < walks && set.size < o.maxNodes; k++) {
      const path = new Set<number>([0]);
      let v = 0;
      for (let s = 0; s < o.maxDepth && set.size < o.maxNodes && (s === 0 || rand() < o.walkContinue); s++) {
        const cand: number[] = [];
        const w: number[] = [];
        const { src, w: ws } = r.in(v);
        for (let i = 0; i < src.length; i++) {
          if (path.has(src[i]!)) continue;
          cand.push(src[i]!);
          w.push(ws[i]!);
        }
        if (cand.length === 0) break;
        v = cand[this.draw(w)]!;
        path.add(v);
        set.add(v);
      }
    }
    return this.repair(set);
  }

  /** Union (probability unionRate) or intersection of the parents' node sets, repaired. */
  crossover(a: Chromosome, b: Chromosome): Chromosome {
    if (this.rand() < this.o.unionRate) return this.repair([...a.nodes, ...b.nodes]);
    const inB = new Set(b.nodes);
    return this.repair(a.nodes.filter((v) => inB.has(v)));
  }

  /**
   * M_θ: θ operations, each adding a frontier node (probability mutationAddRate; a region node outside the
   * chromosome with an edge into a member at depth < d_max, drawn ∝ the strongest such edge's weight +
   * weightFloor) or removing a random leaf (a non-target member whose removal drops no other member; with
   * cycles this is not the same as "no in-edge from a member", e.g. a parameter the target also produces).
   * When the chosen operation is impossible (no frontier or size cap reached; no leaf) the other one is
   * tried.
   */
  mutate(c: Chromosome, theta: number): Chromosome {
    const { r, o } = this;
    let cur = c;
    for (let op = 0; op < theta; op++) {
      const add = this.rand() < o.mutationAddRate;
      const frontier = (): { cand: number[]; w: number[] } => {
        const cand: number[] = [];
        const w: number[] = [];
        if (cur.nodes.length >= o.maxNodes) return { cand, w };
        this.member.next();
        for (const v of cur.nodes) this.member.set(v, -1);
        cur.nodes.forEach((v, i) => {
          if (cur.depth[i]! >= o.maxDepth) return;
          const { src, w: ws } = r.in(v);
          for (let j = 0; j < src.length; j++) {
            const u = src[j]!;
            if (this.member.has(u)) {
              const slot = this.member.value[u]!;
              if (slot >= 0 && ws[j]! > w[slot]!) w[slot] = ws[j]!;
              continue;
            }
            this.member.set(u, cand.length);
            cand.push(u);
            w.push(ws[j]!);
          }
        });
        return { cand, w };
      };
      // Removable: a non-target member whose removal leaves every other member within d_max of the target.
      const leaves = (): number[] =>
        cur.nodes.filter(
          (v) =>
            v !== 0 && this.repair(cur.nodes.filter((x) => x !== v)).nodes.length === cur.nodes.length - 1,
        );
      const tryAdd = (): boolean => {
        const { cand, w } = frontier();
        if (cand.length === 0) return false;
        cur = this.repair([...cur.nodes, cand[this.draw(w)]!]);
        return true;
      };
      const tryRemove = (): boolean => {
        const ls = leaves();
        if (ls.length === 0) return false;
        const drop = ls[Math.floor(this.rand() * ls.length)]!;
        cur = this.repair(cur.nodes.filter((v) => v !== drop));
        return true;
      };
      if (add) {
        if (!tryAdd()) tryRemove();
      } else if (!tryRemove()) tryAdd();
    }
    return cur;
  }

  fitness(c: Chromosome): number {
    const hit = this.cache.get(c.key);
    if (hit !== undefined) return hit;
    const f = this.breakdown(c).fitness;
    this.cache.set(c.key, f);
    return f;
  }

  breakdown(c: Chromosome): FitnessBreakdown {
    this.evaluations++;
    const { r } = this;
    const pos = new Map<number, number>();
    c.nodes.forEach((v, i) => pos.set(v, i));
    const src: number[] = [];
    const dst: number[] = [];
    const w: number[] = [];
    c.nodes.forEach((v, b) => {
      const { src: s, w: ws } = r.in(v);
      for (let j = 0; j < s.length; j++) {
        const a = pos.get(s[j]!);
        if (a === undefined) continue;
        src.push(a);
        dst.push(b);
        w.push(ws[j]!);
      }
    });
    const { requiredInputs, fitness } = this.o;
    // Required inputs only when the coverage term counts: the paper's F never reads them.
    const required =
      requiredInputs && (fitness.inputCoverage ?? 0) !== 0
        ? c.nodes.map((v) => {
            if (!r.isApi[v]) return undefined;
            const req = r.required(v, requiredInputs);
            const inside = req.inside.map((i) => pos.get(i)).filter((i): i is number => i !== undefined);
            return { inside, total: req.total };
          })
        : undefined;
    return structureFitness(
      {
        n: c.nodes.length,
        isApi: c.nodes.map((v) => r.isApi[v]!),
        src,
        dst,
        w,
        ...(required ? { required } : {}),
      },
      fitness,
    );
  }
}

// ------------------------------------------------------------------------------------------------
// Algorithm 2 for one target, as a generator that yields after each generation.

interface RunResult {
  best: Chromosome;
  bestFitness: number[];
  temperatures: number[];
  thetas: number[];
  accepted: number;
  rejected: number;
  finalTemperature: number;
}

function* evolve(engine: Engine, o: GaSaOptions, rand: Random): Generator<void, RunResult> {
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

interface Prepared {
  engine: Engine;
  region: Region;
  rand: Random;
  o: GaSaOptions;
}

/** Checks the target; an inactive or excluded target gives an empty result instead of a run. */
function prepare(
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

function finish(p: Prepared, run: RunResult, t0: number): SearchSubgraph {
  const { region: r, engine } = p;
  const best = run.best;
  const b = engine.breakdown(best);
  const inBest = new Set(best.nodes);
  const kept: SearchSubgraph['kept'] = {};
  const edges: string[] = [];
  best.nodes.forEach((v, i) => {
    const d = best.depth[i]!;
    // Score: the target's is the subgraph's fitness; another node's is the weight of its strongest edge
    // into a member one step closer to the target (the edge that puts it on a shortest path).
    let score = v === 0 ? b.fitness : 0;
    const inV = r.in(v);
    for (let j = 0; j < inV.src.length; j++) if (inBest.has(inV.src[j]!)) edges.push(inV.edge[j]!);
    if (v !== 0) {
      best.nodes.forEach((x, xi) => {
        if (best.depth[xi] !== d - 1) return;
        const inX = r.in(x);
        for (let j = 0; j < inX.src.length; j++) if (inX.src[j] === v) score = Math.max(score, inX.w[j]!);
      });
    }
    kept[r.ids[v]!] = { depth: d, score };
  });
  const order = best.nodes
    .map((v, i) => ({ id: r.ids[v]!, d: best.depth[i]! }))
    .sort((x, y) => x.d - y.d || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return {
    method: 'ga-sa',
    targets: [r.ids[0]!],
    nodes: order.map((x) => x.id),
    edges: edges.sort(),
    kept,
    pruned: r.pruned(),
    stats: {
      fitness: b.fitness,
      bestFitness: run.bestFitness,
      iterations: run.temperatures.length,
      finalTemperature: run.finalTemperature,
      temperatures: run.temperatures,
      mutationIntensity: run.thetas,
      accepted: run.accepted,
      rejected: run.rejected,
      evaluations: engine.evaluations,
      regionSize: r.size,
      termCompactness: b.compactness,
      termParamDensity: b.paramDensity,
      termDepthPenalty: b.depthPenalty,
      termWeight: b.weight,
      termSimplicity: b.simplicity,
      ...(b.inputCoverage !== null ? { termInputCoverage: b.inputCoverage } : {}),
      meanDepth: b.meanDepth,
      prunedInactive: r.counts.inactive,
      prunedExcluded: r.counts.excluded,
      regionTruncated: r.counts.truncated,
    },
    elapsedMs: performance.now() - t0,
  };
}

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

/** Yields to the event loop (a macrotask), so a worker can handle messages between generations. */
const macrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** One target's run as an async task that yields between generations. */
export async function gaSaSubgraphAsync(
  graph: ToolGraph,
  target: string,
  weights: WeightProvider,
  options: Partial<GaSaOptions> = {},
  yieldFn: () => Promise<void> = macrotask,
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
  yieldFn: () => Promise<void> = macrotask,
): Promise<SearchSubgraph> {
  const t0 = performance.now();
  const parts = await Promise.all(
    [...new Set(targets)].map((t) => gaSaSubgraphAsync(graph, t, weights, options, yieldFn)),
  );
  return mergeGaSaSubgraphs(parts, options.maxPruned ?? GA_SA_DEFAULTS.maxPruned, t0);
}

/**
 * Union of per-target GA+SA subgraphs: nodes and edges united; a node kept by several parts keeps its
 * smallest depth (from the nearest target) and, at that depth, its highest score; a node kept by one part
 * is not reported as pruned by another. Stats: per-target lists (`fitness`, `iterations`,
 * `finalTemperature`, `elapsedMs`, `regionSize` in target order) and `bestFitness.<i>` per part.
 */
export function mergeGaSaSubgraphs(
  parts: readonly SearchSubgraph[],
  maxPruned: number = GA_SA_DEFAULTS.maxPruned,
  t0: number = performance.now(),
): SearchSubgraph {
  const targets: string[] = [];
  const kept = new Map<string, { depth: number; score: number }>();
  const edges = new Set<string>();
  const pruned = new Map<string, SearchSubgraph['pruned'][number]>();
  const stats: Record<string, number | number[]> = {
    fitness: [],
    iterations: [],
    finalTemperature: [],
    elapsedMs: [],
    regionSize: [],
  };
  const num = (v: number | number[] | undefined): number => (typeof v === 'number' ? v : 0);
  parts.forEach((p, i) => {
    for (const t of p.targets) if (!targets.includes(t)) targets.push(t);
    for (const id of p.nodes) {
      const k = p.kept[id];
      if (!k) continue;
      const prev = kept.get(id);
      if (!prev || k.depth < prev.depth || (k.depth === prev.depth && k.score > prev.score)) kept.set(id, k);
    }
    for (const e of p.edges) edges.add(e);
    for (const x of p.pruned) if (!pruned.has(x.node)) pruned.set(x.node, x);
    (stats.fitness as number[]).push(num(p.stats.fitness));
    (stats.iterations as number[]).push(num(p.stats.iterations));
    (stats.finalTemperature as number[]).push(num(p.stats.finalTemperature));
    (stats.elapsedMs as number[]).push(p.elapsedMs);
    (stats.regionSize as number[]).push(num(p.stats.regionSize));
    const bf = p.stats.bestFitness;
    stats[`bestFitness.${i}`] = Array.isArray(bf) ? bf : [];
  });
  const nodes = [...kept.entries()]
    .sort((a, b) => a[1].depth - b[1].depth || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([id]) => id);
  return {
    method: 'ga-sa',
    targets,
    nodes,
    edges: [...edges].sort(),
    kept: Object.fromEntries(kept),
    pruned: [...pruned.values()].filter((x) => !kept.has(x.node)).slice(0, maxPruned),
    stats,
    elapsedMs: performance.now() - t0,
  };
}

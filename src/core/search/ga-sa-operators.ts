import type { Random } from '../util/prng';
import type { GaSaOptions } from './ga-sa-options';
import type { Region } from './ga-sa-region';
import { structureFitness, type FitnessBreakdown } from './subgraph-fitness';

// ------------------------------------------------------------------------------------------------
// Chromosomes: sorted region indices (0, the target, first), with each node's backward depth inside the
// chromosome, parallel.

export interface Chromosome {
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

export class Engine {
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

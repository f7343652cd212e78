import { describe, expect, it } from 'vitest';
import { chance, mulberry32, pick } from '../util/prng';
import { apiNodeId, edgeId, type NodeKind } from '../graph/graph-types';
import { DeltaRecorder, ToolGraph } from '../graph/tool-graph';
import { alphaBetaMulti, alphaBetaSubgraph } from './alpha-beta';
import { backwardBfsSubgraph } from './backward-bfs';
import type { SearchSubgraph } from './search-types';
import type { WeightProvider } from './weight-provider';

/** A graph plus a weight provider reading a Map edge id → weight, so every score is computable by hand. */
function build(nodes: [id: string, kind: NodeKind][], edges: [source: string, target: string, w: number][]) {
  const graph = new ToolGraph();
  const rec = new DeltaRecorder();
  for (const [id, kind] of nodes) graph.ensureNode(id, kind, id, 0, rec);
  const w = new Map<string, number>();
  for (const [s, t, weight] of edges) {
    graph.ensureEdge(s, t, 0, rec);
    w.set(edgeId(s, t), weight);
  }
  const weights: WeightProvider = {
    id: 'map',
    weight: (e) => {
      const x = w.get(e.id);
      if (x === undefined) throw new Error(`no weight for ${e.id}`);
      return x;
    },
  };
  return { graph, weights };
}

const T = apiNodeId('T');
const A = apiNodeId('A');
const B = apiNodeId('B');
const C = apiNodeId('C');
const D = apiNodeId('D');
const E = apiNodeId('E');
const X = apiNodeId('X');
const P1 = 'param:p1';
const P2 = 'param:p2';
const P3 = 'param:p3';

/**
 * Ten nodes. T is the target; its input parameters (target parameter nodes) are p1 and p2.
 *
 *   p1 ─1.0─▶ T     B ─0.8─▶ p1    C ─0.5─▶ p1
 *   p2 ─0.6─▶ T     p3 ─0.9─▶ A    D ─1.0─▶ A    B ─0.5─▶ A
 *   A  ─0.3─▶ T     E ─1.0─▶ D
 *   X  ─0.9─▶ T     (X is the failed API, excluded)
 */
function handGraph() {
  return build(
    [
      [T, 'api'],
      [A, 'api'],
      [B, 'api'],
      [C, 'api'],
      [D, 'api'],
      [E, 'api'],
      [X, 'api'],
      [P1, 'param'],
      [P2, 'param'],
      [P3, 'param'],
    ],
    [
      [P1, T, 1.0],
      [P2, T, 0.6],
      [A, T, 0.3],
      [X, T, 0.9],
      [B, P1, 0.8],
      [C, P1, 0.5],
      [P3, A, 0.9],
      [D, A, 1.0],
      [B, A, 0.5],
      [E, D, 1.0],
    ],
  );
}

const prunedOf = (r: SearchSubgraph) =>
  Object.fromEntries(r.pruned.map((p) => [p.node, { depth: p.depth, rule: p.rule, score: p.score }]));

describe('alphaBetaSubgraph (NaviAgent Algorithm 1, eq. 18)', () => {
  // Defaults: α₀ 0.4, β₀ 0.9, H(d) = max(0.3, 0.5·0.9^d), D(d) = 1/(1+√d), first ring at d = 0.
  // S = (w_uv + w(u→T) + max w(u→{p1,p2})) / 3 · D(d).
  //
  // Ring 1 (hops 1, d = 0: D = 1, H = 0.5), expanding T; α = 0.4, β = 0.9:
  //   X excluded (S would be (0.9 + 0.9 + 0)/3 = 0.6).
  //   sorted: p1 (1 + 1 + 0)/3 = 0.6667, p2 (0.6 + 0.6)/3 = 0.4, A (0.3 + 0.3)/3 = 0.2
  //   p1: param, 0.6667 ≥ H → kept.  α = max(0.4, 0.85·0.6667) = 0.5667, β = min(0.9, 1.15·0.6667) = 0.7667
  //   p2: param, 0.4 < H = 0.5 and 0.4 < α = 0.5667 → ALPHA-pruned (with α still 0.4 it would survive).
  //   A:  API, 0.2 ≤ β → kept.  α = 0.5667, β = min(0.7667, 0.23) = 0.23
  // Ring 2 (hops 2, d = 1: D = 0.5, H = 0.45):
  //   expanding p1: sorted B (0.8 + 0 + w(B→p1) 0.8)/3·0.5 = 0.2667, C (0.5 + 0 + 0.5)/3·0.5 = 0.1667
  //   B: API, 0.2667 > β = 0.23 → kept, then BETA CUT-OFF: C (an API, which would be kept) is not examined.
  //       α = max(0.5667, 0.2267) = 0.5667, β = min(0.23, 0.3067) = 0.23
  //   expanding A: B already kept; sorted D (1.0)/3·0.5 = 0.1667, p3 (0.9)/3·0.5 = 0.15
  //   D: API, 0.1667 ≤ β → kept.  β = min(0.23, 0.1917) = 0.1917
  //   p3: param, 0.15 < H = 0.45 and < α = 0.5667 → ALPHA-pruned.
  // Ring 3 (hops 3, d = 2: D = 1/(1+√2) = 0.41421, H = 0.405):
  //   expanding B: no predecessors. expanding D: E (1.0)/3·0.41421 = 0.13807, API ≤ β → kept.
  //       β = min(0.1917, 0.15878) = 0.15878
  // Ring 4: E has no predecessors. Final α = 0.56667, β = 0.15878.
  it('keeps and prunes the hand-computed nodes with the default (paper) settings', () => {
    const { graph, weights } = handGraph();
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]) });

    expect(r.method).toBe('alpha-beta');
    expect(r.targets).toEqual([T]);
    expect(r.nodes).toEqual([T, P1, A, B, D, E]);
    const expectKept = (id: string, depth: number, score: number) => {
      expect(r.kept[id]?.depth).toBe(depth);
      expect(r.kept[id]?.score).toBeCloseTo(score, 4);
    };
    expectKept(T, 0, 1);
    expectKept(P1, 1, 2 / 3);
    expectKept(A, 1, 0.2);
    expectKept(B, 2, 0.8 / 3);
    expectKept(D, 2, 1 / 6);
    expectKept(E, 3, 1 / 3 / (1 + Math.SQRT2));

    expect(r.pruned.map((p) => p.node)).toEqual([X, P2, C, P3]);
    const pruned = prunedOf(r);
    expect(pruned[X]).toMatchObject({ depth: 1, rule: 'excluded' });
    expect(pruned[X]!.score).toBeCloseTo(0.6, 4);
    expect(pruned[P2]).toMatchObject({ depth: 1, rule: 'alpha' });
    expect(pruned[P2]!.score).toBeCloseTo(0.4, 4);
    expect(pruned[C]).toMatchObject({ depth: 2, rule: 'beta-cutoff' });
    expect(pruned[C]!.score).toBeCloseTo(1 / 6, 4);
    expect(pruned[P3]).toMatchObject({ depth: 2, rule: 'alpha' });
    expect(pruned[P3]!.score).toBeCloseTo(0.15, 4);

    // Edges between kept nodes, including B → A, which the search did not walk to admit B.
    expect(r.edges).toEqual(
      [B + '|' + A, B + '|' + P1, D + '|' + A, E + '|' + D, A + '|' + T, P1 + '|' + T].sort(),
    );

    expect(r.stats.finalAlpha).toBeCloseTo(0.85 * (2 / 3), 6);
    expect(r.stats.finalBeta).toBeCloseTo(1.15 * (1 / 3 / (1 + Math.SQRT2)), 6);
    expect(r.stats).toMatchObject({
      visited: 6,
      prunedAlpha: 2,
      betaCutoffs: 1,
      betaSkipped: 1,
      prunedExcluded: 1,
    });
    expect(r.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('would keep the cut-off sibling C without the beta cut-off, and X without the exclusion', () => {
    const { graph, weights } = handGraph();
    // β = ∞ never cuts off; C is then admitted from p1 at hops 2 with S = 1/6.
    const noBeta = alphaBetaSubgraph(graph, T, weights, {
      exclude: new Set([X]),
      beta0: Infinity,
      betaGrow: Infinity,
    });
    expect(noBeta.kept[C]).toMatchObject({ depth: 2 });
    expect(noBeta.kept[C]!.score).toBeCloseTo(1 / 6, 4);
    expect(noBeta.stats.betaCutoffs).toBe(0);

    // Not excluded, X (S = 0.6) is admitted right after p1: an API is never alpha-pruned, 0.6 ≤ β = 0.7667.
    const all = alphaBetaSubgraph(graph, T, weights);
    expect(all.kept[X]?.depth).toBe(1);
    expect(all.pruned.some((p) => p.node === X)).toBe(false);
  });

  it('cuts paths longer than maxPathLength', () => {
    const { graph, weights } = handGraph();
    // Same search with C(u, v_t): PathLength ≤ 2. E is 3 edges before T (E → D → A → T).
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]), maxPathLength: 2 });
    expect(r.nodes).toEqual([T, P1, A, B, D]);
    expect(prunedOf(r)[E]).toMatchObject({ depth: 3, rule: 'path-length' });
    expect(prunedOf(r)[E]!.score).toBeCloseTo(1 / 3 / (1 + Math.SQRT2), 4);
    expect(r.stats.prunedPathLength).toBe(1);
  });

  it('scores the first ring at d = depthOffset: with d = 1 every input parameter is alpha-pruned', () => {
    const { graph, weights } = handGraph();
    // p1 at d = 1: (1 + 1)/3 · D(1) = 0.3333 < H(1) = 0.45 and < α₀ = 0.4 → alpha.
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]), depthOffset: 1 });
    expect(r.kept[P1]).toBeUndefined();
    expect(prunedOf(r)[P1]).toMatchObject({ depth: 1, rule: 'alpha' });
    expect(prunedOf(r)[P1]!.score).toBeCloseTo(1 / 3, 4);
  });

  it('skips inactive nodes', () => {
    const { graph, weights } = handGraph();
    graph.node(D)!.active = false;
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]) });
    // D is skipped, so E (reached only through D) is never considered.
    expect(r.kept[D]).toBeUndefined();
    expect(r.kept[E]).toBeUndefined();
    expect(prunedOf(r)[D]).toMatchObject({ depth: 2, rule: 'inactive' });
    expect(r.stats.prunedInactive).toBe(1);
  });

  it('is deterministic: ties are broken by id', () => {
    const { graph, weights } = build(
      [
        [T, 'api'],
        [B, 'api'],
        [A, 'api'],
      ],
      [
        [B, T, 0.5],
        [A, T, 0.5],
      ],
    );
    expect(alphaBetaSubgraph(graph, T, weights).nodes).toEqual([T, A, B]);
  });

  it('throws for a target not in the graph', () => {
    const { graph, weights } = handGraph();
    expect(() => alphaBetaSubgraph(graph, apiNodeId('nope'), weights)).toThrow(RangeError);
  });
});

describe('backwardBfsSubgraph (baseline)', () => {
  it('keeps every active, non-excluded predecessor within the depth', () => {
    const { graph } = handGraph();
    const r = backwardBfsSubgraph(graph, T, { exclude: new Set([X]) });
    expect(r.method).toBe('bfs');
    expect(new Set(r.nodes)).toEqual(new Set([T, P1, P2, A, B, C, P3, D, E]));
    expect(r.kept[E]?.depth).toBe(3);
    expect(r.kept[C]?.depth).toBe(2);
    expect(r.pruned).toEqual([{ node: X, depth: 1, score: 0, rule: 'excluded' }]);
    expect(r.edges.length).toBe(9); // every edge but X → T

    const shallow = backwardBfsSubgraph(graph, T, { maxDepth: 2 });
    expect(new Set(shallow.nodes)).toEqual(new Set([T, P1, P2, A, X, B, C, P3, D]));
    expect(shallow.pruned).toEqual([{ node: E, depth: 3, score: 0, rule: 'path-length' }]);

    const capped = backwardBfsSubgraph(graph, T, { maxNodes: 3 });
    expect(capped.nodes).toEqual([T, A, X]); // ids sorted: api:A, api:X, param:p1, …
  });

  it('contains the alpha-beta subgraph of the hand graph', () => {
    const { graph, weights } = handGraph();
    const ab = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]) });
    const bfs = new Set(backwardBfsSubgraph(graph, T, { exclude: new Set([X]) }).nodes);
    for (const n of ab.nodes) expect(bfs.has(n)).toBe(true);
  });
});

describe('alphaBetaMulti', () => {
  // Search from A (target params of A: {p3}), ring 1 at d = 0, α 0.4, β 0.9:
  //   sorted D (1 + 1 + 0)/3 = 0.6667, p3 (0.9 + 0.9)/3 = 0.6, B (0.5 + 0.5)/3 = 0.3333
  //   D: API ≤ β → kept; α = 0.5667, β = 0.7667.  p3: 0.6 ≥ H(0) = 0.5 → kept; β = 0.69.
  //   B: API 0.3333 ≤ β → kept; β = 0.3833.
  // Ring 2 (d = 1): E → D: 1/3 · 0.5 = 0.1667 ≤ β → kept. p3, B have no predecessors.
  // Merged with the search from T (first test): A at depth 0 (target), B at 1 (0.3333 beats 2 / 0.2667),
  // D at 1 (0.6667), E at 2 (0.1667); p3, alpha-pruned from T, is kept from A and so not reported pruned.
  it('merges the subgraphs of two targets, keeping the smallest depth per node', () => {
    const { graph, weights } = handGraph();
    const r = alphaBetaMulti(graph, [T, A], weights, { exclude: new Set([X]) });
    expect(r.targets).toEqual([T, A]);
    expect(new Set(r.nodes)).toEqual(new Set([T, P1, A, B, D, E, P3]));
    expect(r.kept[A]).toEqual({ depth: 0, score: 1 });
    expect(r.kept[B]?.depth).toBe(1);
    expect(r.kept[B]?.score).toBeCloseTo(1 / 3, 4);
    expect(r.kept[D]?.depth).toBe(1);
    expect(r.kept[D]?.score).toBeCloseTo(2 / 3, 4);
    expect(r.kept[E]?.depth).toBe(2);
    expect(r.kept[E]?.score).toBeCloseTo(1 / 6, 4);
    expect(r.kept[P3]?.depth).toBe(1);
    expect(r.kept[P3]?.score).toBeCloseTo(0.6, 4);
    expect(new Set(r.pruned.map((p) => p.node))).toEqual(new Set([X, P2, C]));
    expect(r.edges).toContain(`${P3}|${A}`);
    expect(r.edges).toContain(`${P1}|${T}`);
    expect(r.stats.finalAlpha).toHaveLength(2);
  });
});

describe('alpha-beta on random graphs', () => {
  /** A seeded random Tool World: APIs and params, edges of all four relations, random weights. */
  function randomGraph(seed: number) {
    const rand = mulberry32(seed);
    const apis = Array.from({ length: 40 }, (_, i) => apiNodeId(`a${i}`));
    const params = Array.from({ length: 30 }, (_, i) => `param:${i}`);
    const nodes: [string, NodeKind][] = [
      ...apis.map((id): [string, NodeKind] => [id, 'api']),
      ...params.map((id): [string, NodeKind] => [id, 'param']),
    ];
    const all = [...apis, ...params];
    const seen = new Set<string>();
    const edges: [string, string, number][] = [];
    for (let i = 0; i < 220; i++) {
      const s = pick(rand, all);
      const t = pick(rand, all);
      if (s === t || seen.has(edgeId(s, t))) continue;
      seen.add(edgeId(s, t));
      // Mostly strong or mostly weak weights, so every rule fires somewhere.
      edges.push([s, t, chance(rand, 0.5) ? 0.6 + 0.4 * rand() : 0.6 * rand()]);
    }
    const g = build(nodes, edges);
    for (const id of params) if (chance(rand, 0.05)) g.graph.node(id)!.active = false;
    return { ...g, apis, rand };
  }

  it('is a subset of the BFS subgraph within the same depth and contains the target', () => {
    const rules = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const { graph, weights, apis, rand } = randomGraph(seed);
      for (let k = 0; k < 5; k++) {
        const target = pick(rand, apis);
        const exclude = new Set([pick(rand, apis)].filter((x) => x !== target));
        for (const maxPathLength of [2, 5]) {
          const ab = alphaBetaSubgraph(graph, target, weights, { exclude, maxPathLength });
          const bfs = backwardBfsSubgraph(graph, target, { maxDepth: maxPathLength, exclude });
          expect(ab.nodes).toContain(target);
          expect(ab.kept[target]?.depth).toBe(0);
          for (const n of ab.nodes) {
            expect(bfs.kept[n], `${n} for ${target}, seed ${seed}`).toBeDefined();
            // Alpha-beta depths are distances along admitted nodes: never shorter than the BFS distance.
            expect(ab.kept[n]!.depth).toBeGreaterThanOrEqual(bfs.kept[n]!.depth);
            expect(ab.kept[n]!.depth).toBeLessThanOrEqual(maxPathLength);
            expect(exclude.has(n)).toBe(false);
          }
          const bfsEdges = new Set(bfs.edges);
          for (const e of ab.edges) expect(bfsEdges.has(e)).toBe(true);
          for (const p of ab.pruned) {
            expect(ab.kept[p.node]).toBeUndefined();
            rules.add(p.rule);
          }
          // Same input, same output.
          expect(alphaBetaSubgraph(graph, target, weights, { exclude, maxPathLength }).nodes).toEqual(
            ab.nodes,
          );
        }
      }
    }
    expect(rules).toEqual(new Set(['alpha', 'beta-cutoff', 'path-length', 'inactive', 'excluded']));
  });
});

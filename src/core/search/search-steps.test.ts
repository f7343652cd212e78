import { describe, expect, it } from 'vitest';
import { apiNodeId, edgeId, type NodeKind } from '../graph/graph-types';
import { DeltaRecorder, ToolGraph } from '../graph/tool-graph';
import { alphaBetaMulti, alphaBetaSubgraph } from './alpha-beta';
import type { SearchStep } from './search-step';
import type { WeightProvider } from './weight-provider';

/** A graph plus weights read from a Map, so each score can be computed by hand. */
function build(nodes: [string, NodeKind][], edges: [string, string, number][]) {
  const graph = new ToolGraph();
  const rec = new DeltaRecorder();
  for (const [id, kind] of nodes) graph.ensureNode(id, kind, id, 0, rec);
  const w = new Map<string, number>();
  for (const [s, t, weight] of edges) {
    graph.ensureEdge(s, t, 0, rec);
    w.set(edgeId(s, t), weight);
  }
  const weights: WeightProvider = { id: 'map', weight: (e) => w.get(e.id)! };
  return { graph, weights };
}

const [T, A, B, C, D, E, X] = ['T', 'A', 'B', 'C', 'D', 'E', 'X'].map(apiNodeId) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const [P1, P2, P3] = ['param:p1', 'param:p2', 'param:p3'];

/**
 * The graph of alpha-beta.test.ts (its comment computes every score):
 *   p1 ─1.0─▶ T   p2 ─0.6─▶ T   A ─0.3─▶ T   X ─0.9─▶ T (X failed: excluded)
 *   B ─0.8─▶ p1   C ─0.5─▶ p1   p3 ─0.9─▶ A   D ─1.0─▶ A   B ─0.5─▶ A   E ─1.0─▶ D
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

const brief = (s: SearchStep) => [s.ring, s.node, s.decision, s.via] as const;

describe('Alpha-Beta step events', () => {
  it('emits every decision in the order made, ring by ring', () => {
    const { graph, weights } = handGraph();
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]) });
    // Ring 1 expands T: X is excluded while the in-edges are read, then by score p1 kept (0.667),
    // p2 alpha-pruned (0.4 < H 0.5 and < α 0.567), A kept (0.2 ≤ β). Ring 2 expands p1: B (0.267 > β 0.23)
    // is kept and cuts C off; then A: D kept, p3 alpha-pruned. Ring 3 expands D: E kept.
    expect(r.steps!.map(brief)).toEqual([
      [0, T, 'kept', null],
      [1, X, 'excluded', T],
      [1, P1, 'kept', T],
      [1, P2, 'alpha', T],
      [1, A, 'kept', T],
      [2, B, 'kept', P1],
      [2, C, 'beta', P1],
      [2, D, 'kept', A],
      [2, P3, 'alpha', A],
      [3, E, 'kept', D],
    ]);
    const at = (node: string) => r.steps!.find((s) => s.node === node)!;
    expect(at(B).cut).toBe(true);
    expect(at(A).cut).toBeUndefined();
    expect(at(P2).score).toBeCloseTo(0.4, 6);
    // α had moved to 0.85·0.667 when p2 was judged: that is what pruned it.
    expect(at(P2).alpha).toBeCloseTo(0.85 * (2 / 3), 6);
    expect(at(B).beta).toBeCloseTo(0.23, 6);
    expect(at(C).score).toBeCloseTo(1 / 6, 6);
    // Alpha-pruning only ever hits parameter nodes; the beta cut's victims are the cutter's siblings.
    for (const s of r.steps!) if (s.decision === 'alpha') expect(graph.node(s.node)!.kind).toBe('param');
    // The steps agree with the result: kept steps are exactly the subgraph.
    expect(r.steps!.filter((s) => s.decision === 'kept').map((s) => s.node)).toEqual(r.nodes);
  });

  it('caps the events and keeps the first ones', () => {
    const { graph, weights } = handGraph();
    const r = alphaBetaSubgraph(graph, T, weights, { exclude: new Set([X]), maxSteps: 3 });
    expect(r.steps!.map((s) => s.node)).toEqual([T, X, P1]);
    expect(r.nodes).toEqual([T, P1, A, B, D, E]);
  });

  it('a multi-target search replays one target after the other', () => {
    const { graph, weights } = handGraph();
    const r = alphaBetaMulti(graph, [T, A], weights, { exclude: new Set([X]) });
    const targets = r.steps!.map((s) => s.target);
    const firstA = targets.indexOf(A);
    expect(firstA).toBeGreaterThan(0);
    expect(targets.slice(0, firstA).every((t) => t === T)).toBe(true);
    expect(targets.slice(firstA).every((t) => t === A)).toBe(true);
    expect(r.steps![firstA]).toMatchObject({ node: A, ring: 0, decision: 'kept' });
  });
});

import { describe, expect, it } from 'vitest';
import { edgeId, type GraphEdge, type NodeKind } from '../graph/graph-types';
import { DeltaRecorder, ToolGraph } from '../graph/tool-graph';
import { gaSaSubgraph } from './ga-sa';
import { FITNESS_DEFAULTS, subgraphFitness, type FitnessParams } from './subgraph-fitness';
import type { WeightProvider } from './weight-provider';

// The optional input-coverage term C_in of the GA + SA fitness (beyond the paper's eq. 19).

function world(
  nodes: Record<string, NodeKind>,
  edges: [source: string, target: string, weight: number][],
): { graph: ToolGraph; weights: WeightProvider } {
  const graph = new ToolGraph();
  const rec = new DeltaRecorder();
  for (const [id, kind] of Object.entries(nodes)) graph.ensureNode(id, kind, id, 0, rec);
  const w = new Map<string, number>();
  for (const [s, t, x] of edges) {
    graph.ensureEdge(s, t, 0, rec);
    w.set(edgeId(s, t), x);
  }
  return { graph, weights: { id: 'fixed', weight: (e: GraphEdge) => w.get(e.id) ?? 0 } };
}

const requiredOf =
  (table: Record<string, string[]>) =>
  (node: string): string[] =>
    table[node] ?? [];

describe('input coverage C_in', () => {
  // T (API) requires P1 and P2; A1 produces P1 and requires P3.
  //   P1→T 0.8, P2→T 0.6, A1→P1 0.5, P3→A1 0.4
  const { graph, weights } = world({ T: 'api', P1: 'param', P2: 'param', A1: 'api', P3: 'param' }, [
    ['P1', 'T', 0.8],
    ['P2', 'T', 0.6],
    ['A1', 'P1', 0.5],
    ['P3', 'A1', 0.4],
  ]);
  const required = requiredOf({ T: ['P1', 'P2'], A1: ['P3'] });

  it('matches a hand computation', () => {
    // S = {T, P1, P2, A1}; edges inside: P1→T, P2→T, A1→P1 (N = 4, E = 3).
    // C_in: R(T) = {P1, P2}: P1 is in S with producer A1 in S → covered; P2 is in S, no producer → not.
    //       R(A1) = {P3}: not in S → not covered, still counted. C_in = 1 / 3.
    // Eq. 19 by hand:
    //   C_c: undirected T-P1, T-P2, P1-A1. T: 1 + 1 + 2 = 4 → 3/4; A1: 1 + 2 + 3 = 6 → 3/6.
    //        C_c = (0.75 + 0.5) / 2 = 0.625                         0.35·C_c = 0.21875
    //   ρ_p = 2/4 → 0.15·ln 1.5 = 0.15·0.4054651                   = 0.0608198
    //   depths 0, 1, 1, 2 → d = 1, n = 4:
    //        D_c = 0.2·e^(−0.1) + 0.8·e^(−0.5) = 0.1809675 + 0.4852245 = 0.6661920 → 0.3·D_c = 0.1998576
    //   W_n = (0.8 + 0.6 + 0.5) / 3 = 0.6333333                    0.15·W_n = 0.095
    //   C_p: 3 − 4 + 1 = 0 → 1                                     0.05·C_p = 0.05
    //   F = 0.21875 + 0.0608198 + 0.1998576 + 0.095 + 0.05 = 0.6244274
    // With κ = 0.6: F + 0.6 · 1/3 = 0.6244274 + 0.2 = 0.8244274.
    const nodes = ['T', 'P1', 'P2', 'A1'];
    const paper = subgraphFitness(graph, nodes, 'T', weights);
    expect(paper.fitness).toBeCloseTo(0.6244274, 6);
    expect(paper.inputCoverage).toBeNull();

    const withInfo = subgraphFitness(graph, nodes, 'T', weights, FITNESS_DEFAULTS, required);
    expect(withInfo.inputCoverage).toBeCloseTo(1 / 3, 12);
    // Coefficient absent (the default): the term is reported but does not count.
    expect(withInfo.fitness).toBe(paper.fitness);

    const kappa: FitnessParams = { ...FITNESS_DEFAULTS, inputCoverage: 0.6 };
    const f = subgraphFitness(graph, nodes, 'T', weights, kappa, required);
    expect(f.inputCoverage).toBeCloseTo(1 / 3, 12);
    expect(f.fitness).toBeCloseTo(0.8244274, 6);
    // Other terms untouched by κ.
    expect(f.compactness).toBeCloseTo(0.625, 12);
    expect(f.depthPenalty).toBeCloseTo(0.666192, 6);
  });

  it('counts producers only, never the consumer itself, and is 1 when nothing is required', () => {
    // {T, P1}: P1 is in S but nothing in S produces it → 0 of 2.
    expect(subgraphFitness(graph, ['T', 'P1'], 'T', weights, FITNESS_DEFAULTS, required).inputCoverage).toBe(
      0,
    );
    // {T, P1, A1, P3}: T's P1 covered, P2 not in S, A1's P3 in S without producer → 1 of 3.
    expect(
      subgraphFitness(graph, ['T', 'P1', 'A1', 'P3'], 'T', weights, FITNESS_DEFAULTS, required).inputCoverage,
    ).toBeCloseTo(1 / 3, 12);
    // Nothing required: 1.
    expect(subgraphFitness(graph, ['T'], 'T', weights, FITNESS_DEFAULTS, () => []).inputCoverage).toBe(1);
    // An API feeding its own required input does not cover it (X → Q → X).
    const loop = world({ X: 'api', Q: 'param' }, [
      ['Q', 'X', 0.5],
      ['X', 'Q', 0.5],
    ]);
    const own = subgraphFitness(loop.graph, ['X', 'Q'], 'X', loop.weights, FITNESS_DEFAULTS, () => ['Q']);
    expect(own.inputCoverage).toBe(0);
  });

  it('leaves GA + SA unchanged by default and pulls producers in when κ > 0', () => {
    const noTime = (r: ReturnType<typeof gaSaSubgraph>) => {
      const { elapsedMs: _e, ...rest } = r;
      return rest;
    };
    for (const seed of [1, 2, 3]) {
      const paper = gaSaSubgraph(graph, 'T', weights, { seed });
      // The paper's F prefers the target and its strongest input.
      expect(paper.nodes).toEqual(['T', 'P1']);
      expect(paper.stats.termInputCoverage).toBeUndefined();
      // κ = 0 with the requirement table: the same run (the table is not even read).
      const zero = gaSaSubgraph(graph, 'T', weights, {
        seed,
        requiredInputs: required,
        fitness: { ...FITNESS_DEFAULTS, inputCoverage: 0 },
      });
      expect(noTime(zero)).toEqual(noTime(paper));
    }
    // κ = 3: covering P1 by A1 is worth more than the node costs. S = {T, P1, A1} has C_in = 1/3 (P1
    // covered; P2, P3 not), and adding P2 or P3 covers nothing more; a brute force over every node set
    // (all reach T) confirms it is the best, and GA + SA finds it.
    const fitness = { ...FITNESS_DEFAULTS, inputCoverage: 3 };
    const others = ['P1', 'P2', 'A1', 'P3'];
    let brute = { nodes: '', fitness: -1 };
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const set = ['T', ...others.filter((_, i) => mask & (1 << i))];
      const f = subgraphFitness(graph, set, 'T', weights, fitness, required);
      if (f.unreachable === 0 && f.fitness > brute.fitness) brute = { nodes: set.join(), fitness: f.fitness };
    }
    expect(brute.nodes).toBe('T,P1,A1');
    let hits = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const r = gaSaSubgraph(graph, 'T', weights, { seed, fitness, requiredInputs: required });
      expect(r.stats.termInputCoverage).toBeDefined();
      const best = subgraphFitness(graph, ['T', 'P1', 'A1'], 'T', weights, fitness, required);
      expect(r.stats.fitness as number).toBeLessThanOrEqual(best.fitness + 1e-12);
      if (r.nodes.join() === 'T,P1,A1') hits++;
    }
    expect(hits).toBeGreaterThanOrEqual(9);
  });
});

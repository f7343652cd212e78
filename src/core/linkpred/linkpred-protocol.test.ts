import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../util/prng';
import { HGT_RELATIONS } from '../graph-tensors/tensor-spec';
import { twoHopWeight } from './baseline-stats';
import { coldStartNegatives, holdOutTools } from './cold-start';
import { API_API, LinkGraph, PARAM_PARAM, type LinkPair } from '../graph-tensors/link-graph';
import { randomNegatives, reversedNegatives, similarNegatives } from './negatives';
import { adamicAdar, pairFeatures, PAIR_FEATURES } from '../graph-tensors/pair-features';
import { holdOutEdges } from './split';
import { accuracy, countsAt, f1, maxF1Threshold } from './threshold-metrics';
import { pairedDirection } from './evaluate';

const rel = (r: string) => HGT_RELATIONS.indexOf(r as (typeof HGT_RELATIONS)[number]);

/**
 * Six tools (rows 0–5) and two parameters (rows 6, 7):
 * api→api 0→1 1→0 1→2 2→3 3→4 4→5 0→2 5→0 2→4 3→1 (10), param→param 6→7 (1),
 * structural 6→0 (param→api) and 1→7 (api→param).
 */
const EDGES: [number, number, string, number][] = [
  [0, 1, 'api->api', 0.5],
  [1, 0, 'api->api', 0.2],
  [1, 2, 'api->api', 0.8],
  [2, 3, 'api->api', 1],
  [3, 4, 'api->api', 0.4],
  [4, 5, 'api->api', 0.6],
  [0, 2, 'api->api', 0.1],
  [5, 0, 'api->api', 0.3],
  [2, 4, 'api->api', 0.9],
  [3, 1, 'api->api', 0.7],
  [6, 7, 'param->param', 1],
  [6, 0, 'param->api', 1],
  [1, 7, 'api->param', 1],
];

function graphOf(edges: [number, number, string, number][] = EDGES): LinkGraph {
  return new LinkGraph({
    apiCount: 6,
    paramCount: 2,
    edgeSrc: Int32Array.from(edges.map((e) => e[0])),
    edgeDst: Int32Array.from(edges.map((e) => e[1])),
    edgeRel: Int32Array.from(edges.map((e) => rel(e[2]))),
    edgeW: Float32Array.from(edges.map((e) => e[3])),
  });
}

const key = (p: LinkPair) => `${p.src}>${p.dst}`;

describe('holdOutEdges', () => {
  it('holds out 20 % + 10 % of the 11 behavioural edges, disjoint, never a structural one', () => {
    const g = graphOf();
    const split = holdOutEdges(g, { seed: 3 });
    expect(split.test).toHaveLength(2); // round(11 · 0.2)
    expect(split.validation).toHaveLength(1); // round(11 · 0.1)
    expect(split.kept).toHaveLength(8);
    const all = [...split.test, ...split.validation, ...split.kept].map(key);
    expect(new Set(all).size).toBe(11);
    for (const p of [...split.test, ...split.validation, ...split.kept]) {
      expect([API_API, PARAM_PARAM]).toContain(g.edge(p.src, p.dst)!.rel);
    }
    expect(all).not.toContain('6>0');
    expect(all).not.toContain('1>7');
    // Seeded: the same seed gives the same split, another seed another one.
    expect(holdOutEdges(g, { seed: 3 }).test).toEqual(split.test);
    const others = [4, 5, 6, 7].map((s) => holdOutEdges(g, { seed: s }).test.map(key).join());
    expect(others.some((o) => o !== split.test.map(key).join())).toBe(true);
  });
});

describe('negatives', () => {
  const g = graphOf();
  const positives = g.behaviouralEdges().map(({ src, dst }) => ({ src, dst }));

  it('random negatives: one per positive, same relation, never an edge, never twice', () => {
    const neg = randomNegatives(g, positives, mulberry32(1));
    expect(neg).toHaveLength(positives.length);
    expect(new Set(neg.map(key)).size).toBe(neg.length);
    neg.forEach((q, i) => {
      expect(g.hasEdge(q.src, q.dst)).toBe(false);
      expect(q.src).not.toBe(q.dst);
      expect(g.behaviouralRelation(q.src, q.dst)).toBe(
        g.behaviouralRelation(positives[i]!.src, positives[i]!.dst),
      );
    });
    // The param→param positive has exactly one possible negative: 7→6.
    expect(neg[positives.findIndex((p) => p.src === 6)]).toEqual({ src: 7, dst: 6 });
  });

  it('reversed negatives: (v, u) unless that is an edge', () => {
    const rev = reversedNegatives(g, positives).map(key).sort();
    // 0→1 and 1→0 reverse each other: neither yields a negative.
    expect(rev).toEqual(['0>5', '1>3', '2>0', '2>1', '3>2', '4>2', '4>3', '5>4', '7>6'].sort());
  });

  it('look-alike negatives: keep the source, nearest unlinked node of the target kind (category first)', () => {
    // 2-d text vectors: row 1 points along x; rows 3, 4, 5 at growing angles from it.
    const v = (x: number, y: number) => Float32Array.from([x, y]);
    const embeddings = [v(0, 1), v(1, 0), v(1, 0.05), v(1, 0.2), v(1, 0.5), v(1, 1), v(0, 1), v(1, 0)];
    const p = { src: 0, dst: 1 };
    // 0→2 is an edge, so 2 (the nearest) is skipped; 3 is next.
    expect(similarNegatives(g, [p], { embeddings })).toEqual([{ src: 0, dst: 3 }]);
    const categories = ['a', 'b', 'a', 'a', 'b', 'c', undefined, undefined];
    expect(similarNegatives(g, [p], { embeddings, categories })).toEqual([{ src: 0, dst: 4 }]);
  });
});

describe('holdOutTools (cold start)', () => {
  it('removes all and only the held-out tools’ behavioural edges', () => {
    const g = graphOf();
    const split = holdOutTools(g, { seed: 2 });
    expect(split.testTools).toHaveLength(1); // round(6 · 0.1) → at least 1
    expect(split.validationTools).toHaveLength(1);
    const held = new Set([...split.testTools, ...split.validationTools]);
    const expected = g
      .behaviouralEdges()
      .filter((e) => e.rel === API_API && (held.has(e.src) || held.has(e.dst)))
      .map(key)
      .sort();
    expect(split.removed.map(key).sort()).toEqual(expected);
    const t = split.testTools[0]!;
    expect(split.test.map(key).sort()).toEqual(expected.filter((k) => k.split('>').map(Number).includes(t)));
    for (const p of split.validation) expect([p.src, p.dst]).not.toContain(t);

    const neg = coldStartNegatives(g, split.test, new Set(split.testTools), mulberry32(5));
    expect(neg).toHaveLength(split.test.length);
    neg.forEach((q, i) => {
      const p = split.test[i]!;
      expect(g.hasEdge(q.src, q.dst)).toBe(false);
      expect(g.isApi(q.src) && g.isApi(q.dst)).toBe(true);
      // Same role: the held-out tool stays where it was.
      if (p.src === t) expect(q.src).toBe(t);
      else expect(q.dst).toBe(t);
    });
  });
});

describe('threshold metrics', () => {
  it('picks the max-F1 threshold on a hand example', () => {
    const scores = [0.9, 0.8, 0.7, 0.6, 0.2];
    const labels = [1, 0, 1, 1, 0];
    // F1 at ≥0.9: 0.5, ≥0.8: 0.4, ≥0.7: 0.667, ≥0.6: 0.857, ≥0.2: 0.75.
    expect(maxF1Threshold(scores, labels)).toBe(0.6);
    const c = countsAt(scores, labels, 0.6);
    expect(c).toEqual({ tp: 3, fp: 1, tn: 1, fn: 0 });
    expect(accuracy(c)).toBeCloseTo(0.8, 9);
    expect(f1(c)).toBeCloseTo(6 / 7, 9);
  });

  it('treats equal scores as one cut', () => {
    // ≥ 0.9: F1 2/3; ≥ 0.5 takes both 0.5s (F1 4/5) — a cut between them (F1 1) does not exist.
    expect(maxF1Threshold([0.9, 0.5, 0.5], [1, 0, 1])).toBe(0.5);
    // ≥ 0.9 and ≥ 0.5 both give F1 2/3; 0.9 has the better accuracy. A (non-existent) cut after the
    // first 0.5 would claim F1 1 at "0.5".
    expect(maxF1Threshold([0.9, 0.5, 0.5, 0.5], [1, 1, 0, 0])).toBe(0.9);
  });
});

describe('pairedDirection', () => {
  it('counts the links scored above their own reverse, ties half, skipping links whose reverse was not scored', () => {
    const positives = [
      { src: 0, dst: 1 },
      { src: 2, dst: 3 },
      { src: 4, dst: 5 },
      { src: 6, dst: 7 },
    ];
    // Reverses of the first three only (the fourth's reverse is itself a link); order differs on purpose.
    const reversed = [
      { src: 5, dst: 4 },
      { src: 1, dst: 0 },
      { src: 3, dst: 2 },
    ];
    // 0→1 0.9 vs 0.2 wins; 2→3 0.4 vs 0.6 loses; 4→5 0.5 vs 0.5 ties; 6→7 has no reverse.
    expect(pairedDirection(positives, [0.9, 0.4, 0.5, 0.1], reversed, [0.5, 0.2, 0.6])).toBeCloseTo(
      1.5 / 3,
      12,
    );
    expect(pairedDirection(positives, [1, 1, 1, 1], [], [])).toBeNaN();
  });
});

describe('statistics-only features', () => {
  const g = graphOf();
  it('two-hop w̃: strongest u → x → v path', () => {
    // 1 → 2: paths 1→0→2 (0.2 · 0.1) and a direct edge 0.8: the direct edge wins.
    expect(twoHopWeight(g, 1, 2)).toBeCloseTo(0.8, 6);
    // 1 → 3: 1→2→3 = 0.8 · 1 = 0.8.
    expect(twoHopWeight(g, 1, 3)).toBeCloseTo(0.8, 6);
    // 0 → 4: 0→2→4 = 0.1 · 0.9 = 0.09 (no other path).
    expect(twoHopWeight(g, 0, 4)).toBeCloseTo(0.09, 6);
    expect(twoHopWeight(g, 5, 3)).toBe(0);
  });

  it('Adamic–Adar over undirected neighbours', () => {
    // N(0) = {1, 2, 5, 6}, N(3) = {2, 4, 1}: common 1 (|N| = 4: 0, 2, 3, 7) and 2 (|N| = 4: 1, 3, 0, 4).
    expect(adamicAdar(g, 0, 3)).toBeCloseTo(2 / Math.log(4), 9);
    expect(adamicAdar(g, 6, 5)).toBeCloseTo(1 / Math.log(4), 9); // via 0: N(0) = {1, 2, 5, 6}
  });
});

describe('pair features', () => {
  it('take a training edge out of its own degrees, and read output → input similarity', () => {
    const g = graphOf();
    const v = (x: number, y: number) => Float32Array.from([x, y]);
    const embeddings = Array.from({ length: 8 }, () => v(1, 0));
    // Tool 0 gives a field along x; tool 1 needs one along x and one along y; tool 2 needs one along y.
    const io = [
      { ins: [], outs: [v(1, 0)] },
      { ins: [v(0, 1), v(1, 0)], outs: [] },
      { ins: [v(0, 1)], outs: [] },
      ...Array.from({ length: 3 }, () => ({ ins: [], outs: [] })),
    ];
    const ctx = { graph: g, embeddings, io };
    const at = (x: Float32Array, name: (typeof PAIR_FEATURES)[number]) => x[PAIR_FEATURES.indexOf(name)];
    // 0 → 1 is an edge: behavioural out-degree of 0 is 2 (1, 2), in-degree of 1 is 2 (0, 3).
    const asEdge = pairFeatures(ctx, { src: 0, dst: 1 }, true);
    const asPair = pairFeatures(ctx, { src: 0, dst: 1 });
    expect(at(asEdge, 'logOutDegSrc')).toBeCloseTo(Math.log(2), 6);
    expect(at(asPair, 'logOutDegSrc')).toBeCloseTo(Math.log(3), 6);
    expect(at(asEdge, 'logInDegDst')).toBeCloseTo(Math.log(2), 6);
    expect(at(asPair, 'ioSimilarity')).toBeCloseTo(1, 6);
    expect(at(pairFeatures(ctx, { src: 0, dst: 2 }), 'ioSimilarity')).toBeCloseTo(0, 6);
    expect(at(asPair, 'cosine')).toBeCloseTo(1, 6);
    expect(at(asPair, 'paramPair')).toBe(0);
    expect(at(pairFeatures(ctx, { src: 6, dst: 7 }), 'paramPair')).toBe(1);
  });

  it('sharedParam: u outputs a standardized parameter v takes as input', () => {
    // 1 → param 7 (output), 7 → 2 (input): 1 and 2 share it; 1 and 3 do not.
    const g = graphOf([...EDGES, [7, 2, 'param->api', 1]]);
    const ctx = { graph: g, embeddings: Array.from({ length: 8 }, () => Float32Array.from([1, 0])), io: [] };
    const shared = PAIR_FEATURES.indexOf('sharedParam');
    expect(pairFeatures(ctx, { src: 1, dst: 2 })[shared]).toBe(1);
    expect(pairFeatures(ctx, { src: 1, dst: 3 })[shared]).toBe(0);
    expect(pairFeatures(ctx, { src: 2, dst: 1 })[shared]).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { acceptableTools, evaluateRetriever, pairedDifference, scoreRanking } from './metrics';
import { END_OF_PLAN as END, type RetrievalTask, type ScoredTool } from './retriever';

// A diamond DAG: a, then b and c (both need a), then d (needs b and c).
const diamond: RetrievalTask = {
  id: 'd',
  query: 'q',
  tools: ['a', 'b', 'c', 'd'],
  deps: [[], [0], [0], [1, 2]],
};

describe('acceptable tools (DAG of the gold plan)', () => {
  it('are the not-yet-called steps whose deps are all called, then END_OF_PLAN', () => {
    expect(acceptableTools(diamond, 0)).toEqual(['a']);
    expect(acceptableTools(diamond, 1)).toEqual(['b', 'c']); // c is as good as b once a ran
    expect(acceptableTools(diamond, 2)).toEqual(['c']); // d still waits for c
    expect(acceptableTools(diamond, 3)).toEqual(['d']);
    expect(acceptableTools(diamond, 4)).toEqual([END]);
  });

  it('keep a repeated tool acceptable until its last call, and treat no deps as any order', () => {
    const t: RetrievalTask = { id: 'r', query: 'q', tools: ['a', 'a', 'b'], deps: [[], [], []] };
    expect(acceptableTools(t, 1)).toEqual(['a', 'b']);
    expect(acceptableTools(t, 2)).toEqual(['b']);
  });
});

describe('scoreRanking', () => {
  it('F1 uses k = |acceptable|', () => {
    expect(scoreRanking(['c', 'd', 'b'], ['b', 'c'])).toEqual({ rr: 1, f1: 0.5, recall5: 1, top1: 1 });
    expect(scoreRanking([], ['a'])).toEqual({ rr: 0, f1: 0, recall5: 0, top1: 0 });
  });
});

describe('evaluateRetriever on a hand-computed example', () => {
  // Fixed rankings by step t (history length):
  //   t  acceptable  ranking          rr    F1 (k)      recall@5  top-1
  //   0  {a}         b a c            1/2   0   (1)     1         0
  //   1  {b, c}      c d b a          1     1/2 (2)     1         1
  //   2  {c}         d END a          0     0   (1)     0         0
  //   3  {d}         a b c d          1/4   0   (1)     1         0
  //   4  {END}       END d            1     1   (1)     1         1
  // all:   MRR 2.75/5 = 0.55, F1 1.5/5 = 0.3, recall@5 4/5 = 0.8, top-1 2/5 = 0.4
  // noEnd: MRR 1.75/4 = 0.4375, F1 0.5/4 = 0.125, recall@5 3/4, top-1 1/4
  // t=0: MRR 0.5; later (t = 1..3): MRR 1.25/3; end: MRR 1
  const rankings: string[][] = [
    ['b', 'a', 'c'],
    ['c', 'd', 'b', 'a'],
    ['d', END, 'a'],
    ['a', 'b', 'c', 'd'],
    [END, 'd'],
  ];
  const ranker = {
    rank: (q: { history: string[] }): ScoredTool[] =>
      (rankings[q.history.length] as string[]).map((tool, i) => ({ tool, score: 1 / (i + 1) })),
  };
  const r = evaluateRetriever(ranker, [diamond]);

  it('averages over all points and without the end-of-plan point', () => {
    expect(r.rankCalls).toBe(5);
    expect(r.groups.all).toMatchObject({ points: 5, mrr: 0.55, f1: 0.3, recall5: 0.8, top1: 0.4 });
    expect(r.groups.noEnd).toMatchObject({ points: 4, mrr: 0.4375, f1: 0.125, recall5: 0.75, top1: 0.25 });
  });

  it('keeps the reciprocal rank of every point, in step order, marking the end point', () => {
    expect(r.pointRr).toHaveLength(5);
    expect(Array.from(r.pointIsEnd)).toEqual([0, 0, 0, 0, 1]);
    const mean = r.pointRr.reduce((a, b) => a + b, 0) / 5;
    expect(mean).toBeCloseTo(0.55, 12);
    expect(r.pointRr[4]).toBe(1);
  });

  it('splits first step, later steps and end points', () => {
    expect(r.groups.t0).toMatchObject({ points: 1, mrr: 0.5 });
    expect(r.groups.later.points).toBe(3);
    expect(r.groups.later.mrr).toBeCloseTo(1.25 / 3, 12);
    expect(r.groups.end).toMatchObject({ points: 1, mrr: 1, top1: 1 });
    expect(r.msPerQuery).toBeGreaterThanOrEqual(0);
  });
});

describe('pairedDifference', () => {
  it('gives the mean difference and its standard error, optionally on a subset', () => {
    const a = [1, 0.5, 0.5, 1];
    const b = [0.5, 0.5, 0.25, 0];
    const all = pairedDifference(a, b);
    // d = 0.5, 0, 0.25, 1: mean 0.4375, sample variance 0.1823, se = sqrt(0.1823 / 4)
    expect(all.mean).toBeCloseTo(0.4375, 10);
    expect(all.se).toBeCloseTo(Math.sqrt(0.18229166666666666 / 4), 10);
    expect(all.n).toBe(4);
    const firstTwo = pairedDifference(a, b, (i) => i < 2);
    expect(firstTwo).toEqual({ mean: 0.25, se: 0.25, n: 2 });
    expect(() => pairedDifference([1], [1, 2])).toThrow(RangeError);
  });
});

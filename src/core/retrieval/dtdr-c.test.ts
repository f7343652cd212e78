import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../embed/embedder';
import { DtdrC } from './dtdr-c';
import { EmbeddingCache } from './embedding-cache';
import { MarkovTable } from './markov-table';
import { END_OF_PLAN as END, type RetrievalTask, type ScoredTool } from './retriever';

/** Mail queries → e1, weather queries → e2: two clusters k-means cannot miss. */
const stubEmbedder: Embedder = {
  id: 'stub',
  dimension: 3,
  embed: async (texts) =>
    texts.map((t) =>
      Float32Array.from(t.includes('mail') ? [1, 0, 0] : t.includes('weather') ? [0, 1, 0] : [0, 0, 1]),
    ),
};

const task = (query: string, tools: string[]): RetrievalTask => ({
  id: `${query}:${tools}`,
  query,
  tools,
  deps: [],
});

// Mail cluster: [a b c], [a b d], [x b c]. Weather cluster: [w a].
const PLANS = [
  task('mail 1', ['a', 'b', 'c']),
  task('mail 2', ['a', 'b', 'd']),
  task('mail 3', ['x', 'b', 'c']),
  task('weather 1', ['w', 'a']),
];

const top = (r: ScoredTool[], n: number) => r.slice(0, n).map((x) => [x.tool, x.score]);

describe('MarkovTable (DTDR Appendix C)', () => {
  const t = new MarkovTable(2);
  for (const p of PLANS.slice(0, 3)) t.addPlan(p.tools);

  it('counts next tools per window of the last n, padded with start', () => {
    expect(t.distribution([], 2)).toEqual(
      new Map([
        ['a', 2 / 3],
        ['x', 1 / 3],
      ]),
    ); // key (start, start)
    expect(t.distribution(['a'], 2)).toEqual(new Map([['b', 1]])); // key (start, a)
    expect(t.distribution(['a', 'b'], 2)).toEqual(
      new Map([
        ['c', 0.5],
        ['d', 0.5],
      ]),
    ); // key (a, b)
    expect(t.distribution(['x', 'a', 'b'], 2)).toEqual(
      new Map([
        ['c', 0.5],
        ['d', 0.5],
      ]),
    ); // only the last 2 count
    expect(t.distribution(['b'], 1)).toEqual(
      new Map([
        ['c', 2 / 3],
        ['d', 1 / 3],
      ]),
    );
  });

  it('ends every plan with END_OF_PLAN and knows no unseen key', () => {
    expect(t.distribution(['b', 'c'], 2)).toEqual(new Map([[END, 1]]));
    expect(t.distribution(['b', 'd'], 2)).toEqual(new Map([[END, 1]]));
    expect(t.distribution(['b', 'b'], 2)).toBeUndefined();
    expect(t.planCount).toBe(3);
  });
});

describe('DtdrC with fixed k = 2, n = 2 on hand-made plans', () => {
  const cache = new EmbeddingCache(stubEmbedder);
  const r = new DtdrC({ catalogue: [], embedder: stubEmbedder, seed: 1, cache }, { clusters: 2, order: 2 });
  let mail = -1;
  let weather = -1;
  beforeAll(async () => {
    await r.fit(PLANS);
    await cache.warm(['mail new', 'weather new']);
    mail = Number(/cluster (\d+)/.exec(r.rank({ query: 'mail new', history: [] })[0]?.why ?? '')?.[1]);
    weather = Number(/cluster (\d+)/.exec(r.rank({ query: 'weather new', history: [] })[0]?.why ?? '')?.[1]);
  });

  it('puts the two query kinds in different clusters', () => {
    expect(r.params).toMatchObject({ k: 2, order: 2 });
    expect(mail).not.toBe(weather);
  });

  it('reads the cluster order-2 table: first tools, after [a, b], END_OF_PLAN', () => {
    expect(top(r.rank({ query: 'mail new', history: [] }), 2)).toEqual([
      ['a', 2 / 3],
      ['x', 1 / 3],
    ]);
    expect(top(r.rank({ query: 'weather new', history: [] }), 1)).toEqual([['w', 1]]);
    const ab = r.rank({ query: 'mail new', history: ['a', 'b'] });
    expect(top(ab, 2)).toEqual([
      ['c', 0.5],
      ['d', 0.5],
    ]);
    expect(ab[0]?.why).toBe(`cluster ${mail}, after [a, b]`);
    expect(top(r.rank({ query: 'mail new', history: ['a', 'b', 'c'] }), 1)).toEqual([[END, 1]]);
  });

  it('backs off to order 1 in the cluster for an unseen window', () => {
    const bb = r.rank({ query: 'mail new', history: ['b', 'b'] });
    expect(top(bb, 2)).toEqual([
      ['c', 2 / 3],
      ['d', 1 / 3],
    ]);
    expect(bb[0]?.why).toBe(`cluster ${mail}, backed off to order 1, after [b]`);
  });

  it('backs off to the global table when the cluster never saw the tool', () => {
    // The mail cluster never saw w; globally (start, w) → a once.
    const w = r.rank({ query: 'mail new', history: ['w'] });
    expect(top(w, 1)).toEqual([['a', 1]]);
    expect(w[0]?.why).toBe('global, order 2, after [start, w]');
  });

  it('fills the ranking below the primary tier with decreasing scores, every seen tool once', () => {
    const ranked = r.rank({ query: 'mail new', history: ['a', 'b'] });
    expect(new Set(ranked.map((x) => x.tool))).toEqual(new Set(['a', 'b', 'c', 'd', 'x', 'w', END]));
    expect(ranked).toHaveLength(7);
    for (let i = 1; i < ranked.length; i++)
      expect(ranked[i]?.score).toBeLessThan((ranked[i - 1]?.score as number) + 1e-15);
    expect(ranked[2]?.score).toBeLessThan(0.25 + 1e-15); // fill tiers start at half the last primary score
  });

  it('learns a new plan online with update()', async () => {
    await r.update(task('weather 2', ['w', 'b']));
    expect(top(r.rank({ query: 'weather new', history: ['w'] }), 2)).toEqual([
      ['a', 0.5],
      ['b', 0.5],
    ]);
  });
});

describe('DtdrC sweep', () => {
  it('picks (k, n) on a seeded validation split, deterministically', async () => {
    const train = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? task(`mail ${i}`, ['a', 'b']) : task(`weather ${i}`, ['w', 'x', 'y']),
    );
    const fit = async () => {
      const r = new DtdrC({ catalogue: [], embedder: stubEmbedder, seed: 5 });
      await r.fit(train);
      return r.params;
    };
    const p = await fit();
    expect(p?.sweep).toHaveLength(18); // 6 fractions × 3 orders
    expect(p?.validationMrr).toBe(1); // two clusters separate the two plan shapes exactly
    expect(await fit()).toEqual(p);
  });
});

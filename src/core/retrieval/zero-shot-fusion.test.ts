import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { EmbeddingCache } from './embedding-cache';
import { ioMatch } from './io-prior';
import { END_OF_PLAN, type CandidateTool } from './retriever';
import {
  END_FEATURE_COUNT,
  endScore,
  enumeratedItems,
  enumerationCue,
  FEATURE_COUNT,
  fitZeroShotFusion,
  FUSION_FEATURES,
  featureRow,
  reciprocalRanks,
  type FusionExample,
  type FusionFeature,
} from './zero-shot-fusion';
import { ZeroShotHybrid } from './zero-shot-hybrid';
import { ZeroShotScorer } from './zero-shot-scores';

/** Weights with the named features set, the rest 0. */
function weights(set: Partial<Record<FusionFeature, number>>): number[] {
  return FUSION_FEATURES.map((f) => set[f] ?? 0);
}

// Five tools; after `airport_search` (which returns sky ids) the request's words still point at the
// by-city flight search, but the schema says `flight_search` takes what the last call returned.
const CATALOGUE: CandidateTool[] = [
  {
    name: 'airport_search',
    description: 'find airports of a city',
    io: { inputs: ['query'], outputs: ['sky id', 'entity id'] },
  },
  {
    name: 'flight_search',
    description: 'search flights',
    io: { inputs: ['origin sky id', 'destination sky id', 'date'], outputs: ['flight id', 'price'] },
  },
  {
    name: 'flight_search_by_city',
    description: 'search flights by city',
    io: { inputs: ['city'], outputs: [] },
  },
  { name: 'hotel_search', description: 'search hotels in a city', io: { inputs: ['city'], outputs: [] } },
  { name: 'weather_get', description: 'weather of a city', io: { inputs: ['city'], outputs: [] } },
];
const QUERY = 'search flights from the city of Paris to Rome';

async function hybrid(tool: number[], end: number[] | null = null, endFloor = 1) {
  const cache = new EmbeddingCache(new LexicalEmbedder());
  const h = new ZeroShotHybrid(
    { catalogue: CATALOGUE, embedder: cache.embedder, seed: 1, cache },
    { fusion: 'learned', weights: { tool, end }, endFloor },
  );
  await h.fit();
  for (const history of [[], ['airport_search']]) await cache.warm(h.textsToEmbed({ query: QUERY, history }));
  return h;
}

describe('learned zero-shot fusion', () => {
  it('a 5-tool catalogue: the fusion ranks the tool first that its BM25 part does not (hand-checked)', async () => {
    const history = ['airport_search'];
    // BM25 alone: "search", "flights" and "city" all in flight_search_by_city — it is first.
    const lexical = await hybrid(weights({ bm25: 1 }));
    expect(lexical.rank({ query: QUERY, history })[0]?.tool).toBe('flight_search_by_city');
    // The io part alone: the sky id fills 2 of flight_search's 3 inputs ("date" is not returned).
    expect(ioMatch(CATALOGUE[1]!.io!.inputs, CATALOGUE[0]!.io!.outputs)).toBeCloseTo(2 / 3, 12);
    // Fused, bm25 + io: flight_search = bm25 + 2/3 > flight_search_by_city = 1 + 0.
    const fused = await hybrid(weights({ bm25: 1, io: 1 }));
    const r = fused.rank({ query: QUERY, history });
    expect(r[0]?.tool).toBe('flight_search');
    const p = fused.fusionPoint({ query: QUERY, history });
    expect(r[0]?.score).toBeCloseTo((p.ev.bm25[1] as number) + 2 / 3, 6);
    expect(r[0]?.why).toMatch(/67 % of its inputs from the last call/);
    // Before any call there is no last call: the words decide, END is never ranked.
    const first = fused.rank({ query: QUERY, history: [] });
    expect(first[0]?.tool).toBe('flight_search_by_city');
    expect(first.at(-1)?.tool).toBe(END_OF_PLAN);
    expect(first.at(-1)?.score).toBe(-Infinity);
  });

  it("END: the best called tool's score without its called-only terms plus e · end features (hand-checked)", () => {
    // Two rows: row 0 called (bm25 0.5, called 1, last 1), row 1 not (bm25 0.9).
    const w = weights({ bm25: 2, called: -3, last: 1 });
    const x = new Float32Array(2 * FEATURE_COUNT);
    x[FUSION_FEATURES.indexOf('bm25')] = 0.5;
    x[FUSION_FEATURES.indexOf('called')] = 1;
    x[FUSION_FEATURES.indexOf('last')] = 1;
    x[FEATURE_COUNT + FUSION_FEATURES.indexOf('bm25')] = 0.9;
    const scores = [2 * 0.5 - 3 + 1, 1.8];
    // END = 2·0.5 (the called terms −3 + 1 removed) + e · end = 1 + 0.25·1 + 1·0.4 = 1.65.
    const e = new Float32Array(END_FEATURE_COUNT);
    e[0] = 0.25;
    e[1] = 1;
    const end = Float32Array.of(1, 0.4, 0, 0, 0, 0);
    const s = endScore(w, e, x, scores, 2, end);
    expect(s.row).toBe(0);
    expect(s.score).toBeCloseTo(1.65, 6);
    // Nothing called: END cannot be scored.
    expect(
      endScore(
        w,
        e,
        x.map((v, i) => (i === FUSION_FEATURES.indexOf('called') ? 0 : v)),
        scores,
        2,
        end,
      ).score,
    ).toBe(-Infinity);
  });

  it('END floor: END is never ranked first when the floor is 2', async () => {
    // A huge END bias puts END first; the floor moves it to second.
    const end = [100, 0, 0, 0, 0, 0];
    const free = await hybrid(weights({ bm25: 1 }), end);
    expect(free.rank({ query: QUERY, history: ['airport_search'] })[0]?.tool).toBe(END_OF_PLAN);
    const floored = await hybrid(weights({ bm25: 1 }), end, 2);
    expect(floored.rank({ query: QUERY, history: ['airport_search'] })[1]?.tool).toBe(END_OF_PLAN);
  });

  it('repeat ceiling: the last called tool is kept in the top k when asked', async () => {
    // Masking called tools (weight −10) sends airport_search last of the tools (END, unscored, after it);
    // a ceiling of 2 brings it back to second.
    const w = weights({ bm25: 1, called: -10 });
    const masked = await hybrid(w);
    const history = ['airport_search'];
    expect(
      masked
        .rank({ query: QUERY, history })
        .slice(-2)
        .map((s) => s.tool),
    ).toEqual(['airport_search', END_OF_PLAN]);
    const cache = new EmbeddingCache(new LexicalEmbedder());
    const kept = new ZeroShotHybrid(
      { catalogue: CATALOGUE, embedder: cache.embedder, seed: 1, cache },
      { fusion: 'learned', weights: { tool: w, end: null }, repeatCeiling: 2 },
    );
    await kept.fit();
    await cache.warm(kept.textsToEmbed({ query: QUERY, history }));
    const r = kept.rank({ query: QUERY, history });
    expect(r[1]?.tool).toBe('airport_search');
    expect(r[0]?.tool).toBe('flight_search_by_city');
  });

  it('reciprocal ranks k/(k + rank) and the enumeration cue (hand-checked)', () => {
    expect(Array.from(reciprocalRanks([0.2, 0, 0.9], 10))).toEqual([10 / 12, 0, 10 / 11].map(Math.fround));
    expect(enumerationCue('weather in Paris')).toBe(0);
    expect(enumerationCue('weather in Paris and Rome')).toBeCloseTo(1 / 3, 12);
    expect(enumerationCue('find me 3 jokes, then two facts and more')).toBe(1);
  });

  it('counts the items a request enumerates (hand-checked)', () => {
    expect(enumeratedItems('public holidays in Japan and Germany')).toEqual({ list: 2, named: 0 });
    expect(enumeratedItems('holidays in Canada, and Mexico')).toEqual({ list: 3, named: 0 });
    expect(enumeratedItems('find me three random jokes')).toEqual({ list: 1, named: 3 });
    // Digits are not counts; "both" is two; separators stop counting at 4.
    expect(enumeratedItems('log into both accounts at 5 pm')).toEqual({ list: 1, named: 2 });
    expect(enumeratedItems('a, b, c, d, e and f')).toEqual({ list: 5, named: 0 });
  });

  it("tool likeness: TF-IDF cosine of two tools' texts (hand-checked)", async () => {
    // Docs [apple, pie], [apple, tart], [fish, soup]: idf(apple) = ln(4/3) + 1, the others ln 2 + 1, so
    // cos(pie, tart) = idf(apple)² / (idf(apple)² + (ln 2 + 1)²) = 0.3664; no shared word: 0.
    const tools: CandidateTool[] = ['apple_pie', 'apple_tart', 'fish_soup'].map((name) => ({
      name,
      description: '',
    }));
    const scorer = new ZeroShotScorer(tools, new EmbeddingCache(new LexicalEmbedder()));
    const a = Math.log(4 / 3) + 1;
    const b = Math.log(2) + 1;
    const sim = scorer.toolSimilarities(0);
    expect(sim[0]).toBeCloseTo(1, 12);
    expect(sim[1]).toBeCloseTo((a * a) / (a * a + b * b), 12);
    expect(sim[1]).toBeCloseTo(0.3664, 4);
    expect(sim[2]).toBe(0);
  });

  it('repeat and sibling features: the last tool again while the request has items left (hand-checked)', async () => {
    const tools: CandidateTool[] = [
      { name: 'jokes_random_get', description: 'get a random joke' },
      { name: 'jokes_search', description: 'search jokes by a word' },
      { name: 'weather_now', description: 'current weather of a city' },
    ];
    const query = 'find me three random jokes';
    const cache = new EmbeddingCache(new LexicalEmbedder());
    const make = async (tool: number[]) => {
      const h = new ZeroShotHybrid(
        { catalogue: tools, embedder: cache.embedder, seed: 1, cache },
        { fusion: 'learned', weights: { tool, end: null } },
      );
      await h.fit();
      for (const n of [0, 1, 2, 3])
        await cache.warm(h.textsToEmbed({ query, history: Array<string>(n).fill('jokes_random_get') }));
      return h;
    };
    const x = new Float32Array(FEATURE_COUNT);
    const col = (f: FusionFeature) => x[FUSION_FEATURES.indexOf(f)];
    const probe = await make(weights({ bm25: 1 }));
    // After one call of three: lastCount = lastList = 1 for the called tool (3 > 1 named, list 1 is not > 1).
    const once = probe.fusionPoint({ query, history: ['jokes_random_get'] });
    expect(once.lastCalls).toBe(1);
    featureRow(once, 0, x);
    expect([col('lastCount'), col('lastList'), col('simLast')]).toEqual([1, 0, 0]);
    // The sibling shares "jokes" with the last call (simLast > 0); the weather tool shares nothing.
    featureRow(once, 1, x);
    expect(col('simLast')).toBeGreaterThan(0);
    expect(col('lastCount')).toBe(0);
    featureRow(once, 2, x);
    expect(col('simLast')).toBe(0);
    // After three calls nothing named is left.
    const thrice = probe.fusionPoint({ query, history: Array<string>(3).fill('jokes_random_get') });
    featureRow(thrice, 0, x);
    expect(col('lastCount')).toBe(0);
    // Ranking: called tools masked (−10) send jokes_random_get below the sibling; lastCount 20 brings it
    // back first while items are left, and not after the third call.
    const masked = await make(weights({ bm25: 1, called: -10 }));
    expect(masked.rank({ query, history: ['jokes_random_get'] })[0]?.tool).toBe('jokes_search');
    const again = await make(weights({ bm25: 1, called: -10, lastCount: 20 }));
    expect(again.rank({ query, history: ['jokes_random_get'] })[0]?.tool).toBe('jokes_random_get');
    expect(again.rank({ query, history: Array<string>(3).fill('jokes_random_get') })[0]?.tool).toBe(
      'jokes_search',
    );
  });

  it('fits: the loss falls, the weight goes to the feature that marks the acceptable tool, same input ⇒ same weights', () => {
    // Toy points: 3 candidates; the acceptable one has io = 1 and bm25 0.4, a decoy bm25 1, one bm25 0.6.
    const bm = FUSION_FEATURES.indexOf('bm25');
    const io = FUSION_FEATURES.indexOf('io');
    const point = (shift: number): FusionExample => {
      const x = new Float32Array(3 * FEATURE_COUNT);
      x[bm] = 0.4 + shift;
      x[io] = 1;
      x[FEATURE_COUNT + bm] = 1;
      x[2 * FEATURE_COUNT + bm] = 0.6;
      return {
        x,
        m: 3,
        acceptable: Uint8Array.of(1, 0, 0),
        isEnd: false,
        end: new Float32Array(END_FEATURE_COUNT),
      };
    };
    const groups = [[point(0), point(0.1)], [point(0.2)]];
    const short = fitZeroShotFusion(groups, { epochs: 2, fitEnd: false });
    const long = fitZeroShotFusion(groups, { epochs: 100, fitEnd: false });
    expect(long.toolLoss).toBeLessThan(short.toolLoss);
    expect(long.tool[io]).toBeGreaterThan(long.tool[bm] as number);
    expect(long.end).toBeNull();
    expect(fitZeroShotFusion(groups, { epochs: 100, fitEnd: false }).tool).toEqual(long.tool);
  });
});

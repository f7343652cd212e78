import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { EmbeddingCache } from './embedding-cache';
import { END_OF_PLAN } from './retriever';
import { anchorToBm25, ZeroShotHybrid } from './zero-shot-hybrid';

const CATALOGUE = [
  { name: 'weather_get', description: 'weather forecast for a city' },
  { name: 'mail_send', description: 'send an email message' },
  { name: 'flight_book', description: 'book a flight ticket' },
];

const QUERIES = ['send the weather forecast by email', 'weather forecast for Paris', 'book a flight ticket'];

/** The third pass's fixed fusion ('score'); the learned fusion has its own tests (zero-shot-fusion.test.ts). */
async function hybrid(options = {}) {
  const cache = new EmbeddingCache(new LexicalEmbedder());
  const h = new ZeroShotHybrid(
    { catalogue: CATALOGUE, embedder: cache.embedder, seed: 1, cache },
    { fusion: 'score', ...options },
  );
  await h.fit();
  await cache.warm(QUERIES);
  return h;
}

describe('ZeroShotHybrid', () => {
  it('ranks by the fused zero-shot score and never stops before the first call', async () => {
    const h = await hybrid();
    const r = h.rank({ query: 'send the weather forecast by email', history: [] });
    expect(r.at(-1)?.tool).toBe(END_OF_PLAN);
    // Both mail_send and weather_get share words with the request; flight_book none: last of the tools.
    expect(
      r
        .slice(0, 2)
        .map((s) => s.tool)
        .sort(),
    ).toEqual(['mail_send', 'weather_get']);
    expect(r[2]?.tool).toBe('flight_book');
  });

  it('score stop rule (first pass): moves END up once the best-matching tool is called (δ ≥ 0)', async () => {
    const h = await hybrid({ stop: 'score', bm25Anchor: 0 });
    const q = 'weather forecast for Paris';
    // After weather_get, δ = u(weather_get) − best other u = 1 − (something < 1) > 0, so END = θ + δ > 1 ≥
    // every tool's max-normalised score (weather_get's own is at most 1 with ρ = 1).
    const after = h.rank({ query: q, history: ['weather_get'] });
    expect(after[0]?.tool).toBe(END_OF_PLAN);
    // Nothing called yet: END is last.
    expect(h.rank({ query: q, history: [] }).at(-1)?.tool).toBe(END_OF_PLAN);
    // With the stop rule off (θ very low), END is last after calls too.
    const noStop = await hybrid({ stop: 'score', bm25Anchor: 0, endOffset: -1e9 });
    expect(noStop.rank({ query: q, history: ['weather_get'] }).at(-1)?.tool).toBe(END_OF_PLAN);
  });

  it('fuses by reciprocal rank when asked: tools ranked by 1/(k + rank) sums', async () => {
    const h = await hybrid({ fusion: 'rrf', rrfK: 1 });
    const r = h.rank({ query: 'book a flight ticket', history: [] });
    expect(r[0]?.tool).toBe('flight_book');
    // flight_book is first by BM25 and by cosine: 1/(1+1) + 1/(1+1) = 1, the max, so its score is 1.
    expect(r[0]?.score).toBeCloseTo(1, 10);
  });

  it('afterCalled stop: END right below the called tool when nothing else is asked', async () => {
    const h = await hybrid();
    // "paris" matches no tool, so the residual is empty: weather_get keeps the top (it may be called again,
    // for another city) and END ties with it, a tool first on a tie.
    const r = h.rank({ query: 'weather forecast for Paris', history: ['weather_get'] });
    expect(r.slice(0, 2).map((s) => s.tool)).toEqual(['weather_get', END_OF_PLAN]);
  });

  it('afterCalled stop: the rest of the request ranks above the called tool and END', async () => {
    const h = await hybrid();
    // After weather_get, "send … email" is left: mail_send gets the whole residual and moves first; END stays
    // just below weather_get.
    const r = h.rank({ query: 'send the weather forecast by email', history: ['weather_get'] });
    expect(r.slice(0, 3).map((s) => s.tool)).toEqual(['mail_send', 'weather_get', END_OF_PLAN]);
  });

  it('anchors to BM25 by reciprocal rank, END keeping its hybrid rank (hand-checked)', () => {
    // Hybrid order: tool 0, tool 2, END (= 3), tool 1. BM25: tool 1 (1) then tool 0 (0.2); tool 2 has no word.
    // k = 1, β = 1: tool 0 = 1/2 + 1/3, tool 1 = 1/5 + 1/2, tool 2 = 1/3 (no BM25 term), END = 2/4.
    const s = anchorToBm25([0, 2, 3, 1], [0.2, 1, 0], 3, 1, 1);
    expect(s[0]).toBeCloseTo(5 / 6, 12);
    expect(s[1]).toBeCloseTo(0.7, 12);
    expect(s[2]).toBeCloseTo(1 / 3, 12);
    expect(s[3]).toBeCloseTo(0.5, 12);
    // Resulting order: tool 0, tool 1, END, tool 2 — BM25's favourite moved from 4th to 2nd, END did not move
    // above a tool it was below.
    const order = [0, 1, 2, 3].sort((a, b) => (s[b] as number) - (s[a] as number));
    expect(order).toEqual([0, 1, 3, 2]);
  });

  it('matches on schema details when the description lacks the words', async () => {
    const catalogue = [
      { name: 'trip_search', description: 'search trips', details: 'Parameters: origin: departure city' },
      { name: 'city_list', description: 'list cities of a country' },
    ];
    const ranked = async (details: boolean) => {
      const cache = new EmbeddingCache(new LexicalEmbedder());
      const h = new ZeroShotHybrid(
        { catalogue, embedder: cache.embedder, seed: 1, cache },
        { details, fusion: 'score' },
      );
      await h.fit();
      await cache.warm(['trips from my departure city']);
      return h.rank({ query: 'trips from my departure city', history: [] }).map((s) => s.tool);
    };
    expect((await ranked(true))[0]).toBe('trip_search');
    // Without details both share one word ("trips" / "city"): the order falls to the rest of the evidence,
    // but trip_search no longer has "departure" and "city" — its BM25 lead is gone.
    const cache = new EmbeddingCache(new LexicalEmbedder());
    const plain = new ZeroShotHybrid(
      { catalogue, embedder: cache.embedder, seed: 1, cache },
      { details: false, fusion: 'score' },
    );
    await plain.fit();
    await cache.warm(['departure city']);
    expect(plain.rank({ query: 'departure city', history: [] })[0]?.tool).toBe('city_list');
  });

  it('adaptive fusion: BM25 weight a + (1 − a)·(1 − s₂/s₁) per request (hand-checked)', async () => {
    const bm25 = Float32Array.from([1, 0.4, 0]);
    // residual === bm25: before any call (no residual step).
    const zeros = new Float32Array(3);
    const ev = {
      bm25,
      cos: Float32Array.from([0, 1, 0.5]),
      residual: bm25,
      tfidfRaw: new Float64Array(3),
      tfidf: zeros,
      residualTfidfRaw: new Float64Array(3),
      residualTfidf: zeros,
      cover: 0,
      residualText: '',
    };
    // a = 0.5 + 0.5·(1 − 0.4) = 0.8: u = [0.8, 0.32 + 0.2, 0.1] / 0.8 = [1, 0.65, 0.125].
    const adaptive = await hybrid({ adaptive: true });
    const u = adaptive.fused(ev, false);
    [1, 0.65, 0.125].forEach((x, i) => expect(u[i]).toBeCloseTo(x, 6));
    // Fixed a = 0.5: u = [0.5, 0.7, 0.25] / 0.7 — the cosine's favourite wins.
    const fixed = await hybrid({ adaptive: false });
    const v = fixed.fused(ev, false);
    [0.5 / 0.7, 1, 0.25 / 0.7].forEach((x, i) => expect(v[i]).toBeCloseTo(x, 6));
  });
});

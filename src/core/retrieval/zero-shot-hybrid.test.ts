import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { EmbeddingCache } from './embedding-cache';
import { END_OF_PLAN } from './retriever';
import { ZeroShotHybrid } from './zero-shot-hybrid';

const CATALOGUE = [
  { name: 'weather_get', description: 'weather forecast for a city' },
  { name: 'mail_send', description: 'send an email message' },
  { name: 'flight_book', description: 'book a flight ticket' },
];

const QUERIES = ['send the weather forecast by email', 'weather forecast for Paris', 'book a flight ticket'];

async function hybrid(options = {}) {
  const cache = new EmbeddingCache(new LexicalEmbedder());
  const h = new ZeroShotHybrid({ catalogue: CATALOGUE, embedder: cache.embedder, seed: 1, cache }, options);
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

  it('moves END up once the best-matching tool is called (coverage δ ≥ 0)', async () => {
    const h = await hybrid();
    const q = 'weather forecast for Paris';
    // After weather_get, δ = u(weather_get) − best other u = 1 − (something < 1) > 0, so END = θ + δ > 1 ≥
    // every tool's max-normalised score (weather_get's own is at most 1 with ρ = 1).
    const after = h.rank({ query: q, history: ['weather_get'] });
    expect(after[0]?.tool).toBe(END_OF_PLAN);
    // Nothing called yet: END is last.
    expect(h.rank({ query: q, history: [] }).at(-1)?.tool).toBe(END_OF_PLAN);
    // With the stop rule off (θ very low), END is last after calls too.
    const noStop = await hybrid({ endOffset: -1e9 });
    expect(noStop.rank({ query: q, history: ['weather_get'] }).at(-1)?.tool).toBe(END_OF_PLAN);
  });

  it('fuses by reciprocal rank when asked: tools ranked by 1/(k + rank) sums', async () => {
    const h = await hybrid({ fusion: 'rrf', rrfK: 1 });
    const r = h.rank({ query: 'book a flight ticket', history: [] });
    expect(r[0]?.tool).toBe('flight_book');
    // flight_book is first by BM25 and by cosine: 1/(1+1) + 1/(1+1) = 1, the max, so its score is 1.
    expect(r[0]?.score).toBeCloseTo(1, 10);
  });
});

import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { EmbeddingCache } from './embedding-cache';
import { PlainTextScorer } from './plain-text-scores';
import type { CandidateTool } from './retriever';
import { ZeroShotHybrid } from './zero-shot-hybrid';

// "city" is in weather_now's parameters only, and in city_guide's name and description.
const TOOLS: CandidateTool[] = [
  { name: 'weather_now', description: 'current weather', details: 'Parameters: city: the city name' },
  { name: 'city_guide', description: 'a guide to a city' },
  { name: 'news_today', description: 'top news' },
];

describe('plain-text view of the catalogue', () => {
  it('scores name + description only: a word the details alone hold does not count (hand-checked)', () => {
    const ev = new PlainTextScorer(TOOLS).scores('a city');
    expect(Array.from(ev.bm25)).toEqual([0, 1, 0]);
    expect(Array.from(ev.tfidf)).toEqual([0, 1, 0]);
    expect(Array.from(ev.rrBm25)).toEqual([0, 10 / 11, 0].map(Math.fround));
    // "weather" is in weather_now's name and description: it alone scores.
    expect(Array.from(new PlainTextScorer(TOOLS).scores('weather').bm25)).toEqual([1, 0, 0]);
  });

  it("the hybrid's detailed view sees the details, its plain view does not", async () => {
    const cache = new EmbeddingCache(new LexicalEmbedder());
    const h = new ZeroShotHybrid({ catalogue: TOOLS, embedder: cache.embedder, seed: 1, cache });
    await h.fit();
    await cache.warm(h.textsToEmbed({ query: 'a city', history: [] }));
    const p = h.fusionPoint({ query: 'a city', history: [] });
    expect(p.ev.bm25[0]).toBeGreaterThan(0);
    expect(p.plain.bm25[0]).toBe(0);
    expect(p.plain.bm25[1]).toBe(1);
  });
});

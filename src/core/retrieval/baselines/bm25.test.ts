import { describe, expect, it } from 'vitest';
import { Bm25Index, Bm25Retriever } from './bm25';

describe('BM25', () => {
  // Hand example, k1 = 1.2, b = 0.75. Documents (lengths 3, 3, 2; avgdl = 8/3):
  //   d0 = weather forecast city, d1 = weather weather alert, d2 = send email.   N = 3.
  //   idf(weather) = ln(1 + (3 − 2 + 0.5)/(2 + 0.5)) = ln 1.6   = 0.470003629245736
  //   idf(city)    = ln(1 + (3 − 1 + 0.5)/(1 + 0.5)) = ln(8/3) = 0.980829253011726
  //   length norm for |d| = 3: 1 − 0.75 + 0.75·3/(8/3) = 1.09375, so k1·norm = 1.3125
  //   tf = 1: idf · 2.2 / (1 + 1.3125) = idf · 0.951351351…
  //   tf = 2: idf · 4.4 / (2 + 1.3125) = idf · 1.328301886…
  // Query "weather city":
  //   d0 = 0.470003629·0.951351351 + 0.980829253·0.951351351 = 0.447138588 + 0.933113235 = 1.380251823
  //   d1 = 0.470003629·1.328301887 = 0.624306708;   d2 = 0.
  const docs = [
    ['weather', 'forecast', 'city'],
    ['weather', 'weather', 'alert'],
    ['send', 'email'],
  ];

  it('scores the hand example exactly', () => {
    const s = new Bm25Index(docs).scores(['weather', 'city']);
    expect(s[0]).toBeCloseTo(1.3802518231206125, 6);
    expect(s[1]).toBeCloseTo(0.6243067075264112, 6);
    expect(s[2]).toBe(0);
  });

  it('ignores words no document has, and counts a repeated query word twice', () => {
    const idx = new Bm25Index(docs);
    expect(idx.scores(['unknown'])[0]).toBe(0);
    expect(idx.scores(['city', 'city'])[0]).toBeCloseTo(2 * 0.9331132352976423, 6);
  });

  it('ranks tools by name words + description, only those sharing a word, scores summing to 1', () => {
    const r = new Bm25Retriever({
      catalogue: [
        { name: 'getWeather', description: 'Weather forecast for a city' },
        { name: 'send_email', description: 'Sends an email' },
      ],
      embedder: { id: 'none', dimension: 1, embed: async () => [] },
      seed: 1,
    });
    const ranked = r.rank({ query: 'What is the weather in Paris?', history: [] });
    expect(ranked.map((x) => x.tool)).toEqual(['getWeather']);
    expect(ranked[0]?.score).toBeCloseTo(1, 12);
  });
});

import { describe, expect, it } from 'vitest';
import { TfIdfIndex } from './tfidf';

describe('TfIdfIndex', () => {
  // Three tools; idf(w) = ln((1 + 3) / (1 + df)) + 1.
  const docs = [
    ['weather', 'city', 'weather'],
    ['mail', 'send'],
    ['city', 'list'],
  ];
  const index = new TfIdfIndex(docs);
  const idf1 = Math.log(4 / 2) + 1; // df = 1
  const idf2 = Math.log(4 / 3) + 1; // df = 2 ("city")

  it('weights a word by (1 + ln tf)·idf and normalises (hand-checked)', () => {
    const v = index.vector(['weather', 'city', 'weather']);
    const w = (1 + Math.log(2)) * idf1;
    const c = idf2;
    const norm = Math.hypot(w, c);
    expect(v.get('weather')).toBeCloseTo(w / norm, 12);
    expect(v.get('city')).toBeCloseTo(c / norm, 12);
  });

  it('scores the cosine with every tool; a word no tool has weighs nothing', () => {
    const s = index.scores(['city', 'paris']);
    // The request's vector is city alone (paris is unknown): cosine = the tool's city weight.
    const w = (1 + Math.log(2)) * idf1;
    expect(s[0]).toBeCloseTo(idf2 / Math.hypot(w, idf2), 12);
    expect(s[1]).toBe(0);
    expect(s[2]).toBeCloseTo(idf2 / Math.hypot(idf2, idf1), 12);
    // The short tool whose text is mostly "city" beats the one that repeats "weather": sublinear tf and
    // length normalisation, unlike BM25's saturation, reward a tool whose whole text is about the request.
    expect(s[2]).toBeGreaterThan(s[0] as number);
    expect(Math.max(...index.scores(['mail', 'send']))).toBeCloseTo(1, 12);
  });
});

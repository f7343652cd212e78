import { describe, expect, it } from 'vitest';
import { scoreText } from './retrieval-score-text';

/** Second QA pass: on a world with no tools the Next tool tab read "stop (end of plan) score -Infinity". */
describe('scoreText on a score that is not a number a person can read', () => {
  it.each([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NaN])('says "no score" for %s', (s) => {
    for (const method of ['hybrid', 'bm25', 'dtdrL']) {
      const t = scoreText(method, s);
      expect(t.text).toBe('no score');
      expect(t.text).not.toMatch(/Infinity|NaN/);
      expect(t.title).toContain(method);
    }
  });

  it('still shows finite scores and probabilities as before', () => {
    expect(scoreText('hybrid', 0.5).text).toBe('score 0.500');
    expect(scoreText('dtdrL', 0.546).text).toBe('54.6 %');
  });
});

import { describe, expect, it } from 'vitest';
import { scoreLegend, scoreText } from './retrieval-score-text';

describe('next-tool scores in the Next tool tab (QA R16)', () => {
  it('shows a percentage only for methods whose output is a probability', () => {
    expect(scoreText('dtdrL', 0.875).text).toBe('87.5 %');
    expect(scoreText('staticLR', 0.0421).text).toBe('4.2 %');
    // The hybrid's top tool is its max-normalised mixture: 0.997 for an emoji-only request, not 99.7 %.
    expect(scoreText('hybrid', 0.99712).text).toBe('score 0.997');
    expect(scoreText('bm25', 0.5).text).toBe('score 0.500');
    expect(scoreText('qts', 0.6234).text).toBe('score 0.623');
    for (const m of ['hybrid', 'bm25', 'qts', 'dtdrC', 'staticDependency']) {
      expect(scoreText(m, 0.9).text).not.toContain('%');
      expect(scoreText(m, 0.9).title).toContain('not a probability');
      expect(scoreLegend(m)).toContain('not probabilities');
    }
    expect(scoreLegend('dtdrL')).toContain('probability of being next');
  });
});

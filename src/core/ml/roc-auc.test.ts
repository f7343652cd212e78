import { describe, expect, it } from 'vitest';
import { rocAuc } from './roc-auc';

describe('rocAuc', () => {
  it('counts positive-over-negative pairs, ties as one half', () => {
    // Positives 0.9, 0.4, 0.4; negatives 0.4, 0.1. Pairs (pos, neg):
    //   0.9 > 0.4, 0.9 > 0.1, 0.4 = 0.4 (½), 0.4 > 0.1, 0.4 = 0.4 (½), 0.4 > 0.1 → 5 / 6
    expect(rocAuc([0.9, 0.4, 0.4, 0.4, 0.1], [1, 1, 1, 0, 0])).toBeCloseTo(5 / 6, 12);
  });
  it('is 1 for a perfect ranking, 0 for a reversed one, ½ when all scores tie', () => {
    expect(rocAuc([3, 2, 1, 0], [1, 1, 0, 0])).toBe(1);
    expect(rocAuc([0, 1, 2, 3], [1, 1, 0, 0])).toBe(0);
    expect(rocAuc([7, 7, 7, 7], [1, 0, 1, 0])).toBe(0.5);
  });
  it('does not depend on input order and matches the O(n²) pair count on random data', () => {
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const scores = Array.from({ length: 300 }, () => Math.round(rand() * 20) / 20);
    const labels = scores.map(() => (rand() < 0.4 ? 1 : 0));
    let wins = 0;
    let pairs = 0;
    scores.forEach((s, i) =>
      scores.forEach((t, j) => {
        if (labels[i] !== 1 || labels[j] !== 0) return;
        pairs++;
        wins += s > t ? 1 : s === t ? 0.5 : 0;
      }),
    );
    expect(rocAuc(Float32Array.from(scores), labels)).toBeCloseTo(wins / pairs, 10);
  });
  it('is NaN without both classes and rejects labels other than 0/1', () => {
    expect(rocAuc([1, 2], [1, 1])).toBeNaN();
    expect(() => rocAuc([1, 2], [1, 0.5])).toThrow(RangeError);
  });
});

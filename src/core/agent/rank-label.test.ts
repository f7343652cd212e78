import { describe, expect, it } from 'vitest';
import { rankLabel } from './rank-label';

describe('rankLabel', () => {
  it('names a sub-intent by its number and a precursor by the sub-intent it comes before', () => {
    expect(rankLabel(2)).toBe('#2');
    expect(rankLabel(1.5)).toBe("#2's first step");
    expect(rankLabel(0.5)).toBe("#1's first step");
  });
});

import { describe, expect, it } from 'vitest';
import { mean, pairedInterval } from './stats';

describe('pairedInterval', () => {
  it('gives the mean difference and 1.96 standard errors', () => {
    const r = pairedInterval([1, 1, 0, 1], [0, 1, 0, 0]);
    expect(r.mean).toBeCloseTo(0.5);
    // differences 1,0,0,1: sd = 0.577, se = 0.289
    expect(r.half).toBeCloseTo((1.96 * 0.57735) / 2, 3);
    expect(pairedInterval([1], [0])).toEqual({ mean: 1, half: 0, n: 1 });
    expect(mean([])).toBe(0);
  });
});

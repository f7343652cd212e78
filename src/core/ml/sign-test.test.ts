import { describe, expect, it } from 'vitest';
import { signTestPValue } from './sign-test';

describe('one-sided sign test', () => {
  it('matches hand-computed binomial tails', () => {
    // 4 wins, 0 losses: 1/16. 6–0: 1/64. 2–1: (C(3,2) + C(3,3)) / 8 = 4/8.
    expect(signTestPValue(4, 0)).toBeCloseTo(0.0625, 12);
    expect(signTestPValue(6, 0)).toBeCloseTo(0.015625, 12);
    expect(signTestPValue(2, 1)).toBeCloseTo(0.5, 12);
    // 8–2: (C(10,8) + C(10,9) + C(10,10)) / 1024 = 56/1024.
    expect(signTestPValue(8, 2)).toBeCloseTo(56 / 1024, 12);
  });

  it('is 1 when nothing differs or the change only loses, and refuses bad counts', () => {
    expect(signTestPValue(0, 0)).toBe(1);
    expect(signTestPValue(0, 3)).toBe(1);
    expect(() => signTestPValue(-1, 2)).toThrow(RangeError);
  });
});

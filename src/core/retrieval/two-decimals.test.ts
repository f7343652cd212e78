import { expect, it } from 'vitest';
import { twoDecimals } from './two-decimals';

it('formats like toFixed(2), from the table inside [0, 1]', () => {
  for (const x of [0, 0.004, 0.006, 0.1, 0.25, 0.333, 0.5, 0.999, 1])
    expect(twoDecimals(x)).toBe(x.toFixed(2));
  expect(twoDecimals(1.5)).toBe('1.50');
  expect(twoDecimals(-0.2)).toBe('-0.20');
});

import { describe, expect, it } from 'vitest';
import { leaves } from './value-flow';

describe('value flow helpers', () => {
  it('finds list and dict members but not trivial values', () => {
    expect(leaves({ a: ['x@y.z', true, 3, 42], b: { c: 'Paris' } })).toEqual(['x@y.z', 42, 'Paris']);
    expect(leaves('')).toEqual([]);
  });
});

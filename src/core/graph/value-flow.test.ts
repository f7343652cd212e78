import { describe, expect, it } from 'vitest';
import { leaves, parseRefs } from './value-flow';

describe('value flow helpers', () => {
  it('parses plan references, whole and embedded', () => {
    expect(parseRefs('$0.skyId')).toEqual([{ fromCall: 0, field: 'skyId' }]);
    expect(parseRefs('$2')).toEqual([{ fromCall: 2, field: null }]);
    expect(parseRefs('$1.items[0].id')).toEqual([{ fromCall: 1, field: 'items' }]);
    expect(parseRefs('from {$0.city} to {$3.city}')).toEqual([
      { fromCall: 0, field: 'city' },
      { fromCall: 3, field: 'city' },
    ]);
    expect(parseRefs('costs $5')).toEqual([]);
    expect(parseRefs('no refs here')).toEqual([]);
    expect(parseRefs(['$1.a', 'x'])).toEqual([{ fromCall: 1, field: 'a' }]);
  });

  it('finds list and dict members but not trivial values', () => {
    expect(leaves({ a: ['x@y.z', true, 3, 42], b: { c: 'Paris' } })).toEqual(['x@y.z', 42, 'Paris']);
    expect(leaves('')).toEqual([]);
  });
});

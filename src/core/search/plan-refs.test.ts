import { describe, expect, it } from 'vitest';
import { orderSteps, rewriteRefs, rewriteStep, substituteRefs, UnresolvedRefError } from './plan-refs';

describe('plan references', () => {
  const outputs = { 0: { city_name: 'Paris', tags: ['a', 'b'] }, 1: 'plain text', 2: { result: 7 } };

  it('substitutes whole references by value and embedded ones by text', () => {
    expect(
      substituteRefs(
        {
          city: '$0.city_name',
          first: '$0.tags[0]',
          whole: '$1',
          plain: '$1.result',
          keyed: '$2.result',
          text: 'Weather in {$0.city_name} please',
          list: ['$0.city_name', 'x'],
          price: '$5 off',
        },
        outputs,
      ),
    ).toEqual({
      city: 'Paris',
      first: 'a',
      whole: 'plain text',
      plain: 'plain text',
      keyed: 7,
      text: 'Weather in Paris please',
      list: ['Paris', 'x'],
      price: '$5 off',
    });
    expect(() => substituteRefs('$0.country', outputs)).toThrow(UnresolvedRefError);
    expect(() => substituteRefs('$4.city', outputs)).toThrow('step 4 has not run');
  });

  it('rewrites reference heads, keeping deeper paths and other steps', () => {
    const fn = (k: number, f: string | null) => (k === 1 ? `$9.${f === 'a' ? 'b' : 'c'}` : null);
    expect(rewriteRefs({ x: '$1.a[0].name', y: 'see {$1.a}', z: ['$0.a', '$1.q'] }, fn)).toEqual({
      x: '$9.b[0].name',
      y: 'see {$9.b}',
      z: ['$0.a', '$9.c'],
    });
    expect(rewriteStep({ step: 3, tool: 't', args: { v: '$1.a' }, deps: [1, 2] }, fn, new Set([1]))).toEqual({
      step: 3,
      tool: 't',
      args: { v: '$9.b' },
      deps: [2, 9],
    });
  });

  it('orders steps so producers come first, leaving an ordered plan unchanged', () => {
    const a = { step: 0, tool: 'a', args: {}, deps: [] };
    const b = { step: 5, tool: 'b', args: { x: '$0.x' }, deps: [0] };
    const c = { step: 2, tool: 'c', args: { y: '$5.y' }, deps: [] };
    expect(orderSteps([a, b, c])).toEqual([a, b, c]);
    expect(orderSteps([c, a, b]).map((s) => s.step)).toEqual([0, 5, 2]);
  });
});

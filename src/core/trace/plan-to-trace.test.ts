import { describe, expect, it } from 'vitest';
import { planToTrace } from './plan-to-trace';

describe('planToTrace', () => {
  it('renumbers references and deps to call indices, leaving money and prose as written', () => {
    const trace = planToTrace({
      id: 't1',
      query: 'q',
      plan: [
        {
          step: 3,
          tool: 'find',
          args: { q: 'a $5 budget', price: '$1.5', note: 'costs $3, US$10' },
          deps: [],
        },
        {
          step: 5,
          tool: 'book',
          args: {
            id: '$3.id',
            first: '$3.items[0].id',
            text: 'book {$3.name} for $3',
            escaped: '\\{$3.name}',
            whole: ['$3'],
            unknown: '$9.x',
          },
          deps: [3],
        },
      ],
    });
    expect(trace.calls.map((c) => c.args)).toEqual([
      { q: 'a $5 budget', price: '$1.5', note: 'costs $3, US$10' },
      {
        id: '$0.id',
        first: '$0.items.0.id',
        text: 'book {$0.name} for $3',
        escaped: '\\{$3.name}',
        whole: ['$0'],
        unknown: '$9.x',
      },
    ]);
    expect(trace.calls.map((c) => c.deps)).toEqual([[], [0]]);
    expect(trace.calls.every((c) => c.status === 'ok')).toBe(true);
  });

  it('keeps a plan already numbered 0..n-1 byte for byte', () => {
    const plan = [
      { step: 0, tool: 'a', args: { budget: '$5', p: '$0.5 each' }, deps: [] },
      { step: 1, tool: 'b', args: { x: '$0.author[0].id', y: '5 * {$0.Exchange Rate}' }, deps: [0] },
    ];
    expect(planToTrace({ id: 't', query: '', plan }).calls.map((c) => c.args)).toEqual(
      plan.map((s) => s.args),
    );
  });
});

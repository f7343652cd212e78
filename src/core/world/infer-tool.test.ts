import { describe, expect, it } from 'vitest';
import { inferToolFromCall } from './infer-tool';

describe('inferToolFromCall', () => {
  it('types literal arguments and leaves references untyped, money being a literal', () => {
    const t = inferToolFromCall('pay', {
      to: '$0.account',
      all: '$1',
      amount: '$5 budget',
      price: '$1.5',
      n: 3,
    });
    expect(t.parameters.properties).toEqual({
      to: { description: '' },
      all: { description: '' },
      amount: { type: 'string', description: '' },
      price: { type: 'string', description: '' },
      n: { type: 'integer', description: '' },
    });
  });
});

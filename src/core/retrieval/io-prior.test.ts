import { describe, expect, it } from 'vitest';
import { ioKey, ioMatch, toolIo } from './io-prior';

describe('io prior', () => {
  it('standardises names to content words: snake, camel and kebab case meet', () => {
    expect(ioKey('originSkyId')).toBe('origin sky id');
    expect(ioKey('origin_sky_id')).toBe('origin sky id');
    expect(ioKey('the-cities')).toBe('city');
  });

  it('reads required inputs (or every parameter when none is required) and output names', () => {
    const io = toolIo(
      {
        type: 'object',
        properties: { originSkyId: {}, date: {}, adults: {} },
        required: ['originSkyId', 'date'],
      },
      { type: 'object', properties: { flight_id: {}, price: {} } },
    );
    expect(io).toEqual({ inputs: ['origin sky id', 'date'], outputs: ['flight id', 'price'] });
    expect(toolIo({ properties: { q: {}, page: {} } }, null)).toEqual({ inputs: ['q', 'page'], outputs: [] });
  });

  it('scores the share of inputs an output fills (hand-checked)', () => {
    // "sky id" fills "origin sky id" (same last word, contained); "date" is not returned: 1 of 2.
    expect(ioMatch(['origin sky id', 'date'], ['sky id', 'entity id'])).toBe(0.5);
    // Same name: filled. A different last word: not ("user name" does not fill "user id").
    expect(ioMatch(['user id'], ['user id'])).toBe(1);
    expect(ioMatch(['user id'], ['user name'])).toBe(0);
    expect(ioMatch([], ['x'])).toBe(0);
    expect(ioMatch(['x'], [])).toBe(0);
  });
});

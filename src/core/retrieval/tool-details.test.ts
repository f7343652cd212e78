import { describe, expect, it } from 'vitest';
import { detailedToolText, toolDetails } from './tool-details';

const PARAMS = {
  type: 'object',
  properties: {
    origin: { type: 'string', description: ' Departure airport ' },
    date: { type: 'string' },
  },
};
const RETURNS = { type: 'object', properties: { price: { type: 'number' }, flight_id: { type: 'string' } } };

describe('toolDetails', () => {
  it('lists parameter names with their descriptions, output names on request', () => {
    expect(toolDetails(PARAMS, RETURNS)).toBe('Parameters: origin: Departure airport; date');
    expect(toolDetails(PARAMS, RETURNS, { parameters: true, returns: true })).toBe(
      'Parameters: origin: Departure airport; date Returns: price, flight_id',
    );
    expect(toolDetails({ type: 'object' }, null)).toBe('');
    expect(toolDetails(undefined, RETURNS, { parameters: false, returns: true })).toBe(
      'Returns: price, flight_id',
    );
  });

  it('appends details to name words and description only when there are some', () => {
    expect(
      detailedToolText({ name: 'flightSearch', description: 'Find flights.', details: 'Parameters: origin' }),
    ).toBe('flight search: Find flights. Parameters: origin');
    expect(detailedToolText({ name: 'flightSearch', description: 'Find flights.' })).toBe(
      'flight search: Find flights.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PastRequests } from './past-requests';

describe('PastRequests.familiarity', () => {
  const past = new PastRequests([{ query: 'Book a train ticket to Paris' }, { query: 'Weather in Rome' }]);

  it('is the largest word overlap (Jaccard) with a past request', () => {
    // {book, train, rome} vs {book, train, ticket, paris}: 2 shared of 5 → 0.4; vs {weather, rome}: 1 of 4.
    expect(past.familiarity('Book a train to Rome')).toBeCloseTo(0.4, 10);
    expect(past.familiarity('weather in Rome')).toBe(1);
  });

  it('is 0 for a request that shares no word, and on a world without requests', () => {
    expect(past.familiarity('convert 3 miles to km')).toBe(0);
    expect(new PastRequests([]).familiarity('Book a train')).toBe(0);
  });
});

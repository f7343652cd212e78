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

describe('PastRequests.leaveOneOutQuantile', () => {
  // {book, train, ticket, paris}, {book, train, ticket, rome}, {weather, rome}: each request against the
  // others — the first two share 3 of 5 words (0.6); the third shares "rome" with the second (1 of 5 =
  // 0.2). Sorted: 0.2, 0.6, 0.6.
  const past = new PastRequests([
    { query: 'Book a train ticket to Paris' },
    { query: 'Book a train ticket to Rome' },
    { query: 'Weather in Rome' },
  ]);

  it('is the quantile of each past request’s familiarity with the others (hand-checked)', () => {
    expect(past.leaveOneOutQuantile(0)).toBeCloseTo(0.2, 10);
    expect(past.leaveOneOutQuantile(0.5)).toBeCloseTo(0.6, 10);
    expect(past.leaveOneOutQuantile(1)).toBeCloseTo(0.6, 10);
    // A request is never compared with itself: with it, every figure would be 1.
    expect(past.familiarity('Weather in Rome')).toBe(1);
  });

  it('is 1 with fewer than two past requests: only a repeat counts as familiar', () => {
    expect(new PastRequests([{ query: 'Weather in Rome' }]).leaveOneOutQuantile(0.05)).toBe(1);
    expect(new PastRequests([]).leaveOneOutQuantile(0.05)).toBe(1);
  });
});

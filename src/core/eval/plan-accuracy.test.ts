import { describe, expect, it } from 'vitest';
import type { GoldStep } from './eval-task';
import { argumentAccuracy, planExact } from './plan-accuracy';
import { flights, ok } from './gold-plan-fixtures.test-util';

describe('planExact: the right tools, in any order', () => {
  it('holds for the gold tools as a multiset, and fails on one look-up too few or a failed call', () => {
    const calls = [ok('FlightSearch', {}), ok('SearchAirport', {}), ok('SearchAirport', {})];
    expect(planExact(flights, calls)).toBe(true);
    expect(planExact(flights, calls.slice(0, 2))).toBe(false);
    expect(planExact(flights, [...calls.slice(0, 2), { ...calls[2]!, status: 'error' }])).toBe(false);
    expect(planExact(flights, [...calls, ok('SearchAirport', {})])).toBe(false);
  });
});

describe('argumentAccuracy: gold arguments got right, references read from the matched producers', () => {
  it('counts 3 of 5 when the two ends of the flight are swapped', () => {
    const calls = [
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
      ok('SearchAirport', { query: 'new york' }, { skyId: 'NYCA' }),
      // Origin London's id, destination New York's: only the date of the search is right.
      ok('FlightSearch', { origin: 'LOND', destination: 'NYCA', date: '2024-08-15' }),
    ];
    expect(argumentAccuracy(flights, calls)).toEqual({ matched: 3, total: 5 });
    const right = [
      ...calls.slice(0, 2),
      ok('FlightSearch', { origin: 'NYCA', destination: 'LOND', date: '2024-08-15' }),
    ];
    expect(argumentAccuracy(flights, right)).toEqual({ matched: 5, total: 5 });
  });

  it('counts a step no call did as all wrong, and leaves out what has nothing to compare', () => {
    const plan: GoldStep[] = [
      { step: 0, tool: 'a', args: { x: 1, note: '' }, deps: [] },
      { step: 1, tool: 'b', args: { y: 2 }, deps: [] },
    ];
    // `note: ""` left out is free; b was never called.
    expect(argumentAccuracy(plan, [ok('a', { x: 1 })])).toEqual({ matched: 1, total: 2 });
    expect(argumentAccuracy(plan, [])).toEqual({ matched: 0, total: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import type { GoldStep } from './eval-task';
import { flights, ok } from './gold-plan-fixtures.test-util';
import { matchPlan, toolF1, type ExecutedCall } from './tsr';

describe('matchPlan (TSR)', () => {
  it('accepts the gold plan in its own order', () => {
    const calls = [
      ok('SearchAirport', { query: 'New York' }, { skyId: 'NYCA' }),
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
      ok('FlightSearch', { origin: 'NYCA', destination: 'LOND', date: '2024-08-15' }),
    ];
    expect(matchPlan(flights, calls).solved).toBe(true);
  });

  it('accepts independent calls in another order', () => {
    const calls = [
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
      ok('SearchAirport', { query: 'new york' }, { skyId: 'NYCA' }),
      ok('FlightSearch', { date: '2024-08-15', origin: 'NYCA', destination: 'LOND' }),
    ];
    const m = matchPlan(flights, calls);
    expect(m.solved).toBe(true);
    expect(m.assignment.get(0)).toBe(1);
    expect(m.assignment.get(1)).toBe(0);
  });

  it('rejects a call made before the call it depends on', () => {
    const calls = [
      ok('SearchAirport', { query: 'New York' }, { skyId: 'NYCA' }),
      ok('FlightSearch', { origin: 'NYCA', destination: 'LOND', date: '2024-08-15' }),
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
    ];
    const m = matchPlan(flights, calls);
    expect(m.solved).toBe(false);
    expect(m.reason).toMatch(/before the step it depends on/);
    expect(m.kind).toBe('order');
  });

  it('rejects a reference filled with the wrong producer output (swapped origin and destination)', () => {
    const calls = [
      ok('SearchAirport', { query: 'New York' }, { skyId: 'NYCA' }),
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
      ok('FlightSearch', { origin: 'LOND', destination: 'NYCA', date: '2024-08-15' }),
    ];
    expect(matchPlan(flights, calls).solved).toBe(false);
  });

  it('rejects a missing argument', () => {
    const calls = [
      ok('SearchAirport', { query: 'New York' }, { skyId: 'NYCA' }),
      ok('SearchAirport', { query: 'London' }, { skyId: 'LOND' }),
      ok('FlightSearch', { origin: 'NYCA', destination: 'LOND' }),
    ];
    const m = matchPlan(flights, calls);
    expect(m.solved).toBe(false);
    expect(m.reason).toMatch(/missing argument date/);
    expect(m.kind).toBe('arguments');
  });

  it('a gold argument given as "" may be left out, but any other value may not', () => {
    const gold: GoldStep[] = [{ step: 0, tool: 'search', args: { color: 'wild', gender: '' }, deps: [] }];
    expect(matchPlan(gold, [ok('search', { color: 'wild' })]).solved).toBe(true);
    expect(matchPlan(gold, [ok('search', { color: 'wild', gender: '' })]).solved).toBe(true);
    expect(matchPlan(gold, [ok('search', { gender: '' })]).reason).toMatch(/missing argument color/);
  });

  it('accepts lenient values from accepted_args, including a left-out optional argument', () => {
    const gold: GoldStep[] = [
      {
        step: 0,
        tool: 'calculate_triangle_area',
        args: { base: 10, height: 5, unit: 'units' },
        deps: [],
        accepted_args: { base: [10], height: [5], unit: ['units', ''] },
      },
    ];
    expect(matchPlan(gold, [ok('calculate_triangle_area', { base: '10', height: 5.0 })]).solved).toBe(true);
    expect(
      matchPlan(gold, [ok('calculate_triangle_area', { base: 10, height: 5, unit: 'Units' })]).solved,
    ).toBe(true);
    expect(matchPlan(gold, [ok('calculate_triangle_area', { base: 10, height: 5, unit: 'cm' })]).solved).toBe(
      false,
    );
    expect(matchPlan(gold, [ok('calculate_triangle_area', { base: 10 })]).reason).toMatch(
      /missing argument height/,
    );
    expect(
      matchPlan(gold, [ok('calculate_triangle_area', { base: 10, height: 5, colour: 'red' })]).reason,
    ).toMatch(/unexpected argument colour/);
  });

  it('matches values by normalized text and numbers', () => {
    const gold: GoldStep[] = [{ step: 0, tool: 'send', args: { text: 'Hello  World.', n: 3 }, deps: [] }];
    expect(matchPlan(gold, [ok('send', { text: '"hello world"', n: '3' })]).solved).toBe(true);
    expect(matchPlan(gold, [ok('send', { text: 'hello there', n: 3 })]).solved).toBe(false);
  });

  it('reads a braced reference inside text from the producer output', () => {
    const gold: GoldStep[] = [
      { step: 0, tool: 'rate', args: { from: 'USD' }, deps: [] },
      { step: 1, tool: 'calc', args: { expr: '5 * {$0.Exchange Rate}' }, deps: [0] },
    ];
    const calls = [ok('rate', { from: 'usd' }, { 'Exchange Rate': 0.9 }), ok('calc', { expr: '5 * 0.9' })];
    expect(matchPlan(gold, calls).solved).toBe(true);
  });

  it('ignores failed calls and rejects extra successful ones', () => {
    const gold: GoldStep[] = [{ step: 0, tool: 'a', args: { x: 1 }, deps: [] }];
    const failed: ExecutedCall = { tool: 'a', args: { x: 1 }, status: 'error' };
    expect(matchPlan(gold, [failed, ok('a', { x: 1 })]).solved).toBe(true);
    expect(matchPlan(gold, [ok('a', { x: 1 }), ok('b', {})]).kind).toBe('extra-calls');
    expect(matchPlan(gold, [ok('b', {})]).kind).toBe('missing-tool');
    expect(matchPlan(gold, [failed]).kind).toBe('no-call');
    expect(matchPlan(gold, [ok('a', { x: 1 }), ok('b', {})], { extraCalls: 'allow' }).solved).toBe(true);
  });

  it('checks tools and order only for plans without arguments', () => {
    const gold: GoldStep[] = [
      { step: 0, tool: 'search_movie', args: {}, deps: [] },
      { step: 1, tool: 'movie_credits', args: {}, deps: [0] },
    ];
    expect(matchPlan(gold, [ok('search_movie', { q: 'x' }), ok('movie_credits', { id: 1 })]).solved).toBe(
      true,
    );
    expect(matchPlan(gold, [ok('movie_credits', { id: 1 }), ok('search_movie', { q: 'x' })]).solved).toBe(
      false,
    );
  });
});

describe('toolF1', () => {
  it('scores the called tools against the plan as multisets', () => {
    expect(toolF1(flights, [ok('SearchAirport', {}), ok('SearchAirport', {}), ok('FlightSearch', {})])).toBe(
      1,
    );
    expect(toolF1(flights, [ok('SearchAirport', {})])).toBeCloseTo(0.5);
    expect(toolF1(flights, [])).toBe(0);
    expect(toolF1([], [])).toBe(1);
  });
});

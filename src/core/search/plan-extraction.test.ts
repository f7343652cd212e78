import { describe, expect, it } from 'vitest';
import { apiNodeId, edgeId } from '../graph/graph-types';
import { extractPlan } from './plan-extraction';
import {
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  SECURE_FORECAST,
  okTrace,
  tool,
  worldOf,
} from './search-fixtures.test-util';
import { dynamicWeights } from './weight-provider';

describe('plan extraction', () => {
  it('resolves a two-level parameter dependency into ordered steps with $k.field references', async () => {
    const { world, param } = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    // The fixture's premise: producer outputs and consumer inputs standardize together.
    expect(param('locate_city', 'out', 'city_name')).toBe(param('find_station', 'in', 'city'));
    expect(param('find_station', 'out', 'station_id')).toBe(param('get_forecast', 'in', 'station_id'));

    const known = { [param('locate_city', 'in', 'address')]: '10 Quai de la Tournelle' };
    const out = extractPlan(world, null, 'get_forecast', known);
    expect(out.plan).toEqual([
      { step: 0, tool: 'locate_city', args: { address: '10 Quai de la Tournelle' }, deps: [] },
      { step: 1, tool: 'find_station', args: { city: '$0.city_name' }, deps: [0] },
      { step: 2, tool: 'get_forecast', args: { station_id: '$1.station_id' }, deps: [1] },
    ]);
    expect(out.missing).toEqual([]);
    expect(out.producers).toEqual({
      0: {
        tool: 'locate_city',
        role: 'producer',
        feeds: [
          {
            step: 1,
            tool: 'find_station',
            field: 'city',
            param: param('find_station', 'in', 'city'),
            output: 'city_name',
            weight: 0,
          },
        ],
      },
      1: {
        tool: 'find_station',
        role: 'producer',
        feeds: [
          {
            step: 2,
            tool: 'get_forecast',
            field: 'station_id',
            param: param('get_forecast', 'in', 'station_id'),
            output: 'station_id',
            weight: 0,
          },
        ],
      },
      2: { tool: 'get_forecast', role: 'target', feeds: [] },
    });
  });

  it('uses an optional input only when its value is known', async () => {
    const { world, param } = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    const known = {
      [param('get_forecast', 'in', 'station_id')]: 'ST-7',
      [param('get_forecast', 'in', 'days')]: '3',
    };
    expect(extractPlan(world, null, 'get_forecast', known).plan).toEqual([
      { step: 0, tool: 'get_forecast', args: { station_id: 'ST-7', days: '3' }, deps: [] },
    ]);
  });

  it('chooses the strongest of two producers, and the first by name on a tie', async () => {
    const tools = [FIND_STATION, NEAREST_STATION, GET_FORECAST];
    const cold = await worldOf(tools);
    const city = cold.param('find_station', 'in', 'city');
    expect(cold.param('nearest_station', 'out', 'weather_station_id')).toBe(
      cold.param('find_station', 'out', 'station_id'),
    );
    // No traces: both weights 0, no successes: the name decides.
    expect(extractPlan(cold.world, null, 'get_forecast', { [city]: 'Paris' }).plan[0]?.tool).toBe(
      'find_station',
    );

    const used = (id: string, city: string, station: string) =>
      okTrace(id, [
        { tool: 'nearest_station', args: { city }, output: { weather_station_id: station } },
        { tool: 'get_forecast', args: { station_id: station }, output: { forecast: 'Rain' } },
      ]);
    const warm = await worldOf(tools, [used('t1', 'Paris', 'ST-1001'), used('t2', 'Lyon', 'ST-2002')]);
    const station = warm.param('get_forecast', 'in', 'station_id');
    const w = (tool: string) =>
      dynamicWeights(warm.world.graph).weight(warm.world.graph.edge(edgeId(apiNodeId(tool), station))!);
    expect(w('nearest_station')).toBeGreaterThan(w('find_station'));

    const out = extractPlan(warm.world, null, 'get_forecast', { [city]: 'Paris' });
    expect(out.plan).toEqual([
      { step: 0, tool: 'nearest_station', args: { city: 'Paris' }, deps: [] },
      { step: 1, tool: 'get_forecast', args: { station_id: '$0.weather_station_id' }, deps: [0] },
    ]);
    expect(out.producers[0]?.feeds[0]?.weight).toBeCloseTo(w('nearest_station'));
  });

  it('reports a required input nobody produces as missing, with its description', async () => {
    const { world, param } = await worldOf([FIND_STATION, SECURE_FORECAST]);
    const out = extractPlan(world, null, 'secure_forecast', {
      [param('find_station', 'in', 'city')]: 'Nice',
    });
    expect(out.plan).toEqual([
      { step: 0, tool: 'find_station', args: { city: 'Nice' }, deps: [] },
      { step: 1, tool: 'secure_forecast', args: { station_id: '$0.station_id' }, deps: [0] },
    ]);
    expect(out.missing).toEqual([
      {
        tool: 'secure_forecast',
        field: 'api_key',
        param: param('secure_forecast', 'in', 'api_key'),
        description: 'Secret API key',
      },
    ]);
  });

  it('asks for the target input itself when its only producer lacks inputs of its own', async () => {
    const { world, param } = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    const out = extractPlan(world, null, 'get_forecast', {});
    expect(out.plan).toEqual([{ step: 0, tool: 'get_forecast', args: {}, deps: [] }]);
    expect(out.missing).toEqual([
      {
        tool: 'get_forecast',
        field: 'station_id',
        param: param('get_forecast', 'in', 'station_id'),
        description: 'Weather station identifier',
      },
    ]);
  });

  it('never cycles when two tools produce each other’s inputs', async () => {
    const toC = tool(
      'to_celsius',
      'F to C.',
      { fahrenheit: 'Temperature in degrees Fahrenheit' },
      ['fahrenheit'],
      {
        celsius: 'Temperature in degrees Celsius',
      },
    );
    const toF = tool('to_fahrenheit', 'C to F.', { celsius: 'Temperature in degrees Celsius' }, ['celsius'], {
      fahrenheit: 'Temperature in degrees Fahrenheit',
    });
    const alert = tool(
      'heat_alert',
      'Heat alert level.',
      { celsius: 'Temperature in Celsius' },
      ['celsius'],
      {
        alert: 'Alert level',
      },
    );
    const { world, param } = await worldOf([toC, toF, alert]);
    expect(param('to_celsius', 'out', 'celsius')).toBe(param('heat_alert', 'in', 'celsius'));
    expect(param('to_fahrenheit', 'out', 'fahrenheit')).toBe(param('to_celsius', 'in', 'fahrenheit'));

    // celsius ← to_celsius ← fahrenheit ← to_fahrenheit ← celsius …: nothing known, nothing resolvable.
    const none = extractPlan(world, null, 'heat_alert', {});
    expect(none.plan).toEqual([{ step: 0, tool: 'heat_alert', args: {}, deps: [] }]);
    expect(none.missing.map((m) => m.field)).toEqual(['celsius']);

    // One value known breaks the loop at the right place.
    const f = extractPlan(world, null, 'heat_alert', { [param('to_celsius', 'in', 'fahrenheit')]: 98 });
    expect(f.plan).toEqual([
      { step: 0, tool: 'to_celsius', args: { fahrenheit: 98 }, deps: [] },
      { step: 1, tool: 'heat_alert', args: { celsius: '$0.celsius' }, deps: [0] },
    ]);
    // to_fahrenheit's own input is celsius, which to_celsius produces from fahrenheit — its own output:
    // a tool on the resolution path is never used, so it is asked for rather than looped.
    const own = extractPlan(world, null, 'to_fahrenheit', {});
    expect(own.plan).toEqual([{ step: 0, tool: 'to_fahrenheit', args: {}, deps: [] }]);
    expect(own.missing.map((m) => m.field)).toEqual(['celsius']);
  });

  it('reuses a step already in the plan for a second input it produces', async () => {
    const both = tool(
      'compare_stations',
      'Compare forecasts.',
      { station_id: 'Station to compare', city: 'City of the comparison' },
      ['station_id', 'city'],
      { report: 'Comparison report' },
    );
    const { world, param } = await worldOf([LOCATE_CITY, FIND_STATION, both]);
    const out = extractPlan(world, null, 'compare_stations', {
      [param('locate_city', 'in', 'address')]: '1 Main St',
    });
    // locate_city runs once: find_station and compare_stations both read its city_name.
    expect(out.plan).toEqual([
      { step: 0, tool: 'locate_city', args: { address: '1 Main St' }, deps: [] },
      { step: 1, tool: 'find_station', args: { city: '$0.city_name' }, deps: [0] },
      {
        step: 2,
        tool: 'compare_stations',
        args: { station_id: '$1.station_id', city: '$0.city_name' },
        deps: [0, 1],
      },
    ]);
    expect(out.producers[0]?.feeds.map((f) => [f.step, f.field])).toEqual([
      [1, 'city'],
      [2, 'city'],
    ]);
  });

  it('takes producers from the subgraph, the whole graph only with fallbackToGraph, never excluded or pruned ones', async () => {
    const { world, param } = await worldOf([FIND_STATION, NEAREST_STATION, GET_FORECAST]);
    const known = { [param('find_station', 'in', 'city')]: 'Oslo' };
    const sub = { nodes: [apiNodeId('get_forecast'), param('get_forecast', 'in', 'station_id')] };
    expect(extractPlan(world, sub, 'get_forecast', known).missing.map((m) => m.field)).toEqual([
      'station_id',
    ]);
    expect(extractPlan(world, sub, 'get_forecast', known, { fallbackToGraph: true }).plan[0]?.tool).toBe(
      'find_station',
    );
    const withNearest = { nodes: [...sub.nodes, apiNodeId('nearest_station')] };
    expect(extractPlan(world, withNearest, 'get_forecast', known).plan[0]?.tool).toBe('nearest_station');
    expect(
      extractPlan(world, null, 'get_forecast', known, { exclude: new Set(['find_station']) }).plan[0]?.tool,
    ).toBe('nearest_station');
    world.prune([{ nodeId: apiNodeId('find_station'), score: 1 }]);
    expect(world.graph.node(apiNodeId('find_station'))?.active).toBe(false);
    expect(extractPlan(world, null, 'get_forecast', known).plan[0]?.tool).toBe('nearest_station');
  });
});

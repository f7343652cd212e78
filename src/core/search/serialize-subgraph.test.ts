import { describe, expect, it } from 'vitest';
import { apiNodeId } from '../graph/graph-types';
import { approximateTokens, serializeSubgraph, shortDescription } from './serialize-subgraph';
import {
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  okTrace,
  worldOf,
} from './search-fixtures.test-util';

const TRACES = [
  okTrace('t1', [
    { tool: 'nearest_station', args: { city: 'Paris' }, output: { weather_station_id: 'ST-1001' } },
    { tool: 'get_forecast', args: { station_id: 'ST-1001' }, output: { forecast: 'Rain' } },
  ]),
  okTrace('t2', [
    { tool: 'locate_city', args: { address: '1 Main St' }, output: { city_name: 'Berlin' } },
    { tool: 'find_station', args: { city: 'Berlin' }, output: { station_id: 'ST-3003' } },
    { tool: 'get_forecast', args: { station_id: 'ST-3003', days: '2' }, output: { forecast: 'Sun' } },
  ]),
];

const TOOLS = [LOCATE_CITY, FIND_STATION, NEAREST_STATION, GET_FORECAST];

const EXPECTED = [
  'get_forecast [api, target]: Weather forecast reported by a station',
  '  - station_id [param, required, w=1.00]: Weather station identifier',
  '    - find_station [api, out=station_id, w=0.25]: Find the weather station of a city',
  '      - city [param, required, w=1.00]: City to search in',
  '        - locate_city [api, out=city_name, w=0.33]: Find the city a street address is in',
  '          - address [param, required, w=1.00]: Street address to locate',
  '    - nearest_station [api, out=weather_station_id, w=0.25]: Nearest weather station to a city',
  '      - city [param, required, w=1.00]: City to search near (see above)',
  '  - days [param day, optional, w=0.50]: Number of days',
].join('\n');

async function fullSubgraph(tools = TOOLS) {
  const { world, param } = await worldOf(tools, TRACES);
  return {
    world,
    param,
    sub: { nodes: [...world.graph.nodes()].map((n) => n.id), targets: ['get_forecast'] },
  };
}

describe('subgraph serialization (NaviAgent §3.1.1 tree text)', () => {
  it('writes the target, its inputs, their producers and so on, strongest first, repeated subtrees once', async () => {
    const { world, sub } = await fullSubgraph();
    const out = serializeSubgraph(world, sub);
    expect(out.text).toBe(EXPECTED);
    expect(out.omitted).toBe(0);
    expect(out.approximate).toBe(true);
    expect(out.tokens).toBe(Math.ceil(EXPECTED.length / 4));
    expect(out.tokens).toBe(approximateTokens(out.text));
  });

  it('is stable across runs and import orders', async () => {
    const a = await fullSubgraph();
    const b = await fullSubgraph([...TOOLS].reverse());
    expect(serializeSubgraph(a.world, a.sub).text).toBe(EXPECTED);
    expect(serializeSubgraph(a.world, a.sub).text).toBe(EXPECTED);
    expect(serializeSubgraph(b.world, b.sub).text).toBe(EXPECTED);
  });

  it('lists only subgraph nodes, marks known params and does not expand them', async () => {
    const { world, param, sub } = await fullSubgraph();
    const small = { nodes: sub.nodes.filter((n) => n !== apiNodeId('find_station')) };
    const out = serializeSubgraph(world, small, {
      targets: ['get_forecast'],
      known: { [param('find_station', 'in', 'city')]: 'Paris' },
    });
    expect(out.text).toBe(
      [
        'get_forecast [api, target]: Weather forecast reported by a station',
        '  - station_id [param, required, w=1.00]: Weather station identifier',
        '    - nearest_station [api, out=weather_station_id, w=0.25]: Nearest weather station to a city',
        '      - city [param, required, known, w=1.00]: City to search near',
        '  - days [param day, optional, w=0.50]: Number of days',
      ].join('\n'),
    );
  });

  it('truncates the deepest, weakest branches first to fit a token budget and says how many', async () => {
    const { world, sub } = await fullSubgraph();
    const out = serializeSubgraph(world, sub, { tokenBudget: 110 });
    expect(out.tokens).toBeLessThanOrEqual(110);
    expect(out.omitted).toBe(4);
    expect(out.text).toBe(
      [
        'get_forecast [api, target]: Weather forecast reported by a station',
        '  - station_id [param, required, w=1.00]: Weather station identifier',
        '    - find_station [api, out=station_id, w=0.25]: Find the weather station of a city',
        '    - nearest_station [api, out=weather_station_id, w=0.25]: Nearest weather station to a city',
        '  - days [param day, optional, w=0.50]: Number of days',
        '[4 of 9 lines omitted to fit 110 tokens; deepest and weakest first]',
      ].join('\n'),
    );
    // Tighter: the weaker of two siblings at the same depth goes first (days, w=0.5, before station_id).
    const tight = serializeSubgraph(world, sub, { tokenBudget: 60 });
    expect(tight.text).toBe(
      [
        'get_forecast [api, target]: Weather forecast reported by a station',
        '  - station_id [param, required, w=1.00]: Weather station identifier',
        '[7 of 9 lines omitted to fit 60 tokens; deepest and weakest first]',
      ].join('\n'),
    );
    expect(tight.tokens).toBeLessThanOrEqual(60);
    // The root always stays, even over budget.
    const none = serializeSubgraph(world, sub, { tokenBudget: 5 });
    expect(none.text.split('\n')[0]).toBe(
      'get_forecast [api, target]: Weather forecast reported by a station',
    );
    expect(none.omitted).toBe(8);
  });

  it('counts with the tokenizer it is given', async () => {
    const { world, sub } = await fullSubgraph();
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const out = serializeSubgraph(world, sub, { countTokens: words, tokenBudget: 40 });
    expect(out.approximate).toBe(false);
    expect(out.tokens).toBe(words(out.text));
    expect(out.tokens).toBeLessThanOrEqual(40);
    expect(out.omitted).toBeGreaterThan(0);
  });

  it('shortens descriptions to the first sentence at a word boundary', () => {
    expect(shortDescription('Find a city. Returns its name.', 60)).toBe('Find a city');
    expect(shortDescription('Returns the current weather forecast for a city by name', 30)).toBe(
      'Returns the current weather…',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../plan/plan-step';
import { extractPlan } from './plan-extraction';
import { recombine } from './recombine';
import {
  ADDRESS,
  FIND_LATITUDE,
  FIND_LONGITUDE,
  FIND_STATION,
  GEOCODE,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  SECURE_FORECAST,
  STATION_PLAN,
  tool,
  WEATHER_AT,
  WEATHER_REPORT,
  worldOf,
} from './search-fixtures.test-util';

async function stationWorld(extra = [NEAREST_STATION]) {
  const w = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST, ...extra]);
  const known = { [w.param('locate_city', 'in', 'address')]: ADDRESS };
  return { ...w, known };
}

describe('path recombination (NaviAgent §3.3)', () => {
  it('(a) replaces a failed step with an I/O-equivalent API and rewires its consumers to its field names', async () => {
    const { world, known } = await stationWorld();
    expect(extractPlan(world, null, 'get_forecast', known).plan).toEqual(STATION_PLAN);
    const state = { known, completed: { 0: { city_name: 'Paris' } }, excluded: new Set<string>() };
    const res = recombine(world, STATION_PLAN, { step: 1, kind: 'unavailable', message: 'HTTP 503' }, state);
    expect(res).toMatchObject({ status: 'recombined', mode: 'io-equivalent' });
    if (res.status !== 'recombined') return;
    expect(res.plan).toEqual([
      { step: 0, tool: 'locate_city', args: { address: ADDRESS }, deps: [] },
      { step: 1, tool: 'nearest_station', args: { city: '$0.city_name' }, deps: [0] },
      { step: 2, tool: 'get_forecast', args: { station_id: '$1.weather_station_id' }, deps: [1] },
    ]);
    expect(res.reason).toBe(
      'step 1 (find_station) failed (unavailable: HTTP 503); nearest_station is I/O-equivalent: ' +
        'it produces station_id from available inputs',
    );
    expect(res.replaced).toEqual({
      failed: { step: 1, tool: 'find_station' },
      added: [{ step: 1, tool: 'nearest_station' }],
      removed: [{ step: 1, tool: 'find_station' }],
      rewired: [2],
    });
    expect([...state.excluded]).toEqual(['find_station']);
  });

  it('(b) reroutes the failed step’s outputs upstream when no single API replaces it', async () => {
    const { world, param } = await worldOf([GEOCODE, FIND_LATITUDE, FIND_LONGITUDE, WEATHER_AT]);
    expect(param('find_latitude', 'out', 'latitude_deg')).toBe(param('weather_at', 'in', 'latitude'));
    expect(param('find_longitude', 'out', 'longitude_deg')).toBe(param('weather_at', 'in', 'longitude'));
    const known = { [param('geocode', 'in', 'address')]: ADDRESS };
    // One geocode call for both coordinates (a plan as a user or a gold dataset would write it).
    const plan: PlanStep[] = [
      { step: 0, tool: 'geocode', args: { address: ADDRESS }, deps: [] },
      {
        step: 1,
        tool: 'weather_at',
        args: { latitude: '$0.latitude', longitude: '$0.longitude' },
        deps: [0],
      },
    ];
    const state = { known, completed: {}, excluded: new Set<string>() };
    const res = recombine(world, plan, { step: 0, kind: 'error', message: 'quota exceeded' }, state);
    expect(res).toMatchObject({ status: 'recombined', mode: 'upstream-reroute' });
    if (res.status !== 'recombined') return;
    expect(res.plan).toEqual([
      { step: 2, tool: 'find_latitude', args: { address: ADDRESS }, deps: [] },
      { step: 3, tool: 'find_longitude', args: { address: ADDRESS }, deps: [] },
      {
        step: 1,
        tool: 'weather_at',
        args: { latitude: '$2.latitude_deg', longitude: '$3.longitude_deg' },
        deps: [2, 3],
      },
    ]);
    expect(res.reason).toBe(
      'step 0 (geocode) failed (error: quota exceeded); rerouted "latitude" of weather_at, ' +
        '"longitude" of weather_at through find_latitude, find_longitude',
    );
    expect(res.replaced).toEqual({
      failed: { step: 0, tool: 'geocode' },
      added: [
        { step: 2, tool: 'find_latitude' },
        { step: 3, tool: 'find_longitude' },
      ],
      removed: [{ step: 0, tool: 'geocode' }],
      rewired: [1],
    });
  });

  it('(c) switches to the next-best target when the target fails, reusing completed steps', async () => {
    const { world, known } = await stationWorld([WEATHER_REPORT, SECURE_FORECAST]);
    const state = {
      known,
      completed: { 0: { city_name: 'Paris' }, 1: { station_id: 'ST-1001' } },
      excluded: new Set<string>(),
    };
    const res = recombine(world, STATION_PLAN, { step: 2, kind: 'error', message: 'HTTP 500' }, state);
    expect(res).toMatchObject({ status: 'recombined', mode: 'subgraph-switch' });
    if (res.status !== 'recombined') return;
    // secure_forecast produces the same forecast but needs an api_key nobody has; weather_report only
    // needs the city that step 0 already returned. find_station's output is no longer needed.
    expect(res.plan).toEqual([
      { step: 0, tool: 'locate_city', args: { address: ADDRESS }, deps: [] },
      { step: 2, tool: 'weather_report', args: { city: '$0.city_name' }, deps: [0] },
    ]);
    expect(res.reason).toBe(
      'step 2 (get_forecast) failed (error: HTTP 500); switched target get_forecast → weather_report, ' +
        'which produces forecast (1 of 1 outputs of get_forecast)',
    );
    expect(res.replaced).toEqual({
      failed: { step: 2, tool: 'get_forecast' },
      added: [{ step: 2, tool: 'weather_report' }],
      removed: [
        { step: 1, tool: 'find_station' },
        { step: 2, tool: 'get_forecast' },
      ],
      rewired: [],
      target: { from: 'get_forecast', to: 'weather_report' },
    });
  });

  it('(c) re-plans the same target by another path when an intermediate step has no replacement', async () => {
    const { world, known } = await stationWorld([WEATHER_REPORT]);
    // find_station fails; nothing else produces station_id, so get_forecast cannot be reached at all;
    // weather_report gives the forecast from the city instead.
    const state = { known, completed: { 0: { city_name: 'Paris' } }, excluded: new Set<string>() };
    const res = recombine(world, STATION_PLAN, { step: 1, kind: 'unavailable' }, state);
    expect(res).toMatchObject({ status: 'recombined', mode: 'subgraph-switch' });
    if (res.status !== 'recombined') return;
    expect(res.plan).toEqual([
      { step: 0, tool: 'locate_city', args: { address: ADDRESS }, deps: [] },
      { step: 2, tool: 'weather_report', args: { city: '$0.city_name' }, deps: [0] },
    ]);
  });

  it('(c) never switches to a target that does something else with the same output (clear ≠ get)', async () => {
    const CLEAR_FORECAST = tool(
      'clear_forecast',
      'Clear the weather forecast stored for a city.',
      { city: 'City to clear' },
      ['city'],
      { forecast: 'Weather forecast text that was cleared' },
    );
    const { world, known, param } = await stationWorld([CLEAR_FORECAST]);
    // It produces the very parameter get_forecast did, from a city step 0 returned: only its effect differs.
    expect(param('clear_forecast', 'out', 'forecast')).toBe(param('get_forecast', 'out', 'forecast'));
    const completed = { 0: { city_name: 'Paris' }, 1: { station_id: 'ST-1001' } };
    const res = recombine(
      world,
      STATION_PLAN,
      { step: 2, kind: 'error' },
      { known, completed, excluded: new Set() },
    );
    expect(res).toEqual({
      status: 'infeasible',
      reason:
        'step 2 (get_forecast) failed (error): no other API takes the inputs of get_forecast and does the same; ' +
        'no alternative target for get_forecast: no other API produces forecast',
    });
  });

  it('(a) replaces a failed goal by an API that takes the same values and does the same (not one that does other things with them)', async () => {
    const langs = {
      text: 'The text to translate',
      source_language: 'The source language of the text',
      target_language: 'The target language',
    };
    const required = Object.keys(langs);
    const TRANSLATE = tool(
      'translate_text',
      'Translate a text from one language to another',
      langs,
      required,
      {
        translated_text: 'The translated text',
      },
    );
    const TRANSLATION = tool(
      'get_translation',
      'Get the translation of a word in a given language',
      langs,
      required,
      {
        translation: 'The translated word',
      },
    );
    // Same inputs, alphabetically first, but "summarize" is no translation.
    const SUMMARIZE = tool('summarize_text', 'Summarize a text in a language', langs, required, {
      summary: 'The summary',
    });
    const { world } = await worldOf([TRANSLATE, TRANSLATION, SUMMARIZE]);
    const args = { text: 'Hello, World!', source_language: 'English', target_language: 'Spanish' };
    const plan: PlanStep[] = [{ step: 4, tool: 'translate_text', args, deps: [] }];
    const state = () => ({ known: {}, completed: {}, excluded: new Set<string>() });
    const res = recombine(world, plan, { step: 4, kind: 'unavailable' }, state());
    expect(res).toMatchObject({
      status: 'recombined',
      mode: 'io-equivalent',
      plan: [{ step: 4, tool: 'get_translation', args, deps: [] }],
      replaced: { target: { from: 'translate_text', to: 'get_translation' }, rewired: [] },
    });
    // Without it, summarize_text takes the same values but does something else: no detour.
    const none = recombine(
      world,
      plan,
      { step: 4, kind: 'unavailable' },
      {
        ...state(),
        excluded: new Set(['get_translation']),
      },
    );
    expect(none.status).toBe('infeasible');
    // A value of the request the gate refused would be refused by the twin as well.
    const kept = recombine(world, plan, { step: 4, kind: 'rejected-by-gate' }, state(), { keepTarget: true });
    expect(kept.status).toBe('infeasible');
  });

  it('is infeasible, naming what is missing, when no alternative exists', async () => {
    const { world, known, param } = await stationWorld([SECURE_FORECAST]);
    const completed = { 0: { city_name: 'Paris' }, 1: { station_id: 'ST-1001' } };
    const target = recombine(
      world,
      STATION_PLAN,
      { step: 2, kind: 'error' },
      { known, completed, excluded: new Set() },
    );
    expect(target).toEqual({
      status: 'infeasible',
      reason:
        // secure_forecast is no alternative target: "secure" is more than get_forecast says (same-purpose.ts).
        'step 2 (get_forecast) failed (error): no other API takes the inputs of get_forecast and does the same; ' +
        'no alternative target for get_forecast: no other API produces forecast',
    });
    expect(param('secure_forecast', 'in', 'api_key')).toMatch(/^param:/);

    const mid = recombine(
      world,
      STATION_PLAN,
      { step: 1, kind: 'unavailable' },
      { known, completed: { 0: completed[0] }, excluded: new Set() },
    );
    expect(mid).toEqual({
      status: 'infeasible',
      reason:
        'step 1 (find_station) failed (unavailable): no other API produces station_id; ' +
        'input "station_id" of get_forecast (step 2, station_id) cannot be produced without find_station; ' +
        'no alternative target for get_forecast: ' +
        'get_forecast without find_station needs "station_id" (station_id), which cannot be produced',
    });
  });
});

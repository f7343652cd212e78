import { describe, expect, it } from 'vitest';
import { typedTool } from '../../tools/tool-fixtures.test-util';
import { applyShiftRule, compactLayers, inputMatchesOutput, schemaEdges } from './shift-rule';

const tool = typedTool;

// Hand-worked: geocode → {latitude, longitude}; forecast needs latitude + longitude → {forecast}; advise
// needs forecast (string) → {advice}; get_time needs a timezone nobody produces.
const geocode = tool('geocode', { address: 'string' }, { latitude: 'number', longitude: 'number' });
const forecast = tool('forecast', { latitude: 'number', longitude: 'number' }, { forecast: 'string' });
const advise = tool('advise', { forecast: 'string', mood: 'string' }, { advice: 'string' }, ['forecast']);
const getTime = tool('get_time', { timezone: 'string' }, { time: 'string' });

describe('schema-level shift rule (RETO §3.2, Inference) on a 4-tool set', () => {
  it('finds the producer → consumer matches: geocode → forecast → advise; get_time alone', () => {
    expect(schemaEdges([geocode, forecast, advise, getTime])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('from all-zero layers, shifts forecast to 1 and advise to 2 (the rule alone)', () => {
    expect(applyShiftRule([geocode, forecast, advise, getTime], [0, 0, 0, 0])).toEqual([0, 1, 2, 0]);
  });

  it('keeps a later layer the predictor already gave, and moves a consumer past its producer', () => {
    // Predictor put get_time at 1 and advise at 0: advise must still follow forecast.
    expect(applyShiftRule([geocode, forecast, advise, getTime], [1, 0, 0, 1])).toEqual([1, 2, 3, 1]);
    expect(compactLayers([1, 2, 3, 1])).toEqual([0, 1, 2, 0]);
  });

  it('needs agreeing JSON types; a subject-prefixed input matches the producer’s field', () => {
    const wrongType = tool('advise2', { forecast: 'integer' }, { advice: 'string' });
    expect(inputMatchesOutput(wrongType, 'forecast', forecast)).toBe(false);
    const search = tool('search_person', { query: 'string' }, { id: 'integer', name: 'string' });
    const credits = tool('person_movie_credits', { person_id: 'integer' }, { cast: 'array' });
    expect(inputMatchesOutput(credits, 'person_id', search)).toBe(true);
    expect(applyShiftRule([credits, search], [0, 0])).toEqual([1, 0]);
  });

  it('a pair that matches both ways gives no order; outputs a tool never declares give none', () => {
    const a = tool('a', { token: 'string' }, { token: 'string' });
    const b = tool('b', { token: 'string' }, { token: 'string' });
    expect(schemaEdges([a, b])).toEqual([]);
    const noReturns = tool('c', { x: 'string' }, null);
    const needsResult = tool('d', { result: 'string' }, null);
    expect(schemaEdges([noReturns, needsResult])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { recordTrace } from './trace-recorder';

describe('recordTrace', () => {
  it('records the calls so far, the failed one with its typed failure, references by call index', () => {
    const unavailable = { kind: 'unavailable' as const, code: 'http-503', message: 'HTTP 503' };
    const trace = recordTrace(
      [
        {
          step: 0,
          tool: 'locate_city',
          args: { address: 'a $5 street' },
          deps: [],
          status: 'ok',
          output: { city_name: 'Paris' },
          source: { kind: 'sandbox', label: 'sandbox' },
          startedAt: 0,
          durationMs: 3,
        },
        {
          step: 1,
          tool: 'find_station',
          args: { city: '$0.city_name' },
          deps: [0],
          status: 'error',
          failure: unavailable,
          startedAt: 3,
          durationMs: 1,
        },
        // Step 3 replaced step 1 after it failed; it reads step 0 and is read by step 2 as step 3.
        {
          step: 3,
          tool: 'nearest_station',
          args: { city: 'near {$0.city_name}' },
          deps: [0],
          status: 'ok',
          output: { id: 'ST-1' },
          startedAt: 4,
          durationMs: 1,
        },
        {
          step: 2,
          tool: 'get_forecast',
          args: { station: '$3.id', price: '$3' },
          deps: [3, 1],
          status: 'ok',
          output: 'Rain',
          startedAt: 5,
          durationMs: 1,
        },
      ],
      { id: 'run-1', query: 'forecast at home' },
    );
    expect(trace).toEqual({
      id: 'run-1',
      query: 'forecast at home',
      calls: [
        {
          tool: 'locate_city',
          args: { address: 'a $5 street' },
          output: { city_name: 'Paris' },
          source: { kind: 'sandbox', label: 'sandbox' },
          status: 'ok',
          startedAt: 0,
          durationMs: 3,
          deps: [],
        },
        {
          tool: 'find_station',
          args: { city: '$0.city_name' },
          error: 'HTTP 503',
          failure: unavailable,
          status: 'error',
          startedAt: 3,
          durationMs: 1,
          deps: [0],
        },
        {
          tool: 'nearest_station',
          args: { city: 'near {$0.city_name}' },
          output: { id: 'ST-1' },
          status: 'ok',
          startedAt: 4,
          durationMs: 1,
          deps: [0],
        },
        {
          tool: 'get_forecast',
          // Step 3 ran as call 2; the failed call of step 1 is no dependency.
          args: { station: '$2.id', price: '$2' },
          output: 'Rain',
          status: 'ok',
          startedAt: 5,
          durationMs: 1,
          deps: [2],
        },
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { FakeRuntime } from '../agent/agent-fixtures.test-util';
import { ToolBreaker } from './tool-breaker';

const weather = DEMO_TOOLS.find((t) => t.name === 'places_weather')!;
const notes = DEMO_TOOLS.find((t) => t.name === 'notes_create')!;

describe('breaking a tool on purpose', () => {
  it('fails the broken tool with its fault, leaves the others, and applies changes at once', async () => {
    const inner = new FakeRuntime({
      places_weather: () => ({ temperature_c: 9, condition: 'rain' }),
      notes_create: () => ({ note_id: 'n1' }),
    });
    const breaker = new ToolBreaker({ timeoutMs: 5, slowMs: 5 });
    const seen: number[] = [];
    breaker.subscribe(() => seen.push(breaker.getState().broken.length));
    const rt = breaker.wrap(inner);
    breaker.breakTool('places_weather', 'unavailable');
    expect(await rt.call(weather, { city: 'Oslo' })).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable' },
    });
    expect(await rt.call(notes, { title: 't', content: 'c' })).toMatchObject({ ok: true });
    breaker.breakTool('places_weather', 'malformed-result');
    expect(await rt.call(weather, { city: 'Oslo' })).toMatchObject({
      ok: true,
      output: expect.stringContaining('502'),
    });
    breaker.breakTool('places_weather', 'timeout');
    expect(await rt.call(weather, { city: 'Oslo' })).toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
    });
    breaker.fix('places_weather');
    expect(await rt.call(weather, { city: 'Oslo' })).toMatchObject({ ok: true });
    breaker.breakTool('notes_create', 'error');
    breaker.reset();
    expect(breaker.getState().broken).toEqual([]);
    expect(seen).toEqual([1, 1, 1, 0, 1, 0]);
  });
});

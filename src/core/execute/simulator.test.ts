import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import {
  ApiSimulator,
  argumentProblem,
  cloneWith,
  inputSchemaIndex,
  type SimulatedSource,
} from './simulator';

const weather: Tool = {
  name: 'get_weather',
  description: 'Current weather of a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
  },
  returns: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      temperature: { type: 'number' },
      station_id: { type: 'string' },
      alerts: { type: 'array' },
    },
  },
  category: 'weather',
  source: 'dataset',
};

const trace = (calls: Trace['calls']): Trace => ({ id: 't', query: 'q', calls });
const recorded: Trace = trace([
  {
    tool: 'get_weather',
    args: { city: 'Paris' },
    output: { city: 'Paris', temperature: 21.5, summary: 'Sunny in Paris' },
    status: 'ok',
    startedAt: 0,
    durationMs: 1,
  },
]);

const levelOf = (source: unknown) => (source as SimulatedSource).level;

describe('ApiSimulator', () => {
  it('level 1: replays the answer recorded for the same tool and arguments', async () => {
    const sim = new ApiSimulator({ knowledge: { traces: () => [recorded] } });
    sim.beginTask('a');
    const out = await sim.call(weather, { city: 'Paris' });
    expect(out.ok && out.output).toEqual({ city: 'Paris', temperature: 21.5, summary: 'Sunny in Paris' });
    expect(out.ok && out.source.kind).toBe('simulated');
    expect(out.ok && levelOf(out.source)).toBe('recorded');
  });

  it('level 2: clones a recorded answer of the tool with the new arguments put in', async () => {
    const sim = new ApiSimulator({ knowledge: { traces: () => [recorded] } });
    sim.beginTask('a');
    const out = await sim.call(weather, { city: 'London' });
    expect(out.ok && levelOf(out.source)).toBe('cloned');
    expect(out.ok && out.output).toEqual({ city: 'London', temperature: 21.5, summary: 'Sunny in Paris' });
    expect(cloneWith({ args: { q: 'cats' }, output: { items: [{ title: 'cats' }] } }, { q: 'dogs' })).toEqual(
      {
        items: [{ title: 'dogs' }],
      },
    );
  });

  it('level 3: mocks from the returns schema, seeded and consistent within a task', async () => {
    const sim = new ApiSimulator({
      seed: 3,
      knowledge: { traces: () => [], outputFields: () => ['forecast'] },
    });
    sim.beginTask('task-1');
    const a = await sim.call(weather, { city: 'Oslo', days: 2 });
    const again = await sim.call(weather, { city: 'Oslo', days: 2 });
    expect(a.ok && levelOf(a.source)).toBe('schema');
    expect(a.ok && again.ok && again.output).toEqual(a.ok && a.output);
    const out = (a.ok ? a.output : {}) as Record<string, unknown>;
    expect(out.city).toBe('Oslo'); // an output named like an input echoes it
    expect(typeof out.temperature).toBe('number');
    expect(String(out.station_id)).toMatch(/^station_id-[0-9a-f]{6}$/);
    expect(Array.isArray(out.alerts) && (out.alerts as Record<string, unknown>[])[0]).toHaveProperty('id');
    expect(out).toHaveProperty('forecast'); // a field the world learned beyond the schema
    // Same seed and task → same mock in a fresh simulator; another task → another mock.
    const twin = new ApiSimulator({
      seed: 3,
      knowledge: { traces: () => [], outputFields: () => ['forecast'] },
    });
    twin.beginTask('task-1');
    const b = await twin.call(weather, { city: 'Oslo', days: 2 });
    expect(b.ok && b.output).toEqual(out);
    twin.beginTask('task-2');
    const c = await twin.call(weather, { city: 'Oslo', days: 2 });
    expect(c.ok && (c.output as Record<string, unknown>).station_id).not.toBe(out.station_id);
    expect(sim.counts).toEqual({ recorded: 0, cloned: 0, schema: 2 });
  });

  it('picks up traces recorded after it was created, and never replays injected broken results', async () => {
    const traces: Trace[] = [];
    const sim = new ApiSimulator({ knowledge: { traces: () => traces } });
    sim.beginTask('a');
    expect((await sim.call(weather, { city: 'Rome' })).ok).toBe(true);
    traces.push(
      trace([
        {
          tool: 'get_weather',
          args: { city: 'Bern' },
          output: {},
          source: { kind: 'simulated', label: 'fault injection' },
          status: 'ok',
          startedAt: 0,
          durationMs: 0,
        },
      ]),
    );
    sim.beginTask('b');
    const r = await sim.call(weather, { city: 'Bern' });
    expect(r.ok && levelOf(r.source)).toBe('schema');
    traces.push(recorded);
    sim.beginTask('c');
    const p = await sim.call(weather, { city: 'Paris' });
    expect(p.ok && levelOf(p.source)).toBe('recorded');
  });

  it('refuses a call without a required argument (and with a wrong type when asked)', async () => {
    const sim = new ApiSimulator();
    sim.beginTask('a');
    const r = await sim.call(weather, { days: 2 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.failure.kind).toBe('invalid-arguments');
    expect(argumentProblem(weather.parameters, { city: 'x', days: 'soon' })).toMatch(/days/);
    expect(argumentProblem(weather.parameters, { city: 'x', days: '3' })).toBeNull();
    expect(sim.refused).toBe(1);
    expect((await sim.call(weather, { city: 'x', days: 'soon' })).ok).toBe(true);
    const strict = new ApiSimulator({ checkArguments: 'types' });
    expect((await strict.call(weather, { city: 'x', days: 'soon' })).ok).toBe(false);
  });

  it('a mocked output follows the enum and integer type of the input of the same name it may feed', async () => {
    const search: Tool = {
      ...weather,
      name: 'find_movies',
      returns: { type: 'object', properties: { show_type: { type: 'string' }, seats: { type: 'number' } } },
    };
    const buy: Tool = {
      ...weather,
      name: 'buy_tickets',
      parameters: {
        type: 'object',
        properties: {
          show_type: { type: 'string', enum: ['regular', '3d', 'imax'] },
          seats: { type: 'integer' },
        },
      },
    };
    const sim = new ApiSimulator({
      seed: 3,
      knowledge: { traces: () => [], outputFields: () => ['genre'], inputSchema: inputSchemaIndex([buy]) },
    });
    for (let i = 0; i < 20; i++) {
      sim.beginTask(`task-${i}`);
      const out = await sim.call(search, { city: 'Paris' });
      const o = (out.ok ? out.output : {}) as Record<string, unknown>;
      expect(['regular', '3d', 'imax']).toContain(o.show_type);
      expect(Number.isInteger(o.seats)).toBe(true);
      // A field no input takes stays a free mock.
      expect(typeof o.genre).toBe('string');
    }
  });

  it('gives a tool without a returns schema one `result` output', async () => {
    const sim = new ApiSimulator();
    sim.beginTask('a');
    const r = await sim.call(
      { ...weather, returns: null, parameters: { type: 'object', properties: {} } },
      {},
    );
    expect(r.ok && Object.keys(r.output as object)).toEqual(['result']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import { SchemaGate } from './schema-gate';
import { strictProblems } from './strict-check';

const tool = (properties: Record<string, unknown>, required: string[] = [], extra = {}): Tool => ({
  name: 't',
  description: 'test tool',
  parameters: {
    type: 'object',
    properties: properties as Tool['parameters']['properties'],
    required,
    ...extra,
  },
  returns: null,
  category: 'test',
  source: 'builtin',
});

const WEATHER = tool(
  {
    city: { type: 'string' },
    days: { type: 'integer', minimum: 1 },
    units: { type: 'string', enum: ['metric', 'imperial'] },
    date: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    email: { type: 'string', format: 'email' },
    filters: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
  ['city'],
);

describe('schema gate (RETO §3.4)', () => {
  const gate = new SchemaGate();

  it('passes valid arguments unchanged', () => {
    const r = gate.check(WEATHER, { city: 'Paris', days: 3, date: '2026-11-25', at: '2026-11-25T19:00:00' });
    expect(r).toMatchObject({ ok: true, issues: [], dropped: [] });
    expect(r.args).toEqual({ city: 'Paris', days: 3, date: '2026-11-25', at: '2026-11-25T19:00:00' });
  });

  it('required: a missing field is named', () => {
    const r = gate.check(WEATHER, { days: 2 });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ field: 'city', rule: 'required', message: 'is required' }]);
  });

  it('type: wrong types are reported with the value, every one of them (allErrors)', () => {
    const r = gate.check(WEATHER, { city: 12, days: '3' });
    expect(r.errors).toEqual([
      { field: 'city', rule: 'type', value: '12', message: 'must be string' },
      { field: 'days', rule: 'type', value: '"3"', message: 'must be integer' },
    ]);
  });

  it('enum: a value outside the list names the allowed ones', () => {
    const r = gate.check(WEATHER, { city: 'Oslo', units: 'Metric' });
    expect(r.errors).toEqual([
      { field: 'units', rule: 'enum', value: '"Metric"', message: 'must be one of "metric", "imperial"' },
    ]);
  });

  it('format: dates, date-times (with or without a zone) and emails are checked', () => {
    expect(gate.check(WEATHER, { city: 'a', date: '2026-02-30' }).errors[0]).toMatchObject({
      field: 'date',
      rule: 'format',
      message: 'must be a date (YYYY-MM-DD)',
    });
    expect(gate.check(WEATHER, { city: 'a', date: '25/11/2026' }).errors[0]?.rule).toBe('format');
    expect(gate.check(WEATHER, { city: 'a', at: '2026-11-25T19:00:00+01:00' }).ok).toBe(true);
    expect(gate.check(WEATHER, { city: 'a', at: '2026-11-25 19:00' }).ok).toBe(true);
    expect(gate.check(WEATHER, { city: 'a', at: 'tomorrow 7pm' }).errors[0]?.rule).toBe('format');
    expect(gate.check(WEATHER, { city: 'a', email: 'anna@example' }).errors[0]?.rule).toBe('format');
    expect(gate.check(WEATHER, { city: 'a', email: 'anna@example.com' }).ok).toBe(true);
  });

  it('formats written in words are checked as what they mean', () => {
    const t = tool({ day: { type: 'string', format: 'DATE (YYYY-MM-DD)' } });
    expect(gate.check(t, { day: '2026-11-25' }).ok).toBe(true);
    expect(gate.check(t, { day: 'Nov 25' }).errors[0]?.rule).toBe('format');
  });

  it('constraint: other keywords (minimum, nested types) are reported too', () => {
    const r = gate.check(WEATHER, { city: 'a', days: 0, filters: [{ name: 3 }] });
    expect(r.errors).toEqual([
      { field: 'days', rule: 'constraint', value: '0', message: 'must be >= 1' },
      { field: 'filters.0.name', rule: 'type', value: '3', message: 'must be string' },
    ]);
  });

  it('unknown keys are dropped and reported, and the call still passes', () => {
    const r = gate.check(WEATHER, { city: 'Rome', city_name: 'Rome', verbose: true });
    expect(r.ok).toBe(true);
    expect(r.args).toEqual({ city: 'Rome' });
    expect(r.dropped).toEqual(['city_name', 'verbose']);
    expect(r.issues.map((i) => [i.field, i.rule])).toEqual([
      ['city_name', 'unknown-key'],
      ['verbose', 'unknown-key'],
    ]);
  });

  it('an open schema keeps undeclared keys, but never prototype keys', () => {
    const open = tool({}, [], { additionalProperties: true });
    const args = JSON.parse('{"x": 1, "__proto__": {"polluted": true}, "constructor": 2}') as Record<
      string,
      unknown
    >;
    const r = gate.check(open, args);
    expect(r.args).toEqual({ x: 1 });
    expect(r.dropped).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a schema that declares no property keeps the arguments (unless it closes them)', () => {
    // toolalpaca's tools write their parameters in the description and declare `properties: {}`.
    expect(gate.check(tool({}), { dashboardName: 'Sales', charts: ['Q1'] })).toMatchObject({
      ok: true,
      args: { dashboardName: 'Sales', charts: ['Q1'] },
      dropped: [],
    });
    const closed = tool({}, [], { additionalProperties: false });
    expect(gate.check(closed, { dashboardName: 'Sales' })).toMatchObject({
      args: {},
      dropped: ['dashboardName'],
    });
  });

  it('refuses NaN, Infinity and runaway nesting, which Ajv would let through', () => {
    const t = tool({ n: { type: 'number' }, deep: { type: 'array' } });
    expect(gate.check(t, { n: Number.NaN }).errors[0]).toMatchObject({ field: 'n', rule: 'type' });
    expect(gate.check(t, { n: Infinity }).ok).toBe(false);
    let deep: unknown = [];
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(gate.check(t, { deep }).errors[0]?.rule).toBe('depth');
  });

  it('refuses arguments that are not an object', () => {
    expect(gate.check(WEATHER, ['Paris']).errors[0]).toMatchObject({ rule: 'type', field: '' });
    expect(gate.check(WEATHER, null).ok).toBe(false);
  });

  it('compiles each tool schema once', () => {
    const g = new SchemaGate();
    for (let i = 0; i < 5; i++) g.check(WEATHER, { city: String(i) });
    g.check(tool({ a: { type: 'string' } }), { a: 'x' });
    expect(g.compilations).toBe(2);
  });

  it('what it lets through, the independent strict check accepts', () => {
    const samples: unknown[] = [
      { city: 'x', date: '2024-02-29', at: '2024-02-29t23:59:60Z' },
      { city: 'x', email: 'a.b@c.d' },
      { city: 'x', filters: [{ name: 'n', extra: 1 }] },
      { city: 'x', days: 2.0 },
    ];
    for (const s of samples) {
      const r = gate.check(WEATHER, s);
      expect(r.ok).toBe(true);
      expect(strictProblems(WEATHER.parameters, r.args)).toEqual([]);
    }
    expect(strictProblems(WEATHER.parameters, { city: 'x', date: '2023-02-29' })).not.toEqual([]);
  });
});

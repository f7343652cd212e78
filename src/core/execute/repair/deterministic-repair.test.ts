import { beforeAll, describe, expect, it } from 'vitest';
import { demoAgentWorld } from '../../agent/agent-fixtures.test-util';
import type { LocalAgentWorld } from '../../agent/local-agent-world';
import type { Tool } from '../../tools/tool';
import { SchemaGate } from '../gate/schema-gate';
import { coerceValue } from './coerce';
import { normalizeDate } from './date-normalize';
import { normalizeHintedDates, repairArguments } from './deterministic-repair';
import { renameTarget } from './key-rename';
import { nearestEnum } from './nearest-enum';
import { paramIndexOf } from './param-index';

const gate = new SchemaGate();
let world: LocalAgentWorld;
beforeAll(async () => {
  world = await demoAgentWorld();
}, 60_000);

const t = (name: string): Tool => world.tool(name)!;
/** Gate, deterministic repair, gate again: the arguments sent (or null when still refused). */
function repaired(tool: Tool, args: Record<string, unknown>, now?: number) {
  const first = gate.check(tool, args);
  const r = repairArguments(tool, args, first, { params: paramIndexOf(world), ...(now ? { now } : {}) });
  const again = gate.check(tool, r.args);
  return { args: again.ok ? again.args : null, edits: r.edits };
}

describe('deterministic repair (RETO §3.4), one example per edit', () => {
  it('coerces "3" to 3 for a number', () => {
    const r = repaired(t('units_convert'), { value: '3', from_unit: 'km', to_unit: 'miles' });
    expect(r.args).toEqual({ value: 3, from_unit: 'km', to_unit: 'miles' });
    expect(r.edits).toMatchObject([{ kind: 'coerce', field: 'value', from: '"3"', to: '3' }]);
  });

  it('coerces "true" to true, a number to text, "7" to an integer, one value to a list', () => {
    expect(coerceValue('true', { type: 'boolean' })).toBe(true);
    expect(coerceValue('No', { type: 'boolean' })).toBe(false);
    expect(coerceValue(42, { type: 'string' })).toBe('42');
    expect(coerceValue('7', { type: 'integer' })).toBe(7);
    expect(coerceValue('7.5', { type: 'integer' })).toBeUndefined();
    expect(coerceValue('1,250.5', { type: 'number' })).toBe(1250.5);
    expect(coerceValue('x', { type: 'array', items: { type: 'string' } })).toEqual(['x']);
    expect(coerceValue(['Paris'], { type: 'string' })).toBe('Paris');
    expect(coerceValue('{"a":1}', { type: 'object' })).toEqual({ a: 1 });
    expect(coerceValue('ten', { type: 'number' })).toBeUndefined();
  });

  it('renames a key through the standardized parameter clusters (email → to_email)', () => {
    const r = repaired(t('mail_send'), { email: 'anna@example.com', subject: 'Hi', body: 'Hello' });
    expect(r.args).toEqual({ to_email: 'anna@example.com', subject: 'Hi', body: 'Hello' });
    expect(r.edits).toMatchObject([{ kind: 'rename', from: 'email', to: 'to_email' }]);
  });

  it('renames a close name (city_name → city, cityName → city) and leaves an ambiguous one', () => {
    expect(repaired(t('places_weather'), { city_name: 'Oslo' }).args).toEqual({ city: 'Oslo' });
    expect(repaired(t('places_weather'), { cityName: 'Oslo' }).args).toEqual({ city: 'Oslo' });
    expect(renameTarget(t('places_directions'), 'address', new Set())).toBeNull();
    expect(renameTarget(t('places_directions'), 'destination', new Set(['origin_address']))).toBe(
      'destination_address',
    );
    expect(renameTarget(t('contacts_search'), 'nmae', new Set())).toBeNull(); // too short to guess
  });

  it('picks the nearest enum value by case, synonym, prefix or a small typo', () => {
    const dir = { origin_address: 'A st 1', destination_address: 'B st 2' };
    expect(repaired(t('places_directions'), { ...dir, mode: 'Walking' }).args?.mode).toBe('walking');
    expect(repaired(t('places_directions'), { ...dir, mode: 'car' }).args?.mode).toBe('driving');
    expect(repaired(t('places_directions'), { ...dir, mode: 'public transport' }).args?.mode).toBe('transit');
    expect(nearestEnum('walk', ['driving', 'walking'])).toBe('walking');
    expect(nearestEnum('cyclng', ['driving', 'walking', 'cycling'])).toBe('cycling');
    expect(nearestEnum('hovercraft', ['driving', 'walking', 'cycling'])).toBeUndefined();
    expect(repaired(t('places_directions'), { ...dir, mode: 'hovercraft' }).args).toBeNull();
  });

  it('normalizes dates to the format the schema asks', () => {
    const tool: Tool = {
      ...t('date_add'),
      parameters: {
        type: 'object',
        properties: { day: { type: 'string', format: 'date' }, at: { type: 'string', format: 'date-time' } },
        required: ['day'],
      },
    };
    expect(repaired(tool, { day: 'Nov 25, 2026', at: '25.11.2026 7pm' }).args).toEqual({
      day: '2026-11-25',
      at: '2026-11-25T19:00:00',
    });
    expect(repaired(tool, { day: '03/04/2026' }).args).toBeNull(); // either order: left alone
    expect(normalizeDate('2026/11/25', 'date')).toBe('2026-11-25');
    expect(normalizeDate('25 November 2026', 'date')).toBe('2026-11-25');
    expect(normalizeDate('13/11/2026', 'date')).toBe('2026-11-13');
    expect(normalizeDate('11/13/2026', 'date')).toBe('2026-11-13');
    expect(normalizeDate('20261125', 'date')).toBe('2026-11-25');
    expect(normalizeDate(1_795_000_000_000, 'date')).toBe('2026-11-18');
    expect(normalizeDate('tomorrow', 'date', Date.UTC(2026, 10, 24))).toBe('2026-11-25');
    expect(normalizeDate('7:30 pm', 'time')).toBe('19:30:00');
    expect(normalizeDate('2026-11-25T19:00:00Z', 'date')).toBe('2026-11-25');
    expect(normalizeDate('2026-11-25 19:00', 'date-time')).toBe('2026-11-25T19:00:00');
    expect(normalizeDate('2026-02-30', 'date')).toBeUndefined();
    expect(normalizeDate('2026-11-25', 'date')).toBeUndefined(); // already right
  });

  it('normalizes a date whose description asks for YYYY-MM-DD before the call', () => {
    const r = normalizeHintedDates(t('date_add'), { date: '25.11.2026', days: 3 });
    expect(r.args).toEqual({ date: '2026-11-25', days: 3 });
    expect(r.edits).toMatchObject([{ kind: 'date', field: 'date', to: '2026-11-25' }]);
    const rem = normalizeHintedDates(t('reminders_create'), { text: 'x', due_time: '2026-11-25 09:00' });
    expect(rem.args.due_time).toBe('2026-11-25T09:00:00');
  });

  it('leaves out an optional input given as "" whatever rule it breaks (enum, type), never a required one', () => {
    const tool: Tool = {
      name: 'search_images',
      description: 'Search images',
      category: 'test',
      source: 'builtin',
      parameters: {
        type: 'object',
        properties: {
          color: { type: 'string', enum: ['wild', 'albino'] },
          gender: { type: 'string', enum: ['male', 'female'] },
          page: { type: 'integer' },
        },
        required: ['color'],
      },
      returns: null,
    };
    const r = repaired(tool, { color: 'wild', gender: '', page: '' });
    expect(r.args).toEqual({ color: 'wild' });
    expect(r.edits.map((e) => [e.kind, e.field])).toEqual([
      ['drop', 'gender'],
      ['drop', 'page'],
    ]);
    // A required input left empty is still refused: nothing is invented for it.
    expect(repaired(tool, { color: '' }).args).toBeNull();
  });

  it('fills a missing required field with the schema default, and nothing else', () => {
    const tool: Tool = {
      ...t('units_convert'),
      parameters: {
        type: 'object',
        properties: { q: { type: 'string' }, lang: { type: 'string', default: 'en' } },
        required: ['q', 'lang'],
      },
    };
    expect(repaired(tool, { q: 'x' }).args).toEqual({ q: 'x', lang: 'en' });
    expect(repaired(tool, { lang: 'en' }).args).toBeNull();
  });
});

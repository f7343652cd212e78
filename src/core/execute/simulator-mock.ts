import type { Random } from '../util/prng';
import type { JsonSchemaObject } from '../tools/tool';

/**
 * Values made up from a JSON Schema for the API simulator's last level ("contextual simulation",
 * NaviAgent E.3.3): typed, seeded, and shaped so that later calls can read them — an output field named
 * like an input echoes that input's value, ids look like ids, and a list whose items the schema does not
 * describe holds objects with `id` and `name` (what a later `$k.results.0.id` reads).
 */
export interface MockContext {
  rand: Random;
  /** The call's arguments (echoed into outputs of the same name). */
  args: Readonly<Record<string, unknown>>;
  /**
   * The schema the catalogue's tools give an input of this name, if any: a real service answers with
   * values its neighbours accept (a `show_type` a booking tool takes from an enum), so a mocked output
   * field follows the enum or integer type of the input it is likely to feed.
   */
  consumerSchema?: (field: string) => JsonSchemaObject | undefined;
}

const MAX_DEPTH = 3;

const hex = (rand: Random, n: number): string =>
  Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');

const words = (name: string): string =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();

function typeOf(schema: JsonSchemaObject | undefined): string | undefined {
  const t = schema?.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  if (schema?.properties) return 'object';
  if (schema?.items) return 'array';
  return undefined;
}

function echo(name: string, ctx: MockContext, type: string | undefined): unknown {
  const key = Object.keys(ctx.args).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const v = ctx.args[key];
  if (v === undefined || v === null || typeof v === 'object') return undefined;
  if ((type === 'number' || type === 'integer') && typeof v !== 'number') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'string' && typeof v !== 'string') return String(v);
  return v;
}

function mockString(name: string, schema: JsonSchemaObject | undefined, rand: Random): string {
  const n = words(name);
  const format = typeof schema?.format === 'string' ? schema.format : '';
  const pad = (x: number) => String(x).padStart(2, '0');
  const date = () => `2024-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`;
  if (format === 'date-time' || /\b(datetime|timestamp)\b/.test(n))
    return `${date()}T${pad(Math.floor(rand() * 24))}:${pad(Math.floor(rand() * 60))}:00`;
  if (format === 'date' || /\bdate\b|\bday\b|birthday/.test(n)) return date();
  if (/\btime\b/.test(n)) return `${pad(Math.floor(rand() * 24))}:${pad(Math.floor(rand() * 60))}`;
  if (format === 'email' || /\bemail\b/.test(n)) return `user${hex(rand, 4)}@example.com`;
  if (format === 'uri' || /\b(url|link|uri|href|image|logo|poster|photo|avatar|path)\b/.test(n))
    return `https://example.com/${n.replace(/ /g, '-') || 'item'}/${hex(rand, 6)}`;
  if (/\b(id|ids|code|key|token|uuid|slug|sku)\b|id$/.test(n) || /Id$/.test(name))
    return `${name.replace(/\s+/g, '_')}-${hex(rand, 6)}`;
  return `${n || 'value'} ${hex(rand, 4)}`;
}

const singular = (name: string): string => (name.length > 3 && name.endsWith('s') ? name.slice(0, -1) : name);

/**
 * An output field's schema narrowed by the input it likely feeds: the consumer's enum when the output
 * declares none and the types agree, an integer where the output says only "number", the consumer's
 * type where the output has no schema at all.
 */
function withConsumer(
  schema: JsonSchemaObject | undefined,
  consumer: JsonSchemaObject | undefined,
): JsonSchemaObject | undefined {
  if (!consumer) return schema;
  const own = typeOf(schema);
  const theirs = typeOf(consumer);
  const agree = own === undefined || theirs === undefined || own === theirs;
  if (Array.isArray(consumer.enum) && consumer.enum.length > 0 && !Array.isArray(schema?.enum) && agree)
    return { ...schema, enum: consumer.enum };
  if (own === 'number' && theirs === 'integer') return { ...schema, type: 'integer' };
  if (!schema && theirs && theirs !== 'object' && theirs !== 'array') return { type: theirs };
  return schema;
}

export function mockValue(
  schema: JsonSchemaObject | undefined,
  name: string,
  ctx: MockContext,
  depth = 0,
): unknown {
  if (depth === 0) schema = withConsumer(schema, ctx.consumerSchema?.(name));
  const type = typeOf(schema);
  const echoed = depth === 0 ? echo(name, ctx, type) : undefined;
  if (echoed !== undefined) return echoed;
  const { rand } = ctx;
  if (Array.isArray(schema?.enum) && schema.enum.length > 0)
    return schema.enum[Math.floor(rand() * schema.enum.length)];
  if (depth >= MAX_DEPTH) return mockString(name, undefined, rand);
  switch (type) {
    case 'integer':
      return 1 + Math.floor(rand() * 999);
    case 'number':
      return Math.round(rand() * 100_000) / 100;
    case 'boolean':
      return rand() < 0.5;
    case 'array': {
      const items = schema?.items as JsonSchemaObject | undefined;
      const item = singular(name);
      return [0, 1].map(() =>
        items && typeOf(items) ? mockValue(items, item, ctx, depth + 1) : genericObject(item, ctx, depth + 1),
      );
    }
    case 'object':
      return schema?.properties
        ? mockObject(schema, [], ctx, depth + 1)
        : genericObject(name, ctx, depth + 1);
    default:
      return mockString(name, schema, rand);
  }
}

/** An object of unknown shape: an id and a name, what lists of results usually hold. */
function genericObject(name: string, ctx: MockContext, depth: number): Record<string, unknown> {
  return {
    id: mockValue({ type: 'string' }, `${singular(name)}_id`, ctx, depth),
    name: mockValue({ type: 'string' }, `${singular(name)} name`, ctx, depth),
  };
}

/** An output object: every declared property, then `extraFields` (outputs known from traces) as text. */
export function mockObject(
  schema: JsonSchemaObject | null | undefined,
  extraFields: readonly string[],
  ctx: MockContext,
  depth = 0,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schema?.properties ?? {}))
    out[name] = mockValue(s, name, ctx, depth);
  for (const f of extraFields) if (!(f in out)) out[f] = mockValue(undefined, f, ctx, depth);
  return out;
}

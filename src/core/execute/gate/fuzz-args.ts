import type { JsonSchemaObject, Tool } from '../../tools/tool';
import { pick, randInt, type Random } from '../../util/prng';

/**
 * Arguments for fuzzing the schema gate and repair (`npm run fuzz:gate`): valid calls synthesized from a
 * schema, one labelled mistake of the kinds small models make (so repair can be scored per kind), and
 * adversarial junk (wrong types, missing and extra keys, huge strings, deep nesting, prototype keys,
 * NaN, odd unicode).
 */

export type MutationKind =
  | 'type:number-as-text'
  | 'type:boolean-as-text'
  | 'type:number-for-text'
  | 'type:list-of-one'
  | 'rename:close-name'
  | 'enum:case'
  | 'enum:typo'
  | 'format:date'
  | 'format:date-time'
  | 'required:missing-with-default'
  | 'required:missing';

type Json = Record<string, unknown>;
const types = (s: JsonSchemaObject): string[] =>
  typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [];
const WORDS = ['Paris', 'report', 'alpha', 'Anna', 'blue', 'meeting', 'invoice', 'garden'];

/** A value the schema accepts, or undefined when this generator cannot make one (a pattern, say). */
export function validValue(schema: JsonSchemaObject | undefined, rand: Random, depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return pick(rand, WORDS);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(rand, schema.enum);
  if ('const' in schema) return schema.const;
  const t = types(schema).find((x) => x !== 'null') ?? (types(schema).includes('null') ? 'null' : 'string');
  switch (t) {
    case 'null':
      return null;
    case 'boolean':
      return rand() < 0.5;
    case 'integer':
    case 'number': {
      const lo =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0;
      const hi =
        typeof schema.maximum === 'number'
          ? schema.maximum
          : typeof schema.exclusiveMaximum === 'number'
            ? schema.exclusiveMaximum - 1
            : lo + 100;
      if (hi < lo) return undefined;
      return t === 'integer' ? randInt(rand, Math.ceil(lo), Math.floor(hi)) : lo + (hi - lo) * rand();
    }
    case 'array': {
      if (depth > 3) return [];
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 2;
      const items =
        schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)
          ? (schema.items as JsonSchemaObject)
          : undefined;
      const out = Array.from({ length: randInt(rand, min, Math.max(min, Math.min(max, min + 2))) }, () =>
        validValue(items, rand, depth + 1),
      );
      return out.some((v) => v === undefined) ? undefined : out;
    }
    case 'object':
      return depth > 3 ? {} : validArgs(schema, rand, depth + 1);
    default: {
      const f = typeof schema.format === 'string' ? schema.format.toLowerCase() : '';
      let s: string;
      if (f === 'date' || /yyyy-mm-dd/.test(f))
        s = `2026-${String(randInt(rand, 1, 12)).padStart(2, '0')}-${String(randInt(rand, 1, 28)).padStart(2, '0')}`;
      else if (f === 'date-time') s = '2026-11-25T10:30:00';
      else if (f === 'time' || /hh:mm/.test(f)) s = '10:30';
      else if (f === 'email') s = 'anna@example.com';
      else if (f === 'uri' || f === 'url') s = 'https://example.com/a';
      else if (f === 'uuid') s = '123e4567-e89b-12d3-a456-426614174000';
      else if (f === 'ipv4') s = '192.168.0.1';
      else s = pick(rand, WORDS);
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      while ([...s].length < min) s += 'x';
      if (typeof schema.maxLength === 'number' && [...s].length > schema.maxLength)
        s = [...s].slice(0, schema.maxLength).join('');
      if (typeof schema.pattern === 'string') {
        try {
          if (!new RegExp(schema.pattern, 'u').test(s)) return undefined;
        } catch {
          return undefined;
        }
      }
      return s;
    }
  }
}

/** Required fields and about half the optional ones, each valid (undefined when one cannot be made). */
export function validArgs(schema: JsonSchemaObject, rand: Random, depth = 0): Json | undefined {
  const out: Json = {};
  const required = new Set(schema.required ?? []);
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    if (!required.has(k) && rand() < 0.5) continue;
    const v = validValue(s, rand, depth);
    if (v === undefined) {
      if (required.has(k)) return undefined;
      continue;
    }
    out[k] = v;
  }
  return out;
}

const camel = (k: string) => k.replace(/_([a-z\d])/g, (_m, c: string) => c.toUpperCase());
const snake = (k: string) => k.replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase();

/** One labelled mistake in valid arguments, chosen among those the schema allows; null when none does. */
export function mutateOnce(tool: Tool, valid: Json, rand: Random): { kind: MutationKind; args: Json } | null {
  const props = tool.parameters.properties ?? {};
  const required = new Set(tool.parameters.required ?? []);
  const options: { kind: MutationKind; apply: () => Json }[] = [];
  const set = (k: string, v: unknown) => () => ({ ...valid, [k]: v });
  for (const [k, v] of Object.entries(valid)) {
    const s = props[k] ?? {};
    const t = types(s);
    const plainText =
      t.includes('string') && !Array.isArray(s.enum) && s.format === undefined && s.pattern === undefined;
    if (typeof v === 'number' && (t.includes('number') || t.includes('integer')) && !t.includes('string'))
      options.push({ kind: 'type:number-as-text', apply: set(k, String(v)) });
    if (typeof v === 'boolean' && !t.includes('string'))
      options.push({ kind: 'type:boolean-as-text', apply: set(k, String(v)) });
    if (plainText && typeof v === 'string' && /^[A-Za-z]+$/.test(v) && t.length === 1)
      options.push({ kind: 'type:number-for-text', apply: set(k, 42) });
    if ((typeof v === 'string' || typeof v === 'number') && !t.includes('array') && t.length > 0)
      options.push({ kind: 'type:list-of-one', apply: set(k, [v]) });
    if (typeof v === 'string' && Array.isArray(s.enum)) {
      const upper = v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase();
      if (!s.enum.includes(upper)) options.push({ kind: 'enum:case', apply: set(k, upper) });
      if (v.length >= 5) {
        const i = randInt(rand, 1, v.length - 2);
        const typo = v.slice(0, i) + v.slice(i + 1);
        if (!s.enum.includes(typo)) options.push({ kind: 'enum:typo', apply: set(k, typo) });
      }
    }
    if (typeof v === 'string' && s.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
      const [y, m, d] = v.split('-');
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
        Number(m) - 1
      ];
      options.push({
        kind: 'format:date',
        apply: set(k, pick(rand, [`${d}.${m}.${y}`, `${y}/${m}/${d}`, `${month} ${Number(d)}, ${y}`])),
      });
    }
    if (typeof v === 'string' && s.format === 'date-time' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) {
      const [y, m, d] = v.slice(0, 10).split('-');
      options.push({ kind: 'format:date-time', apply: set(k, `${d}.${m}.${y} ${v.slice(11, 16)}`) });
    }
    const variants = [camel(k), snake(k), `${k}_value`].filter((x) => x !== k && !(x in props));
    if (variants.length > 0)
      options.push({
        kind: 'rename:close-name',
        apply: () => {
          const { [k]: value, ...rest } = valid;
          return { ...rest, [pick(rand, variants)]: value };
        },
      });
    if (required.has(k)) {
      const drop = () => Object.fromEntries(Object.entries(valid).filter(([x]) => x !== k));
      const hasDefault = 'default' in s && s.default !== undefined && s.default !== null && s.default !== '';
      options.push({ kind: hasDefault ? 'required:missing-with-default' : 'required:missing', apply: drop });
    }
  }
  if (options.length === 0) return null;
  const o = pick(rand, options);
  return { kind: o.kind, args: o.apply() };
}

const UNICODE = [
  '\u{1F600}\u{1F4A5}',
  'مرحبا بالعالم',
  '\u200b\u200d\ufeff',
  '\ud800',
  'a\u0000b',
  'Z̷̛̖͕a̸l̶g̷o̶',
  '\u202eevil',
];

/** A value meant to break things: NaN, a 1 MB string, 2,000 nested arrays, a lone surrogate… */
export function hostileValue(rand: Random): unknown {
  switch (randInt(rand, 0, 11)) {
    case 0:
      return pick(rand, [NaN, Infinity, -Infinity, -0, 1e308, Number.MAX_SAFE_INTEGER + 2]);
    case 1:
      return 'x'.repeat(randInt(rand, 10_000, rand() < 0.1 ? 1_000_000 : 100_000));
    case 2: {
      let v: unknown = 'bottom';
      const depth = randInt(rand, 20, 3000);
      for (let i = 0; i < depth; i++) v = rand() < 0.5 ? [v] : { d: v };
      return v;
    }
    case 3:
      return JSON.parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
      );
    case 4:
      return pick(rand, UNICODE);
    case 5:
      return Array.from({ length: randInt(rand, 1000, 20_000) }, (_, i) => i);
    case 6:
      return pick(rand, [null, true, false, 0, '', [], {}]);
    case 7:
      return String(randInt(rand, -5, 5000));
    case 8:
      return pick(rand, ['true', 'false', 'yes', 'null', '2026-13-45', '25/11/2026', 'tomorrow']);
    case 9:
      return { nested: [{ a: NaN }, { b: '\ud800' }] };
    case 10:
      return randInt(rand, -1e6, 1e6) / 7;
    default:
      return pick(rand, WORDS);
  }
}

/** Adversarial arguments for a tool: not an object at all, junk in declared and undeclared keys, gaps. */
export function adversarialArgs(tool: Tool, rand: Random): unknown {
  const declared = Object.keys(tool.parameters.properties ?? {});
  const r = rand();
  if (r < 0.08) return hostileValue(rand); // not even an object
  const base: Json = rand() < 0.5 ? (validArgs(tool.parameters, rand) ?? {}) : {};
  const n = randInt(rand, 1, 4);
  for (let i = 0; i < n; i++) {
    const key =
      declared.length > 0 && rand() < 0.6
        ? pick(rand, declared)
        : pick(rand, [
            '__proto__',
            'constructor',
            'prototype',
            'extra',
            'city_name',
            'x'.repeat(300),
            '\ud800key',
            '',
          ]);
    // defineProperty: an own "__proto__" key, as JSON.parse makes it (assignment would set the prototype).
    if (rand() < 0.15 && key !== '__proto__') delete base[key];
    else
      Object.defineProperty(base, key, {
        value: hostileValue(rand),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return base;
}

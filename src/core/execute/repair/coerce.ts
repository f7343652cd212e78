import type { JsonSchemaObject } from '../../tools/tool';

/**
 * Type coercion, the commonest small-model slip (RETO §3.4): "3" where a number is wanted, "true" for a
 * boolean, a number where text is wanted, one value where a list is wanted, a JSON text for an object.
 * Returns the value in the first type of the schema it can be read as, or `undefined` when none (then
 * the value is left for the next repair).
 */
export function coerceValue(value: unknown, schema: JsonSchemaObject | undefined): unknown {
  const types =
    typeof schema?.type === 'string' ? [schema.type] : Array.isArray(schema?.type) ? schema.type : [];
  for (const t of types) {
    const v = coerceTo(t, value, schema!);
    if (v !== undefined) return v;
  }
  return undefined;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const TRUE = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE = new Set(['false', 'no', 'n', 'off', '0']);

function coerceTo(type: string, v: unknown, schema: JsonSchemaObject): unknown {
  // A list of one where one value is wanted (and the reverse, below) is a shape slip, not a meaning change.
  if (Array.isArray(v) && v.length === 1 && type !== 'array') return coerceTo(type, v[0], schema);
  switch (type) {
    case 'number':
    case 'integer': {
      let n: number | undefined;
      if (typeof v === 'number') n = v;
      else if (typeof v === 'string') {
        const t = v.trim();
        if (NUMBER.test(t)) n = Number(t);
        else if (GROUPED.test(t)) n = Number(t.replace(/,/g, ''));
      }
      if (n === undefined || !Number.isFinite(n)) return undefined;
      return type === 'integer' && !Number.isInteger(n) ? undefined : n;
    }
    case 'boolean': {
      if (typeof v === 'boolean') return v;
      const t = typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : null;
      return t === null ? undefined : TRUE.has(t) ? true : FALSE.has(t) ? false : undefined;
    }
    case 'string':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      if (typeof v === 'boolean') return String(v);
      return undefined;
    case 'array': {
      if (Array.isArray(v)) return v;
      const parsed = typeof v === 'string' ? parseJson(v) : undefined;
      if (Array.isArray(parsed)) return parsed;
      if (v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))) return undefined;
      const items = schema.items as JsonSchemaObject | undefined;
      const item = items && typeof items === 'object' && !Array.isArray(items) ? coerceValue(v, items) : v;
      return item === undefined ? undefined : [item];
    }
    case 'object': {
      const parsed = typeof v === 'string' ? parseJson(v) : undefined;
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
    }
    case 'null':
      return v === null || (typeof v === 'string' && /^(null|none)$/i.test(v.trim())) ? null : undefined;
    default:
      return undefined;
  }
}

function parseJson(s: string): unknown {
  const t = s.trim();
  if (!/^[[{]/.test(t) || t.length > 100_000) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

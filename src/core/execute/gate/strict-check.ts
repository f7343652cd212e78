import type { JsonSchemaObject } from '../../tools/tool';

/**
 * An independent second opinion on arguments the gate let through, written without Ajv or the gate's
 * code: the fuzz benchmark and the tests count a call as "invalid let through" when this finds a problem
 * in arguments the gate accepted. It checks the rules the gate promises — an object, only declared
 * top-level keys (unless the schema is open), required fields, types, enums and consts, the standard
 * formats, finite numbers, the usual numeric, string and array bounds — recursively through properties
 * and items. Returns the problems found (empty when valid).
 */
export function strictProblems(schema: JsonSchemaObject, args: unknown): string[] {
  const out: string[] = [];
  if (!isPlainObject(args)) return ['arguments are not an object'];
  const props = schema.properties;
  // As the gate promises (schema-gate.ts): a schema that declares no property, `{}` or `properties: {}`
  // (a tool without parameters), is open unless it says `additionalProperties: false`.
  const open =
    props === undefined || Object.keys(props).length === 0
      ? schema.additionalProperties !== false
      : schema.additionalProperties === true ||
        typeof schema.additionalProperties === 'object' ||
        schema.patternProperties !== undefined;
  for (const k of Object.keys(args)) {
    const declared = props !== undefined && Object.prototype.hasOwnProperty.call(props, k);
    if (!declared && (!open || k === '__proto__' || k === 'constructor' || k === 'prototype'))
      out.push(`${k}: undeclared key`);
  }
  check(schema, args, '(arguments)', out, 0);
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && isFinite(v);
    case 'integer':
      return typeof v === 'number' && isFinite(v) && Math.floor(v) === v;
    case 'boolean':
      return v === true || v === false;
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isPlainObject(v);
    default:
      return true; // a type this checker does not know is not held against the value
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function check(schema: unknown, v: unknown, at: string, out: string[], depth: number): void {
  if (out.length > 20 || depth > 40) return;
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as Record<string, unknown>;
  if (typeof v === 'number' && !isFinite(v)) out.push(`${at}: not a finite number`);
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : null;
  if (types && !types.some((t) => typeMatches(t, v))) {
    out.push(`${at}: not ${types.join('|')}`);
    return;
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => sameJson(e, v))) out.push(`${at}: not in enum`);
  if ('const' in s && !sameJson(s.const, v)) out.push(`${at}: not the const`);
  if (typeof v === 'string') {
    const len = [...v].length;
    if (typeof s.minLength === 'number' && len < s.minLength) out.push(`${at}: too short`);
    if (typeof s.maxLength === 'number' && len > s.maxLength) out.push(`${at}: too long`);
    if (typeof s.pattern === 'string') {
      let re: RegExp | null = null;
      try {
        re = new RegExp(s.pattern, 'u');
      } catch {
        re = null;
      }
      if (re && !re.test(v)) out.push(`${at}: does not match the pattern`);
    }
    if (typeof s.format === 'string' && !formatHolds(s.format, v)) out.push(`${at}: not a ${s.format}`);
  }
  if (typeof v === 'number') {
    if (typeof s.minimum === 'number' && v < s.minimum) out.push(`${at}: below minimum`);
    if (typeof s.maximum === 'number' && v > s.maximum) out.push(`${at}: above maximum`);
    if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum)
      out.push(`${at}: not above minimum`);
    if (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum)
      out.push(`${at}: not below maximum`);
  }
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) out.push(`${at}: too few items`);
    if (typeof s.maxItems === 'number' && v.length > s.maxItems) out.push(`${at}: too many items`);
    if (Array.isArray(s.items))
      s.items.forEach((it, i) => i < v.length && check(it, v[i], `${at}[${i}]`, out, depth + 1));
    else if (s.items) v.forEach((x, i) => check(s.items, x, `${at}[${i}]`, out, depth + 1));
  }
  if (isPlainObject(v)) {
    const props = isPlainObject(s.properties) ? s.properties : {};
    if (Array.isArray(s.required))
      for (const r of s.required)
        if (typeof r === 'string' && !Object.prototype.hasOwnProperty.call(v, r))
          out.push(`${at}.${r}: missing`);
    for (const k of Object.keys(v)) {
      if (Object.prototype.hasOwnProperty.call(props, k)) check(props[k], v[k], `${at}.${k}`, out, depth + 1);
      else if (depth > 0 && s.additionalProperties === false) out.push(`${at}.${k}: not allowed`);
      else if (isPlainObject(s.additionalProperties))
        check(s.additionalProperties, v[k], `${at}.${k}`, out, depth + 1);
    }
  }
}

/** The standard formats, checked by parsing rather than by the gate's expressions. */
function formatHolds(format: string, v: string): boolean {
  const f = format.toLowerCase();
  if (f === 'date' || (/yyyy-mm-dd/.test(f) && !/hh:mm/.test(f)) || /^date\b(?!-)/.test(f))
    return dateHolds(v);
  if (f === 'date-time' || /date-?time|iso ?8601|yyyy-mm-dd.*hh:mm/.test(f))
    return v.length > 11 && 'Tt '.includes(v[10]!) && dateHolds(v.slice(0, 10)) && timeHolds(v.slice(11));
  if (f === 'time' || /hh:mm|^time\b/.test(f)) return timeHolds(v);
  if (f === 'email') {
    const at = v.indexOf('@');
    if (at <= 0 || at !== v.lastIndexOf('@')) return false;
    const domain = v.slice(at + 1).split('.');
    return domain.length >= 2 && domain.every((p) => p.length > 0) && !/[\s"<>()[\],;:]/.test(v);
  }
  if (f === 'uri' || f === 'url') return /^[a-z][a-z\d+.-]*:\S+$/i.test(v);
  return true;
}

function dateHolds(v: string): boolean {
  if (v.length !== 10 || v[4] !== '-' || v[7] !== '-') return false;
  const [y, m, d] = [v.slice(0, 4), v.slice(5, 7), v.slice(8, 10)].map((x) =>
    /^\d+$/.test(x) ? Number(x) : NaN,
  );
  if ([y, m, d].some((n) => Number.isNaN(n))) return false;
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  date.setUTCFullYear(y!);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

function timeHolds(v: string): boolean {
  const zone = /(z|[+-]\d{2}:?\d{2})$/i.exec(v);
  if (zone) {
    const z = zone[0].replace(':', '');
    if (z.length > 1 && (Number(z.slice(1, 3)) > 23 || Number(z.slice(3, 5)) > 59)) return false;
  }
  const body = zone ? v.slice(0, v.length - zone[0].length) : v;
  const [hms, frac, ...rest] = body.split('.');
  if (rest.length > 0 || (frac !== undefined && !/^\d+$/.test(frac))) return false;
  const parts = hms!.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d{2}$/.test(p))) return false;
  const [h, m, s] = parts.map(Number);
  return h! <= 23 && m! <= 59 && (s === undefined || s <= 60) && (frac === undefined || parts.length === 3);
}

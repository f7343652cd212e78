/**
 * Value equality as AutoTool uses it to find parameter dependencies: a value produced or used by one
 * call that reappears in a later call's arguments, including as a member of a list or a dict value.
 */

/** Values too common to be evidence of a flow (a `true` or a `0` reappearing means nothing). */
export function isTrackable(v: unknown): v is string | number {
  if (typeof v === 'string') return v.trim().length > 0;
  if (typeof v === 'number') return Number.isFinite(v) && !(Number.isInteger(v) && v >= -1 && v <= 9);
  return false;
}

/** A stable key for equality across types: "7" and 7 stay different. */
export const valueKey = (v: string | number): string => `${typeof v}:${v}`;

/** Every trackable scalar inside a value (list members, dict values), up to a small depth. */
export function leaves(value: unknown, depth = 3): (string | number)[] {
  if (isTrackable(value)) return [value];
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.flatMap((c) => leaves(c, depth - 1));
}

/** A `$k.field` / `$k` reference (shared dataset plan format); NESTFUL embeds `{$k.field}` in strings. */
export interface OutputRef {
  fromCall: number;
  /** Output field, or null for the whole output. */
  field: string | null;
}

const WHOLE_REF = /^\$(\d+)(?:\.([A-Za-z0-9_-]+))?(?:\[[^\]]*\])*(?:\.[A-Za-z0-9_.\-[\]]*)?$/;
const EMBEDDED_REF = /\{\$(\d+)(?:\.([A-Za-z0-9_-]+))?[^}]*\}/g;

/** References to earlier outputs written in an argument value. Only the first path segment names the field. */
export function parseRefs(value: unknown): OutputRef[] {
  if (typeof value === 'string') {
    const whole = WHOLE_REF.exec(value);
    if (whole) return [{ fromCall: Number(whole[1]), field: whole[2] ?? null }];
    return [...value.matchAll(EMBEDDED_REF)].map((m) => ({ fromCall: Number(m[1]), field: m[2] ?? null }));
  }
  if (Array.isArray(value)) return value.flatMap((v) => parseRefs(v));
  return [];
}

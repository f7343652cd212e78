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

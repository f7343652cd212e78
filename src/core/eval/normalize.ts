/**
 * Argument values compared "by normalized value" (the TSR matcher): what a user would call the same
 * value. Strings ignore case, surrounding quotes, whitespace runs and a final full stop; a number equals
 * its decimal text ("5" = 5 = 5.0); a date-time its ISO or SQL spelling; booleans equal "true"/"false"; lists compare in order (then as
 * multisets), objects key by key; null, undefined and "" are all "no value".
 */

export function normalizeText(s: string): string {
  const t = s.normalize('NFKC').trim();
  // One date-time written two ways: "2023-09-12 14:00:00" = "2023-09-12T14:00" (ISO vs SQL style).
  const dt = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/.exec(t);
  if (dt) return `${dt[1]} ${dt[2]}:${dt[3] ?? '00'}`;
  return t
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.。]+$/, '')
    .trim()
    .toLowerCase();
}

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim());

function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

function asBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return null;
}

export function valuesMatch(expected: unknown, actual: unknown): boolean {
  if (isEmpty(expected) || isEmpty(actual)) return isEmpty(expected) && isEmpty(actual);
  const en = asNumber(expected);
  const an = asNumber(actual);
  if (en !== null && an !== null) return Math.abs(en - an) <= 1e-9 * Math.max(1, Math.abs(en), Math.abs(an));
  const eb = asBoolean(expected);
  const ab = asBoolean(actual);
  if (eb !== null && ab !== null) return eb === ab;
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) {
      // A one-item list and its item say the same thing.
      const list = (Array.isArray(expected) ? expected : actual) as unknown[];
      const one = Array.isArray(expected) ? actual : expected;
      return list.length === 1 && valuesMatch(list[0], one);
    }
    if (expected.length !== actual.length) return false;
    if (expected.every((e, i) => valuesMatch(e, actual[i]))) return true;
    const left = [...actual];
    return expected.every((e) => {
      const i = left.findIndex((a) => valuesMatch(e, a));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  }
  if (typeof expected === 'object' || typeof actual === 'object') {
    if (typeof expected !== 'object' || typeof actual !== 'object') return false;
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    for (const k of keys) if (!valuesMatch(e[k], a[k])) return false;
    return true;
  }
  return normalizeText(String(expected)) === normalizeText(String(actual));
}

/** The value as a user would type it (answers of the simulated user). */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

import type { JsonSchemaObject } from '../../tools/tool';
import { canonicalFormat, isIsoDate, isIsoDateTime, isIsoTime } from '../gate/gate-formats';

/** The shape a field wants its dates in: what its `format` says, else what its description asks. */
export type DateTarget = 'date' | 'time' | 'date-time' | 'date-or-date-time';

export function dateTargetOf(schema: JsonSchemaObject | undefined): DateTarget | null {
  if (!schema) return null;
  if (typeof schema.format === 'string') {
    const f = canonicalFormat(schema.format);
    if (f === 'date' || f === 'time' || f === 'date-time') return f;
  }
  const d = typeof schema.description === 'string' ? schema.description : '';
  if (/YYYY-MM-DD\b.*\bor\b.*(date-time|datetime|HH:MM)/i.test(d)) return 'date-or-date-time';
  if (/YYYY-MM-DD[T ]HH|ISO[ -]?8601\b[^.;]*(date-time|datetime|timestamp)/i.test(d)) return 'date-time';
  if (/YYYY-MM-DD|ISO[ -]?8601\b[^.;]*\bdate\b/i.test(d)) return 'date';
  if (/\bHH:MM\b/i.test(d)) return 'time';
  return null;
}

interface Parts {
  date?: [number, number, number];
  time?: [number, number, number];
  zone?: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
const year = (y: string): number => (y.length === 2 ? (Number(y) < 70 ? 2000 : 1900) + Number(y) : Number(y));

/**
 * A date or time in another common shape rewritten in the one the field asks for: "2026/11/25",
 * "25.11.2026", "Nov 25, 2026", "25 November 2026 7pm", "20261125", epoch seconds or milliseconds,
 * "today"/"tomorrow" (with `now`), "7:30 pm" → YYYY-MM-DD, HH:MM(:SS) or YYYY-MM-DDTHH:MM:SS. A day
 * written with slashes that could be either order (03/04/2026) is left alone: guessing would move the
 * date. `undefined` when the value cannot be read or is already right.
 */
export function normalizeDate(value: unknown, target: DateTarget, now?: number): string | undefined {
  if (typeof value === 'string' && isRight(value.trim(), target)) return undefined;
  const p = parse(value, now);
  if (!p) return undefined;
  const date = p.date ? `${p.date[0]}-${pad(p.date[1])}-${pad(p.date[2])}` : null;
  const time = p.time ? `${pad(p.time[0])}:${pad(p.time[1])}:${pad(p.time[2])}` : null;
  let out: string | null = null;
  if (target === 'date') out = date;
  else if (target === 'time') out = time ? `${time}${p.zone ?? ''}` : null;
  else if (target === 'date-or-date-time') out = date && (time ? `${date}T${time}${p.zone ?? ''}` : date);
  else out = date && `${date}T${time ?? '00:00:00'}${p.zone ?? ''}`;
  return out !== null && isRight(out, target) && out !== value ? out : undefined;
}

/** Already in the asked shape; a date-time must use the canonical `T` (the gate also takes a space). */
function isRight(s: string, target: DateTarget): boolean {
  if (target === 'date') return isIsoDate(s);
  if (target === 'time') return isIsoTime(s);
  const dateTime = isIsoDateTime(s) && s[10] === 'T';
  return target === 'date-time' ? dateTime : dateTime || isIsoDate(s);
}

function validDay(y: number, m: number, d: number): [number, number, number] | undefined {
  const ok = y >= 1 && y <= 9999 && isIsoDate(`${pad(y, 4)}-${pad(m)}-${pad(d)}`);
  return ok ? [y, m, d] : undefined;
}

function parse(value: unknown, now?: number): Parts | undefined {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{10}(\d{3})?$/.test(value.trim()))) {
    const n = Number(value);
    const ms = n > 1e11 ? n : n * 1000;
    if (!Number.isFinite(ms) || n < 1e9) return undefined;
    const t = new Date(ms);
    return {
      date: [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()],
      time: [t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()],
      zone: 'Z',
    };
  }
  if (typeof value !== 'string') return undefined;
  let s = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (s.length > 64) return undefined;
  s = s.replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,? /, '');
  const out: Parts = {};
  const zone = /(z|[+-]\d{2}:?\d{2}| utc| gmt)$/.exec(s);
  if (zone && /\d/.test(s.slice(0, zone.index))) {
    const z = zone[1]!.trim();
    out.zone =
      z === 'z' || z === 'utc' || z === 'gmt' ? 'Z' : z.includes(':') ? z : `${z.slice(0, 3)}:${z.slice(3)}`;
    s = s.slice(0, zone.index).trim();
  }
  const rest = takeDate(s, out, now);
  if (rest === undefined) return undefined;
  const t = rest.replace(/^(t|at|,)\s*/, '').trim();
  if (t) {
    const time = parseTime(t);
    if (!time) return undefined;
    out.time = time;
  }
  return out.date || out.time ? out : undefined;
}

/** Reads a date at the start of `s` into `out`; returns what is left, or undefined when it is unreadable. */
function takeDate(s: string, out: Parts, now?: number): string | undefined {
  let m: RegExpExecArray | null;
  const set = (d: [number, number, number] | undefined, len: number) => {
    if (!d) return undefined;
    out.date = d;
    return s.slice(len).trim();
  };
  if ((m = /^(today|tomorrow|yesterday)\b/.exec(s))) {
    if (now === undefined) return undefined;
    const t = new Date(now + { today: 0, tomorrow: 1, yesterday: -1 }[m[1] as 'today'] * 86_400_000);
    return set([t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()], m[0].length);
  }
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s)))
    return set(validDay(+m[1]!, +m[2]!, +m[3]!), m[0].length);
  if ((m = /^(\d{4})(\d{2})(\d{2})(?=t|$)/.exec(s)))
    return set(validDay(+m[1]!, +m[2]!, +m[3]!), m[0].length);
  if ((m = /^(\d{1,2})([.-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(s)))
    return set(validDay(year(m[4]!), +m[3]!, +m[1]!), m[0].length); // 25.11.2026 and 25-11-2026: day first
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/.exec(s))) {
    const [a, b] = [+m[1]!, +m[2]!];
    if (a > 12 === b > 12) return undefined; // 03/04/2026: either order; 13/14: neither
    return set(a > 12 ? validDay(year(m[3]!), b, a) : validDay(year(m[3]!), a, b), m[0].length);
  }
  const mon = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
  if ((m = new RegExp(`^${mon} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`).exec(s)))
    return set(validDay(+m[3]!, MONTHS.indexOf(m[1]!) + 1, +m[2]!), m[0].length);
  if ((m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ${mon},? (\\d{4})\\b`).exec(s)))
    return set(validDay(+m[3]!, MONTHS.indexOf(m[2]!) + 1, +m[1]!), m[0].length);
  return s; // no date: maybe a time alone
}

function parseTime(t: string): [number, number, number] | undefined {
  if (t === 'noon') return [12, 0, 0];
  if (t === 'midnight') return [0, 0, 0];
  const m = /^(\d{1,2})(?:[:.h](\d{2})|h)?(?::(\d{2})(?:\.\d+)?)? ?(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m) return undefined;
  let h = Number(m[1]);
  const mi = Number(m[2] ?? 0);
  const sec = Number(m[3] ?? 0);
  const half = m[4]?.replace(/\./g, '');
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  } else if (m[2] === undefined && !/h/.test(t)) return undefined; // a bare "7" is not a time
  return h <= 23 && mi <= 59 && sec <= 59 ? [h, mi, sec] : undefined;
}

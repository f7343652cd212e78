import type { Format } from 'ajv';

/**
 * The string formats the gate checks, each a regular expression or a few comparisons (cheap enough to
 * run on every call; no ajv-formats dependency). Date-times accept ISO 8601 with or without a zone:
 * catalogues say "date-time" for local times ("2026-11-25T19:00"), and refusing those would send every
 * such call to repair for nothing. Formats not listed here are not checked.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:.]+(\.[^\s@"<>()[\],;:.]+)+$/;
const URI = /^[a-z][a-z\d+.-]*:[^\s]+$/i;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar day in YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > DAYS[mo - 1]!) return false;
  return mo !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}

export const isIsoTime = (s: string): boolean => TIME.test(s);

export function isIsoDateTime(s: string): boolean {
  const sep = s.search(/[Tt ]/);
  return sep === 10 && isIsoDate(s.slice(0, 10)) && isIsoTime(s.slice(11));
}

const int = (bits: number) => (n: number) =>
  Number.isInteger(n) && n >= -(2 ** (bits - 1)) && n <= 2 ** (bits - 1) - 1;

export const GATE_FORMATS: Record<string, Format> = {
  date: isIsoDate,
  time: isIsoTime,
  'date-time': isIsoDateTime,
  email: (s: string) => EMAIL.test(s),
  uri: (s: string) => URI.test(s),
  url: (s: string) => URI.test(s),
  uuid: (s: string) => UUID.test(s),
  ipv4: (s: string) => IPV4.test(s),
  int32: { type: 'number', validate: int(32) },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
};

/**
 * The format a schema's `format` text means, when it is written in words ("DATE (YYYY-MM-DD)",
 * "TIME (24-hour HH:MM)" in StableToolBench): the gate checks those as the standard format.
 */
export function canonicalFormat(format: string): string | null {
  if (format in GATE_FORMATS) return format;
  const f = format.toLowerCase();
  if (/yyyy-mm-dd.*hh:mm|date-?time|iso ?8601/.test(f)) return 'date-time';
  if (/yyyy-mm-dd|^date\b/.test(f)) return 'date';
  if (/hh:mm|^time\b/.test(f)) return 'time';
  return null;
}

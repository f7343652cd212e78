import { InvalidDateError } from './errors/invalid-date-error';

/**
 * Calendar arithmetic on plain "YYYY-MM-DD" days and zone-less "YYYY-MM-DDTHH:MM:SS" local date-times, as
 * the tools' schemas use them. Days are computed in UTC so results never depend on the machine's zone
 * (the agent's own date words do the same: src/core/agent/dates.ts).
 */

export const DAY_MS = 86_400_000;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number): string => String(n).padStart(2, '0');

/** The UTC day of an epoch-ms instant. */
export const dayOfInstant = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Epoch ms of the day's midnight (UTC); NaN when the day is not a real calendar date. */
function dayMs(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  // Date.UTC rolls 2026-02-30 over to March 2: a real date survives the round trip unchanged.
  return dayOfInstant(ms) === day ? ms : NaN;
}

export const isDay = (value: string): boolean => !Number.isNaN(dayMs(value));

export function addDays(day: string, days: number): string {
  return dayOfInstant(dayMs(day) + days * DAY_MS);
}

const RELATIVE: Record<string, number> = { today: 0, tomorrow: 1, yesterday: -1 };

/**
 * A day argument: "YYYY-MM-DD", or a date-time (its day is taken), or today / tomorrow / yesterday
 * relative to `today`. Throws `InvalidDateError` for anything else, including 2026-02-30.
 */
export function parseDay(value: string, field: string, today: string): string {
  const v = value.trim().toLowerCase();
  const rel = RELATIVE[v];
  if (rel !== undefined) return addDays(today, rel);
  const day = DATE_TIME_RE.exec(v)?.[1] ?? v;
  if (!isDay(day)) throw new InvalidDateError(field, value, 'a date YYYY-MM-DD');
  return day;
}

/**
 * A local date-time argument, normalized to "YYYY-MM-DDTHH:MM:SS" ("2026-11-25 9:30" is accepted). A zone
 * suffix is refused rather than dropped: silently ignoring "Z" or "+02:00" would move the event.
 */
export function parseLocalDateTime(value: string, field: string): string {
  const m = DATE_TIME_RE.exec(value.trim());
  const [hours, minutes, seconds] = [Number(m?.[2]), Number(m?.[3]), Number(m?.[4] ?? 0)];
  if (!m || !isDay(m[1]!) || hours > 23 || minutes > 59 || seconds > 59)
    throw new InvalidDateError(field, value, 'a local date-time YYYY-MM-DDTHH:MM:SS without a time zone');
  return `${m[1]}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** "YYYY-MM-DD" or a local date-time, as reminders take either. */
export function parseDayOrDateTime(value: string, field: string, today: string): string {
  const v = value.trim();
  if (DATE_TIME_RE.test(v)) return parseLocalDateTime(v, field);
  try {
    return parseDay(v, field, today);
  } catch {
    throw new InvalidDateError(field, value, 'a date YYYY-MM-DD or a local date-time YYYY-MM-DDTHH:MM:SS');
  }
}

/** Minutes since midnight of a normalized local date-time. */
export const minutesOf = (dateTime: string): number =>
  Number(dateTime.slice(11, 13)) * 60 + Number(dateTime.slice(14, 16));

/** The normalized local date-time `minutes` after the day's midnight (within the day). */
export const atMinutes = (day: string, minutes: number): string =>
  `${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;

/** "14:30" from a normalized local date-time. */
export const clockOf = (dateTime: string): string => dateTime.slice(11, 16);

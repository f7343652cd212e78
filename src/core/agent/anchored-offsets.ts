/**
 * An offset said without its date — "Rent is due on the 12th. Set a reminder three days before", "remind
 * me the day before the dentist" — is from the date the request says elsewhere, or from the day of the
 * calendar event named after it. The date is written after the offset ("3 days before 2026-12-12"), so
 * every part reads one explicit date (`findDates` shifts it). Before, the reminder's time was asked for,
 * though the request had said it (twelfth QA pass).
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { ASKS_FOR_DATE, OFFSET, findDates, offsetEnd } from './dates';
import { escapeRegExp } from '../util/escape-regexp';

/** The day of the one calendar event named at the start of `text`, by title or short name. */
function eventDayAtStart(text: string, events: readonly LexiconEntry[]): string | undefined {
  const head = text
    .slice(0, 60)
    .toLowerCase()
    .replace(/^(?:my|our)\s+/, '');
  const days = new Set(
    events
      .filter(
        (e) =>
          e.on !== undefined &&
          [e.value, ...(e.aliases ?? []), ...(e.dayAliases ?? [])].some((a) =>
            new RegExp(`^(?:the\\s+)?${escapeRegExp(a.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(head),
          ),
      )
      .map((e) => e.on!),
  );
  return days.size === 1 ? [...days][0] : undefined;
}

export function withAnchoredOffsets(text: string, today: number, events: readonly LexiconEntry[]): string {
  if (ASKS_FOR_DATE.test(text)) return text;
  const dates = findDates(text, today);
  let out = '';
  let last = 0;
  for (const m of text.toLowerCase().matchAll(new RegExp(OFFSET.source, 'g'))) {
    const at = m.index + m[0].length;
    // "2 days before Dec 14", "the day before the 14th": its own date.
    if (dates.some((d) => d.start >= offsetEnd(m) && d.start <= at)) continue;
    const event = eventDayAtStart(text.slice(at), events);
    // The other dates of the request, when they are one day: "Rent is due on the 12th".
    const others = new Set(dates.filter((d) => d.end <= m.index || d.start >= at).map((d) => d.date));
    const anchor = event ?? (others.size === 1 ? [...others][0] : undefined);
    if (anchor === undefined) continue;
    out += `${text.slice(last, at)}${anchor} `;
    last = at;
  }
  return out + text.slice(last);
}

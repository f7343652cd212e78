/**
 * "If I'm free at 4 today", "unless I already have something at 2 on Wednesday", "got time at 3 today for a
 * call? if so …", "nothing booked Wednesday afternoon? then …": a condition on the user's own time, read on
 * the calendar — a day's listing (is any event in the hours asked?) or a free slot found (does it start when
 * asked?). Before (eighteenth QA pass) none of these was decided: the user was asked "Does that mean you're
 * free …?" after the calendar had answered, or a contact lookup checked "got time at 3", and the call was
 * booked over the coffee with Dan.
 */

import type { ConditionVerdict } from './condition';
import { findTimes, WEEKDAY_WORDS } from './dates';
import { periodSaid, spanOf } from './time-of-day';

/** Words of the user's time being free, and of it being taken. */
const FREE_WORDS = /\b(?:free|available|clear|empty|open|got\s+time|have\s+time|any\s+time|time\s+for)\b/i;
const BUSY_WORDS =
  /\b(?:busy|booked|taken|something|anything|nothing|(?:a\s+)?meetings?|plans?|events?|appointments?)\b/i;
/** The user is who the condition is about ("if Bob is free" is Bob's time, which no calendar here holds). */
const ABOUT_ME = new RegExp(
  String.raw`^(?:(?:and|so|ok|okay)\s+)?(?:am\s+i|are\s+we|do\s+i|have\s+i|i|we|i['’]m|i['’]ve|we['’]re|we['’]ve|my|our|got|nothing|anything|something|any|free|busy|is\s+my|there['’]?s|is\s+there` +
    // "Is Monday lunchtime free?", "is tomorrow afternoon clear?", "Wednesday morning's clear"
    String.raw`|(?:is\s+)?(?:my\s+)?(?:(?:today|tonight|tomorrow|${WEEKDAY_WORDS}|morning|afternoon|evening|lunch\s*time|night|the\s+\d{1,2}(?:st|nd|rd|th))\s*)+(?:['’]s\s+|is\s+|looks\s+)?(?=(?:free|clear|open|empty|busy|available)\b))\b`,
  'i',
);
/** "my dentist appointment tomorrow is in the morning", "our call is at 6": an event's time said. */
const EVENT_WHEN =
  /^(?:my|our)\s+(?!(?:day|morning|afternoon|evening|diary|calendar|schedule)\b)[\p{L}'’ -]{2,40}?\s+(?:is|was|['’]s)\s+(?:(?:still|now)\s+)?(?:in\s+the|at|before|after|on)\b/iu;
const NEGATED =
  /\b(?:not|no|nothing|never|isn['’]t|aren['’]t|don['’]t|doesn['’]t|haven['’]t|hasn['’]t|wasn['’]t)\b|n['’]t\b/i;

/**
 * "Is there a free 30 minutes on Tuesday afternoon …? If there is, put … in", "Have I got 2 hours free …? If
 * so, book it in": a length looked for is a free slot to find and book, not a question about the day.
 */
const LENGTH_LOOKED_FOR =
  /\b(?:\d+(?:\.\d+)?|an?|one|two|three|four|half\s+an?)\s*-?\s*(?:hours?|hrs?|minutes?|mins?)\b|\b(?:slot|gap|window|opening)s?\b/i;

/**
 * "Anything in my inbox from Lucia?", "any notes about the offsite?": what another of the user's records
 * holds, not their time (twenty-first QA pass listed the day's events for the inbox).
 */
const OTHER_STORE =
  /\b(?:inbox|e-?mails?|mail|messages?|texts?|notes?|files?|documents?|docs?|folders?|reminders?|contacts?)\b/i;

/** True: the condition says the user is free; false: busy; null: it is not about the user's time. */
export function meansFree(condition: string): boolean | null {
  // "Before anything else: am I free on Sunday …": what comes after a lead-in and its colon.
  const t = condition.trim().replace(/^[^:]{0,40}(?<!\d):\s+/, '');
  if (!ABOUT_ME.test(t) || LENGTH_LOOKED_FOR.test(t) || OTHER_STORE.test(t)) return null;
  // "if my dentist appointment tomorrow is in the morning": when one event is, not whether the user is free
  // (twenty-fifth QA pass read the budget review's morning as the dentist's).
  if (EVENT_WHEN.test(t) && !FREE_WORDS.test(t)) return null;
  const negated = NEGATED.test(t);
  if (FREE_WORDS.test(t)) return !negated;
  if (BUSY_WORDS.test(t)) return negated;
  return null;
}

/** Whether a condition speaks of the user's free or taken time (the calendar checks it). */
export const aboutMyTime = (condition: string): boolean => meansFree(condition) !== null;

const hourOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h! + m! / 60;
};

const SIDE_OF_TIME =
  /\b(after|before|until|till)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b(?!\s*(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|%|st|nd|rd|th)\b)/i;

/**
 * The hours a condition asks about: those of the act it governs when they are known (`during`), else a part
 * of the day, a time (half an hour from it) or a range it says.
 */
function hoursAsked(condition: string, during?: string): { from: number; to: number; point: boolean } | null {
  // "If nothing's on after 4 on Wednesday": the rest of the day from 16:00 (the museum visit at 10 said no;
  // nineteenth QA pass). "before noon": the day up to it.
  const side = SIDE_OF_TIME.exec(condition);
  if (side) {
    const h = Number(side[2]) + Number(side[3] ?? 0) / 60;
    const pm = side[4]?.toLowerCase();
    // Without am or pm office hours are meant: "after 4" is 16:00.
    const hour = pm === 'pm' && h < 12 ? h + 12 : pm === 'am' ? h % 12 : h < 8 ? h + 12 : h;
    return /^after$/i.test(side[1]!)
      ? { from: hour, to: 24, point: false }
      : { from: 0, to: hour, point: false };
  }
  const period = periodSaid(condition);
  if (during) {
    // "If I'm free Thursday evening, put in a haircut at 7": 7 in the evening.
    const [from, to] = during.split('-').map((t) => {
      const h = hourOf(t);
      return period && h < 12 && (h < period.from || h >= period.to) && h + 12 < period.to ? h + 12 : h;
    });
    return to !== undefined && to > from!
      ? { from: from!, to, point: false }
      : { from: from!, to: from! + 0.5, point: true };
  }
  if (period) return { from: period.from, to: period.to, point: false };
  const times = findTimes(condition).map((t) => hourOf(t.time));
  if (times.length >= 2 && times[1]! > times[0]!) return { from: times[0]!, to: times[1]!, point: false };
  if (times.length >= 1) return { from: times[0]!, to: times[0]! + 0.5, point: true };
  return null;
}

/**
 * "Am I free after coffee with Dan today?": the hours after (or before) an event of the listing named by
 * its words — the rest of the day from its end (the whole day's events said no; eighteenth QA pass).
 */
function aroundAnEvent(
  condition: string,
  result: unknown,
): { from: number; to: number; point: boolean } | null {
  const m =
    /\b(after|before)\s+(?:the\s+|my\s+|our\s+)?(\p{L}[\p{L}\s'’-]*?)(?:\s+(?:today|tonight|tomorrow|on\s+\S+))?\s*\??$/iu.exec(
      condition.trim(),
    );
  if (!m) return null;
  const words = m[2]!
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2);
  if (words.length === 0) return null;
  for (const item of itemsIn(result)) {
    const named = Object.values(item).some(
      (v) => typeof v === 'string' && words.every((w) => v.toLowerCase().includes(w)),
    );
    const span = spanOf(item);
    if (!named || !span) continue;
    return m[1]!.toLowerCase() === 'after'
      ? { from: span[1], to: 24, point: false }
      : { from: 0, to: span[0], point: false };
  }
  return null;
}

/** The person a condition's time is with ("anything with Anna", "a meeting with bob"), lower case. */
function withWhom(condition: string): string | undefined {
  // "anything with Anna", "a meeting with bob" — not "time for a call with Maya", which is the act asked for.
  const name =
    /\b(?:anything|something|nothing|meetings?|plans?|events?|appointments?)\s+(?:(?:booked|planned|scheduled|on)\s+)?with\s+(\p{L}[\p{L}'’-]+)/iu
      .exec(condition)?.[1]
      ?.toLowerCase();
  return name && !NOT_A_NAME.has(name) ? name : undefined;
}
const NOT_A_NAME = new Set(
  'me us you them him her it my the a an anyone anybody someone somebody people friends family work clients'.split(
    ' ',
  ),
);

/** The objects of every list in a result (a day's events). */
function itemsIn(result: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 3 || result === null || typeof result !== 'object') return [];
  if (Array.isArray(result))
    return result.filter(
      (v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v),
    );
  return Object.values(result as Record<string, unknown>).flatMap((v) => itemsIn(v, depth + 1));
}

/** The timed items of a listing (events with a start), or null when the result lists none. */
function timedLists(result: unknown, depth = 0): [number, number][] | null {
  if (depth > 3 || result === null || typeof result !== 'object') return null;
  if (Array.isArray(result)) {
    const spans = result.map((v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? spanOf(v as Record<string, unknown>) : null,
    );
    return result.length === 0 || spans.every((s) => s !== null) ? (spans as [number, number][]) : null;
  }
  for (const v of Object.values(result as Record<string, unknown>)) {
    const found = timedLists(v, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The verdict on a condition about the user's time, from a calendar result: a day's listing (free when no
 * event overlaps the hours asked; the whole day when none are said) or a free slot found (free when it
 * starts at the time asked, or inside the part of the day asked). Null when either is not the case.
 */
export function freeBusyVerdict(
  condition: string,
  result: unknown,
  during?: string,
): ConditionVerdict | null {
  const free = meansFree(condition);
  if (free === null || result === null || typeof result !== 'object') return null;
  const hours = hoursAsked(condition, during) ?? aroundAnEvent(condition, result);
  const slot = Array.isArray(result) ? null : spanOf(result as Record<string, unknown>);
  let isFree: boolean;
  if (slot) {
    const [start] = slot;
    // A slot found before the hours asked says nothing of them.
    if (hours && start < hours.from - 1 / 60) return null;
    isFree = !hours
      ? true
      : hours.point
        ? Math.abs(start - hours.from) < 1 / 60
        : start >= hours.from && start < hours.to;
  } else {
    const whom = withWhom(condition);
    // "If I have anything with Anna on Thursday": only what is with her counts (the offsite planning with
    // Ines said yes; nineteenth QA pass).
    const events = whom
      ? itemsIn(result)
          .filter((item) =>
            Object.values(item).some((v) => typeof v === 'string' && v.toLowerCase().includes(whom)),
          )
          .map(spanOf)
          .filter((x): x is [number, number] => x !== null)
      : timedLists(result);
    if (events === null) return null;
    isFree = !events.some(([start, end]) =>
      !hours
        ? true
        : end > start
          ? start < hours.to && end > hours.from
          : start >= hours.from && start < hours.to,
    );
  }
  return isFree === free ? 'holds' : 'fails';
}

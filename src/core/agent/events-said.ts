import type { LexiconEntry } from '../execute/tool-runtime';
import { escapeRegExp } from '../util/escape-regexp';
import type { SubIntentState } from './turn-state';

// The calendar's events as a request names them: the sandbox's lexicon lists them (kind `event`, with
// their day); the agent reads them beside the other literals, so a title's names still count.

/**
 * The events `text` names, longest name first, with the words that named each: the title ("the dinner
 * with Hugo"), or a short name ("the dentist", "the museum") when the event's day is said too ("the
 * dentist tomorrow" is the dentist appointment; "the nearest dentist" is a place).
 */
export const eventsSaid = (
  text: string,
  events: readonly LexiconEntry[],
  daysSaid: ReadonlySet<string> = new Set(),
): { entry: LexiconEntry; words: string }[] =>
  events
    .flatMap((entry) => {
      const names = [
        entry.value,
        ...(entry.aliases ?? []),
        ...(entry.on && daysSaid.has(entry.on) ? (entry.dayAliases ?? []) : []),
      ];
      const words = names.find((n) => {
        // "my dentist note", "the museum thing file": a record named after it is another thing.
        const m = new RegExp(
          `(?<![\\w])${escapeRegExp(n)}(?![\\w])(?!\\s+(?:notes?|files?|docs?|documents?|e-?mails?|mails?|messages?|texts?|lists?))`,
          'i',
        ).exec(text);
        if (!m) return false;
        // "my lunch with Carol tomorrow" is not the "Lunch with Alice" of that day: a short name said with
        // someone the title does not name is another event (eighteenth QA pass texted Carol on it).
        const withWhom = /^\s+with\s+(\p{L}+)/u.exec(text.slice(m.index + m[0].length))?.[1];
        return (
          n === entry.value ||
          (entry.aliases ?? []).includes(n) ||
          withWhom === undefined ||
          !/^\p{Lu}/u.test(withWhom) ||
          new RegExp(`\\b${escapeRegExp(withWhom)}\\b`, 'i').test(entry.value)
        );
      });
      return words ? [{ entry, words }] : [];
    })
    .sort((a, b) => b.words.length - a.words.length);

/** The days a part's own literals say. */
export const daysOf = (si: SubIntentState): Set<string> =>
  new Set(si.literals.filter((l) => l.kind === 'date').map((l) => String(l.value)));

/**
 * `{ eventDay, eventCity }` for the first event `text` names (by its title or a name that means it wherever it
 * is said) that has a day — its city the last part of its location, "31 Rue de Rivoli, Paris" → Paris — or
 * nothing.
 */
export const eventDayOf = (
  text: string,
  events: readonly LexiconEntry[],
): { eventDay?: string; eventCity?: string } => {
  const event = eventsSaid(text, events).find((e) => e.entry.on)?.entry;
  const city = event?.location?.split(',').pop()?.trim();
  return event?.on ? { eventDay: event.on, ...(city ? { eventCity: city } : {}) } : {};
};

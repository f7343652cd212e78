/**
 * "Email the person I'm doing the offsite planning with on Thursday", "Text the person I had the project
 * sync with this morning", "the person I'm seeing at 3 today", "whoever I had lunch with on Saturday": a
 * person named through the calendar is the one its event is with. Read as that name ("Ines"), the rest of
 * the agent looks them up as if the user had said it (sixteenth QA pass asked for an address, or searched
 * the inbox). Only when one event of the calendar fits what is said — its day, its time, its words — and its
 * title says whom it is with; otherwise the words stay as they were.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { addDays, findDates, findTimes, isoDate } from './dates';
import { periodSaid } from './time-of-day';

/** "the person I'm …", "the guy I had …", "whoever I …". */
const SOMEONE_I =
  /\b(?:the\s+(?:person|guy|man|woman|lady|one|people|folks?)|whoever|everyone|everybody|all\s+(?:of\s+)?the\s+people|both\s+(?:of\s+the\s+)?(?:people|guys|of\s+them))\s+(?=i\b|i['’])/gi;
/** "everyone I'm meeting tomorrow", "both people I'm seeing on Tuesday": every one of them (nineteenth QA pass). */
const SEVERAL = /^(?:the\s+(?:people|folks)|everyone|everybody|all|both)\b/i;

/** Where the description of the person ends: a clause mark, or what the request goes on to do. */
const DESCRIPTION_END =
  /[,:;.!?]|\s(?:and|to|that|about|asking|saying|if|whether|so|because|for\s+(?:a|an|the)\b)\s/i;

/** Verbs of meeting said as done: the day said is the one before today, not the next one. */
const PAST = /\bi\s*(?:had|was|met|did|saw|went|['’]d)\b|\bi\s+\p{L}+ed\b/iu;

/** Words of an event's title that say what it is (not "with", not the person). */
const titleWords = (title: string): string[] =>
  title
    .toLowerCase()
    .replace(/\s+with\s+.*$/, '')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 2);

/** A word's first five letters less a plural or tense ending: "booked" and "booking" are "book". */
export const stemOf = (w: string): string => w.replace(/(?:ing|ed|es|s|-up)$/, '').slice(0, 5);

export function withPeopleOfEvents(text: string, today: number, events: readonly LexiconEntry[]): string {
  const withWhom = events.filter((e) => e.on && /\bwith\s+\p{Lu}/u.test(e.value));
  if (withWhom.length === 0) return text;
  const todayIso = isoDate(today);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SOMEONE_I)) {
    if (m.index < last) continue;
    const rest = text.slice(m.index + m[0].length);
    const end = DESCRIPTION_END.exec(rest.slice(2));
    const description = end ? rest.slice(0, end.index + 2) : rest;
    if (!/\bwith\b|\bseeing\b|\bmeeting\b/i.test(description)) continue;
    const past = PAST.test(description);
    const days = new Set(
      findDates(description, today).map((d) => (past && d.date > todayIso ? addDays(d.date, -7) : d.date)),
    );
    const times = new Set(findTimes(description).map((t) => t.time));
    const period = periodSaid(description);
    const said = new Set(
      description
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter(Boolean)
        .map(stemOf),
    );
    const namedBy = (e: LexiconEntry) => titleWords(e.value).some((w) => said.has(stemOf(w)));
    // "this morning", "today", "tonight" are a day said too (`findDates` reads them as today).
    const fits = withWhom.filter((e) => {
      if (days.size > 0 && !days.has(e.on!)) return false;
      if (times.size > 0 && !times.has(e.at!)) return false;
      if (period && e.at && (Number(e.at.slice(0, 2)) < period.from || Number(e.at.slice(0, 2)) >= period.to))
        return false;
      // A day or a time alone may say which ("the person I'm seeing at 3 today"); else its words must.
      return days.size > 0 || times.size > 0 || namedBy(e);
    });
    // Of several on the day said, the one whose words are said.
    const named = fits.filter(namedBy);
    const personOf = (e: LexiconEntry) => /\bwith\s+(\p{Lu}[\p{L}'’-]*)/u.exec(e.value)?.[1];
    let who: string | undefined;
    if (SEVERAL.test(m[0]) && (days.size > 0 || times.size > 0)) {
      const people = [
        ...new Set((named.length > 0 ? named : fits).map(personOf).filter((p) => p !== undefined)),
      ];
      who =
        people.length <= 1 ? people[0] : `${people.slice(0, -1).join(', ')} and ${people[people.length - 1]}`;
    } else {
      const one = fits.length === 1 ? fits[0] : named.length === 1 ? named[0] : undefined;
      who = one ? personOf(one) : undefined;
    }
    if (!who) continue;
    out += `${text.slice(last, m.index)}${who}`;
    last = m.index + m[0].length + description.length;
  }
  return out + text.slice(last);
}

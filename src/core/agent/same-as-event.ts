/**
 * "Put lunch with Carol in for a week on Friday, 1ish, same place as last time", "Add it on the 14th, same
 * time and place as the current one": a time or a place said as an event's is that event's. Read as the
 * time ("from 09:30 to 10:30") or the address ("at 65 Upper Street, London"), the rest of the agent fills
 * them as if the user had said them (seventeenth QA pass: the event had no place, or ended before it began).
 * Only when the calendar has one event that fits: the one named in the request (its title or short name),
 * the last one before today for "last time", the one on the day said for "the one tomorrow"; otherwise
 * the words stay as they were.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { findDates, isoDate } from './dates';
import { eventsSaid } from './events-said';

/** "same place as last time", "the same time and place as the one tomorrow", "same venue as before". */
const SAME_AS =
  /[,;]?\s*(?:at\s+|in\s+)?(?:the\s+)?same\s+(time\s+and\s+place|place\s+and\s+time|time|place|venue|location|address|slot)\s+as\s+(last\s+time|before|usual|the\s+last\s+one|(?:the|that|my)\s+(?:one|current\s+one|old\s+one|old\s+slot|original(?:\s+one)?|existing\s+one)(?:\s+(?:today|tomorrow|on\s+\p{L}+))?|(?:the|my)\s+[\p{L}'’\s-]{3,40}?)(?=\s*(?:[,.;!?]|$|\s(?:and|then|please)\b))/giu;

/** Words of an event's title that say what it is, for events named by a short word ("the budget review"). */
const wordsOf = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 2 && !['with', 'the', 'and'].includes(w));

export function withSameAsEvent(text: string, today: number, events: readonly LexiconEntry[]): string {
  const dated = events.filter((e) => e.on && e.at);
  if (dated.length === 0) return text;
  const todayIso = isoDate(today);
  return text.replace(SAME_AS, (said, what: string, as: string) => {
    const asked = as.toLowerCase();
    // The event the request is about: named in its words (the title, or a short name and a day).
    const named = eventsSaid(text, dated, new Set(findDates(text, today).map((d) => d.date))).map(
      (e) => e.entry,
    );
    // Named after "as": "same time as the budget review".
    const after = /^(?:the|my)\s/.test(asked) && !/\b(?:one|slot|original)\b/.test(asked);
    const titled = after
      ? dated.filter((e) => wordsOf(as).every((w) => wordsOf(e.value).includes(w)))
      : named.length > 0
        ? dated.filter((e) => named.some((n) => n.value === e.value))
        : // "Add it …, same time and place as the current one" after "the budget review has moved":
          // an event whose title's words the request says.
          dated.filter((e) => {
            const w = wordsOf(e.value);
            return w.length > 0 && w.every((x) => new RegExp(`\\b${x}\\b`, 'i').test(text));
          });
    const day = /\btomorrow\b/.test(asked)
      ? isoDate(today + 86_400_000)
      : /\btoday\b/.test(asked)
        ? todayIso
        : findDates(asked, today)[0]?.date;
    const fits = day
      ? titled.filter((e) => e.on === day)
      : /last|before|usual/.test(asked)
        ? titled.filter((e) => e.on! < todayIso).slice(-1)
        : titled;
    // Of several, the last one before today ("last time"), else only one.
    const one = fits.length === 1 ? fits[0] : undefined;
    if (!one) return said;
    const time = `from ${one.at} to ${one.until ?? one.at}`;
    const place = one.location ? `at ${one.location}` : '';
    const lead = /^[,;]/.test(said) ? ', ' : ' ';
    const value = /time|slot/i.test(what)
      ? /place/i.test(what) && place
        ? `${time} ${place}`
        : time
      : place;
    return value ? `${lead}${value}` : said;
  });
}

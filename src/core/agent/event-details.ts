/**
 * Where or when a calendar event is, asked or sent on: "text Hugo the address for our dinner tuesday",
 * "where is dinner with Hugo?", "what time is coffee with Dan today". The event's details are in the
 * calendar, so its day is listed and the event picked from the list by its title (`pickItem`). Before,
 * the address of some restaurant was texted to Hugo (a place search for "our dinner"), or Hugo's contact
 * record answered "where is dinner with Hugo?" (twelfth QA pass).
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { findDates, findTimes, isoDate, WEEKDAY_WORDS } from './dates';
import { eventsSaid } from './events-said';
import { tellsSomeonesQuestion } from './narration';
import { SAID_BY_SOMEONE } from './reports';
import type { PlaceWords, SplitIntent } from './sub-intents';
import { escapeRegExp } from '../util/escape-regexp';
import { periodSaid } from './time-of-day';

// "which building is that in again?" asks where (nineteenth QA pass: it made a note).
const ASKS_WHERE =
  /\b(?:address|location|where|venue)\b|\b(?:which|what)\s+(?:building|room|floor|office|place|street)\b/i;
// "text Alice the time and address of our lunch": the time asked for, said as a thing.
// Not "thanks for the time", nor "she only knows the time".
const ASKS_WHEN = /\b(?:what\s+time|when|the\s+(?:start\s+)?time(?=\s+(?:and|of|for)\b))\b/i;
/**
 * "if I pushed dinner with Hugo to 8pm, would that clash with anything?": what else is on the event's day
 * (fourteenth QA pass: Hugo's contact record answered).
 */
const ASKS_CLASH = /\b(?:clash|conflict|overlap|collide)s?\b|\bin\s+the\s+way\b/i;
const SENDS =
  /^(?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*(?:send|text|e-?mail|message|tell(?!\s+me\b)|forward|share|remind(?!\s+me\s+(?:when|where|what)\b))\b/i;
/**
 * A sending said anywhere in the part, as its own clause: "hugo wants to know what time dinner is on
 * tuesday, can u text him" (twenty-second QA pass listed the day and sent nothing).
 */
const SENDS_IN_PART =
  /(?:^|[,;.!?]\s*|\band\s+|\bthen\s+)(?:(?:please|pls|can\s+(?:you|u)|could\s+(?:you|u)|would\s+(?:you|u)|just)\s+)*(?:send|text|e-?mail|message|tell(?!\s+me\b)|forward|share)\b/i;
/** A part that only sends to someone already said: "can u text him", "email her back", "let him know". */
export const BARE_SEND =
  /^(?:(?:please|pls|can\s+(?:you|u)|could\s+(?:you|u)|just|and|so|then)\s+)*(?:(?:text|e-?mail|message|tell|ping)\s+(?:him|her|them)(?:\s+(?:back|too|please|pls|the\s+answer))?|let\s+(?:him|her|them)\s+know)[\s.!?]*$/i;
/** Parts that make or change something: the event's words there are an argument, not a question. */
const ACTS =
  /^(?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*(?:book|schedule|reschedule|move|cancel|add|put|create|set|make|block|find|get\s+me\s+directions|directions|how\s+(?:long|far))\b/i;

/** A route asked for: directions, or how long or far from one place to another. */
const ROUTE =
  /\bdirections\b|\bhow\s+(?:long|far)\b[^.?!]*\b(?:from|to|get)\b|\bfrom\b[^.?!]*\bto\b[^.?!]*\b(?:drive|walk|ride|transit|transport|bus|train|get)\b/i;

/** The event's address said after it ("the catch-up with Bob at 2 Rue Oberkampf"): that end is given. */
function addressAfter(text: string, words: string): boolean {
  const at = text.toLowerCase().indexOf(words.toLowerCase());
  return /^\s*,?\s*(?:at|in)\s+\d{1,5}\s+\p{Lu}/u.test(text.slice(at + words.length));
}

/** The event's fields a part asks for, as `contentField` takes them: its start, its place or both. */
const fieldsAsked = (text: string): string =>
  [...(ASKS_WHEN.test(text) ? ['start_time'] : []), ...(ASKS_WHERE.test(text) ? ['location'] : [])].join(',');

/** What a listing of the event's day is asked as: the calendar's words and the day. */
const listing = (day: string, title: string) => `what's on my calendar on ${day}: ${title}`;

/**
 * "When is the dentist?", "tell me when the dentist is", "where's the museum thing again": an event asked
 * about by its short name with no day said, when one coming event has that name (fourteenth QA pass: a
 * dentist's place was searched). Only as the whole question: "when is the museum open" asks something else.
 */
function askedByShortName(
  text: string,
  events: readonly LexiconEntry[],
  today: number,
): { entry: LexiconEntry; words: string } | undefined {
  const t = text
    .trim()
    .replace(
      /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:tell\s+me|let\s+me\s+know|check|find\s+out|remind\s+me)\s+(?=when|where|what)/i,
      '',
    );
  if (!/^(?:when|what\s+time|where)\b/i.test(t)) return undefined;
  if (ACTS.test(t) || SENDS.test(t)) return undefined;
  const found = comingEventsSaid(t, events, today).filter((e) => e.words !== e.entry.value);
  const names = new Set(found.map((e) => e.words.toLowerCase()));
  if (found.length === 0 || names.size !== 1) return undefined;
  const first = found.sort((a, b) => a.entry.on!.localeCompare(b.entry.on!))[0]!;
  // "the dentist", "my dentist": not "the nearest dentist" (a place).
  if (!new RegExp(String.raw`\b(?:the|my|our)\s+${escapeRegExp(first.words)}\b`, 'i').test(t))
    return undefined;
  const rest = t
    .slice(t.toLowerCase().indexOf(first.words.toLowerCase()) + first.words.length)
    .replace(/[?.!,\s]+/g, ' ')
    .trim();
  const ONLY_ASKING =
    /^(?:(?:is|was|again|exactly|meant|to|be|happening|thing|appointment|at|on|coming\s+up)\b\s*)*$/i;
  return ONLY_ASKING.test(rest) ? first : undefined;
}

export function eventDetailParts(
  intents: readonly SplitIntent[],
  events: readonly LexiconEntry[],
  today: number,
): SplitIntent[] {
  if (events.length === 0) return [...intents];
  const out: SplitIntent[] = [];
  const checkedEvents = new Map<number, { event: string; eventAt?: string; gone?: true }>();
  // Parts whose answer a condition after them echoes ("Is the museum visit on Thursday? If yes, …").
  const echoed = new Set(intents.flatMap((x) => (x.condition?.asked !== undefined ? [x.condition.on] : [])));
  // "hugo wants to know what time dinner is on tuesday, can u text him": the part after a question someone
  // asked, when it only sends to them, sends what the question found (twenty-second QA pass sent nothing).
  let answerFor: { rank: number; field: string } | undefined;
  for (const [i, si] of intents.entries()) {
    if (answerFor && BARE_SEND.test(si.text.trim())) {
      out.push({
        ...si,
        dependsOn: [...new Set([...si.dependsOn, answerFor.rank])],
        contentFrom: answerFor.rank,
        contentField: answerFor.field,
      });
      answerFor = undefined;
      continue;
    }
    answerFor = undefined;
    const checked = eventChecked(si, events, today, echoed.has(si.rank));
    if (checked) {
      // "If the dentist is on Wednesday, …": the day said is listed, and the event looked for in it.
      const { day: _day, gone, ...about } = checked;
      checkedEvents.set(si.rank, { ...about, ...(gone ? { gone } : {}) });
      // The title stays in the words: "text her …" after it still means Alice.
      out.push({ ...si, text: listing(checked.day, checked.event) });
      continue;
    }
    const days = new Set(findDates(si.text, today).map((d) => d.date));
    const said =
      eventsSaid(si.text, events, days).find((e) => e.entry.on !== undefined) ??
      askedByShortName(si.text, events, today);
    // "When did Eve say the budget review is?": what she said is in her message, not the calendar.
    // Asked in the part's own sentence: context merged after it ("… Hugo said …") asks nothing.
    const asked = si.text.trim().split('\n')[0]!;
    const askedWhatWasSaid =
      /^(?:when|what|where|which|how|did|has|had)\b/i.test(asked) && SAID_BY_SOMEONE.test(asked);
    if (!said || si.contentFrom !== undefined || si.condition || askedWhatWasSaid) {
      out.push(si);
      continue;
    }
    const { entry: event, words: named } = said;
    const day = event.on!;
    if (
      (SENDS.test(si.text.trim()) || SENDS_IN_PART.test(si.text.trim())) &&
      (ASKS_WHERE.test(si.text) || ASKS_WHEN.test(si.text))
    ) {
      // "text Hugo the address for our dinner tuesday": the day is listed first, and what is sent is the
      // event's location; "Text Bob what time our catch-up is on Tuesday" its start, and both when both
      // are asked (twenty-second QA pass: the day was listed and nothing sent).
      out.push({ rank: 0, text: listing(day, event.value), dependsOn: [], pickItem: event.value });
      out.push({
        ...si,
        dependsOn: [...si.dependsOn, -1],
        contentFrom: -1,
        contentField: fieldsAsked(si.text),
      });
    } else if (ROUTE.test(si.text) && !addressAfter(si.text, named)) {
      // "How long from 27 Upper Street to the museum visit on Wednesday?": an end of the route is where
      // the event is, found first (twelfth QA pass: the museum nearest by name was routed to).
      // The event's words ("where I'm having lunch with Alice tomorrow") name the place the listing finds:
      // they are replaced by its location when the part runs (`placeWords`).
      // "from my catch-up with Bob to the dinner with Hugo": both ends are events, each listed (twenty-fifth
      // QA pass sent "dinner" to the map).
      const ends = [said, ...routeEventsBeside(si.text, said, events, days)];
      const places: PlaceWords[] = [];
      for (const end of ends) {
        const words = new RegExp(
          String.raw`(?:where\s+(?:i['’]m|i\s+am|i\s+have|i['’]ve\s+got|we['’]re|we\s+are)\s+(?:having\s+)?)?(?:(?:the|my|our)\s+)?${escapeRegExp(end.words)}(?:\s+(?:on\s+)?(?:today|tonight|tomorrow|${WEEKDAY_WORDS}|the\s+\d{1,2}(?:st|nd|rd|th)))?`,
          'i',
        ).exec(si.text);
        out.push({
          rank: 0,
          text: listing(end.entry.on!, end.entry.value),
          dependsOn: [],
          pickItem: end.entry.value,
        });
        if (words) places.push({ words: words[0], event: end.entry.value });
      }
      const listed = ends.length > 1 ? [-2, -1] : [-1];
      out.push({
        ...si,
        dependsOn: [...si.dependsOn, ...listed],
        ...(places.length ? { placeWords: places } : {}),
      });
    } else if (!ACTS.test(si.text.trim()) && ASKS_CLASH.test(si.text))
      // Everything on that day is what it could clash with.
      out.push({ ...si, text: `what's on my calendar on ${day}` });
    else if (!ACTS.test(si.text.trim()) && (ASKS_WHERE.test(si.text) || ASKS_WHEN.test(si.text))) {
      out.push({ ...si, text: listing(day, event.value), pickItem: event.value });
      if (tellsSomeonesQuestion(si.text) && i + 1 < intents.length)
        answerFor = { rank: si.rank, field: fieldsAsked(si.text) };
    } else out.push(si);
  }
  return out.map((si) => {
    const checked = si.condition ? checkedEvents.get(si.condition.on) : undefined;
    if (!si.condition || !checked) return si;
    // "If Alice's lunch tomorrow has been cancelled": it holds when the event is not there (`gone`).
    return { ...si, condition: { ...si.condition, ...checked } };
  });
}

/**
 * A part that checks whether an event is on a day: "If the dentist is on Wednesday", "if my lunch with
 * Alice is still tomorrow", "unless the museum visit is on Thursday". The event by its title, or by its short
 * name when one coming event has it; the day as said.
 */
function eventChecked(
  si: SplitIntent,
  events: readonly LexiconEntry[],
  today: number,
  echoed = false,
): { event: string; eventAt?: string; day: string; gone?: true } | null {
  const t = si.text.trim();
  // "Is the museum visit on Thursday? If yes, …" asks it as a question (eighteenth QA pass) — a question
  // that decides nothing stays as asked.
  if (
    !(
      // "And if the budget review is still in my calendar tomorrow": the joining word says nothing more.
      (
        echoed
          ? /^(?:(?:and|but|so|also|then)\s+)?(?:if|unless|whether|in\s+case|is|was|will)\b/i
          : /^(?:(?:and|but|so|also|then)\s+)?(?:if|unless|whether|in\s+case)\b/i
      ).test(t)
    ) ||
    !/\b(?:is|was|'s|’s|falls|happens|be|been|got)\b/i.test(t)
  )
    return null;
  const days = findDates(t, today);
  if (days.length !== 1) return null;
  // Asked, the event is what the question is about: "Is the museum visit on Thursday?", not "Is it going to
  // rain in Paris on Tuesday? I've got dinner with Hugo" nor "Is there a free hour … after lunch?".
  const asked = /^(?:is|was|will)\b/i.test(t);
  const subject = asked ? t.replace(/^(?:is|was|will)\s+(?:the\s+|my\s+|our\s+)?/i, '') : t;
  const said = comingEventsSaid(t, events, today).filter(
    (e) => !asked || subject.toLowerCase().startsWith(e.words.toLowerCase()),
  );
  // "If my lunch with Carol is tomorrow": no coming event has that name, so it is not that day's either —
  // the day is listed and the verdict finds no such event (it was a contact lookup, and a question).
  const unlisted = said.length === 0 && !asked ? UNLISTED_EVENT.exec(t)?.[1] : undefined;
  if (unlisted)
    return {
      event: unlisted.charAt(0).toUpperCase() + unlisted.slice(1),
      day: days[0]!.date,
      ...(CALLED_OFF.test(t) ? { gone: true as const } : {}),
    };
  const names = new Set(said.map((e) => e.words.toLowerCase()));
  if (said.length === 0 || names.size !== 1) return null;
  const titles = new Set(said.map((e) => e.entry.value));
  if (titles.size !== 1) return null;
  // "If lunch with Alice tomorrow is at 1": the time said must be the event's too; "Is the dentist after
  // lunch tomorrow?" its start after it ("<" before, ">" after; eighteenth QA pass read "after lunch" as
  // "at noon" and said no).
  const rest = t.replace(said[0]!.words, ' ');
  const relation = RELATIVE_TIME.exec(rest);
  const times = findTimes(rest);
  // "If my dentist appointment tomorrow is in the morning": its start in that part of the day (twenty-fifth
  // QA pass took the budget review's morning for the dentist's and texted Carol).
  // A part of the day is no clock time ("in the afternoon" reads 14:00).
  const clock = times.filter(
    (x) => !/^(?:in\s+the|this)\s+\p{L}+$|^tonight$/iu.test(rest.slice(x.start, x.end)),
  );
  const period = relation || clock.length > 0 ? undefined : periodSaid(rest);
  const at = relation
    ? `${relation[1]!.toLowerCase() === 'before' ? '<' : '>'}${relativeClock(relation[2]!, relation[1]!)}`
    : clock.length === 1
      ? clock[0]!.time
      : period
        ? period.from <= 5
          ? `<${String(period.to).padStart(2, '0')}:00`
          : `>${String(period.from - 1).padStart(2, '0')}:59`
        : undefined;
  return {
    event: said[0]!.entry.value,
    day: days[0]!.date,
    ...(at ? { eventAt: at } : {}),
    ...(CALLED_OFF.test(rest) ? { gone: true as const } : {}),
  };
}

/** "has been cancelled", "is off", "got called off": the event said not to happen. */
const CALLED_OFF =
  /\b(?:(?:has|have)\s+been|was|were|got|gets|is|are|'s|’s)\s+(?:cancell?ed|called\s+off|scrapped|off)\b/i;

/** "after lunch", "before 5", "after 3pm": a time the event is said to start before or after. */
const RELATIVE_TIME = /\b(before|after)\s+(lunch|noon|midday|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\b/i;

/** The clock of a relative time: lunch ends at one, "before 5" is in the afternoon as people mean it. */
function relativeClock(said: string, relation: string): string {
  if (/lunch/i.test(said)) return relation.toLowerCase() === 'before' ? '12:00' : '12:59';
  if (/noon|midday/i.test(said)) return '12:00';
  return findTimes(`at ${said}`)[0]?.time ?? '12:00';
}

/** "my lunch with Carol", "the call with Maya": an event by what it is and with whom. */
const UNLISTED_EVENT =
  /\b(?:my|the|our)\s+((?:lunch|dinner|breakfast|brunch|coffee|drinks|call|meeting|catch-up|sync|chat|run|appointment|session|review|visit)\s+with\s+\p{Lu}\p{L}+)/u;

/** The coming events (today on) a text names, by title or by short name, whatever day it says. */
function comingEventsSaid(text: string, events: readonly LexiconEntry[], today: number) {
  const coming = events.filter((e) => e.on !== undefined && e.on >= isoDate(today));
  return eventsSaid(text, coming, new Set(coming.map((e) => e.on!)));
}

/** The item of a listing whose title is `title` (a list anywhere in the result), or undefined. */
export function itemTitled(result: unknown, title: string): Record<string, unknown> | undefined {
  if (!result || typeof result !== 'object') return undefined;
  for (const value of Object.values(result as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    const item = value.find(
      (v): v is Record<string, unknown> =>
        !!v &&
        typeof v === 'object' &&
        Object.values(v as Record<string, unknown>).some(
          (x) => typeof x === 'string' && x.toLowerCase() === title.toLowerCase(),
        ),
    );
    if (item) return item;
  }
  return undefined;
}

/**
 * The other end of a route when it is an event too: "from my budget review tomorrow to where I'm having lunch
 * with Alice" — one more event said, with its day, whose words do not overlap the first's.
 */
function routeEventsBeside(
  text: string,
  first: { entry: LexiconEntry; words: string },
  events: readonly LexiconEntry[],
  days: ReadonlySet<string>,
): { entry: LexiconEntry; words: string }[] {
  // "from the dentist tomorrow to... no wait, from my lunch with Alice": a place taken back is no end.
  if (/\b(?:no\s+wait|wait\s+no|no\s+sorry|i\s+mean|actually)\b/i.test(text)) return [];
  const at = text.toLowerCase().indexOf(first.words.toLowerCase());
  const other = eventsSaid(text, events, days).find((e) => {
    if (e.entry.value === first.entry.value || e.entry.on === undefined) return false;
    const start = text.toLowerCase().indexOf(e.words.toLowerCase());
    return start >= 0 && (start >= at + first.words.length || start + e.words.length <= at);
  });
  return other ? [other] : [];
}

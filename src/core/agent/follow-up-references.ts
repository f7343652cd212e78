/**
 * "remind me an hour before it", "how long to bike there", "what's that in US dollars?", "remind me that day",
 * "email the gist to Frank", "book that as …": words that point at a thing an earlier turn found, read as it.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { findLiterals } from './literals';
import { type EarlierTurn, askedIn, okOutputs, recent } from './earlier-turns';
import { amountOf, dayOf, documentOf, eventOf, placeOf } from './follow-up-things-found';

const MOTION =
  /\b(?:walk|walking|bike|biking|cycle|cycling|drive|driving|get|go|going|travel|head|take|commute|ride|run|run|far|long)\b[^,.;!?]*$/i;

/**
 * "remind me an hour before it", "block an hour after the last one", "how long to bike there", "text
 * Olivia the address", "what's that in US dollars?", "remind me that day": things an earlier turn found,
 * read as what they are.
 */
export function withThingsNamed(
  request: string,
  earlier: readonly EarlierTurn[],
  lexicon: readonly LexiconEntry[],
  events: readonly LexiconEntry[],
  today: number,
): string {
  let out = request;
  const namesEvent = events.some((e) =>
    [e.value, ...(e.aliases ?? [])].some((a) => a.length > 3 && out.toLowerCase().includes(a.toLowerCase())),
  );
  if (!namesEvent) {
    out = out.replace(
      /\b(before|after|ahead\s+of|during|about)\s+(?:it|that|that\s+one|(?:the|my)\s+(?:appointment|meeting|event|call|thing)|(the\s+last\s+one)|(the\s+first\s+one))\b|\b(before|after)(?=\s*(?:[,.;!?]|$|so\b|and\b|to\b))/gi,
      (all: string, rel?: string, last?: string, first?: string, bare?: string) => {
        const title = recent(earlier, (t) => eventOf(t, today, last ? 'last' : first ? 'first' : 'meant'));
        return title ? `${rel ?? bare} the ${title}` : all;
      },
    );
  }
  const place = recent(earlier, (t) => placeOf(t, today));
  // A place's name with its city finds it again ("Saffron House" is in Paris and in Lisbon); a written
  // address would be cut at its comma.
  const placeNamed =
    place?.city && !place.name.includes(place.city) ? `${place.name} in ${place.city}` : place?.name;
  if (place) {
    out = out.replace(
      /\b(from\s+|near\s+|to\s+|in\s+)?(?<!\b(?:is|are|was|were|isn['’]t|aren['’]t|be)\s+)there\b(?!\s+(?:is|are|was|were|any|['’]s)\b)/gi,
      (all, prep: string | undefined, at: number) => {
        // "near there" searches around its address ("near City Dental Care" read "Dental Care" as a city).
        if (prep)
          return `${prep}${/^in/i.test(prep) ? (place.city ?? place.name) : /^near/i.test(prep) ? place.address : placeNamed}`;
        const before = out.slice(0, at);
        if (/\bweather\b[^,.;!?]*$/i.test(before)) return `in ${place.city ?? place.name}`;
        return MOTION.test(before) ? `to ${placeNamed}` : `at ${place.name}`;
      },
    );
    out = out.replace(
      /\b(?:the|that)\s+(?:address|location)(?!\s+of\b)|\b(?:that|the\s+same)\s+place\b/gi,
      (all) => (/address|location/i.test(all) ? `the address of ${placeNamed}` : place.name),
    );
    out = out.replace(/\bthe\s+address\s+of\s+that\s+one\b/gi, `the address of ${placeNamed}`);
  }
  // "how long from King's Cross by bus" after "where's lunch with Alice?": the route ends there.
  if (
    placeNamed &&
    /\b(?:how\s+(?:long|far)|directions|route|distance)\b/i.test(out) &&
    /\bfrom\s+\S/i.test(out) &&
    !/\bto\s+\S|\bthere\b|\bbetween\b/i.test(
      out.replace(/\bto\s+(?:walk|drive|cycle|bike|get|go|take)\b/gi, ''),
    )
  )
    out = out.replace(
      /\b(from\s+.+?)(?=\s+(?:by|on\s+foot|walking|driving|cycling)\b|[?.!]*$)/i,
      `$1 to ${placeNamed}`,
    );
  // "remind me the night before" after "what do I have on the 12th?": before that day.
  out = out.replace(
    /\bthe\s+(night|day|evening|morning|week)\s+before\b(?!\s+(?:the|my|it|that|\d)\b)/i,
    (all, _part, at: number, text: string) => {
      // "the day before Christmas" names its day ("i" would let a capital stand for any letter).
      if (/^\s+\p{Lu}/u.test(text.slice(at + all.length))) return all;
      const day = recent(earlier, (t) =>
        findLiterals(askedIn(t), today, lexicon).find((l) => l.kind === 'date'),
      );
      return day ? `${all} ${day.value}` : all;
    },
  );
  // "email the gist to Frank" after "what's the Q3 report say?": what is sent is the document read.
  const doc = recent(earlier, (t) =>
    documentOf(
      t,
      lexicon.filter((e) => e.kind === 'person'),
    ),
  );
  if (doc)
    out = out.replace(
      /\b(?<=(?:send|email|e-mail|mail|text|forward|fwd|share|message)\s+(?:\p{L}+\s+)?)(?:(?:the\s+gist|the\s+summary|the\s+details|the\s+main\s+points|the\s+outline|the\s+contents?|the\s+(?:key\s+)?(?:numbers|figures|points)|those\s+(?:numbers|figures|points))\b(?!\s+of\b)|(?:it|that|this)(?=\s+(?:to|over|along)\b|\s*[,.!?]|\s*$))(?!\s+(?:in|into)\s)/iu,
      doc,
    );
  // "make a note with the numbers from it": from the document the last turn read.
  if (doc)
    out = out.replace(
      /\b(from|of|in)\s+(?:it|that\s+(?:file|email|report|note)|the\s+(?:file|email|report))(?=[\s,.!?]|$)/i,
      `$1 ${doc}`,
    );
  // "what's that in US dollars?", "how much is that in pounds", "email Anna that number"; "24 km. How far
  // is that in miles?" is the message's own measure.
  const own = findLiterals(out, today, lexicon).filter((l) => l.kind === 'money' || l.kind === 'quantity');
  out = out.replace(
    /\b(?:that|it|this)(?=\s+(?:in|to|into)\s+\S)|\bthat\s+(?:number|amount|figure|total|sum)\b/i,
    (all, at: number) => {
      const said = own.filter((l) => l.end <= at);
      if (said.length > 0) return said.length === 1 ? said[0]!.text : all;
      return own.length > 0 ? all : (recent(earlier, (t) => amountOf(t, today, lexicon)) ?? all);
    },
  );
  // "remind me that day", "on that date".
  out = out.replace(/\b(?:on\s+)?(?:that|the\s+same)\s+(?:day|date)\b/i, (all) => {
    const day = recent(earlier, dayOf);
    return day ? `on ${day}` : all;
  });
  return out;
}

/**
 * "book it as 'Call with Kenji'", "block that": the free slot an earlier turn found, booked — its times put
 * where the message says "it", and the act said as scheduling ("book" alone books places).
 */
export function withSlotBooked(request: string, earlier: readonly EarlierTurn[]): string {
  const slot = recent(earlier, (t) =>
    okOutputs(t, 'calendar_find_free_slot').find(
      (o) => typeof o.start_time === 'string' && typeof o.end_time === 'string',
    ),
  );
  if (!slot) return request;
  const start = String(slot.start_time);
  const end = String(slot.end_time);
  const when = `${start.slice(11, 16)} to ${end.slice(11, 16)} on ${start.slice(0, 10)}`;
  // "ok add 'groceries' then", "put Budget prep in": a title alone, for the slot just found.
  const titled =
    /^(\W*(?:(?:ok(?:ay)?|great|cool|perfect|nice|yes|yeah|sure)\b[\s,.!]*)*)(?:add|put|call\s+it|name\s+it)\s+(["“'‘][^"”'’]+["”'’]|\p{L}[\p{L} ]{1,40}?)(?:\s+(?:then|there|in|in\s+there|for\s+me))?\s*[.!]?$/iu.exec(
      request,
    );
  const last = earlier[earlier.length - 1];
  const justFound = last !== undefined && okOutputs(last, 'calendar_find_free_slot').length > 0;
  if (titled && justFound) return `${titled[1]}schedule ${when} as ${titled[2]}`;
  // "put 'Paris planning with Carol' in at that time and invite her".
  if (justFound && /\b(?:at|for|in)\s+(?:that|this|the\s+same)\s+(?:time|slot)\b/i.test(request))
    return request.replace(/\b(?:at|for|in)\s+(?:that|this|the\s+same)\s+(?:time|slot)\b/i, `at ${when}`);
  return request.replace(
    /\b(?:book|block|put|schedule|grab|take|reserve|hold|pencil)\s+(?:it|that|this|that\s+slot|the\s+slot|that\s+one)(?:\s+in(?:\s+(?:my|the)?\s*calendar)?)?\b/i,
    `schedule ${when}`,
  );
}

/**
 * "and Tuesday?", "in dollars?", "how about by bike?", "same for Carol", "email him the same", "sorry, I meant
 * Frank, not Jonas": a message that only changes values is the turn before it with them changed.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { spokenNumbersAsDigits } from './spoken-numbers';
import { findLiterals, type Literal } from './literals';
import { type EarlierTurn, LOOK_BACK, askedIn, madeSomething, recent } from './earlier-turns';
import { amountOf } from './follow-up-things-found';

/** Ways to travel: "how about by bike?" asks the same way again with another. */
const MODE =
  /\b(?:by\s+)?(?:bike|bicycle|cycling|cycle|car|driving|drive|transit|public\s+transport|bus|train|tube|metro|subway|walking|walk|on\s+foot)\b/i;
const CHANNEL_EMAIL = /\b(?:e-?mail|mail)\b/i;
const CHANNEL_TEXT = /\b(?:text|message|sms|whatsapp)\b/i;

/**
 * Words a message may say around the values it changes without asking for anything new: "and Tuesday?",
 * "what about in Lisbon", "same for Carol", "do that again for Maya", "email him the same", "now 200 pounds".
 */
const AROUND = new Set(
  (
    'and n also ok okay cool great thanks thank you thx ta so now then about or if for with in on at by to ' +
    'from the a an instead too please pls same time one again rather than do that it this day as well just ' +
    'maybe hmm oh actually no wait sorry i meant mean of not send email e-mail mail text ' +
    'message sms ask tell forward thing words also please same-time exact exactly re repeat'
  ).split(/\s+/),
);
/** Words a message opens with before what it says: "ok", "great,", "thanks.". */
const FILLERS =
  /^(?:\W*(?:ok(?:ay)?|cool|great|perfect|nice|thanks|thank\s+you|thx|ta|so|oh|hmm+|um+|actually|no|wait|sorry|oops|right|alright)\b[\s,.!]*)+/i;
/** How a message that changes an earlier one opens: "and …", "what about …", "same for …", "in dollars". */
const LEANS_BACK =
  /^\W*(?:and|n|&|also|plus|or|now|then|what\s+about|how\s+about|same|do\s+(?:that|it|the\s+same)|again|send|e-?mail|text|message|ask|tell|forward|in|on|by|for|to|at|i\s+meant|i\s+mean|make\s+it)\b/i;
/** Marks of a change of mind: after an act, a new value is a change to what was made, not a new one. */
const CORRECTION =
  /^\W*(?:actually|no\b|nope|wait|sorry|oops|i\s+meant|i\s+mean|make\s+it|change\s+it|move\s+it|scratch)/i;

/** `text` without the literals found in it. */
function withoutLiterals(text: string, literals: readonly Literal[]): string {
  let rest = text;
  for (const l of [...literals].sort((a, b) => b.start - a.start))
    rest = rest.slice(0, l.start) + ' ' + rest.slice(l.end);
  return rest;
}

/** What a message says besides its values: the words left when literals and ways to travel are taken out. */
function restWords(text: string, literals: readonly Literal[]): string[] {
  return withoutLiterals(text, literals)
    .replace(new RegExp(MODE.source, 'gi'), ' ')
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, '').replace(/['’]s$/, ''))
    .filter((w) => w !== '' && !AROUND.has(w));
}

/** The values a message says; "in" is a word, not an inch ("in dollars?", "the weather in Paris"). */
function valuesIn(text: string, today: number, lexicon: readonly LexiconEntry[]): Literal[] {
  return findLiterals(text, today, lexicon).filter(
    (l) => l.kind !== 'quoted' && !(l.kind === 'entity' && l.sub === 'unit' && l.text.length <= 2),
  );
}

/** The slot of an earlier request a new value takes: the same kind of thing. */
function sameSlot(l: Literal, before: readonly Literal[]): Literal | undefined {
  const kind = (x: Literal) => (x.kind === 'entity' ? `entity:${x.sub}` : x.kind);
  const exact = before.find((b) => kind(b) === kind(l));
  if (exact) return exact;
  // "and 13.1?" after "26.2 miles", "and 45?" after "30 days": a bare number takes a number's place.
  if (l.kind === 'number')
    return before.find((b) => ['quantity', 'money', 'duration', 'number'].includes(b.kind));
  return undefined;
}

/** `l`'s words put in the place of `slot` ("13.1" in "26.2 miles" changes the number only). */
function wordsFor(l: Literal, slot: Literal): string {
  if (l.kind === 'number' && slot.kind !== 'number') return slot.text.replace(/-?\d[\d,.]*/, l.text);
  return l.text;
}

/** Where an added value goes when the earlier request said none of its kind: before a closing "?" or ".". */
function appended(text: string, words: string): string {
  const m = /[\s?.!]*$/.exec(text)!;
  return `${text.slice(0, m.index)} ${words}${text.slice(m.index)}`;
}

/**
 * "what about Tuesday?", "and in Berlin?", "how about by bike?", "in dollars?", "same for Carol", "email
 * him the same", "and thursday, same time": a message that only changes values of an earlier one is that
 * one again with them changed. After something was made, a change of mind ("actually make it 4pm") is not
 * a new one: no tool changes what was made, so it is left for the agent to say so — unless it names another
 * person ("sorry, I meant Frank"), who is then sent what the wrong one was.
 */
export function withValuesChanged(
  request: string,
  earlier: readonly EarlierTurn[],
  lexicon: readonly LexiconEntry[],
  today: number,
): string {
  // "in dollars?": the preposition is no inch.
  const found = valuesIn(request, today, lexicon);
  // "I meant Frank, not Jonas": what is put right is not a value of the message.
  const said = found.filter((l) => !/\bnot\s+$/i.test(request.slice(0, l.start)));
  const mode = MODE.exec(request);
  const email = CHANNEL_EMAIL.test(request);
  const text = CHANNEL_TEXT.test(request);
  // "also to Grace same text, her bday is today too", "and tuesday? need to know if the kids need
  // wellies": what follows the fragment is the user's reason.
  const clause =
    /^([^,.;!?—–]*\b(?:same|again)\b[^,.;!?—–]*)[,.;!?—–]\s*\S/i.exec(request) ??
    /^(\W*(?:and|n|&|what\s+about|how\s+about)\b[^.;!?—–]*[?])\s*\S/i.exec(request);
  if (clause && clause[1]!.length < request.length) {
    const read = withValuesChanged(clause[1]!, earlier, lexicon, today);
    if (read !== clause[1]) return read;
  }
  // "and bob at eight fifteen": numbers said in words are values too.
  const digits = spokenNumbersAsDigits(request);
  if (digits !== request) {
    const read = withValuesChanged(digits, earlier, lexicon, today);
    if (read !== digits) return read;
  }
  const asksAbout = /\b(?:what|how)\s+about\b/i.test(request);
  if (restWords(request, found).some((w) => !(asksAbout && (w === 'what' || w === 'how')))) return request;
  // "what's on Friday?" asks on its own; "and Friday?", "what about Friday?", "in dollars?" lean back.
  const rest = request.replace(FILLERS, '');
  if (!LEANS_BACK.test(rest) && /\p{L}/u.test(withoutLiterals(rest, findLiterals(rest, today, lexicon))))
    return request;
  const same = /\bsame\b|\bagain\b/i.test(request);
  // "text Carol thanks" is a message of its own; "send the same to Jonas", "sorry, I meant Frank — send it
  // to Frank" lean back.
  if (
    !same &&
    !CORRECTION.test(request.replace(FILLERS, '')) &&
    /\b(?:send|e-?mail|mail|text|message|sms|ask|tell|forward)\b/i.test(request)
  )
    return request;
  if (said.length === 0 && !mode && !(same && (email || text))) return request;
  const turns = earlier.slice(-LOOK_BACK).reverse();
  const turn = turns.find((t) => {
    const before = valuesIn(spokenNumbersAsDigits(askedIn(t)), today, lexicon);
    return (
      said.every((l) => sameSlot(l, before) || ['date', 'currency'].includes(l.kind)) || said.length === 0
    );
  });
  if (!turn) {
    // "and in miles?" after a route, "in Fahrenheit?" after a forecast: the measure found, converted.
    const unit =
      said.length === 1 && said[0]!.kind === 'entity' && said[0]!.sub === 'unit' ? said[0] : undefined;
    const amount = unit ? recent(earlier, (t) => amountOf(t, today, lexicon)) : undefined;
    return unit && amount ? `convert ${amount} to ${unit.text}` : request;
  }
  const acted = turn.calls.some(madeSomething);
  if (acted && CORRECTION.test(request) && !said.some((l) => l.kind === 'entity' && l.sub === 'person'))
    return request;
  // "at eight am" and "at eight fifteen" are times to swap: both read in digits.
  const spelt = spokenNumbersAsDigits(askedIn(turn));
  let out = said.some((l) => l.kind === 'time' || l.kind === 'number') ? spelt : askedIn(turn);
  const before = valuesIn(out, today, lexicon);
  const edits: { start: number; end: number; words: string }[] = [];
  const adds: string[] = [];
  for (const l of said) {
    const slot = sameSlot(l, before);
    if (slot && !edits.some((e) => e.start === slot.start))
      edits.push({ start: slot.start, end: slot.end, words: wordsFor(l, slot) });
    else if (!slot && l.kind === 'date') adds.push(l.text);
    else if (!slot && l.kind === 'currency') adds.push(`in ${l.text}`);
  }
  if (mode) {
    const was = MODE.exec(out);
    // "how long to walk …" → "how long to bike …": a verb stays a verb.
    if (was)
      edits.push({
        start: was.index,
        end: was.index + was[0].length,
        words: /^(?:by|on)\b/i.test(was[0]) ? mode[0] : mode[0].replace(/^by\s+/i, ''),
      });
    else adds.push(/^by\b|^on\b/i.test(mode[0]) ? mode[0] : `by ${mode[0]}`);
  }
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.words + out.slice(e.end);
  for (const a of adds) out = appended(out, a);
  // "email him the same" after a text: the same words by another way.
  if (email && !CHANNEL_EMAIL.test(out) && CHANNEL_TEXT.test(out))
    out = out.replace(/\ba\s+text\b/i, 'an email').replace(CHANNEL_TEXT, 'email');
  else if (text && !CHANNEL_TEXT.test(out) && CHANNEL_EMAIL.test(out))
    out = out.replace(/\ban\s+e-?mail\b/i, 'a text').replace(CHANNEL_EMAIL, 'text');
  return out;
}

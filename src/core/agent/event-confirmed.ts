/**
 * A calendar event asked to be confirmed — "the dentist is tomorrow, right?", "I have the dentist tomorrow,
 * haven't I?", "dentist tomorrow still happening?" (twenty-fourth QA pass: the nearest dentist was searched
 * for, or the words of the question): the user asks what their calendar holds that day, so the request is
 * read as that ("what's on my calendar on 2026-12-07?"). Only a message that is that one question and asks
 * nothing else, about one event the calendar has.
 */
import type { LexiconEntry } from '../execute/tool-runtime';
import { findDates } from './dates';
import { eventsSaid } from './events-said';

/**
 * Said to be confirmed: a tag at the end ("right", "haven't I", "or not", "still on"), or a statement put as a
 * question ("the dentist is tomorrow?", "dentist tomorrow still happening?"). Not a question word: "what did we
 * agree at quarterly planning?" asks for more than the day's calendar.
 */
const TAG =
  /\b(?:right|correct|yeah|innit|(?:is|are|have|has|do|does|did|was|were)n['’]?t\s+(?:it|i|they|we|there)|or\s+not|still\s+(?:on|happening|going\s+ahead))\s*[?!.]*\s*$/i;
const STATEMENT_ASKED =
  /^(?:(?:hmm+|so|oh|wait|ok|okay)\s*,?\s+)?(?:the\s+|my\s+)?[\p{L}'’ -]{2,40}?\s+(?:is|are|was)\s+(?:still\s+)?(?:on\s+)?(?:today|tomorrow|tonight|this\s+\p{L}+|on\s+\p{L}+|\p{L}+day)\s*\?+$/iu;
/** Anything asked of another tool, or done, or a record: then the message is left as said. */
const OTHER_ASK =
  /\b(?:what|when|who|which|why|how|where|e-?mail|mail|text|message|send|sent|remind|reminder|notes?|docs?|files?|say|said|agree|agreed|summar\w*|save|book(?!ed)|schedule|put|add|invite|reply|move|cancel|weather|forecast|rain|umbrella|far|long|walk|drive|directions|route|address|time|back|free)\b/i;

export function withEventConfirmed(text: string, events: readonly LexiconEntry[], today: number): string {
  const t = text.trim();
  // One sentence: "Dentist tomorrow. Remind me at 9 to leave." asks more.
  if (/[.!?]\s+\S/.test(t) || !(TAG.test(t) || STATEMENT_ASKED.test(t)) || OTHER_ASK.test(t)) return text;
  const days = new Set(findDates(t, today).map((d) => d.date));
  const named = [...new Set(eventsSaid(t, events, days).map((e) => e.entry))];
  const on = named.length === 1 ? named[0]!.on : undefined;
  return on ? `what's on my calendar on ${on}?` : text;
}

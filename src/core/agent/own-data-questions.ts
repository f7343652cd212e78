/**
 * Questions about the user's own things that no tool's words fit: "anything else on today?", "How packed is
 * my Tuesday looking?", "Am I around Friday evening?" are the day's calendar; "What was the gift idea for
 * Mum?", "how many people are coming to the offsite" are in the user's notes. Before (eighteenth QA pass)
 * each was "None of my tools can do this". The words returned are what the tool is chosen by — the
 * question itself still fills the arguments.
 */

import type { Tool } from '../tools/tool';
import { effectOf } from '../tools/same-purpose';
import { WEEKDAY_WORDS } from './dates';

/**
 * A question, however it is typed: "how long does the banana bread go in the oven for" (a question word
 * first), "anything else on today?", "Am I around Friday evening?" (a question mark after one that asks yes
 * or no). Not a request put as a question ("Could you book me an Uber …?").
 */
const WH = /^(?:what|what's|whats|where|where's|who|who's|whose|which|when|when's|how|how's)\b/i;
const YES_NO = /^(?:is|are|am|does|do|did|has|have|had|was|were|any|anything|anyone)\b[^\n]*\?\s*$/i;

/**
 * "Q3 churn?", "Lisbon flight number?": a thing of the user's named and asked about, no verb (held-out set 3
 * answered "None of my tools can do this"). Two to five words, none of them "you" or "I", one of them a name,
 * a number or a word of five letters or more ("a lot?" is no thing).
 */
// Not a follow-up ("and the butter?"), which the conversation before it reads.
const BARE_TOPIC =
  /^(?!(?:and|or|but|also|so|plus|what\s+about|how\s+about)\b)(?![^?]*\b(?:you|u|i|me|my\s+bad|ok|okay|thanks?|please|pls|sure|really|right|ready|sorry|hello|hi|hey)\b)[\p{L}\d][\p{L}\d'’&-]*(?:\s+[\p{L}\d'’&-]+){1,4}\s*\?\s*$/iu;

/** "how long does it run?", "How are you today?": about what was said before, or small talk. */
const NOT_ABOUT_A_THING =
  /\b(?:it|that|this|they|them|those|these)\b|^how\s+(?:are|is)\s+(?:you|things|it\s+going)\b|^how['’]s\s+(?:it|things|life)\b/i;

/** A day said: the question is about what is on it. */
const DAY = new RegExp(
  String.raw`\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week(?:end)?)|${WEEKDAY_WORDS}|weekend|the\s+\d{1,2}(?:st|nd|rd|th))\b`,
  'i',
);

/** Questions about the world, which the user's notes do not answer ("What time is it in Tokyo?"). */
const ABOUT_THE_WORLD =
  /\b(?:time\s+is\s+it|weather|forecast|temperature|exchange\s+rate|capital\s+of|population|news|stock|score|meaning\s+of|how\s+do\s+(?:i|you)|how\s+to)\b/i;

/** The words a tool for the question is chosen by, or null when it is not about the user's own things. */
export function ownDataWording(question: string, tools: readonly Tool[]): string | null {
  // The question's own line: what is merged after it is context ("Noah asked if I'd send him …").
  const t = question.trim().split('\n')[0]!.trim();
  if (
    !(WH.test(t) || YES_NO.test(t) || (BARE_TOPIC.test(t) && /\d|\b\p{Lu}|\p{L}{5,}/u.test(t))) ||
    ABOUT_THE_WORLD.test(t) ||
    NOT_ABOUT_A_THING.test(t)
  )
    return null;
  const day = DAY.exec(t)?.[0];
  if (day) return `list the calendar events on ${day}`;
  // The user's notes, where the catalogue has a way to search them (one without gets no guess).
  const notes = tools.find((x) => /note/i.test(x.name) && /search|find|list|query/i.test(x.name));
  if (!notes || effectOf(notes) === 'create') return null;
  return `search my notes for ${t}`;
}

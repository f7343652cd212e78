/**
 * "Anna needs an answer on the offsite by Friday. Remind me Thursday at 3pm to get back to her": a reminder
 * or a note is read later, alone, so "her" in it is written as whom it means — the one person the message
 * names before it (twenty-fifth QA pass set a reminder "get back to her"). Only an object after a verb of
 * contact, only when one person is named before the part, and only in a part kept for oneself.
 */
import type { LexiconEntry } from '../execute/tool-runtime';
import { peopleSaid } from './earlier-turns';

/** A part kept for the user: a reminder or a note. */
const FOR_ONESELF =
  /^(?:(?:please|can\s+you|could\s+you|also|and)\s+)*(?:remind\s+me|(?:set|add|make|create|put)\s+(?:me\s+)?(?:a\s+)?(?:reminder|note)|note\s+down|jot\s+down)\b/i;

/** "ring her", "get back to him", "email them": a person acted on, said by a pronoun. */
const CONTACT_PRONOUN =
  /\b((?:ring|call|phone|text|e-?mail|message|ask|tell|thank|pay|chase|meet|see|visit|invite|remind|nudge|ping|get\s+back\s+to|reply\s+to|write\s+to|answer|follow\s+up\s+with|check\s+(?:in\s+)?with)\s+)(him|her)\b/i;

const firstName = (full: string): string => full.split(/\s+/)[0]!;

export function withPeopleOfTheTurn(texts: readonly string[], people: readonly LexiconEntry[]): string[] {
  return texts.map((text, i) => {
    if (!FOR_ONESELF.test(text.trim()) || !CONTACT_PRONOUN.test(text)) return text;
    if (peopleSaid(text, people).length > 0) return text;
    const before = new Set(texts.slice(0, i).flatMap((t) => peopleSaid(t, people).map((p) => p.name)));
    if (before.size !== 1) return text;
    const name = firstName([...before][0]!);
    return text.replace(CONTACT_PRONOUN, (_m, verb: string) => `${verb}${name}`);
  });
}

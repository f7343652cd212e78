/**
 * People said together, then reached together: "Bob and Hugo are both in Paris - email both of them …",
 * "Read me Anna's email first, then text her and Ines that …". The agent sends to several people when the
 * request names them ("text Eve and Frank that …"); a group said by a pronoun was one person, or nobody
 * (nineteenth QA pass: only Bob was looked up, and "and Ines that …" was texted to Ines as the message).
 * Here the pronoun becomes the names, and the request reads as if the user had said them.
 */

import type { LexiconEntry } from '../execute/tool-runtime';

const SEND = String.raw`(?:e-?mail|text|message|tell|ask|invite|ping|remind|cc|contact|let)`;
/** "email both of them", "text them both", "invite all three of them"; "text them" after two names said. */
const GROUP_AFTER_SEND = new RegExp(
  String.raw`\b(${SEND})\s+(?:both\s+of\s+them|them\s+both|both|each\s+of\s+them|all\s+of\s+them|them\s+all|all\s+(?:two|three|four|2|3|4)\s+of\s+them|them)\b`,
  'i',
);
/** "text her and Ines", "email him and Frank". */
const PRONOUN_AND_NAME = new RegExp(String.raw`\b(${SEND})\s+(him|her)\s+and\s+(?=\p{Lu})`, 'iu');

/** The contacts' first names said in `text`, in the order said. */
function firstNamesSaid(text: string, people: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b\p{Lu}[\p{L}'’-]+/gu)) {
    const name = m[0].replace(/['’]s$/, '');
    if (people.has(name.toLowerCase()) && !out.includes(name)) out.push(name);
  }
  return out;
}

const together = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export function withPeopleSaidTogether(text: string, lexicon: readonly LexiconEntry[]): string {
  const people = new Set(
    lexicon
      .filter((e) => e.kind === 'person')
      .flatMap((e) => [
        e.value.split(/\s+/)[0]!.toLowerCase(),
        ...(e.aliases ?? []).map((a) => a.toLowerCase()),
      ]),
  );
  if (people.size === 0) return text;
  const group = GROUP_AFTER_SEND.exec(text);
  if (group) {
    const before = text.slice(0, group.index);
    const named = firstNamesSaid(before, people);
    // A plain "them" is the group only when the names were said as who is meant, not as whom a message
    // already goes to ("Email Lucia and Maya to let them know …" is their message).
    const plain = /\s+them$/i.test(group[0]);
    const alreadyReached = (first: string) =>
      plain &&
      (!/^(?:e-?mail|text|message|invite|ping|cc|contact)$/i.test(group[1]!) ||
        new RegExp(String.raw`\b${SEND}\s+${first}\b`, 'i').test(before));
    // Only a group said as one: two or more names before, and no other group to choose from.
    if (named.length >= 2 && named.length <= 4 && !alreadyReached(named[0]!))
      return `${text.slice(0, group.index)}${group[1]} ${together(named)}${text.slice(group.index + group[0].length)}`;
  }
  const pair = PRONOUN_AND_NAME.exec(text);
  if (pair) {
    const named = firstNamesSaid(text.slice(0, pair.index), people);
    // The one person said before is whom "her" means.
    if (named.length === 1)
      return `${text.slice(0, pair.index)}${pair[1]} ${named[0]} and ${text.slice(pair.index + pair[0].length)}`;
  }
  return text;
}

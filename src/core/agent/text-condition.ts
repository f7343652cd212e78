/**
 * Conditions on what a note, a message or a file says (thirteenth QA pass: "if the tooling budget in my
 * note is more than 5k, tell Eve to cut it", "if my budget note says there's a hiring freeze until
 * January, text Frank …"). A found record's text has no fields named like the condition's words, so the
 * number it speaks of, or the words it claims, are looked for in the text itself: in the clause most
 * about the condition's subject, each word weighted by how few clauses say it ("budget" is in every clause
 * of the Budget note, "tooling" in one).
 */

import { MONTH_NAMES, MONTH_WORDS, WEEKDAY_WORDS } from './dates';
import { contentWords, stem } from './target-choice';

/** A clause of a text: a line, a sentence or a comma-separated item ("tooling 4k EUR"). */
export function clausesOf(texts: readonly string[]): string[] {
  return texts
    .flatMap((t) => t.split(/\n|(?<=[.;!?])\s+|,\s+/))
    .map((c) => c.trim())
    .filter(Boolean);
}

const wordsOf = (text: string): string[] =>
  contentWords(text)
    .map(stem)
    .filter((w) => !CONTAINER_WORDS.has(w));

/** Where a thing is kept, or how a condition is said: no word of what it is about. */
const CONTAINER_WORDS = new Set(
  ['note', 'notes', 'file', 'email', 'mail', 'message', 'inbox', 'document', 'says', 'said', 'still'].map(
    stem,
  ),
);

/** Whether `word` (stemmed) is said in `clause`'s words, as itself or the start of one ("cap" → "capped"). */
const says = (clauseWords: readonly string[], word: string): boolean =>
  clauseWords.some((c) => c === word || (word.length >= 3 && c.startsWith(word)));

/** The clauses that say most of `subject`'s words, each word weighted by 1 / how many clauses say it. */
function clausesAbout(subject: string, clauses: readonly string[]): string[] {
  const words = [...new Set(wordsOf(subject))];
  if (words.length === 0) return [];
  const clauseWords = clauses.map((c) => contentWords(c).map(stem));
  const df = new Map(words.map((w) => [w, clauseWords.filter((cw) => says(cw, w)).length]));
  // A tie goes to the earlier word: in "the tooling budget" the first word says which budget (English
  // puts the general word last), so "tooling 4k EUR" beats "Q4 budget: travel capped at 12k EUR".
  const scores = clauseWords.map((cw) =>
    words.reduce(
      (sum, w, i) => sum + (says(cw, w) ? 1 / Math.max(1, df.get(w)!) + 0.001 * (words.length - i) : 0),
      0,
    ),
  );
  const best = Math.max(0, ...scores);
  return best > 0 ? clauses.filter((_, i) => scores[i] === best) : [];
}

/** "12k EUR" → 12000, "3,230" → 3230, "2.1%" → 2.1; numbers inside words ("Q4") are no amounts. */
const AMOUNT = /(?<![\p{L}\p{N}])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?k\b)?/giu;
export function amountsIn(text: string): number[] {
  return [...text.matchAll(AMOUNT)].map((m) => Number(m[1]!.replace(/,/g, '')) * (m[2] ? 1000 : 1));
}

/**
 * The number a text gives for the condition's subject ("the tooling budget in my note is more than 5k"
 * → "tooling 4k EUR" → 4000), or null when no clause about the subject holds exactly one number.
 */
export function numberInText(subject: string, texts: readonly string[]): number | null {
  const about = clausesAbout(subject, clausesOf(texts));
  const numbers = [...new Set(about.flatMap(amountsIn))];
  return numbers.length === 1 ? numbers[0]! : null;
}

/** "my budget note says there's a hiring freeze until January": what the record is said to say. */
const CLAIM =
  /\b(?:says|said|mentions|mentioned|states|stated|shows|lists|has|contains|reads)\s+(?:that\s+|there(?:['’]s|\s+is|\s+are)\s+)?(\S.*)$/i;

/** Words a claim turns on: a capitalised word, a number, a month or a day. */
const KEY_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}'’-]*|\d+(?:[.,]\d+)?k?|${MONTH_WORDS}|${WEEKDAY_WORDS})(?![\p{L}\p{N}])`,
  'gu',
);

/**
 * Whether the texts say what the condition claims: one clause (or line) holds at least three quarters of
 * the claim's words. Null when the condition claims nothing or there is no text to read.
 */
export function claimVerdict(condition: string, texts: readonly string[]): 'holds' | 'fails' | null {
  const claim = CLAIM.exec(condition)?.[1];
  if (!claim || texts.length === 0) return null;
  const words = [...new Set(wordsOf(claim))];
  // Names, numbers, months and days are what a claim turns on: "a hiring freeze until March" is not what
  // "hiring freeze until January" says, though three words of four are. "May" alone is no content word.
  const keys = [...new Set(claim.match(KEY_WORD) ?? [])].map((k) => stem(k.toLowerCase()));
  if (words.length === 0 && keys.length === 0) return null;
  const units = [...texts.flatMap((t) => t.split('\n')), ...clausesOf(texts)];
  const said = units.some((u) => {
    const cw = contentWords(u).map(stem);
    return (
      keys.every((k) => says(cw, k)) &&
      words.filter((w) => says(cw, w)).length >= Math.ceil(words.length * 0.75)
    );
  });
  return said ? 'holds' : 'fails';
}

/**
 * The clause of the texts a condition was read in, for the answer to quote ("tooling 4k EUR"): the one
 * most about the condition's words, or undefined when none is.
 */
export function clauseRead(condition: string, texts: readonly string[]): string | undefined {
  const subject = condition.replace(CLAIM, '$1');
  const about = clausesAbout(subject, clausesOf(texts));
  return about.length === 1 ? about[0] : undefined;
}

/** "March 2027", "14 March 2027", "2027-03-14": as a number of days, comparable; null for none. */
function dayNumber(text: string): number | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return Date.UTC(+iso[1]!, +iso[2]! - 1, +iso[3]!) / 86_400_000;
  const m = new RegExp(String.raw`(?:\b(\d{1,2})\s+)?\b(${MONTH_WORDS})\s+(\d{4})\b`, 'i').exec(text);
  if (!m) return null;
  return Date.UTC(+m[3]!, MONTH_NAMES.indexOf(m[2]!.toLowerCase()), m[1] ? +m[1] : 1) / 86_400_000;
}

/**
 * "If my passport runs out before June 2027": the date the texts give for the subject ("Passport expires
 * March 2027") against the one said. Null when the condition says no such date or no clause gives one.
 */
export function dateVerdict(condition: string, texts: readonly string[]): 'holds' | 'fails' | null {
  const m = /\b(before|after|by|until)\s+(.+)$/i.exec(condition);
  const said = m ? dayNumber(m[2]!) : null;
  if (!m || said === null) return null;
  const subject = condition.slice(0, m.index);
  const dates = clausesAbout(subject, clausesOf(texts))
    .map(dayNumber)
    .filter((d): d is number => d !== null);
  if (dates.length !== 1) return null;
  const before = /^(?:before|by|until)$/i.test(m[1]!);
  return (before ? dates[0]! < said : dates[0]! > said) ? 'holds' : 'fails';
}

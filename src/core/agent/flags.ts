import type { FieldInfo } from './field-kind';
import { contentWords, stem } from './target-choice';

/**
 * A yes/no input the request switches on by naming it: "the fastest route with toll roads avoided" sets
 * `avoid_tolls`, "the population and species of turtles" sets `species`, "… including the human impact"
 * sets `include_human_impact` — only when every word of the flag's name but the generic ones is said;
 * "without tolls", "no statistics" say it is off. Not named, it is left to the tool's default — never
 * guessed.
 */

/** Name words that say a flag exists, not what it is about. */
const GENERIC = new Set([
  'is',
  'has',
  'include',
  'includes',
  'with',
  'use',
  'enable',
  'enabled',
  'show',
  'get',
  'only',
  'flag',
  'allow',
  'should',
  'info',
  'information',
  'data',
  'details',
  'mode',
]);

const NEGATION = /\b(?:no|not|without|don't|do not|never|exclude|excluding|disable)\s+(?:\S+\s+){0,2}$/i;

/** Same word: the same stem, or — for long words — the same first five letters ("private", "privately"). */
const same = (a: string, b: string): boolean =>
  stem(a) === stem(b) || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));

export function flagSaid(f: FieldInfo, intent: string): boolean | undefined {
  const wanted = contentWords(f.name).filter((w) => !GENERIC.has(w));
  if (wanted.length === 0) return undefined;
  const said = [...intent.matchAll(/[\p{L}\p{N}']+/gu)].map((m) => ({ w: m[0].toLowerCase(), at: m.index }));
  let negated = false;
  for (const w of wanted) {
    const hit = said.find((s) => same(s.w, w));
    if (!hit) return undefined;
    if (NEGATION.test(intent.slice(Math.max(0, hit.at - 30), hit.at))) negated = true;
  }
  return !negated;
}

/**
 * Names the tools know, typed with a slip of the finger: "weather in berln", "email aliec", "lunch with
 * jonsa", "flights to lisbn". Left as typed they were no name at all: the agent asked for the city the
 * user had just given, or for an email address it had in the contacts (twelfth QA pass).
 *
 * A word is read as a known name only when the slip is one a keyboard makes — one letter left out, one
 * added, two neighbours swapped, or a key next to the right one struck — and the word stands where that
 * kind of name goes (a city after "in", "to", "from" or before "weather"; a person after "email", "text",
 * "with" or before "'s"). "Jonah" is not Jonas ("h" is nowhere near "s"), "parts" is not Paris; a name
 * that is still unknown is asked about, as before, never guessed into someone else.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { capitalize } from '../util/capitalize';
import { editDistance } from '../util/edit-distance';
import { escapeRegExp } from '../util/escape-regexp';

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Keys that touch on a QWERTY keyboard (same row neighbours, and the keys above and below). */
function adjacent(a: string, b: string): boolean {
  const at = (c: string): [number, number] | null => {
    for (const [r, row] of ROWS.entries()) {
      const i = row.indexOf(c);
      if (i >= 0) return [r, i];
    }
    return null;
  };
  const p = at(a);
  const q = at(b);
  if (!p || !q) return false;
  // Rows are staggered by about half a key: a key touches the one above it and the one above-right.
  if (p[0] === q[0]) return Math.abs(p[1] - q[1]) === 1;
  if (Math.abs(p[0] - q[0]) !== 1) return false;
  const [upper, lower] = p[0] < q[0] ? [p, q] : [q, p];
  return lower[1] - upper[1] === 0 || lower[1] - upper[1] === -1;
}

/** Whether `typed` is `name` with one keyboard slip (and not `name` itself). */
export function oneSlipFrom(typed: string, name: string): boolean {
  if (typed === name || typed[0] !== name[0]) return false;
  if (typed.length === name.length) {
    const diff = [...typed].flatMap((c, i) => (c === name[i] ? [] : [i]));
    if (diff.length === 1) return adjacent(typed[diff[0]!]!, name[diff[0]!]!);
    // Two neighbours swapped: "aliec" for "alice".
    return (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      typed[diff[0]!] === name[diff[1]!] &&
      typed[diff[1]!] === name[diff[0]!]
    );
  }
  // One letter left out ("berln") or one added ("lisbonn", "annna").
  const [short, long] = typed.length < name.length ? [typed, name] : [name, typed];
  if (long.length - short.length !== 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** Where a city's name goes: after a preposition of place, or before "weather" / "forecast". */
const CITY_BEFORE = /\b(?:in|to|from|for|at|near|around|via|into|towards?)\s+$/i;
const CITY_AFTER = /^\s+(?:weather|forecast|time)\b/i;
/** Where a person's name goes: after a verb of reaching someone or "with", or before "'s". */
const PERSON_BEFORE =
  /\b(?:e-?mail|mail|text|txt|message|msg|tell|ask|remind|invite|ping|call|ring|meet|with|w\/|cc|contact|reply\s+to|write\s+to)\s+$/i;
const PERSON_AFTER = /^(?:['’]s\b|s['’]\s)/i;

/** "did eve …", "from jonas", "has bob …": where a person goes before a verb of theirs. */
const SAID_BEFORE = /\b(?:did|does|from|has|had|is|was|by|and|or|ask|asked)\s+$/i;
const SAYS_AFTER =
  /^\s+(?:say|said|says|want|wanted|wants|write|wrote|ask|asked|send|sent|mention|mentioned|need|needs|reply|replied)\b/i;

/** Single-word names of the cities and people the tools know, 4 letters or more. */
function namesOf(lexicon: readonly LexiconEntry[], kind: string): string[] {
  return [
    ...new Set(
      lexicon
        .filter((e) => e.kind === kind)
        .flatMap((e) => [e.value, ...(e.aliases ?? [])])
        .map((a) => a.toLowerCase())
        .filter((a) => /^\p{L}{4,}$/u.test(a)),
    ),
  ];
}

/** Words said after a first name that are no surname ("Kenji said", "Bob sent", "Anna wants"). */
const COMMON_AFTER_A_NAME = new Set(
  'said says sent asked wants wanted will would should could thinks thought likes liked wrote writes told tells texted emailed mailed replied called needs needed knows knew added booked moved shared'.split(
    ' ',
  ),
);

/**
 * "anna keler", "frank weaver", "olivia santo's": a known person's surname misheard or mistyped right after
 * their first name is their surname (eighteenth QA pass texted Anna "keler that i'm running late").
 */
function withSurnamesCorrected(text: string, lexicon: readonly LexiconEntry[]): string {
  let out = text;
  for (const e of lexicon) {
    if (e.kind !== 'person') continue;
    const [first, last, ...rest] = e.value.split(/\s+/);
    if (!first || !last || rest.length > 0) continue;
    out = out.replace(
      new RegExp(String.raw`\b(${escapeRegExp(first)})\s+(\p{L}{3,})(['’]s)?(?![\p{L}\p{N}])`, 'giu'),
      (m, said: string, word: string, owner: string | undefined) => {
        const w = word.toLowerCase();
        const l = last.toLowerCase();
        // Two slips only in longer names ("weaver" for Weber): "Kenji said" is no "Kenji Sato".
        const slips = w.length >= 5 && l.length >= 5 && !COMMON_AFTER_A_NAME.has(w) ? 2 : 1;
        if (w === l || w[0] !== l[0] || w.length < 4 || editDistance(w, l, 2) > slips) return m;
        return `${said} ${last}${owner ?? ''}`;
      },
    );
  }
  return out;
}

/** `text` with each misspelt known city or person name written as the tools know it. */
export function withMisspeltNamesCorrected(text: string, lexicon: readonly LexiconEntry[]): string {
  return withSurnamesCorrected(withNamesCorrected(text, lexicon), lexicon);
}

function withNamesCorrected(text: string, lexicon: readonly LexiconEntry[]): string {
  const cities = namesOf(lexicon, 'city');
  const people = namesOf(lexicon, 'person');
  if (cities.length === 0 && people.length === 0) return text;
  const allNames = lexicon.flatMap((e) => [e.value, ...(e.aliases ?? [])]);
  // Every word any known name is made of is itself: "Paris" is never corrected to something else.
  const known = new Set(allNames.flatMap((a) => a.toLowerCase().split(/\s+/)));
  // First names of 3 letters too ("eve", "dan"), for the casing only.
  const firstNames = new Set(
    lexicon
      .filter((e) => e.kind === 'person')
      .flatMap((e) => e.aliases ?? [])
      .map((a) => a.toLowerCase())
      .filter((a) => /^\p{L}{3,}$/u.test(a)),
  );
  return text.replace(/(?<![\p{L}\p{N}@./_-])\p{L}{3,}(?![\p{L}\p{N}@/_-])/gu, (word, at: number) => {
    const lower = word.toLowerCase();
    const before = text.slice(Math.max(0, at - 20), at);
    const after = text.slice(at + word.length, at + word.length + 12);
    // "what did eve say", "from jonas": a known first name typed in lower case, where a person goes, is
    // written as a name ("eve" alone may be Christmas Eve; "grace" a word).
    const owner = lower.endsWith('s') && firstNames.has(lower.slice(0, -1));
    // "how far is it from Anna place": an owner written without the "'s" (twentieth QA pass).
    if (firstNames.has(lower) && /^\s+(?:place|house|flat|apartment|home)\b/i.test(after))
      return `${capitalize(lower)}'s`;
    if (word === lower && (firstNames.has(lower) || owner)) {
      const name = firstNames.has(lower) ? lower : lower.slice(0, -1);
      const cased = capitalize(name);
      // "franks hiring plan", "alices place": an owner written without the apostrophe.
      // "how long to walk there from dans", "from carols by bike": a home said as its owner's (twentieth
      // QA pass).
      if (name !== lower)
        return (/^\s+\p{L}/u.test(after) && !/\bthe\s+$/i.test(before)) ||
          /\b(?:from|to|at|near)\s+$/i.test(before)
          ? `${cased}'s`
          : word;
      if (
        PERSON_BEFORE.test(before) ||
        SAID_BEFORE.test(before) ||
        PERSON_AFTER.test(after) ||
        SAYS_AFTER.test(after)
      )
        return cased;
      return word;
    }
    if (known.has(lower)) return word;
    const fits = (names: string[]) => names.filter((n) => oneSlipFrom(lower, n));
    const candidates = [
      ...(CITY_BEFORE.test(before) || CITY_AFTER.test(after) ? fits(cities) : []),
      ...(PERSON_BEFORE.test(before) || PERSON_AFTER.test(after) ? fits(people) : []),
    ];
    // Two names one slip away ("Dana" between "Dan" and "Jana") is a guess: left as typed.
    const unique = [...new Set(candidates)];
    if (unique.length !== 1) return word;
    const name = unique[0]!;
    // Written as the lexicon writes it ("Berlin"), so the rest of the agent matches it as it always did.
    const proper = allNames.find((a) => a.toLowerCase() === name);
    return proper && /\p{Lu}/u.test(proper) ? proper : capitalize(name);
  });
}

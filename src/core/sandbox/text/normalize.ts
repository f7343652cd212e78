/**
 * Forgiving text matching for searches: users (and models) type "anna", "Anna's", "cafe" for "Café",
 * "Bob Chen" for "bob.chen@example.com". Everything is compared lower case, without accents, on words.
 */

/** Lower case, accents stripped, possessive "'s" dropped, punctuation as spaces, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words a search should not require: they say how to ask, not what to find. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'on',
  'in',
  'at',
  'to',
  'for',
  'from',
  'about',
  'and',
  'or',
  'with',
  'my',
  'me',
  'by',
  'find',
  'search',
  'show',
]);

/** The normalized words of `text`, stop words dropped (all words kept if only stop words were there). */
export function keywords(text: string): string[] {
  const all = normalize(text).split(' ').filter(Boolean);
  const kept = all.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept : all;
}

/**
 * True when `word` appears in `haystackWords` as a whole word or the start of one ("budg" → "budget"),
 * or — for words of 4+ letters — as a crude plural/singular of one ("notes" ↔ "note").
 */
export function wordMatches(word: string, haystackWords: readonly string[]): boolean {
  const stem = word.length >= 4 && word.endsWith('s') ? word.slice(0, -1) : word;
  return haystackWords.some((h) => h.startsWith(word) || (stem !== word && h.startsWith(stem)));
}

/** How many of the query's keywords appear in the text, by `wordMatches`. */
export function matchCount(queryWords: readonly string[], text: string): number {
  const hay = normalize(text).split(' ');
  return queryWords.filter((w) => wordMatches(w, hay)).length;
}

/** Words that ask for every item, newest first ("my latest emails", "all my notes"), not for a match. */
const EVERYTHING = new Set([
  'all',
  'everything',
  'any',
  'latest',
  'newest',
  'recent',
  'last',
  'new',
  'my',
  'the',
]);

/** Whether a search query asks for everything: "*", "", or only words like "latest" and "all". */
export function asksForEverything(query: string): boolean {
  if (query.trim() === '*') return true;
  return normalize(query)
    .split(' ')
    .every((w) => w === '' || EVERYTHING.has(w));
}

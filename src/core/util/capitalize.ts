/** `s` with its first letter in upper case ("berlin" → "Berlin"); the empty string as it is. */
export const capitalize = (s: string): string => (s ? `${s[0]!.toUpperCase()}${s.slice(1)}` : s);

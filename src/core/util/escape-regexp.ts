/** `text` with every character that means something in a regular expression escaped, to match it as said. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

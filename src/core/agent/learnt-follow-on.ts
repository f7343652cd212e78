import { splitWords, stem } from '../embed/tokenize';
import type { Tool } from '../tools/tool';
import { effectOf, objectWords } from '../tools/same-purpose';

/** Two words are one when equal, or when the shorter (4 letters or more) begins the longer ("book", "booking"). */
const sameWord = (a: string, b: string): boolean => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short === long || (short.length >= 4 && long.startsWith(short));
};

/**
 * Whether the request asks for what a tool that learnt plans call next would do, so that calling it is not
 * doing something the user did not ask for. It must deal in something the request names (an object word
 * of its name: "hotel", "file"); a tool that makes, changes, sends or deletes — or whose effect its name
 * does not say — must also be named by a word of its own that the tools already called do not have (the
 * act: "modify", "check out"), so "Place my order" never pays for it.
 */
export function requestAsksFor(request: string, next: Tool, called: readonly Tool[]): boolean {
  const words = splitWords(request);
  // "check out" is `checkout`: adjacent words also count as one.
  const said = [...words, ...words.slice(1).map((w, i) => `${words[i]}${w}`)].map(stem);
  const says = (w: string) => said.some((s) => sameWord(s, w));
  if (!objectWords(next).some(says)) return false;
  if (effectOf(next) === 'none') return true;
  const calledWords = new Set(called.flatMap((t) => splitWords(t.name)).map(stem));
  return splitWords(next.name)
    .map(stem)
    .some((w) => !calledWords.has(w) && w !== 'api' && says(w));
}

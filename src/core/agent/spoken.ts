/**
 * What a request said aloud, or typed as if spoken, carries that is no part of it: fillers ("um", "uh"),
 * an opening "hey, so", a restarted "can you uh, can you", a closing "and, um, yeah that's it", and
 * "gimme"/"wanna"/"pls" for "give me"/"want to"/"please". Left in, they were words of the request: "Um
 * hi, so I'm meeting Bob on Tuesday …" was no statement of the user's situation (it made an event), and
 * "Um, hey, can you uh, can you email Alice and tell her …" texted her (second independent request set).
 */
// Not after a number: "5 um" is five micrometres.
const FILLER = /(^|[\s,;])(?<!\d\s?)(?:u+m+|u+h+m*|e+r+m*|hmm+|ah+)(?=[\s,.!?;]|$)[,]?/gi;
const OPENING = /^(?:\s*(?:hey|hi|hello|ok|okay|so|well|right|yeah|alright)\b[,!.]?\s+)+(?=\S)/i;
const CLOSING = /[,\s]*(?:and\s*,?\s*)?(?:yeah\s*,?\s*)?(?:that'?s|that is)\s+(?:it|all)\s*[.!]*\s*$/i;
const SLANG: [RegExp, string][] = [
  [/\bgimme\b/gi, 'give me'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgonna\b/gi, 'going to'],
  [/\bpls\b|\bplz\b/gi, 'please'],
  [/\btmrw\b|\btmr\b|\btomoz\b/gi, 'tomorrow'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\bthx\b/gi, 'thanks'],
];

export function withoutFillers(request: string): string {
  let t = request.replace(FILLER, '$1');
  for (const [re, to] of SLANG) t = t.replace(re, to);
  t = t.replace(OPENING, '').replace(CLOSING, '');
  // "can you, can you email …": a restart said twice is said once.
  t = t.replace(/\b((?:can|could|would) you)\s*,?\s+\1\b/gi, '$1');
  return t
    .replace(/\s*,(?:\s*,)+/g, ',')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .replace(/\s+([,.!?])/g, '$1');
}

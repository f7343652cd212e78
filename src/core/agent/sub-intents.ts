/**
 * Splits a request into ordered sub-intents without an LLM (NaviAgent E.3.1 "Intent Analysis", the
 * graph-only engine's version): at sentence ends, at "then", and at "and" when an action verb follows
 * ("…tomorrow at 9 and send her…"), but not inside a list of things ("Anna and Bob"). A later sub-intent
 * that refers back ("her", "it", "the result") depends on the one before it.
 */

/** Verbs that start a new request in a compound sentence (imperative mood). */
const ACTION_VERBS = [
  'add',
  'ask',
  'book',
  'calculate',
  'call',
  'cancel',
  'change',
  'check',
  'compute',
  'convert',
  'create',
  'draft',
  'email',
  'e-mail',
  'figure',
  'find',
  'forward',
  'get',
  'give',
  'invite',
  'jot',
  'let',
  'list',
  'look',
  'mail',
  'make',
  'message',
  'note',
  'open',
  'plan',
  'put',
  'read',
  'remind',
  'reply',
  'save',
  'schedule',
  'search',
  'send',
  'set',
  'share',
  'show',
  'tell',
  'text',
  'translate',
  'what',
  "what's",
  'when',
  'where',
  'which',
  'who',
  'how',
  'is',
  'are',
  'will',
  'write',
  'work',
  'also',
];

const REFERS_BACK = /\b(her|him|them|it|that|this|those|these|there|the result|the answer|its|their|his)\b/i;

export interface SplitIntent {
  rank: number;
  text: string;
  /** Ranks this sub-intent builds on (the previous one when it refers back). */
  dependsOn: number[];
}

export function splitSubIntents(request: string): SplitIntent[] {
  const verbs = ACTION_VERBS.join('|');
  const parts = request
    // Sentence ends and semicolons always separate.
    .split(/(?<=[.!?;])\s+(?=\S)/)
    .flatMap((s) =>
      s.split(new RegExp(`\\s*(?:,\\s*)?\\b(?:and then|then|and also|after that|afterwards)\\b\\s*`, 'i')),
    )
    .flatMap((s) => s.split(new RegExp(`\\s*(?:,\\s*)?\\band\\s+(?=(?:please\\s+)?(?:${verbs})\\b)`, 'i')))
    .flatMap((s) => s.split(new RegExp(`\\s*,\\s*(?=(?:please\\s+)?(?:${verbs})\\b)`, 'i')))
    .map((s) => s.replace(/^[\s,]+|[\s,.;!]+$/g, '').replace(/^(?:also|please)\s+/i, ''))
    .filter((s) => /[a-z0-9]/i.test(s));
  const out: SplitIntent[] = [];
  for (const text of parts.length > 0 ? parts : [request.trim()]) {
    const rank = out.length + 1;
    out.push({ rank, text, dependsOn: rank > 1 && REFERS_BACK.test(text) ? [rank - 1] : [] });
  }
  return out;
}

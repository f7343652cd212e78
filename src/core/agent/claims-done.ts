import type { SplitIntent } from './sub-intents';

/**
 * "Pay Grace's invoice 1042 from my bank account and then tell her it's been paid": the message says an
 * act is done that no tool here can do. Sent alone, it tells Grace a falsehood (fourteenth QA pass: the
 * payment was refused and the text went). The message is kept with the act it reports, so the two are
 * answered together: neither done.
 */

/**
 * Acts no tool of a personal assistant's does, with the word that says each is done. Not "book" or
 * "cancel": "Book a meeting with Anna … and tell her it's booked" is done by the calendar, and the message
 * must go too.
 */
const DONE_WORD: Record<string, string> = {
  pay: 'paid',
  transfer: 'transferred',
  buy: 'bought',
  purchase: 'purchased',
  order: 'ordered',
};

const LEAD = String.raw`^(?:(?:please|can\s+you|could\s+you|would\s+you|and|then|also|just)\s+)*`;

export function withClaimsKeptWithTheirActs(parts: readonly SplitIntent[]): SplitIntent[] {
  const out: SplitIntent[] = [];
  for (const part of parts) {
    const before = out[out.length - 1];
    const verb = before
      ? new RegExp(`${LEAD}(\\p{L}+)\\b`, 'iu').exec(before.text.trim())?.[1]?.toLowerCase()
      : undefined;
    const done = verb ? DONE_WORD[verb] : undefined;
    const claims =
      done !== undefined &&
      new RegExp(
        String.raw`${LEAD}(?:tell|text|e-?mail|message|let|inform|notify|ping)\b.*\b(?:been\s+|is\s+|are\s+|was\s+|have\s+|has\s+|['’]s\s+|['’]re\s+|i['’]ve\s+|we['’]ve\s+)(?:${done})\b`,
        'iu',
      ).test(part.text.trim());
    if (before && claims)
      out[out.length - 1] = { ...before, text: `${before.text.trim()} and then ${part.text.trim()}` };
    else out.push(part);
  }
  return out;
}

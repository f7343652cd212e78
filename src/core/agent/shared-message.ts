import type { SplitIntent } from './sub-intents';

/**
 * "email kenji and text maya: happy new year in advance!!", "text carol and email alice that the planning
 * notes say …": one message said once for two people on two channels. The split leaves the first send with
 * nothing to say, and it asked the user for a body (fourteenth QA pass). A send that names only its
 * recipient, right before a send that says something, says the same.
 */

const SEND = String.raw`(?:(?:please|and|then|also|just|can\s+you|could\s+you)\s+)*(?:e-?mail|text|message|ping|sms|tell|whatsapp)`;
/** A person said as a name: "kenji", "Maya Patel", "my mum". */
const PERSON = String.raw`(?:my\s+)?\p{L}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?`;

const BARE_SEND = new RegExp(String.raw`^\s*${SEND}\s+${PERSON}\s*[.!]*\s*$`, 'iu');
/** A send with what it says: after a colon, "that", "saying", "to say", "to let them know", "to confirm …". */
const SEND_SAYING = new RegExp(
  String.raw`^\s*${SEND}\s+${PERSON}(\s*:\s*|\s+(?:that|saying|to\s+say(?:\s+that)?|to\s+let\s+(?:him|her|them)\s+know(?:\s+that)?)\s+|\s+(?=to\s+(?:confirm|say|ask|check|thank|wish|invite|see|remind|tell)\b))(\S.*)$`,
  'iu',
);

export function withSharedMessage(parts: readonly SplitIntent[]): SplitIntent[] {
  return parts.map((part, i) => {
    const next = parts[i + 1];
    if (!next || !BARE_SEND.test(part.text)) return part;
    const said = SEND_SAYING.exec(next.text);
    if (!said) return part;
    return { ...part, text: `${part.text.trim().replace(/[.!]+$/, '')}${said[1]}${said[2]}` };
  });
}

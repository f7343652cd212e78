/**
 * One message sent two ways: "Text and email Anna that the guesthouse is booked", "Send Anna both a text and
 * an email confirming the Sintra guesthouse". Before (held-out set 27) only the email went, its subject "both
 * a text and an email confirming the…". Here the sentence is said twice, once per channel, and the rest of
 * the agent reads two sends of the same words — as if the user had typed "Text Anna …. Email Anna …".
 */

// Case is spelt out: with the "i" flag \p{Lu} matches any letter, and "Anna both" was read as a name.
const LEAD = String.raw`(?:(?:[Pp]lease|[Pp]ls|[Cc]an\s+you|[Cc]ould\s+you|[Ww]ould\s+you|[Aa]lso|[Aa]nd|[Tt]hen|[Jj]ust)\s+)*`;
const TEXT = String.raw`(?:[Tt]ext|TEXT|[Mm]essage|SMS|sms)`;
const EMAIL = String.raw`(?:[Ee]-?mail|EMAIL)`;
/** Who: a name (two words in capitals, or one word however typed), or him/her/them. */
const WHO = String.raw`(\p{Lu}[\p{L}'’-]*\s+\p{Lu}[\p{L}'’-]*(?=\s+(?:both|an?|that|saying|to|about|:)\b|[,:])|[\p{L}'’-]+)`;

/** "Text and email Anna …", "email and text him …". */
const VERBS_FIRST = new RegExp(
  String.raw`(^|[.!?\n]\s*)(${LEAD})(${TEXT}|${EMAIL})\s+(?:and|&|\+)\s+(${TEXT}|${EMAIL})\s+${WHO}\b([^.!?\n]*)`,
  'gu',
);
/** "Send Anna (both) a text and an email …", "send him an email and a text …". */
const SEND_BOTH = new RegExp(
  String.raw`(^|[.!?\n]\s*)(${LEAD})[Ss]end\s+${WHO}\s+(?:both\s+)?(?:an?\s+)?(${TEXT}|${EMAIL})\s+(?:and|&|\+)\s+(?:an?\s+)?(${TEXT}|${EMAIL})\b([^.!?\n]*)`,
  'gu',
);

const channelOf = (word: string): 'text' | 'email' =>
  new RegExp(`^${TEXT}$`, 'i').test(word) ? 'text' : 'email';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function twice(
  start: string,
  lead: string,
  first: string,
  second: string,
  who: string,
  rest: string,
): string | null {
  const a = channelOf(first);
  const b = channelOf(second);
  // "text and text" says one channel; nothing to split.
  if (a === b) return null;
  // "bob: running late" keeps its colon where it was typed.
  const said = (/^\s*:/.test(rest) ? rest.trimStart() : rest.replace(/^\s*(?:,\s*)?/, ' ')).trimEnd();
  const one = `${lead}${a} ${who}${said}`;
  return `${start}${capital(one.trimStart())}. ${capital(b)} ${who}${said}`;
}

export function withBothChannels(text: string): string {
  return text
    .replace(
      VERBS_FIRST,
      (all, start: string, lead: string, v1: string, v2: string, who: string, rest: string) =>
        twice(start, lead, v1, v2, who, rest) ?? all,
    )
    .replace(
      SEND_BOTH,
      (all, start: string, lead: string, who: string, c1: string, c2: string, rest: string) =>
        twice(start, lead, c1, c2, who, rest) ?? all,
    );
}

/**
 * "Email whoever sent the invoice", "text the guy from the hiring email", "the woman who wanted me to confirm
 * the budget changes by Friday": a person named through the inbox is the sender of the message that fits
 * what is said. Read as their name, the rest of the agent looks them up as if the user had said it
 * (seventeenth QA pass asked for a phone number, or replied to whoever's message came first). Only when one
 * sender's messages fit better than every other's; otherwise the words stay as they were.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { stemOf } from './people-of-events';

/** "whoever …", "the guy who …", "the woman from …", "the person asking …" (not "the person I …"). */
const SOMEONE =
  /\b(?:whoever|(?:the|that)\s+(?:person|guy|man|woman|lady|girl|bloke|chap|fellow|one|people|folks?)\s+(?=who\b|that\b(?!\s+i\b)|from\b|asking\b|wanting\b|who['’]s\b))/gi;

/** Where the description ends: a clause mark, or what the request goes on to do. */
// "Send the guy who wrote to me about the launch risks an email: …": what is sent is no part of it, nor is
// where they are invited ("Invite whoever emailed me about the budget to the budget review …").
const DESCRIPTION_END =
  /[,:;.!?—–]|\s-\s|\s(?:and|that|saying|asking|telling|if|whether|so|because|but|then)\s|\s(?=(?:to|for|on|at)\s+(?:the|my|our|a|an)\s)|\s(?=an?\s+(?:(?:quick|short|brief)\s+)?(?:e-?mail|text|message|sms|note)\b)/i;

/** "from the hiring email": the message it names, which ends the description. */
const FROM_MESSAGE =
  /^from\s+(?:the|that|this|his|her|their)\s+(?:['"‘“]?[\p{L}\p{N}?!'’-]+['"’”]?\s+){0,4}?(?:e-?mail|mail|message|invoice|note)s?\b/iu;

/** Quoted words ("the 'Lunch tomorrow?' message") are one thing: their marks end nothing. */
const masked = (text: string): string =>
  text.replace(/(['"‘“])[^'"‘’“”\n]{1,60}?(['"’”])(?!\p{L})/gu, (q) => 'x'.repeat(q.length));

/** The description says it is about a message: who sent, wrote or asked something. */
const ABOUT_A_MESSAGE =
  /\b(?:sent|send|sends|emailed|e-?mails?|mailed|mails?|messaged|messages?|wrote|writes|inbox|asking|asked|asks|wanting|wanted|wants)\b/i;

/** A reply said before the description: "email back …", "reply to …". */
const REPLYING = /\b(?:reply|respond|answer|back|write)(?:\s+to)?\s+$/i;

/** Words of a description that say nothing of what the message is about. */
const NOT_ABOUT = new Set(
  (
    'who that from the a an me my us our to about of on in for with by and or is was were has had have ' +
    'sent send sends emailed email emails e-mail mail mails mailed messaged message messages wrote writes ' +
    'inbox asking asked asks wanting wanted wants recently earlier last latest new this week yesterday ' +
    'today some something thing stuff one re regarding whoever'
  ).split(' '),
);

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);

/** How well a message fits the description's words: an exact word counts one, a word of its stem half. */
function fit(said: readonly string[], about: string): number {
  const words = new Set(wordsOf(about));
  const stems = new Set([...words].map(stemOf));
  return said.reduce((s, w) => s + (words.has(w) ? 1 : stems.has(stemOf(w)) ? 0.5 : 0), 0);
}

/** The sender the inbox names for a description, or null when none or several fit as well. */
function senderOf(
  description: string,
  mails: readonly LexiconEntry[],
): { name: string; said: string[] } | null {
  const said = wordsOf(description).filter((w) => !NOT_ABOUT.has(w));
  if (said.length === 0) return null;
  const best = new Map<string, number>();
  for (const m of mails) best.set(m.value, Math.max(best.get(m.value) ?? 0, fit(said, m.about ?? '')));
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [top, next] = ranked;
  if (!top || top[1] < 1 || (next && next[1] >= top[1])) return null;
  // By first name, as the user would say it ("What did Frank want …" is asked of his mail).
  return { name: top[0].split(/\s+/)[0]!, said };
}

/** What a pronoun before it owns: "her email address", "their phone number". */
const OWNED =
  /^\s+(?:(?:e-?mail|phone|mobile|home|work)\s+)?(?:e-?mail|address|phone|number|mobile|details|name|invoice|message|plan|reply)\b/i;

/** An object pronoun, which a description put first ("Whoever sent the invoice, email them") stands for. */
const PRONOUN = /\b(?:him|her|them)\b/i;

export function withSendersOfMail(text: string, mails: readonly LexiconEntry[]): string {
  if (mails.length === 0) return text;
  let out = '';
  let last = 0;
  const searched: string[] = [];
  for (const m of text.matchAll(SOMEONE)) {
    if (m.index < last) continue;
    const rest = text.slice(m.index + m[0].length);
    const from = /^from\b/i.test(rest) ? FROM_MESSAGE.exec(rest) : null;
    if (/^from\b/i.test(rest) && !from) continue;
    const end = from ? null : DESCRIPTION_END.exec(masked(rest));
    const description = from ? from[0] : end ? rest.slice(0, end.index) : rest;
    // "email back the woman who booked us a table": a reply is to someone who wrote.
    const before = text.slice(Math.max(last, m.index - 30), m.index);
    if (!ABOUT_A_MESSAGE.test(description) && !REPLYING.test(before)) continue;
    const sender = senderOf(description, mails);
    if (!sender) continue;
    const who = sender.name;
    searched.push(...sender.said);
    const after = m.index + m[0].length + description.length;
    // "Whoever emailed me about the invoice, email them back": the description put first is whom the
    // pronoun after it means.
    const fronted = /^\s*(?:(?:so|ok|okay|right)\s*,?\s*)?$/i.test(text.slice(last, m.index));
    const sep = /^\s*(?:[,:—–]|\s-)\s*/.exec(text.slice(after));
    const tail = sep ? text.slice(after + sep[0].length) : '';
    if (fronted && sep && PRONOUN.test(tail)) {
      // "… - what's her email address?": hers.
      out += tail.replace(PRONOUN, (p, at: number) =>
        p.toLowerCase() !== 'him' && OWNED.test(tail.slice(at + p.length)) ? `${who}'s` : who,
      );
      last = text.length;
      break;
    }
    // "Tell the woman who wanted me to confirm … that I confirm": an answer to a message goes back as one.
    const lead = text.slice(last, m.index).replace(/\b(?:tell|answer)(\s+)$/i, 'email$1');
    out += `${lead}${who}`;
    last = after;
  }
  if (searched.length === 0) return text;
  // The inbox is searched first, in the user's view: the message found says who was meant.
  // A sentence of its own after the search, as if typed so ("can you email Ines back …" in lower case ran
  // on from the search; nineteenth QA pass).
  const asked = (out + text.slice(last)).trimStart();
  return `Search my inbox for ${[...new Set(searched)].join(' ')}. ${asked.charAt(0).toUpperCase()}${asked.slice(1)}`;
}

/**
 * Narration: a sentence that tells how things stand or what happened — "My train gets into Gare du Nord
 * around 6 on Wednesday.", "Eve just told me the budget review got pushed to the 14th.", "stuck on the tube,
 * gonna be like 15 min late", "Hosting Dan's birthday drinks at The Olive Table on Friday." — said in the
 * same message as a request. It asks for nothing: it is why the user asks, or where the request's values come
 * from (twenty-first QA pass: 16 of 40 such messages went wrong — the statement was a contact search, a
 * note, an event, or glued to the request so that nothing could serve either).
 *
 * Read by its shape, not by a list of situations: it opens with a subject (a pronoun, "my …", a name or a
 * noun phrase followed by a verb) or with a participle of the user's own doing ("Told Jonas …", "Flying
 * to …"), it is no question, and it asks nothing of anyone (no "please", "can you", "I need", "I want").
 */

/** Words said before a sentence that do not change what it is: "ugh", "ok so", "btw", "update:". */
const OPENER = String.raw`(?:(?:ugh|argh|oh|ok|okay|so|well|hey|hi|hello|btw|fyi|anyway|right|also|and|but|now|update|heads\s+up|quick\s+one|good\s+news|bad\s+news|great\s+news)\s*[,:!-]?\s+)*`;

/** A pronoun that opens a sentence about the user's world. */
const PRONOUN_SUBJECT = String.raw`(?:i|i['’]m|i['’]ve|i['’]ll|we|we['’]re|we['’]ve|we['’]ll|he|he['’]s|she|she['’]s|they|they['’]re|it|it['’]s|there|there['’]s|this|that|these|those)`;

/** A verb form said of someone or something: "is", "has", "just", "told", "wants". */
const FINITE = String.raw`(?:is|are|was|were|has|have|had|will|won['’]t|can['’]t|isn['’]t|aren['’]t|wasn['’]t|doesn['’]t|didn['’]t|just|already|still|finally|never|always|came|went|got|gave|sent|said|told|left|made|took|wrote|found|forgot|lost|met|ran|broke|\p{L}{3,}ed)`;

/** Present-tense verbs said of a person: "Anna wants", "Dan keeps", "Kenji reckons" (not "Order flowers"). */
const SAYS_OF_SOMEONE = String.raw`(?:wants|needs|says|thinks|keeps|reckons|likes|loves|hates|lives|works|goes|comes|gets|leaves|arrives|lands|starts|finishes|knows|means|expects|plans|hopes|asks|owes|seems|feels|prefers|wonders|insists|refuses|claims|mentions|reminds)`;

/** "My train gets in …", "Mum's birthday is …": a possessive subject, with its verb within a few words. */
const OWNED_SUBJECT = String.raw`(?:my|our|his|her|their|mum['’]?s|mom['’]?s|dad['’]?s)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:${FINITE}|${SAYS_OF_SOMEONE}|gets|ends|opens|closes|runs|takes|costs|expires|lasts|starts)\b`;

/**
 * "Bob listed …", "Anna wants …", "Press kit is done", "Grace's invoice is due …", "The Q3 report came out
 * …": a name (or a capitalised noun) and its verb. Right after the name a verb said of a person may be one
 * ("Dan keeps saying"); after a word between, only a plain one is, since "Order flowers for mum" or "Dig out
 * the launch slides" is a command with a capital.
 */
const NAMED_SUBJECT = new RegExp(
  String.raw`^(?:[Tt]he\s+)?\p{Lu}[\p{L}-]*(?:\s+(?:${FINITE}|${SAYS_OF_SOMEONE})\b|\s+\p{Ll}[\p{L}-]*\s+${FINITE}\b|['’]s(?:\s+\p{Ll}[\p{L}'’-]*){1,3}?\s+${FINITE}\b)`,
  'u',
);
/** Commands many type with a capital that the caller's list of command verbs may not hold. */
const COMMAND_WITH_CAPITAL =
  /^(?:pull|grab|ping|drop|shoot|bring|block|pick|sort|move|keep|clear|fix|flag|loop|post|hold|try|use|take|go|see|run|start|stop|finish|prep|pop|stick|jot|ring|dm|whatsapp|google|double)\b/i;

/**
 * The user's own doing or state, said without "I": "Told Jonas I'd join", "Flying to Lisbon …", "stuck on
 * the tube", "ugh sick today".
 */
// "meeting frank at harbour kitchen tonight, text him the address" (twenty-second QA pass made an event of
// it): seeing someone, said as one's plans; "meeting with Bob at 3" stays what a terse command may book.
const OWN_DOING = String.raw`(?:(?:meeting|seeing|visiting)\s+(?!with\b|up\b|notes?\b|room\b)|having\s+(?:lunch|dinner|breakfast|brunch|coffee|drinks)\s+with|catching\s+up\s+with|told|promised|booked|finished|done\s+with|stuck|flying|driving|hosting|heading|travell?ing|running\s+(?:late|behind)|back\s+from|gonna\s+be|going\s+to\s+be|off\s+to|just\s+(?:landed|got|finished|heard)|already\s+(?:put|sent|emailed|texted|booked|added|did|done|told|called|paid|replied)|(?:feeling\s+)?(?:sick|ill|unwell|poorly|exhausted|knackered|swamped|slammed|snowed\s+under|away|late\s+again|(?:off|out|home)\s+sick))`;

const LEADING_OPENER = new RegExp(`^${OPENER}`, 'iu');

const NARRATION_START = new RegExp(
  String.raw`^${OPENER}(?:${PRONOUN_SUBJECT}\b|${OWNED_SUBJECT}|${OWN_DOING}\b)`,
  'iu',
);

/** Words that ask for something, wherever they stand in the sentence. */
const ASKS =
  /\b(?:please|pls|plz|can\s+(?:you|u)|could\s+(?:you|u)|would\s+(?:you|u)|will\s+(?:you|u)|i\s+(?:really\s+)?(?:need|want)|i['’]d\s+(?:like|love)|i\s+(?:would|should)\s+(?:like|love)|wanna|we\s+(?:need|want)|help\s+me|let['’]?s|looking\s+for|searching\s+for|trying\s+to\s+(?:find|get|book|reach)|remind\s+me|tell\s+me|show\s+me|let\s+me\s+know|make\s+sure|don['’]t\s+forget)\b/i;

/**
 * "we need to manage our virtual accounts", "I'm organizing an event and need to create QR codes": the user
 * saying what they need or want is a request, wherever in the sentence (stabletoolbench: merged as a
 * situation, the act was never done).
 */
const OWN_NEED =
  /\b(?:i|we)\s+(?:\p{L}+\s+)?(?:need|want|wish|would\s+like)\b|^(?:i['’]m|i\s+am|we['’]re|we\s+are)\b.*\band\s+(?:need|want|would\s+like)\b/iu;

/** "I'm wondering …", "I'd like to know …", "I was hoping you could …": a question said as a statement. */
const WONDERS = /\b(?:wonder|wondering|hoping|curious|not\s+sure\s+(?:what|when|where|which|who|how))\b/i;

/**
 * "Lucia asked me what 13.1 miles is in km": a question someone put to the user, which the request beside
 * it ("text her the answer") needs answered — a part of its own.
 */
const ASKED_QUESTION =
  /\b(?:asked|asks|asking|wants\s+to\s+know|wondered|wonders)\s+(?:me\s+|us\s+)?(?:what|when|where|which|who|whom|how|whether|if)\b/i;

/** Whether `text` tells of a question someone put to the user ("hugo wants to know what time dinner is"). */
export const tellsSomeonesQuestion = (text: string): boolean => ASKED_QUESTION.test(text);

/** Whether `text`, a part of a message, only tells how things stand (see the module comment). */
export function isNarration(text: string): boolean {
  const t = text.trim();
  if (
    t.length === 0 ||
    /\?\s*$/.test(t) ||
    ASKS.test(t) ||
    OWN_NEED.test(t) ||
    WONDERS.test(t) ||
    ASKED_QUESTION.test(t)
  )
    return false;
  const body = t.replace(LEADING_OPENER, '');
  // "If it rains …", "When Bob lands …": a condition, read by `conditionalParts`.
  if (/^(?:if|when|whenever|once|unless|in\s+case)\b/i.test(body)) return false;
  return NARRATION_START.test(t) || (NAMED_SUBJECT.test(body) && !COMMAND_WITH_CAPITAL.test(body));
}

/** Kinds of value a request says for itself: when it says one, the situation's of that kind is not its. */
const OWN_KINDS = new Set(['date', 'time', 'duration']);

/**
 * A part's values without the ones of its situation lines that the request line already says: "Book dinner
 * with Bob at 8\nMy train gets in around 6 on Wednesday" is on Wednesday (said only by the situation) at 8,
 * not from 8 to 6 (twenty-first QA pass ended the dinner at 18:00); and without the people the situation
 * tells of, unless the request sends to them, the thing is theirs or it is with them.
 */
export function withoutSituationRepeats<
  L extends { kind: string; start: number; sub?: string; possessive?: true },
>(text: string, literals: readonly L[]): L[] {
  const lines = text.split('\n');
  if (lines.length < 2) return [...literals];
  const first = lines[0]!.length;
  // Where each situation line starts and ends.
  const situations: [number, number][] = [];
  let at = first + 1;
  for (const line of lines.slice(1)) {
    if (isNarration(line)) situations.push([at, at + line.length]);
    at += line.length + 1;
  }
  if (situations.length === 0) return [...literals];
  const ownKinds = new Set(literals.filter((l) => l.start < first).map((l) => l.kind));
  // "Eve moved the budget review to the 14th. Add it to my calendar …", "I sent Kenji my dates. Where did he
  // say …": the people a situation tells of are no one the request goes to, invites or looks up — unless it
  // sends to them ("… can u text him", "email it to her"), the thing is theirs ("Grace's invoice is due …") or
  // it is with them ("a video brunch with Grace … invite her").
  const sendsToSomeone = /\b(?:him|her|them)\b/i.test(lines[0]!);
  const toldOf = (l: L) =>
    l.sub === 'person' &&
    l.possessive !== true &&
    !/\b(?:with|w\/?)\s+$/i.test(text.slice(Math.max(0, l.start - 6), l.start));
  const notOwn = (l: L) => (OWN_KINDS.has(l.kind) && ownKinds.has(l.kind)) || (toldOf(l) && !sendsToSomeone);
  return literals.filter(
    (l) => !notOwn(l) || !situations.some(([from, to]) => l.start >= from && l.start < to),
  );
}

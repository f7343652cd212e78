/**
 * Reports: what someone else did or said ("Bob texted that he's running late", "Eve says …"), or what the
 * user already did ("I already emailed Anna"). None asks the agent to act (act-risk set, twelfth QA pass:
 * each was acted on). One place for the three readings, since they differ on purpose:
 *
 * - `SOMEONE_SAID` and `I_DID`: a report that is the context of the request beside it (`sub-intents.ts`).
 *   "Frank emailed about …", "Grace sent me invoice 1042" are not among them: they say where the thing is
 *   (the inbox), which the question after them needs as its own words.
 * - `REPORTED`: any report, never acted on (`chooseTarget`), and no step the parts after it wait for
 *   (`GraphPolicy`).
 */

/** "Bob", "Eve has", "Dan just": someone else, first in the sentence. */
const SOMEONE = String.raw`\p{Lu}[\p{L}'’-]+\s+(?:has\s+|had\s+|just\s+|already\s+|finally\s+)?`;
/** "She wants it by Friday", "Frank needs them before Monday": when someone wants a thing done. */
const WANTS_IT_BY = String.raw`(?:wants|needs|expects)\s+(?:it|them|this|that|an?\s+(?:answer|reply|decision))\s+(?:by|before)`;
/** What someone wants of the user, or means to do: "Ines wants me to confirm …", "she wants to send a card". */
const WANTS = String.raw`(?:wants|wanted|needs|expects)\s+me\s+to|(?:wants|wanted|needs|plans|intends|is\s+going|hopes)\s+to`;
/** What the user says they already did. */
const DID =
  'emailed|texted|messaged|sent|replied|called|rang|wrote|set|created|made|added|booked|told|paid|promised|asked';

export const SOMEONE_SAID = new RegExp(
  String.raw`^${SOMEONE}(?:texted|messaged|said|says|mentioned|mentions|asked|asks|told\s+me|tells\s+me|replied|called|rang|keeps\s+on\s+at\s+me|wants\s+to\s+know|keeps\s+asking|(?:is|was)\s+asking|(?:wants|wanted|needs)\s+(?:my|our|an?)\s|${WANTS})\b`,
  'u',
);

/** "After Friday's design review, I …", "Last week we …": when, said before what the user did. */
const WHEN_FIRST = String.raw`(?:(?:after|before|at|on|since|last|yesterday|earlier)\b[^,.;!?]{0,40}?,?\s+)?`;

export const I_DID = new RegExp(
  String.raw`^${WHEN_FIRST}(?:i|we)\s+(?:already\s+|just\s+|have\s+already\s+|'ve\s+already\s+)?(?:${DID})\b(?!.*\b(?:can\s+you|could\s+you|please)\b)`,
  'iu',
);

export const REPORTED = new RegExp(
  String.raw`^(?:${SOMEONE}(?:texted|messaged|emailed|e-mailed|mailed|wrote|said|says|mentioned|mentions|asked|asks|told\s+me|tells\s+me|replied|called|rang|sent|invited\s+(?:us|me)|(?:is|was)\s+asking|(?:wants|wanted|needs)\s+(?:my|our|an?)\s|${WANTS_IT_BY}|${WANTS})|${WHEN_FIRST}(?:i|we)\s+(?:already\s+|just\s+|have\s+already\s+|['’]ve\s+already\s+)?(?:${DID}))\b`,
  'iu',
);

/**
 * A record named alone, nothing done with it: "the gift ideas note", "my lease file". What the part
 * beside it is about (`sub-intents.ts`), and never a thing to make (`chooseTarget`; thirteenth QA pass made
 * a note called "gift ideas note").
 */
// Also said with no "the" in a note to self: "hiring plan note. how many hires Q1?" (held-out-13 made a note
// called "hiring plan note") — one to three words that are no command and no preposition.
export const RECORD_NAMED =
  /^(?:(?:the|my|our)\s+(?:[\p{L}'’-]+\s+){0,4}?|(?:(?!(?:a|an|new|create|make|write|add|take|start|open|read|look|find|search|jot|save|send|e-?mail|text|reply|forward|show|get|check|put|delete|remove|cancel|modify|update|edit|change|move|rename|copy|share|download|upload|print|close|archive|compress|list|view|attach|at|to|for|from|in|on|with|about|of|my|the|our|this|that|these|those|its|his|her|their|your|which|what|any|every|each)\b)[\p{L}'’-]+\s+){1,3})(?:note|notes|file|e-?mail|document|doc|recipe|lease|itinerary|invoice)[.!]?$/iu;

/**
 * What someone said, asked about: "What did Frank write about …", "the deadline Anna gave", "the risks Bob
 * flagged", "according to Anna". It was said in a message (the inbox), not kept in the calendar or their
 * contact record (thirteenth QA pass: "When did Eve say the budget review is?" listed the calendar).
 */
// "what does Jonas want from me", "what Frank needs from me by Friday", "the interview loop Frank proposed",
// "what time Alice wants to meet":
// what someone wants of the user, or put forward, they wrote (twenty-fourth QA pass: held-out sets 3, 7 and 21
// looked the person up).
export const SAID_BY_SOMEONE =
  /\b[Ww]hat\s+(?:time|day|date)\s+\p{Lu}[\p{L}-]+\s+(?:wants|wanted|said|says|suggested|proposed|asked\s+for)\b|\b[Ww]hat\s+(?:does|did|do)\s+\p{Lu}[\p{L}-]+\s+(?:want|need|expect|ask\s+for|suggest|propose)\b|\b[Ww]hat\s+\p{Lu}[\p{L}-]+\s+(?:wants|needs|expects|wanted|needed)(?=\s+(?:from|of)\s+(?:me|us)\b|\s*[?.!]*\s*$)|\b(?:the|that|those)\s+(?:[\p{L}-]+\s+){1,3}\p{Lu}[\p{L}-]+\s+(?:proposed|suggested|put\s+forward|recommended)\b|\b[Ww]hat\s+\p{Lu}[\p{L}-]+\s+(?:said|wrote|says|writes|mentioned)\b|\b[Ww]hat\s+\p{Lu}[\p{L}-]+\s+(?:wants|wanted|asked|suggested|proposed|is\s+asking|is\s+suggesting)\s+(?:me\s+|us\s+)?to\b|(?<!\b(?:to|with|for|and)\s+)\b\p{Lu}[\p{L}-]+\s+(?:gave|flagged|mentioned|wrote|said)\b|\baccording\s+to\s+\p{Lu}[\p{L}-]+|\b[Dd]id\s+\p{Lu}[\p{L}-]+\s+(?:say|mention|write|tell|flag|raise|suggest|propose|bill|charge|list|ask\s+for)\b/u;

/**
 * "… and put the distance in the title", "include the address in the body": what goes into the thing the
 * part before makes, not a thing of its own to make (thirteenth QA pass made a note of it).
 */
// "… and put the ideas from my gift note into the reminder": into the thing made before, too (nineteenth
// QA pass: a note was made of it).
// "- put the actual time in so he's not confused": "in" with nothing after it is into the thing being made or
// sent (twenty-fourth QA pass: an event titled "actual time in so he's not confused" was made).
export const INTO_A_FIELD =
  /^(?:(?:and|also|then|please)\s+)*(?:put|add|include|mention|write|use)\s+.+?\s+(?:in|into|as)\s+(?:the|its|his|her|their)\s+(?:title|subject|subject\s+line|body|description|text|message|location|name|reminder|note|e-?mail|event|invite|calendar\s+(?:entry|event))\b|^(?:(?:and|also|then|please)\s+)*(?:put|add|include|write)\s+(?:the|his|her|their|what)\s+[^,;]+?\s+in(?:\s+(?:too|as\s+well|there))?(?=\s+so\b|\s*[.!?]?\s*$)/i;

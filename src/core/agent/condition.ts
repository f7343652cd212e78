/**
 * A condition the user puts on a part of the request — "if it rains tomorrow, remind me …", "check the
 * weather in Paris and if it is sunny, text Bob …", "buy 10 shares if the price is below 150" — read
 * against what the part that checks it returned. Three answers: it holds, it fails, or the result does
 * not say. The agent acts only when it holds, says so when it fails, and asks the user when the result
 * does not say: acting on an unchecked condition is doing what the user did not ask for (seventh QA
 * pass texted Bob "meet at the park" under light rain, asked only if it was sunny).
 */

import { escapeRegExp } from '../util/escape-regexp';
import { freeBusyVerdict } from './free-busy';
import { narrowToPeriod } from './time-of-day';
import { claimVerdict, clauseRead, dateVerdict, numberInText } from './text-condition';

/** A condition on a part: its words as said ("it is sunny"), whether "unless" said it, and the part checking it. */
export interface PartCondition {
  text: string;
  /** "unless it rains": the part is done when the condition does not hold. */
  negated: boolean;
  /**
   * The rank of the part whose result decides it; 0 when no part can (the user is asked). Inside
   * `conditionalParts` it is an index, and −1 for none.
   */
  on: number;
  /**
   * "If the dentist is on Wednesday": the calendar event the condition is about, by its title. The day's
   * listing decides it by whether the event is in it (fourteenth QA pass searched for a dentist).
   */
  event?: string;
  /** "If lunch with Alice tomorrow is at 1": the start the event must have too, HH:MM. */
  eventAt?: string;
  /** "If Alice's lunch tomorrow has been cancelled": the event said to be off — it holds when not listed. */
  gone?: true;
  /**
   * "Is the museum visit on Thursday? If yes, …", "Did Grace send her invoice? If so …": the yes-or-no
   * question an echoing condition ("yes", "so", "she has") answers — the words its verdict is read on.
   */
  asked?: string;
  /**
   * "… If it is, hold 8 to 9 for a run": the hours the governed act takes ("08:00-09:00", or one time), which
   * a condition on the user's free time is read on.
   */
  during?: string;
}

export type ConditionVerdict = 'holds' | 'fails' | 'unknown';

/** Words that turn a condition round: "if it does not rain", "if there are no meetings". */
const NEGATION =
  /\b(?:not|no|never|none|nothing|nobody|isn't|aren't|doesn't|don't|won't|wasn't|weren't|hasn't|haven't|didn't|can't|cannot)\b|n't\b/i;

/** Weather as a forecast words it; a condition about one kind fails on a forecast of another. */
const WEATHER: readonly (readonly [string, RegExp])[] = [
  ['rain', /\b(?:rain\w*|showers?|drizzl\w*|downpours?|thunder\w*|storm\w*)\b/i],
  ['snow', /\b(?:snow\w*|sleet|blizzards?|flurr\w*)\b/i],
  ['sun', /\b(?:sunny|sun|sunshine|clear|fair)\b/i],
  ['cloud', /\b(?:cloud\w*|overcast)\b/i],
  ['fog', /\b(?:fog\w*|mist\w*|hazy|haze)\b/i],
];
/** "If it stays dry": neither rain nor snow. */
const DRY = /\b(?:dry)\b/i;

/** Any weather a condition may speak of. */
export const WEATHER_WORDS = new RegExp([...WEATHER.map(([, re]) => re.source), DRY.source].join('|'), 'i');

type Op = '<' | '<=' | '>' | '>=';
const COMPARISONS: readonly (readonly [RegExp, Op])[] = [
  [/\b(?:at most|no more than|not more than|up to)\s*$/i, '<='],
  [/\b(?:at least|no less than|not less than)\s*$/i, '>='],
  [
    /\b(?:below|under|less than|lower than|cheaper than|fewer than|colder than|shorter than|smaller than|drops? to)\s*$/i,
    '<',
  ],
  [
    /\b(?:over|above|more than|greater than|higher than|warmer than|hotter than|longer than|bigger than|larger than|exceeds?|beyond)\s*$/i,
    '>',
  ],
];
const NUMBER = /(?:[$€£¥]\s?)?(-?\d[\d,]*(?:\.\d+)?)/g;

/** "below 150", "more than 5 degrees": a number with a comparison before it. */
export const COMPARED_NUMBER = new RegExp(
  `(?:${COMPARISONS.map(([re]) => re.source.replace(/\\s\*\$$/, '')).join('|')})\\s*(?:[$€£¥]\\s?)?-?\\d`,
  'i',
);

/** Words of a condition that point at a kind of number in a result (field names hold the other side). */
const NUMBER_KINDS: readonly (readonly [RegExp, RegExp])[] = [
  [
    /\b(?:temperature|temp|degrees?|colder|warmer|hotter|cooler|°[cf]?)/i,
    /temp|celsius|fahrenheit|(?:^|_)[cf]$/i,
  ],
  [
    /\b(?:price|prices|cost|costs|cheaper|expensive|pay|fare|fee|\$|€|£|¥)/i,
    /price|cost|amount|total|fare|fee|rate|value/i,
  ],
  [/\b(?:longer|shorter|takes?|minutes?|hours?|duration)\b/i, /duration|minutes?|hours?|time/i],
  [/\b(?:farther|further|distance|km|miles?|away)\b/i, /distance|km|miles?/i],
  [/\b(?:balance|money|funds)\b/i, /balance|amount|funds/i],
];

/** "So", "available", "there is a …", "I have …": a condition that something is there. */
const EXISTENCE =
  /^(?:so|yes|possible|available|(?:it|they|that|one|any)\s+(?:is|are|was|were)\s+(?:still\s+)?(?:available|free|open|there|possible)|there\s+(?:is|are|was|were)\b|(?:i|we)\s+(?:have|has|own)\b|(?:i|we)(?:['’]ve|\s+have)\s+got\b|(?:it|they|that)\s+exists?\b|(?:any|one)\s+(?:is|are)\s+found|\S+(?:\s+\S+){0,3}\s+(?:is|are)\s+(?:available|free|open|found|valid|authenticated|verified|approved|confirmed|possible))/i;

/** A result's status word that says no, or yes. */
const NO_WORD =
  /^(?:no|false|none|closed|unavailable|not available|sold out|full|fully booked|booked|not found|inactive|denied|invalid|expired|failed|rejected|cancell?ed|out of stock|n\/a)$/i;
const YES_WORD = /^(?:yes|true|open|available|active|valid|approved|confirmed|ok|success|in stock|free)$/i;

/** "If all looks well", "if the ticket is successfully booked": the checking call went through. */
const SUCCESS =
  /\b(?:well|good|fine|ok|okay|success|successful|successfully|succeeds?|succeeded|correct|correctly|sufficient|enough|done|complete|completed|booked|confirmed|arranged|approved|registered|valid)\b/i;

interface Leaf {
  path: string;
  value: unknown;
}

/** Every value in a result with its field path ("forecast.condition"), lists as one leaf each. */
function leavesOf(value: unknown, path = '', depth = 0, out: Leaf[] = []): Leaf[] {
  if (depth > 4) return out;
  if (Array.isArray(value)) {
    out.push({ path, value });
    for (const v of value.slice(0, 20)) if (v && typeof v === 'object') leavesOf(v, path, depth + 1, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      leavesOf(v, path ? `${path}.${k}` : k, depth + 1, out);
  } else out.push({ path, value });
  return out;
}

const lastName = (path: string): string => path.split('.').pop() ?? path;

/** The verdict on `condition` (without its "if") from `result`; negated by "unless". */
export function conditionVerdict(
  condition: string,
  negated: boolean,
  result: unknown,
  event?: string,
  eventAt?: string,
  during?: string,
  gone?: boolean,
): ConditionVerdict {
  const said = condition.trim().replace(/[.!?]+$/, '');
  const turned = NEGATION.test(said) !== negated;
  if (event !== undefined) {
    const listed =
      (gone ?? false) !==
      itemsOf(result).some(
        (item) =>
          Object.values(item).some((v) => typeof v === 'string' && sameEvent(v, event)) &&
          (eventAt === undefined || startsAsSaid(item, eventAt)),
      );
    return listed !== turned ? 'holds' : 'fails';
  }
  // "If I'm free at 4", "unless I have something at 2": the calendar's answer, negations and all; "If Anna
  // asked me to …": whether the message found is hers.
  const decided =
    freeBusyVerdict(said, result, during) ?? senderVerdict(said, result) ?? overlapVerdict(said, result);
  if (decided !== null) return negated ? reversed(decided) : decided;
  // "If not, reserve it": a bare "not" is "if not so".
  const bare = said.replace(NEGATION, ' ').replace(/\s+/g, ' ').trim();
  // "… on Friday afternoon": the morning's events do not decide it.
  const positive = positiveVerdict(bare || 'so', narrowToPeriod(said, result));
  return turned ? reversed(positive) : positive;
}

/**
 * "If Anna asked me to confirm …", "unless Carol has already emailed about …": something said by a person,
 * whose message must be in what the inbox search found — a search finds the best match whoever sent it
 * (eighteenth QA pass: Alice's lunch email said Carol had written).
 */
export const SENT_BY_SOMEONE =
  // A name typed in lower case is a name too ("if alice emailed about lunch"; twenty-first QA pass).
  /^(?:\p{Lu}\p{L}+|(?!(?:it|this|that|nobody|noone|anyone|anybody|someone|somebody|everyone|everybody|i|we|you)\b)\p{Ll}\p{L}+|[Ss]he|[Hh]e|[Tt]hey)\s+(?:(?:has|had|have|already|ever|actually|just|really)\s+)*(?:e-?mailed|wrote|written|sent|asked|replied|mentioned|said|confirmed|got\s+back)\b/u;

/**
 * "Bob's catch-up and dinner with Hugo might overlap?? If they do, email Hugo …": whether two of the listed
 * events share any time (twenty-second QA pass emailed Hugo though 14:00–15:00 and 19:00–21:00 do not).
 */
const OVERLAP_ASKED =
  /\b(?:overlap|overlaps|overlapping|clash|clashes|conflict|conflicts|double[- ]?booked)\b/i;

function overlapVerdict(condition: string, result: unknown): ConditionVerdict | null {
  if (!OVERLAP_ASKED.test(condition)) return null;
  const spans = itemsOf(result).flatMap((item) => {
    const start = Object.entries(item).find(([k, v]) => /start/i.test(k) && typeof v === 'string')?.[1];
    const end = Object.entries(item).find(([k, v]) => /end/i.test(k) && typeof v === 'string')?.[1];
    const [a, b] = [Date.parse(String(start)), Date.parse(String(end))];
    return Number.isFinite(a) && Number.isFinite(b) ? [[a, b] as const] : [];
  });
  if (spans.length < 2) return null;
  const overlaps = spans.some(([a, b], i) => spans.some(([c, d], j) => j > i && a < d && c < b));
  return overlaps ? 'holds' : 'fails';
}

function senderVerdict(condition: string, result: unknown): ConditionVerdict | null {
  const m = SENT_BY_SOMEONE.exec(condition.trim());
  // "If there's an email from Jonas about …": the sender said after "from".
  const from =
    /\b(?:e-?mails?|messages?|repl(?:y|ies)|anything|something|word)\s+from\s+(\p{Lu}\p{L}+)/u.exec(
      condition,
    );
  // "Has Lucia sent over the signed contract yet? If she has, …": the question an echo answers.
  const asked =
    /^(?:has|have|had|did)\s+(\p{Lu}\p{L}+)\s+(?:(?:already|ever|actually|just|really|finally)\s+)*(?:e-?mail(?:ed)?|write|wrote|written|sent|send|ask(?:ed)?|repl(?:y|ied)|mention(?:ed)?|say|said|confirm(?:ed)?|get\s+back|got\s+back)\b/iu.exec(
      condition.trim(),
    );
  const said = m?.[0].split(/\s+/)[0]!.toLowerCase() ?? asked?.[1]!.toLowerCase();
  const name = said && !/^(?:he|she|they)$/.test(said) ? said : from?.[1]?.toLowerCase();
  if (!name) return null;
  const leaves = leavesOf(result);
  const senders = leaves
    .filter(
      (l) => /(?:^|_)(?:from|sender)(?:_|$)|^from/i.test(lastName(l.path)) && typeof l.value === 'string',
    )
    .map((l) => (l.value as string).toLowerCase());
  // "If Olivia has emailed me about Lisbon" and the search found no message: she has not.
  if (senders.length === 0)
    return leaves.some((l) => Array.isArray(l.value) && l.value.length === 0) ? 'fails' : null;
  return senders.some((s) => s.includes(name)) ? 'holds' : 'fails';
}

/** Whether a listed event starts at `eventAt` ("16:00"), before it ("<13:00") or after it (">13:00"). */
function startsAsSaid(item: Record<string, unknown>, eventAt: string): boolean {
  const [, op, time] = /^([<>]?)(\d{2}:\d{2})$/.exec(eventAt) ?? [];
  if (!time) return false;
  return Object.entries(item).some(([k, v]) => {
    if (typeof v !== 'string' || !/start|time|^at$|when/i.test(k)) return false;
    const clock = /T(\d{2}:\d{2})/.exec(v)?.[1];
    if (!clock) return false;
    return op === '<' ? clock < time : op === '>' ? clock > time : clock === time;
  });
}

/**
 * Whether a listed title is the event a condition names: the same title, or every word of the name in it
 * ("lunch with Carol" is not "Lunch with Alice").
 */
function sameEvent(title: string, event: string): boolean {
  const t = title.trim().toLowerCase();
  const e = event.trim().toLowerCase();
  return (
    t === e ||
    e.split(/\s+/).every((w) => new RegExp(`\\b${w.replace(/[^\p{L}\p{N}-]/gu, '')}\\b`, 'u').test(t))
  );
}

/** A verdict turned round by "unless". */
const reversed = (v: ConditionVerdict): ConditionVerdict =>
  v === 'holds' ? 'fails' : v === 'fails' ? 'holds' : v;

/** Every object inside a result: the events of a day's listing, a record. */
function itemsOf(value: unknown, depth = 0, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (depth > 4 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) for (const v of value) itemsOf(v, depth + 1, out);
  else {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) itemsOf(v, depth + 1, out);
  }
  return out;
}

function positiveVerdict(condition: string, result: unknown): ConditionVerdict {
  const leaves = leavesOf(result);
  return (
    // "If the chance of rain is above 50": a number said with a comparison decides before its words.
    comparisonVerdict(condition, leaves) ??
    mentionVerdict(condition, leaves) ??
    recordClaimVerdict(condition, leaves) ??
    weatherVerdict(condition, leaves) ??
    temperatureVerdict(condition, leaves) ??
    readTextVerdict(condition, leaves) ??
    existenceVerdict(condition, leaves) ??
    'unknown'
  );
}

/**
 * "if there's nothing in there for Mum yet" (read without its "nothing": "there's in there for Mum"): whether
 * the texts read name Mum at all (twenty-fourth QA pass: the note was found, so the reminder was made, though
 * the note has "Mum: a scarf").
 */
const SOMETHING_FOR =
  /^(?:there['’]?s\s+|there\s+is\s+|it\s+has\s+)?(?:(?:anything|something)\s+)?(?:(?:in\s+(?:there|it|that|the\s+note)|yet)\s+)*(?:for|about)\s+(\p{L}[\p{L}'’-]*)(?:\s+yet)?$/iu;

function mentionVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  const who = SOMETHING_FOR.exec(condition.trim())?.[1];
  if (!who) return null;
  const texts = textsOf(leaves);
  if (texts.length === 0) return null;
  const named = new RegExp(String.raw`(?<![\p{L}])${escapeRegExp(who)}(?![\p{L}])`, 'iu');
  return texts.some((t) => named.test(t)) ? 'holds' : 'fails';
}

/**
 * "Check Bob's launch email - if the payment provider review is still pending, text him …": a statement
 * checked on a message or note that was read holds when one clause of it says it, as "if it says …" would
 * (twenty-fourth QA pass asked the user whether "payment provider review still pending" meant it). Only a
 * yes: what it does not say word for word the user is still asked.
 */
function readTextVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  if (!leaves.some((l) => /^(?:body|content|text)$/i.test(lastName(l.path)))) return null;
  return claimVerdict(`says ${condition}`, textsOf(leaves)) === 'holds' ? 'holds' : null;
}

/** The clause of a result's texts a condition was read in ("tooling 4k EUR"), for the answer to quote. */
export const textRead = (condition: string, result: unknown): string | undefined =>
  clauseRead(condition, textsOf(leavesOf(result)));

/** Texts a result holds: a note's content, a message's body (not names, ids or one-word statuses). */
const textsOf = (leaves: readonly Leaf[]): string[] =>
  leaves
    .filter(
      (l): l is Leaf & { value: string } =>
        typeof l.value === 'string' && l.value.length >= 20 && /\s/.test(l.value.trim()),
    )
    .map((l) => l.value);

/** A record a condition speaks of: "my budget note says …", "if the hiring plan still says …". */
const RECORD_SPOKEN_OF =
  /\b(?:note|notes|file|e-?mail|mail|message|document|doc|plan|list|report|budget|agenda|itinerary|lease|invoice)\b/i;

const SOMEONE_CLAIMS = /^(?:he|she|they|it)\s+(?:says|said|mentions|mentioned|writes|wrote|asks|asked)\b/i;

/** "If my budget note says there's a hiring freeze until January": whether the record says it. */
function recordClaimVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  const texts = textsOf(leaves);
  // "If my passport runs out before June 2027": a date the record gives, whatever record it is.
  const dated = dateVerdict(condition, texts);
  if (dated !== null) return dated;
  // "if he mentions May" said of the message just read: what it says too (nineteenth QA pass asked).
  if (!RECORD_SPOKEN_OF.test(condition) && !SOMEONE_CLAIMS.test(condition.trim())) return null;
  return claimVerdict(condition, texts);
}

/**
 * "If it's nice, text Hugo that we should walk": said of a forecast, nice weather is sun and no rain or snow
 * (twenty-fourth QA pass: the user was asked whether "sunny" means nice). Only read on a forecast, so "if
 * the hotel is nice" is no weather.
 */
const NICE = /\b(?:nice|lovely|good|fine|pleasant|decent|beautiful|gorgeous)\b/i;

function weatherVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  const dry = DRY.test(condition);
  const asked = dry ? ['rain', 'snow'] : WEATHER.filter(([, re]) => re.test(condition)).map(([k]) => k);
  const texts = leaves
    .filter((l) => typeof l.value === 'string' && l.value.length <= 200)
    .map((l) => l.value as string);
  const seen = new Set(WEATHER.filter(([, re]) => texts.some((t) => re.test(t))).map(([k]) => k));
  if (asked.length === 0 && NICE.test(condition) && seen.size > 0)
    return seen.has('sun') && !seen.has('rain') && !seen.has('snow') ? 'holds' : 'fails';
  if (asked.length === 0) return null;
  if (seen.size === 0) return 'unknown';
  const any = asked.some((k) => seen.has(k));
  // A forecast that names the weather but not the kind asked for says it does not hold.
  return any !== dry ? 'holds' : 'fails';
}

/**
 * "If it's going to be cold in Berlin on Friday": a temperature said in a word, read on the forecast's degrees
 * Celsius (the user was asked whether 3.6 °C "means" cold; eighteenth QA pass). Bounds as people in a
 * temperate climate use the words.
 */
const TEMPERATURE_WORDS: readonly (readonly [RegExp, (c: number) => boolean])[] = [
  [/\b(?:freezing|below\s+zero|icy)\b/i, (c) => c <= 0],
  [/\b(?:cold|chilly|cool|nippy)\b/i, (c) => c < 10],
  [/\bhot\b/i, (c) => c >= 25],
  [/\b(?:warm|mild)\b/i, (c) => c >= 15],
];

/** A temperature said in words or degrees. */
export const TEMPERATURE_SAID = new RegExp(
  `${TEMPERATURE_WORDS.map(([re]) => re.source).join('|')}|\\b(?:temperature|degrees)\\b`,
  'i',
);

function temperatureVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  const word = TEMPERATURE_WORDS.find(([re]) => re.test(condition));
  if (!word) return null;
  const celsius = leaves.find(
    (l) =>
      typeof l.value === 'number' &&
      /temp|celsius|(?:^|_)c$/i.test(lastName(l.path)) &&
      !/_f$|fahrenheit/i.test(lastName(l.path)),
  );
  if (!celsius) return null;
  return word[1](celsius.value as number) ? 'holds' : 'fails';
}

function comparisonVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  for (const m of condition.matchAll(NUMBER)) {
    const before = condition.slice(0, m.index);
    const op = COMPARISONS.find(([re]) => re.test(before))?.[1];
    if (!op) continue;
    // "more than 5k": thousands.
    const thousands = /^\s?k\b/i.test(condition.slice(m.index + m[0].length)) ? 1000 : 1;
    const bound = Number(m[1]!.replace(/,/g, '')) * thousands;
    const value = numberAsked(condition, leaves, before);
    if (value === null || !Number.isFinite(bound)) return 'unknown';
    const holds =
      op === '<' ? value < bound : op === '<=' ? value <= bound : op === '>' ? value > bound : value >= bound;
    return holds ? 'holds' : 'fails';
  }
  return null;
}

/**
 * The number of the result the condition speaks of: by the kind its words name, else the one a text of the
 * result gives for the condition's subject (`subject`: its words before the comparison), else the only one.
 */
function numberAsked(condition: string, leaves: readonly Leaf[], subject: string): number | null {
  const numbers = leaves.filter(
    (l): l is Leaf & { value: number } =>
      typeof l.value === 'number' && !/(?:^|_)id$/i.test(lastName(l.path)),
  );
  const words = condition.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const named = numbers.filter((l) => {
    const name = lastName(l.path).toLowerCase();
    return (
      words.some((w) => name.split(/[_\W]+/).includes(w)) ||
      NUMBER_KINDS.some(([said, field]) => said.test(condition) && field.test(name))
    );
  });
  if (named.length === 1) return named[0]!.value;
  // "the tooling budget in my note is more than 5k": a note's "tooling 4k EUR", not its count of notes.
  const said = named.length === 0 ? numberInText(subject, textsOf(leaves)) : null;
  if (said !== null) return said;
  // A count of what was found is no amount of money or of a unit ("if Grace's invoice comes to more than
  // 3000 EUR": a search that found one message said nothing of it).
  const amount = /\d\s?(?:k\b|[A-Z]{3}\b|euros?|dollars?|pounds?|°|%|km|miles?|kg)|[$€£¥]\s?\d/i.test(
    condition,
  );
  const counted = numbers.filter((l) => !(amount && /count|total_results|number_of/i.test(lastName(l.path))));
  if (named.length === 0 && counted.length === 1) return counted[0]!.value;
  return null;
}

function existenceVerdict(condition: string, leaves: readonly Leaf[]): ConditionVerdict | null {
  const words = (condition.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.slice(0, 5));
  const booleans = leaves.filter((l): l is Leaf & { value: boolean } => typeof l.value === 'boolean');
  // "If the user is authenticated": the flag named like it decides, whatever else the result says.
  const named = booleans.filter((l) =>
    lastName(l.path)
      .toLowerCase()
      .split(/[_\W]+/)
      .some((part) => part.length >= 4 && words.includes(part.slice(0, 5))),
  );
  if (named.length > 0) return named.every((l) => l.value) ? 'holds' : 'fails';
  // "If the flight is full": a status word (one lower-case word, not a name) the condition says holds.
  const statuses = leaves
    .filter((l): l is Leaf & { value: string } => typeof l.value === 'string')
    .map((l) => l.value.trim())
    .filter((w) => /^[\p{Ll}]+(?: [\p{Ll}]+)?$/u.test(w));
  const said = ` ${condition.toLowerCase()} `;
  if (statuses.some((w) => w.length > 2 && said.includes(` ${w} `))) return 'holds';
  const success = SUCCESS.test(condition);
  if (!success && !EXISTENCE.test(condition)) return null;
  if (booleans.length === 1) return booleans[0]!.value ? 'holds' : 'fails';
  // "If the booking is successful": a flag that says no says it is not; all of them yes say it is.
  if (success && booleans.length > 1) return booleans.every((l) => l.value) ? 'holds' : 'unknown';
  const lists = leaves.filter((l) => Array.isArray(l.value));
  if (lists.length > 0 && booleans.length === 0)
    return lists.some((l) => (l.value as unknown[]).length > 0) ? 'holds' : 'fails';
  const count = leaves.find((l) => /^(?:count|total|number)$/i.test(lastName(l.path)));
  if (count && typeof count.value === 'number') return count.value > 0 ? 'holds' : 'fails';
  // A status said in a word that is not the one asked: "closed", "sold out" say no.
  if (statuses.some((w) => NO_WORD.test(w))) return 'fails';
  if (statuses.some((w) => YES_WORD.test(w))) return 'holds';
  // Something was found: a search or a check that returned a record ("Find a free hour … and if there is
  // one, …" gets the slot).
  return leaves.some((l) => l.value !== null && l.value !== undefined && l.value !== '') ? 'holds' : 'fails';
}

/** A yes or a no to "does that mean …?"; null for anything else. */
export function yesOrNo(answer: string): boolean | null {
  const a = answer.trim().toLowerCase();
  // The no first: "it does not" starts as "it does".
  if (/^(?:n|no|nope|nah|not|false|it doesn't|it does not|it isn't|it is not|don't|do not)\b/.test(a))
    return false;
  if (
    /^(?:y|yes|yeah|yep|yup|sure|ok|okay|true|correct|right|it does|it is|they are|go ahead|do it)\b/.test(a)
  )
    return true;
  return null;
}

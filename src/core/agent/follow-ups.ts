/**
 * A message of a conversation read with the ones before it: "text her too", "what about Tuesday?", "same
 * for Carol", "email him the same", "how long to bike there from Eve's?", "remind me an hour before it".
 * A person in a chat leans on what was just said; each turn used to be read on its own, so "text her" asked
 * for a phone number and "and in Berlin?" found nothing to do (twentieth QA pass: 61 of 160 conversations'
 * last messages went wrong). Here the words that lean on an earlier turn become what they stand for, and the
 * rest of the agent reads the message as if the user had said it whole. Only what the message leaves open
 * is filled: a message that names its own person, day or place keeps them.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { escapeRegExp } from '../util/escape-regexp';
import type { CallView } from './agent-events';
import { findLiterals, type Literal } from './literals';
import { spokenNumbersAsDigits } from './spoken-numbers';

/** What a follow-up may lean on: an earlier turn of the same conversation, as the agent read it. */
export interface EarlierTurn {
  request: string;
  /** The request spelt out, when it leaned on the turns before it. */
  readAs?: string;
  calls: readonly Pick<CallView, 'tool' | 'args' | 'status' | 'output'>[];
}

/** What an earlier turn asked, spelt out. */
const askedIn = (turn: EarlierTurn): string => turn.readAs ?? turn.request;

/** How many turns back a follow-up may lean. */
const LOOK_BACK = 3;

/** The tools that change the user's data: a turn that ran one did something ("same for Carol" repeats it). */
const ACTS = new Set([
  'calendar_create_event',
  'mail_send',
  'messages_send',
  'notes_create',
  'reminders_create',
]);

/**
 * Who "her" means when the message says someone else: "text mum and tell her", "the guy from the hiring
 * email" — a person the message names or describes itself.
 */
const SOMEONE_OF_ITS_OWN =
  /\b(?:mum|mom|mommy|mummy|mother|dad|daddy|father|sister|brother|wife|husband|partner|boss|friend|son|daughter|landlord|landlady|doctor|dentist|neighbou?r|colleague|kid|girlfriend|boyfriend|grandma|granny|grandpa|grandad|aunt|uncle|cousin|manager|assistant|plumber|babysitter|nanny|teacher|someone|somebody|whoever|(?:the|that)\s+(?:guy|woman|man|lady|person|sender|one\s+who))\b/i;

/** Words after "her" that show it is whom something goes to, not whose ("text her that", "email her the notes"). */
const AFTER_OBJECT = new Set(
  (
    'a an the that this these those my our your his to about and or but if whether what when where how why who ' +
    "i im i’m i'm ill i’ll i'll id i'd we you it its too also again saying asking telling thanks thank now today " +
    'tomorrow tonight later first please pls plz at on in for with by from up some back know yes no hi hello hey ' +
    'sorry happy congrats quickly asap soon once right directly instead as so then same just all re regarding ' +
    "something everything anything be lol ok okay when's whats what's happy good great"
  ).split(/\s+/),
);

/** First names many people read as a woman's or a man's: only to choose between two people said before. */
const SHE =
  /^(?:alice|anna|carol|eve|grace|ines|lucia|maya|olivia|emma|sarah|sara|laura|julia|maria|marie|sophie|lisa|kate|katie|amy|emily|hannah|jane|mary|linda|susan|nina|zoe|chloe|mia|lea|leah|clara|rachel|rebecca|jessica|jennifer|helen|ella|eva|ana|fatima|aisha|priya|mei|yuki|keiko|olga|irina|ingrid|greta)$/i;
const HE =
  /^(?:bob|dan|frank|hugo|jonas|kenji|noah|tom|thomas|john|james|david|michael|mark|paul|peter|luke|adam|ben|sam|max|leo|liam|oliver|jack|harry|george|ali|omar|raj|ravi|wei|hiroshi|ivan|lars|sven|pierre|marco|carlos|juan|pedro|diego)$/i;

const firstName = (full: string) => full.split(/\s+/)[0]!;

/** The contacts said in `text` (by any alias), in the order said. */
function peopleSaid(text: string, people: readonly LexiconEntry[]): { name: string; at: number }[] {
  const lower = text.toLowerCase();
  const found: { name: string; at: number }[] = [];
  for (const p of people)
    for (const alias of [p.value, ...(p.aliases ?? [])]) {
      // "from carols": an owner typed without the apostrophe is still the person.
      const m = new RegExp(
        `(?<![\\p{L}])${escapeRegExp(alias.toLowerCase())}(?:['’]?s)?(?![\\p{L}])`,
        'u',
      ).exec(lower);
      if (m && !found.some((f) => f.name === p.value)) found.push({ name: p.value, at: m.index });
    }
  return found.sort((a, b) => a.at - b.at);
}

/** The contact an email address belongs to ("grace.kim@example.com" → Grace Kim). */
function personOfEmail(email: string, people: readonly LexiconEntry[]): string | undefined {
  const local = email
    .toLowerCase()
    .split('@')[0]!
    .split(/[._-]+/);
  return people.find((p) => {
    const words = p.value.toLowerCase().split(/\s+/);
    return words.length > 1 && words.every((w) => local.includes(w));
  })?.value;
}

/** The events a calendar call returned (`{events: [...]}` or a list). */
function eventsOf(output: unknown): Record<string, unknown>[] {
  const list = Array.isArray(output)
    ? output
    : output && typeof output === 'object' && Array.isArray((output as { events?: unknown }).events)
      ? (output as { events: unknown[] }).events
      : [];
  return list.filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object');
}

/** Of the events a turn listed, those its request speaks of: by a time said, else by the title's words. */
function eventsMeant(turn: EarlierTurn, today: number): Record<string, unknown>[] {
  const events = turn.calls
    .filter((c) => c.status === 'ok' && c.tool === 'calendar_list_events')
    .flatMap((c) => eventsOf(c.output));
  if (events.length <= 1) return events;
  const times = findLiterals(askedIn(turn), today)
    .filter((l) => l.kind === 'time')
    .map((l) => String(l.value));
  const atTime = events.filter((e) => times.some((t) => String(e.start_time ?? '').slice(11, 16) === t));
  if (atTime.length > 0) return atTime;
  const said = new Set(
    askedIn(turn)
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 2 && w !== 'with'),
  );
  const byWords = events.filter((e) =>
    String(e.title ?? '')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .some((w) => w.length > 2 && w !== 'with' && said.has(w)),
  );
  return byWords.length > 0 ? byWords : events;
}

/**
 * The people a turn was about, the most salient first: those its request names (the last said first); else
 * those its calls found (the person an event is with, the sender of a message, the contact looked up, in
 * the order found). `group`: they were said or met together ("them" may mean all of them).
 */
function peopleOfTurn(
  turn: EarlierTurn,
  people: readonly LexiconEntry[],
  today: number,
): { names: string[]; group: boolean } {
  const named = peopleSaid(askedIn(turn), people).map((p) => p.name);
  if (named.length > 0) return { names: named.reverse(), group: true };
  const found: string[] = [];
  let group = true;
  const add = (name: string | undefined) => {
    if (name && !found.includes(name)) found.push(name);
  };
  for (const c of turn.calls) {
    if (c.status !== 'ok') continue;
    if (c.tool === 'calendar_list_events') {
      for (const e of eventsMeant(turn, today))
        for (const p of peopleSaid(String(e.title ?? ''), people)) add(p.name);
      continue;
    }
    // Several messages or contacts found are alternatives, not a group.
    group = false;
    const text = JSON.stringify(c.output ?? '');
    for (const email of text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []) add(personOfEmail(email, people));
    for (const p of peopleSaid(text, people)) add(p.name);
  }
  return { names: found, group };
}

/** The people the conversation was last about (up to `LOOK_BACK` turns back). */
function lastPeople(
  earlier: readonly EarlierTurn[],
  people: readonly LexiconEntry[],
  today: number,
): { names: string[]; group: boolean } {
  for (const turn of earlier.slice(-LOOK_BACK).reverse()) {
    const found = peopleOfTurn(turn, people, today);
    if (found.names.length > 0) return found;
  }
  return { names: [], group: false };
}

/** "text her", "email him", "her number", "is she free": a person said by a pronoun, read as their name. */
function withPeopleNamed(
  request: string,
  earlier: readonly EarlierTurn[],
  lexicon: readonly LexiconEntry[],
  today: number,
): string {
  const people = lexicon.filter((e) => e.kind === 'person');
  if (people.length === 0 || SOMEONE_OF_ITS_OWN.test(request)) return request;
  // A pronoun after a person the message names is theirs ("text Bob and tell him yes"); one before any is
  // the conversation's ("Tell him Kenji has offered to book a table").
  const firstNamed = peopleSaid(request, people)[0]?.at ?? Infinity;
  const replyTo =
    /^(\W*(?:(?:ok(?:ay)?|great|thanks|cool|right|so|please|pls)\b[\s,.!]*)*)(reply|answer|respond|write\s+back)\b(?!\s+(?:to|all|him|her|them)\b)/i;
  if (!/\b(?:him|her|his|he|she|them|they|their)\b/i.test(request) && !replyTo.test(request)) return request;
  const before = lastPeople(earlier, people, today);
  if (before.names.length === 0) return request;
  // "did alice email me about lunch" → "reply yes still on": the answer goes to whom the turn was about.
  if (replyTo.test(request) && firstNamed === Infinity)
    request = request.replace(
      replyTo,
      (_all, lead: string, verb: string) => `${lead}${verb} to ${firstName(before.names[0]!)}`,
    );
  const pick = (female: boolean) => {
    const fits = before.names.filter((p) => (female ? SHE : HE).test(firstName(p)));
    return firstName(fits[0] ?? before.names[0]!);
  };
  const names = before.names.map(firstName).reverse();
  const together =
    before.group && names.length >= 2
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : null;
  return request.replace(
    /\b(him|her|his|he|she|them|they|their)\b(?!['’])(\s*)(\S*)/gi,
    (all: string, pronoun: string, space: string, next: string, at: number) => {
      if (at > firstNamed) return all;
      const p = pronoun.toLowerCase();
      const nextWord = next.toLowerCase().replace(/[^\p{L}'’]+$/u, '');
      if (p === 'them' || p === 'they' || p === 'their') {
        if (!together || p === 'their') return all;
        return `${together}${space}${next}`;
      }
      const name = pick(p === 'her' || p === 'she');
      if (p === 'his') return `${name}'s${space}${next}`;
      if (p === 'her' && next !== '' && !/^[\p{P}\p{S}]/u.test(next) && !AFTER_OBJECT.has(nextWord))
        return `${name}'s${space}${next}`;
      return `${name}${space}${next}`;
    },
  );
}

/** Ways to travel: "how about by bike?" asks the same way again with another. */
const MODE =
  /\b(?:by\s+)?(?:bike|bicycle|cycling|cycle|car|driving|drive|transit|public\s+transport|bus|train|tube|metro|subway|walking|walk|on\s+foot)\b/i;
const CHANNEL_EMAIL = /\b(?:e-?mail|mail)\b/i;
const CHANNEL_TEXT = /\b(?:text|message|sms|whatsapp)\b/i;

/**
 * Words a message may say around the values it changes without asking for anything new: "and Tuesday?",
 * "what about in Lisbon", "same for Carol", "do that again for Maya", "email him the same", "now 200 pounds".
 */
const AROUND = new Set(
  (
    'and n also ok okay cool great thanks thank you thx ta so now then about or if for with in on at by to ' +
    'from the a an instead too please pls same time one again rather than do that it this day as well just ' +
    'maybe hmm oh actually no wait sorry i meant mean of not send email e-mail mail text ' +
    'message sms ask tell forward thing words also please same-time exact exactly re repeat'
  ).split(/\s+/),
);
/** Words a message opens with before what it says: "ok", "great,", "thanks.". */
const FILLERS =
  /^(?:\W*(?:ok(?:ay)?|cool|great|perfect|nice|thanks|thank\s+you|thx|ta|so|oh|hmm+|um+|actually|no|wait|sorry|oops|right|alright)\b[\s,.!]*)+/i;
/** How a message that changes an earlier one opens: "and …", "what about …", "same for …", "in dollars". */
const LEANS_BACK =
  /^\W*(?:and|n|&|also|plus|or|now|then|what\s+about|how\s+about|same|do\s+(?:that|it|the\s+same)|again|send|e-?mail|text|message|ask|tell|forward|in|on|by|for|to|at|i\s+meant|i\s+mean|make\s+it)\b/i;
/** Marks of a change of mind: after an act, a new value is a change to what was made, not a new one. */
const CORRECTION =
  /^\W*(?:actually|no\b|nope|wait|sorry|oops|i\s+meant|i\s+mean|make\s+it|change\s+it|move\s+it|scratch)/i;

/** `text` without the literals found in it. */
function withoutLiterals(text: string, literals: readonly Literal[]): string {
  let rest = text;
  for (const l of [...literals].sort((a, b) => b.start - a.start))
    rest = rest.slice(0, l.start) + ' ' + rest.slice(l.end);
  return rest;
}

/** What a message says besides its values: the words left when literals and ways to travel are taken out. */
function restWords(text: string, literals: readonly Literal[]): string[] {
  return withoutLiterals(text, literals)
    .replace(new RegExp(MODE.source, 'gi'), ' ')
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, '').replace(/['’]s$/, ''))
    .filter((w) => w !== '' && !AROUND.has(w));
}

/** The values a message says; "in" is a word, not an inch ("in dollars?", "the weather in Paris"). */
function valuesIn(text: string, today: number, lexicon: readonly LexiconEntry[]): Literal[] {
  return findLiterals(text, today, lexicon).filter(
    (l) => l.kind !== 'quoted' && !(l.kind === 'entity' && l.sub === 'unit' && l.text.length <= 2),
  );
}

/** The slot of an earlier request a new value takes: the same kind of thing. */
function sameSlot(l: Literal, before: readonly Literal[]): Literal | undefined {
  const kind = (x: Literal) => (x.kind === 'entity' ? `entity:${x.sub}` : x.kind);
  const exact = before.find((b) => kind(b) === kind(l));
  if (exact) return exact;
  // "and 13.1?" after "26.2 miles", "and 45?" after "30 days": a bare number takes a number's place.
  if (l.kind === 'number')
    return before.find((b) => ['quantity', 'money', 'duration', 'number'].includes(b.kind));
  return undefined;
}

/** `l`'s words put in the place of `slot` ("13.1" in "26.2 miles" changes the number only). */
function wordsFor(l: Literal, slot: Literal): string {
  if (l.kind === 'number' && slot.kind !== 'number') return slot.text.replace(/-?\d[\d,.]*/, l.text);
  return l.text;
}

/** Where an added value goes when the earlier request said none of its kind: before a closing "?" or ".". */
function appended(text: string, words: string): string {
  const m = /[\s?.!]*$/.exec(text)!;
  return `${text.slice(0, m.index)} ${words}${text.slice(m.index)}`;
}

/**
 * "what about Tuesday?", "and in Berlin?", "how about by bike?", "in dollars?", "same for Carol", "email
 * him the same", "and thursday, same time": a message that only changes values of an earlier one is that
 * one again with them changed. After something was made, a change of mind ("actually make it 4pm") is not
 * a new one: no tool changes what was made, so it is left for the agent to say so — unless it names another
 * person ("sorry, I meant Frank"), who is then sent what the wrong one was.
 */
function withValuesChanged(
  request: string,
  earlier: readonly EarlierTurn[],
  lexicon: readonly LexiconEntry[],
  today: number,
): string {
  // "in dollars?": the preposition is no inch.
  const found = valuesIn(request, today, lexicon);
  // "I meant Frank, not Jonas": what is put right is not a value of the message.
  const said = found.filter((l) => !/\bnot\s+$/i.test(request.slice(0, l.start)));
  const mode = MODE.exec(request);
  const email = CHANNEL_EMAIL.test(request);
  const text = CHANNEL_TEXT.test(request);
  // "also to Grace same text, her bday is today too", "and tuesday? need to know if the kids need
  // wellies": what follows the fragment is the user's reason.
  const clause =
    /^([^,.;!?—–]*\b(?:same|again)\b[^,.;!?—–]*)[,.;!?—–]\s*\S/i.exec(request) ??
    /^(\W*(?:and|n|&|what\s+about|how\s+about)\b[^.;!?—–]*[?])\s*\S/i.exec(request);
  if (clause && clause[1]!.length < request.length) {
    const read = withValuesChanged(clause[1]!, earlier, lexicon, today);
    if (read !== clause[1]) return read;
  }
  // "and bob at eight fifteen": numbers said in words are values too.
  const digits = spokenNumbersAsDigits(request);
  if (digits !== request) {
    const read = withValuesChanged(digits, earlier, lexicon, today);
    if (read !== digits) return read;
  }
  const asksAbout = /\b(?:what|how)\s+about\b/i.test(request);
  if (restWords(request, found).some((w) => !(asksAbout && (w === 'what' || w === 'how')))) return request;
  // "what's on Friday?" asks on its own; "and Friday?", "what about Friday?", "in dollars?" lean back.
  const rest = request.replace(FILLERS, '');
  if (!LEANS_BACK.test(rest) && /\p{L}/u.test(withoutLiterals(rest, findLiterals(rest, today, lexicon))))
    return request;
  const same = /\bsame\b|\bagain\b/i.test(request);
  // "text Carol thanks" is a message of its own; "send the same to Jonas", "sorry, I meant Frank — send it
  // to Frank" lean back.
  if (
    !same &&
    !CORRECTION.test(request.replace(FILLERS, '')) &&
    /\b(?:send|e-?mail|mail|text|message|sms|ask|tell|forward)\b/i.test(request)
  )
    return request;
  if (said.length === 0 && !mode && !(same && (email || text))) return request;
  const turns = earlier.slice(-LOOK_BACK).reverse();
  const turn = turns.find((t) => {
    const before = valuesIn(spokenNumbersAsDigits(askedIn(t)), today, lexicon);
    return (
      said.every((l) => sameSlot(l, before) || ['date', 'currency'].includes(l.kind)) || said.length === 0
    );
  });
  if (!turn) {
    // "and in miles?" after a route, "in Fahrenheit?" after a forecast: the measure found, converted.
    const unit =
      said.length === 1 && said[0]!.kind === 'entity' && said[0]!.sub === 'unit' ? said[0] : undefined;
    const amount = unit ? recent(earlier, (t) => amountOf(t, today, lexicon)) : undefined;
    return unit && amount ? `convert ${amount} to ${unit.text}` : request;
  }
  const acted = turn.calls.some((c) => c.status === 'ok' && ACTS.has(c.tool));
  if (acted && CORRECTION.test(request) && !said.some((l) => l.kind === 'entity' && l.sub === 'person'))
    return request;
  // "at eight am" and "at eight fifteen" are times to swap: both read in digits.
  const spelt = spokenNumbersAsDigits(askedIn(turn));
  let out = said.some((l) => l.kind === 'time' || l.kind === 'number') ? spelt : askedIn(turn);
  const before = valuesIn(out, today, lexicon);
  const edits: { start: number; end: number; words: string }[] = [];
  const adds: string[] = [];
  for (const l of said) {
    const slot = sameSlot(l, before);
    if (slot && !edits.some((e) => e.start === slot.start))
      edits.push({ start: slot.start, end: slot.end, words: wordsFor(l, slot) });
    else if (!slot && l.kind === 'date') adds.push(l.text);
    else if (!slot && l.kind === 'currency') adds.push(`in ${l.text}`);
  }
  if (mode) {
    const was = MODE.exec(out);
    // "how long to walk …" → "how long to bike …": a verb stays a verb.
    if (was)
      edits.push({
        start: was.index,
        end: was.index + was[0].length,
        words: /^(?:by|on)\b/i.test(was[0]) ? mode[0] : mode[0].replace(/^by\s+/i, ''),
      });
    else adds.push(/^by\b|^on\b/i.test(mode[0]) ? mode[0] : `by ${mode[0]}`);
  }
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.words + out.slice(e.end);
  for (const a of adds) out = appended(out, a);
  // "email him the same" after a text: the same words by another way.
  if (email && !CHANNEL_EMAIL.test(out) && CHANNEL_TEXT.test(out))
    out = out.replace(/\ba\s+text\b/i, 'an email').replace(CHANNEL_TEXT, 'email');
  else if (text && !CHANNEL_TEXT.test(out) && CHANNEL_EMAIL.test(out))
    out = out.replace(/\ban\s+e-?mail\b/i, 'a text').replace(CHANNEL_EMAIL, 'text');
  return out;
}

const okOutputs = (turn: EarlierTurn, tool: string): Record<string, unknown>[] =>
  turn.calls
    .filter((c) => c.status === 'ok' && c.tool === tool && c.output && typeof c.output === 'object')
    .map((c) => c.output as Record<string, unknown>);

/** The first of the recent turns (newest first) that gives a value. */
function recent<T>(earlier: readonly EarlierTurn[], of: (t: EarlierTurn) => T | undefined): T | undefined {
  for (const turn of earlier.slice(-LOOK_BACK).reverse()) {
    const found = of(turn);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A place a turn found or looked up the address of. */
function placeOf(
  turn: EarlierTurn,
  today: number,
): { name: string; address: string; city?: string } | undefined {
  const place = okOutputs(turn, 'places_search').find((o) => typeof o.name === 'string');
  if (place)
    return {
      name: String(place.name),
      address: String(place.address ?? place.name),
      ...(typeof place.city === 'string' ? { city: place.city } : {}),
    };
  // "where's lunch with Alice tomorrow?": the place of the one event spoken of.
  const events = eventsMeant(turn, today);
  const event = events.length === 1 ? events[0]! : undefined;
  if (event && typeof event.location === 'string')
    return {
      name: event.location,
      address: event.location,
      ...(typeof event.city === 'string' ? { city: event.city } : {}),
    };
  // A contact's address the turn asked for ("where does he live"), not one looked up for a route's end.
  const routed = turn.calls.some((c) => c.tool === 'places_directions');
  const contact = routed
    ? undefined
    : okOutputs(turn, 'contacts_get').find((o) => typeof o.address === 'string');
  if (contact) {
    const address = String(contact.address);
    return { name: address, address, city: address.split(',').pop()!.trim() };
  }
  return undefined;
}

/** Every string in a tool's output (the texts of a note list, an email's body…), for words to be read in. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** A numeric output field that names its unit: `temperature_c`, `distance_km`, `weight_kg`. */
const UNIT_OF_FIELD = /_(c|f|km|mi|miles|m|kg|g|lb|lbs)$/i;
const UNIT_WORDS: Record<string, string> = {
  c: 'celsius',
  f: 'fahrenheit',
  km: 'km',
  mi: 'miles',
  miles: 'miles',
  m: 'm',
  kg: 'kg',
  g: 'g',
  lb: 'lb',
  lbs: 'lb',
};

/** Amounts of money in what a turn's calls returned, with the words around each. */
function amountsOf(
  turn: EarlierTurn,
  today: number,
  lexicon: readonly LexiconEntry[],
): { text: string; line: string }[] {
  const out: { text: string; line: string }[] = [];
  for (const c of turn.calls) {
    if (c.status !== 'ok') continue;
    if (c.tool === 'currency_convert' && c.output && typeof c.output === 'object') {
      const amount = (c.output as { amount?: unknown }).amount;
      if (typeof amount === 'number' && typeof c.args.to_currency === 'string')
        out.push({ text: `${amount} ${c.args.to_currency}`, line: '' });
      continue;
    }
    // "What's that in Fahrenheit?" after a forecast, "and in miles?" after a route: a measure the tool
    // returned under a field that names its unit (`temperature_c`, `distance_km`).
    if (c.output && typeof c.output === 'object' && !Array.isArray(c.output)) {
      const measured = Object.entries(c.output as Record<string, unknown>).filter(
        ([k, v]) => typeof v === 'number' && UNIT_OF_FIELD.exec(k),
      );
      if (measured.length === 1) {
        const [k, v] = measured[0]!;
        out.push({ text: `${String(v)} ${UNIT_WORDS[UNIT_OF_FIELD.exec(k)![1]!]!}`, line: '' });
        continue;
      }
    }
    for (const line of stringsIn(c.output).flatMap((t) => t.split(/\n|(?<=[.;])\s+/)))
      for (const l of findLiterals(line, today, lexicon))
        if (l.kind === 'money' && !out.some((o) => o.text === `${l.value} ${l.sub}` && o.line === line))
          out.push({ text: `${l.value} ${l.sub}`, line });
  }
  return out;
}

/** The amount a turn was about: a total, the only one, or the one said beside the turn's own words. */
function amountOf(turn: EarlierTurn, today: number, lexicon: readonly LexiconEntry[]): string | undefined {
  const found = amountsOf(turn, today, lexicon);
  if (found.length <= 1) return found[0]?.text;
  const total = found.find((a) =>
    new RegExp(String.raw`\btotal\s+${escapeRegExp(a.text.split(' ')[0]!)}`, 'i').test(a.line),
  );
  if (total) return total.text;
  const words = askedIn(turn)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3);
  const score = (a: { line: string }) => words.filter((w) => a.line.toLowerCase().includes(w)).length;
  const best = [...found].sort((a, b) => score(b) - score(a));
  return score(best[0]!) > score(best[1]!) ? best[0]!.text : undefined;
}

/** The document or note a turn read or found, said as its name ("the q3 report", "the Offsite note"). */
function documentOf(turn: EarlierTurn, people: readonly LexiconEntry[]): string | undefined {
  const file = [...okOutputs(turn, 'files_read'), ...okOutputs(turn, 'files_search')].find(
    (o) => typeof o.path === 'string',
  );
  if (file)
    return `the ${String(file.path)
      .split('/')
      .pop()!
      .replace(/\.[a-z]+$/i, '')
      .replace(/[-_]+/g, ' ')}`;
  // "send the main points to Frank" after reading Bob's email: his email, forwarded.
  const mail = okOutputs(turn, 'mail_read').find((o) => typeof o.from_email === 'string');
  if (mail) {
    const from = personOfEmail(String(mail.from_email), people);
    if (from)
      return `${firstName(from)}'s email${typeof mail.subject === 'string' ? ` about ${mail.subject}` : ''}`;
  }
  const notes = okOutputs(turn, 'notes_search').flatMap((o) => (Array.isArray(o.notes) ? o.notes : []));
  const note = notes.length === 1 ? (notes[0] as Record<string, unknown>) : undefined;
  return note && typeof note.title === 'string' ? `the ${note.title} note` : undefined;
}

/** A day a turn worked out ("6 weeks from today" → its date). */
function dayOf(turn: EarlierTurn): string | undefined {
  const out = okOutputs(turn, 'date_add').find((o) => typeof o.date === 'string');
  return out ? String(out.date) : undefined;
}

/** The event a turn listed and spoke of; "the last one" / "the first one" of all it listed. */
function eventOf(turn: EarlierTurn, today: number, which: 'meant' | 'first' | 'last'): string | undefined {
  const all = turn.calls
    .filter((c) => c.status === 'ok' && c.tool === 'calendar_list_events')
    .flatMap((c) => eventsOf(c.output));
  const pool = which === 'meant' ? eventsMeant(turn, today) : all;
  if (which === 'meant' && pool.length !== 1) return undefined;
  const e = which === 'last' ? pool[pool.length - 1] : pool[0];
  return typeof e?.title === 'string' ? e.title : undefined;
}

const MOTION =
  /\b(?:walk|walking|bike|biking|cycle|cycling|drive|driving|get|go|going|travel|head|take|commute|ride|run|run|far|long)\b[^,.;!?]*$/i;

/**
 * "remind me an hour before it", "block an hour after the last one", "how long to bike there", "text
 * Olivia the address", "what's that in US dollars?", "remind me that day": things an earlier turn found,
 * read as what they are.
 */
function withThingsNamed(
  request: string,
  earlier: readonly EarlierTurn[],
  lexicon: readonly LexiconEntry[],
  events: readonly LexiconEntry[],
  today: number,
): string {
  let out = request;
  const namesEvent = events.some((e) =>
    [e.value, ...(e.aliases ?? [])].some((a) => a.length > 3 && out.toLowerCase().includes(a.toLowerCase())),
  );
  if (!namesEvent) {
    out = out.replace(
      /\b(before|after|ahead\s+of|during|about)\s+(?:it|that|that\s+one|(?:the|my)\s+(?:appointment|meeting|event|call|thing)|(the\s+last\s+one)|(the\s+first\s+one))\b|\b(before|after)(?=\s*(?:[,.;!?]|$|so\b|and\b|to\b))/gi,
      (all: string, rel?: string, last?: string, first?: string, bare?: string) => {
        const title = recent(earlier, (t) => eventOf(t, today, last ? 'last' : first ? 'first' : 'meant'));
        return title ? `${rel ?? bare} the ${title}` : all;
      },
    );
  }
  const place = recent(earlier, (t) => placeOf(t, today));
  // A place's name with its city finds it again ("Saffron House" is in Paris and in Lisbon); a written
  // address would be cut at its comma.
  const placeNamed =
    place?.city && !place.name.includes(place.city) ? `${place.name} in ${place.city}` : place?.name;
  if (place) {
    out = out.replace(
      /\b(from\s+|near\s+|to\s+|in\s+)?(?<!\b(?:is|are|was|were|isn['’]t|aren['’]t|be)\s+)there\b(?!\s+(?:is|are|was|were|any|['’]s)\b)/gi,
      (all, prep: string | undefined, at: number) => {
        // "near there" searches around its address ("near City Dental Care" read "Dental Care" as a city).
        if (prep)
          return `${prep}${/^in/i.test(prep) ? (place.city ?? place.name) : /^near/i.test(prep) ? place.address : placeNamed}`;
        const before = out.slice(0, at);
        if (/\bweather\b[^,.;!?]*$/i.test(before)) return `in ${place.city ?? place.name}`;
        return MOTION.test(before) ? `to ${placeNamed}` : `at ${place.name}`;
      },
    );
    out = out.replace(
      /\b(?:the|that)\s+(?:address|location)(?!\s+of\b)|\b(?:that|the\s+same)\s+place\b/gi,
      (all) => (/address|location/i.test(all) ? `the address of ${placeNamed}` : place.name),
    );
    out = out.replace(/\bthe\s+address\s+of\s+that\s+one\b/gi, `the address of ${placeNamed}`);
  }
  // "how long from King's Cross by bus" after "where's lunch with Alice?": the route ends there.
  if (
    placeNamed &&
    /\b(?:how\s+(?:long|far)|directions|route|distance)\b/i.test(out) &&
    /\bfrom\s+\S/i.test(out) &&
    !/\bto\s+\S|\bthere\b|\bbetween\b/i.test(
      out.replace(/\bto\s+(?:walk|drive|cycle|bike|get|go|take)\b/gi, ''),
    )
  )
    out = out.replace(
      /\b(from\s+.+?)(?=\s+(?:by|on\s+foot|walking|driving|cycling)\b|[?.!]*$)/i,
      `$1 to ${placeNamed}`,
    );
  // "remind me the night before" after "what do I have on the 12th?": before that day.
  out = out.replace(
    /\bthe\s+(night|day|evening|morning|week)\s+before\b(?!\s+(?:the|my|it|that|\d)\b)/i,
    (all, _part, at: number, text: string) => {
      // "the day before Christmas" names its day ("i" would let a capital stand for any letter).
      if (/^\s+\p{Lu}/u.test(text.slice(at + all.length))) return all;
      const day = recent(earlier, (t) =>
        findLiterals(askedIn(t), today, lexicon).find((l) => l.kind === 'date'),
      );
      return day ? `${all} ${day.value}` : all;
    },
  );
  // "email the gist to Frank" after "what's the Q3 report say?": what is sent is the document read.
  const doc = recent(earlier, (t) =>
    documentOf(
      t,
      lexicon.filter((e) => e.kind === 'person'),
    ),
  );
  if (doc)
    out = out.replace(
      /\b(?<=(?:send|email|e-mail|mail|text|forward|fwd|share|message)\s+(?:\p{L}+\s+)?)(?:(?:the\s+gist|the\s+summary|the\s+details|the\s+main\s+points|the\s+outline|the\s+contents?|the\s+(?:key\s+)?(?:numbers|figures|points)|those\s+(?:numbers|figures|points))\b(?!\s+of\b)|(?:it|that|this)(?=\s+(?:to|over|along)\b|\s*[,.!?]|\s*$))(?!\s+(?:in|into)\s)/iu,
      doc,
    );
  // "make a note with the numbers from it": from the document the last turn read.
  if (doc)
    out = out.replace(
      /\b(from|of|in)\s+(?:it|that\s+(?:file|email|report|note)|the\s+(?:file|email|report))(?=[\s,.!?]|$)/i,
      `$1 ${doc}`,
    );
  // "what's that in US dollars?", "how much is that in pounds", "email Anna that number"; "24 km. How far
  // is that in miles?" is the message's own measure.
  const own = findLiterals(out, today, lexicon).filter((l) => l.kind === 'money' || l.kind === 'quantity');
  out = out.replace(
    /\b(?:that|it|this)(?=\s+(?:in|to|into)\s+\S)|\bthat\s+(?:number|amount|figure|total|sum)\b/i,
    (all, at: number) => {
      const said = own.filter((l) => l.end <= at);
      if (said.length > 0) return said.length === 1 ? said[0]!.text : all;
      return own.length > 0 ? all : (recent(earlier, (t) => amountOf(t, today, lexicon)) ?? all);
    },
  );
  // "remind me that day", "on that date".
  out = out.replace(/\b(?:on\s+)?(?:that|the\s+same)\s+(?:day|date)\b/i, (all) => {
    const day = recent(earlier, dayOf);
    return day ? `on ${day}` : all;
  });
  return out;
}

/**
 * "book it as 'Call with Kenji'", "block that": the free slot an earlier turn found, booked — its times put
 * where the message says "it", and the act said as scheduling ("book" alone books places).
 */
function withSlotBooked(request: string, earlier: readonly EarlierTurn[]): string {
  const slot = recent(earlier, (t) =>
    okOutputs(t, 'calendar_find_free_slot').find(
      (o) => typeof o.start_time === 'string' && typeof o.end_time === 'string',
    ),
  );
  if (!slot) return request;
  const start = String(slot.start_time);
  const end = String(slot.end_time);
  const when = `${start.slice(11, 16)} to ${end.slice(11, 16)} on ${start.slice(0, 10)}`;
  // "ok add 'groceries' then", "put Budget prep in": a title alone, for the slot just found.
  const titled =
    /^(\W*(?:(?:ok(?:ay)?|great|cool|perfect|nice|yes|yeah|sure)\b[\s,.!]*)*)(?:add|put|call\s+it|name\s+it)\s+(["“'‘][^"”'’]+["”'’]|\p{L}[\p{L} ]{1,40}?)(?:\s+(?:then|there|in|in\s+there|for\s+me))?\s*[.!]?$/iu.exec(
      request,
    );
  const last = earlier[earlier.length - 1];
  const justFound = last !== undefined && okOutputs(last, 'calendar_find_free_slot').length > 0;
  if (titled && justFound) return `${titled[1]}schedule ${when} as ${titled[2]}`;
  // "put 'Paris planning with Carol' in at that time and invite her".
  if (justFound && /\b(?:at|for|in)\s+(?:that|this|the\s+same)\s+(?:time|slot)\b/i.test(request))
    return request.replace(/\b(?:at|for|in)\s+(?:that|this|the\s+same)\s+(?:time|slot)\b/i, `at ${when}`);
  return request.replace(
    /\b(?:book|block|put|schedule|grab|take|reserve|hold|pencil)\s+(?:it|that|this|that\s+slot|the\s+slot|that\s+one)(?:\s+in(?:\s+(?:my|the)?\s*calendar)?)?\b/i,
    `schedule ${when}`,
  );
}

export function withFollowUpRead(
  request: string,
  earlier: readonly EarlierTurn[],
  today: number,
  lexicon: readonly LexiconEntry[],
  events: readonly LexiconEntry[] = [],
): string {
  if (earlier.length === 0) return request;
  const named = withPeopleNamed(request, earlier, lexicon, today);
  const changed = withValuesChanged(named, earlier, lexicon, today);
  if (changed !== named) return changed;
  const booked = withSlotBooked(named, earlier);
  if (booked !== named) return booked;
  return withThingsNamed(named, earlier, lexicon, events, today);
}

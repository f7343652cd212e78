/**
 * A free slot found, then booked: "Find 45 minutes on Thursday after 2pm for coffee with Jonas and put it
 * in my calendar", "Find a 2-hour gap on Wednesday to work on the API docs, book it, …", "Block out a free
 * hour Thursday afternoon and call it 'Inbox zero'", "Book my tempo session into the first free hour from
 * 7am on Tuesday". Before (thirteenth QA pass), the booking was refused ("book it": no tool books), named
 * "it", made a search of the title ("call it 'Inbox zero'" searched the inbox), or skipped the slot and
 * booked the time said. Here the booking is a part of its own that schedules the thing at the slot the
 * part before found (`slotFrom`: the event's start and end are the slot's, `Agent` fills them).
 */

import type { SplitIntent } from './sub-intents';
import { findDurations, findTimes, WEEKDAY_WORDS } from './dates';

/** A part that looks for free time: "find 45 minutes", "a 2-hour gap", "a free hour", "the first free slot". */
const SLOT_ASKED =
  /\b(?:(?:when|wher)(?:ever)?\s+(?:i'?m|i\s+am)\s+free\b|free\s+(?:\d+(?:\.\d+)?|half\s+an)\s*-?\s*(?:hours?|minutes?|mins?)\b|wherever\s+(?:it\s+fits|there'?s\s+(?:room|space|a\s+gap))|free\s+(?:slot|time|hour|half\s+hour|window|spot|gap|morning|afternoon|evening)|(?:first|next|earliest)\s+free\b|(?:a|an|one)\s+(?:free\s+)?(?:\d+[- ]?(?:minute|min|hour|h)\s+)?(?:gap|slot|window|opening)|free\s+\d+(?:\.\d+)?[- ]?(?:minute|min|hour|h)s?\s+(?:block|slot|gap|window)|find\s+(?:me\s+)?(?:an?\s+|\d+\s*|half\s+an\s+)(?:hours?|minutes?|mins?)\b)/i;

/**
 * "Block 30 minutes on Thursday for …", "block 2h of focus time tomorrow": a length blocked with no time of
 * day said is a free slot of that length, booked (seventeenth QA pass found the slot and booked nothing;
 * "2 hours tomorrow" was put at 09:00, over the budget review).
 */
const BLOCKS_LENGTH =
  /^(?:(?:please|kindly|can\s+you|could\s+you)\s+)*(?:block(?:\s+out|\s+off)?|reserve|grab|set\s+aside|carve\s+out)\s+(?:me\s+)?(?:an?|one|two|three|\d+(?:\.\d+)?|half\s+an)\s*-?\s*(?:hours?|hrs?|h|minutes?|mins?)\b/i;

/** A part that books what was found, by referring to it: "put it in my calendar", "book it", "call it 'X'". */
// "… and just put it in" (held-out set 35 found the slot and booked nothing).
const BOOKS_IT =
  /^(?:(?:and|then|also|please|just)\s+)*(?:(?:book|block|reserve|grab|take|hold|schedule|add|put|pencil|lock)\s+(?:it|that|this|the\s+(?:slot|time|gap))(?:\s+in)?\b|(?:call|name|title|label)\s+it\b)/i;

/** "… and block it as 'X'" inside the slot part: where the booking starts. */
const BOOKS_IT_INSIDE =
  /\s*,?\s+(?:and|then)\s+(?:just\s+)?(?=(?:book|block|reserve|grab|take|hold|schedule|add|put|pencil|lock|call|name|title|label)\s+it\b)/i;

/** "… and invite Maya" at the end of a slot part: the person the slot is booked with. */
const INVITES_TO_IT = /\s*,?\s+and\s+invite\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?[.!]?)\s*$/u;

const LOOKS_FOR =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:find|look\s+for|search\s+for|get\s+me|grab)\b/i;

/** A part that makes an event of its own but says no time: "book a call with Dan", "set up a chat with Frank". */
const MAKES_EVENT =
  /^(?:(?:and|then|also|please)\s+)*(?:book|schedule|set\s+up|arrange|put\s+in|pencil\s+in|add)\s+(?:an?\s+|the\s+|my\s+)?(?!it\b|that\b|this\b)(\S.*)$/i;

/** A command that books, as it opens a part: the one lead of `BOOKS_ITSELF` and `THING_MADE`. */
const BOOKING_LEAD = String.raw`^(?:(?:please|can\s+you|could\s+you)\s+)*(?:block(?:\s+out|\s+off)?|book|grab|reserve|pencil\s+in|put|add|schedule|set\s+up|arrange|fit|squeeze)\s+`;
/** A slot part that books it too: "Block out a free hour …", "Book my tempo session into the first free hour …". */
// "Put a 90-minute Louvre visit in my calendar …, whatever the first free slot after 9 is", "Schedule a 45 min
// call with Jonas on Tuesday morning, first free slot after 9" (held-out sets 27 and 28 booked 09:00 unlooked).
const BOOKS_ITSELF = new RegExp(
  String.raw`${BOOKING_LEAD}(?!(?:me\s+)?(?:an?\s+)?(?:reminder|note|alarm)\b)`,
  'i',
);

/** The name a booking gives: "call it 'Inbox zero'", "block it as 'Reply to emails'", "title it Prep". */
// "… and book it for a haircut": what the slot is booked for (sixteenth QA pass called it "Busy").
const NAMED =
  /\b(?:call|name|title|label)\s+it\s+(?:as\s+)?(.+)$|\bas\s+(['"“‘].+['"”’]|.+)$|\btitled?:?\s+(['"“‘].+['"”’])|\b(?:book|block|reserve|use|keep|hold)\s+(?:it|that|this)\s+for\s+(?!\d)(?:(?:a|an|the|my|our)\s+)?(.+)$/i;

/** "45-minute gym session": the length is the slot's, not the event's name. */
const LENGTH_SAID = /^(?:\d+(?:\.\d+)?|an?|half\s+an?)[- ]?(?:minutes?|mins?|hours?|hrs?|h)\s+/i;

/** A day said: the slot is looked for on it. */
const DAY = new RegExp(
  String.raw`\b(?:today|tonight|tomorrow|${WEEKDAY_WORDS}|\d{4}-\d{2}-\d{2}|the\s+\d{1,2}(?:st|nd|rd|th))\b`,
  'i',
);

/** A day said last, with its part of the day: "… tomorrow morning", "… on Friday". */
const WHEN_AT_END = new RegExp(
  String.raw`\s+(?:on\s+)?(?:today|tonight|tomorrow|${WEEKDAY_WORDS})(?:\s+(?:morning|afternoon|evening|night))?\s*$`,
  'i',
);

/** A name said in the slot part: "title 'Focus'", "titled 'Deep work'". */
const TITLED = /\b(?:titled?|called|named):?\s+(['"“‘].+?['"”’])/i;
/** "block 2h of focus time tomorrow": what the time is for. */
const BLOCK_OF = new RegExp(
  String.raw`^(?:(?:please|can\s+you|could\s+you)\s+)*(?:block(?:\s+out|\s+off)?|book|reserve|grab)\s+(?:\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|minutes?|mins?)|an?\s+hour|half\s+an\s+hour)\s+(?:of|for)\s+(.+?)(?=\s+(?:today|tonight|tomorrow|on|this|next|${WEEKDAY_WORDS}|at|from|after|before)\b|\s*[-–—,.;]|$)`,
  'i',
);

const WHEN_FREE_TAIL =
  /\s*,?\s+(?:when(?:ever)?\s+(?:i'?m|i\s+am)\s+free|wherever\s+(?:it\s+fits|there'?s\s+(?:room|space|a\s+gap)))\b.*$/i;

/** What the slot is for: "… for coffee with Jonas", "… to work on the API docs" (not "for 45 minutes"). */
function purposeOf(slot: string): { words: string; at: number } | null {
  for (const m of slot.matchAll(/\b(?:for|to)\s+/gi)) {
    // "… for focus time whenever I'm free": when is no part of what it is for.
    const rest = slot
      .slice(m.index + m[0].length)
      .replace(/[.!]$/, '')
      .replace(WHEN_FREE_TAIL, '');
    if (NOT_A_PURPOSE.test(rest)) continue;
    return { words: rest, at: m.index };
  }
  return null;
}
const NOT_A_PURPOSE = new RegExp(
  // "Look for a free 45 min slot …": the slot looked for, not what it is for (twenty-first QA pass searched "Look").
  String.raw`^(?:me|us|an?\s+(?:free\s+)?(?:hour|slot|gap|minute)|(?:an?\s+)?free\b|an?\s+\d|the\s+(?:slot|gap|first|next)|\d|half|today|tonight|tomorrow|${WEEKDAY_WORDS}|next|this)\b`,
  'i',
);

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^['"“‘]|['"”’][.!]?$/g, '')
    .replace(/[.!]$/, '');

/** What the event is called, from the booking's words or the slot part's purpose; quoted, said as is. */
function titleFor(booking: string | undefined, slot: string): string {
  // "… first free slot after 1pm. title 'Focus'": the name may be said in the slot part itself.
  const named = (booking ? NAMED.exec(booking) : null) ?? TITLED.exec(slot);
  const title = named
    ? unquote((named[1] ?? named[2] ?? named[3] ?? named[4])!)
    : (purposeOf(slot)?.words ?? BLOCK_OF.exec(slot)?.[1] ?? 'Busy');
  // "… to prep for the budget review. Find one and book it": the sentence after it is no part of the name.
  // "Visit the National Gallery in London tomorrow morning": when is the slot's, not the name's.
  const line = title.split('\n')[0]!.trim().replace(WHEN_AT_END, '');
  return `"${line.charAt(0).toUpperCase()}${line.slice(1)}"`;
}

/**
 * The slot part as a search for free time: its purpose left out (it is the event's title, and "with
 * Jonas" made it a contact lookup), "the first free hour" said as the hour it is.
 */
function slotSearch(text: string): string {
  const purpose = purposeOf(text);
  const when = (purpose ? text.slice(0, purpose.at) : text)
    .replace(BOOKS_ITSELF, '')
    .replace(
      /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:find|get|look\s+for|search\s+for)\s+(?:me\s+)?/i,
      '',
    )
    .replace(/\b(?:the\s+)?(?:first|next|earliest)\s+free\s+(hour|half\s+hour)\b/i, 'a free $1');
  // "I need to visit the National Gallery tomorrow morning. Please find a free 2-hour slot …": the day said
  // in what it is for is the day searched (it searched today).
  const day = purpose && !DAY.test(when) ? DAY.exec(purpose.words)?.[0] : undefined;
  return `find a free slot: ${when
    .replace(TITLED, '')
    .replace(/[\s.,;]+$/, '')
    .trim()}${day ? ` on ${day}` : ''}`;
}

/** A later part that makes the event: "create the event titled …", "add the meeting to my calendar". */
const MAKES_THE_EVENT =
  /\b(?:create|make|add|put|book|schedule|set\s+up)\s+(?:the|an?|this|that)\s+(?:event|meeting|call|appointment|booking|entry)\b/i;

/** A part that only invites: "invite Kenji and Lucia", "and invite her", "add him as an attendee". */
const INVITES_PART =
  /^(?:(?:and|then|also|please)\s+)*(?:invite|add)\s+(\p{Lu}[\p{L}'’-]*(?:(?:\s+|,\s*|\s+and\s+)\p{Lu}[\p{L}'’-]*)*|him|her|them)(?:\s+(?:to\s+it|as\s+(?:an?\s+)?(?:attendees?|guests?)))?\s*[.!]?$/u;

/** "a call with Jonas", "a slot with Dan Okafor": whom the event is with. */
const WITH_SOMEONE = /\bwith\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)/u;

/** A part that only names what the part before makes: "call it 'Travel to dinner'", "title it Prep". */
const NAMES_IT = /^(?:(?:and|then|please)\s+)*(?:call|name|title|label)\s+it\s+(?:as\s+)?(\S.*)$/i;
/** A part that makes an event or a note: "Block out 30 minutes …", "add a note …", "book …". */
const MAKES_ONE =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:block(?:\s+out|\s+off)?|book|schedule|add|put|create|make|pencil\s+in|set\s+up)\b/i;

/** "Book my Tuesday tempo session into the first free hour from 7am": the thing booked, before the slot words. */
const THING_BEFORE_SLOT =
  /^(?:(?:please|can\s+you|could\s+you)\s+)*(?:block(?:\s+out|\s+off)?|book|grab|reserve|pencil\s+in)\s+(?:my\s+|the\s+|a\s+|an\s+)?(.+?)\s+(?:into|in|at|for)\s+(?:the\s+|my\s+|a\s+|an\s+)?(?:first|next|earliest|free)\b/i;

/**
 * "Schedule a 45 min call with Jonas on Tuesday morning, first free slot after 9": the thing made, said
 * after the verb and before the first word of when or where (its length is the slot's, not its name).
 */
const THING_MADE = new RegExp(
  String.raw`${BOOKING_LEAD}(?:in\s+)?(?:me\s+)?(?:my\s+|the\s+|a\s+|an\s+)?(.+?)(?=\s+(?:in(?:to)?|on|for|at|this|next|today|tonight|tomorrow|${WEEKDAY_WORDS}|whenever|wherever|after|before|from|between|sometime)\b|\s*[,;–—]|\s+-\s|[.!]?$)`,
  'i',
);
/** What a thing made is not: the slot itself ("a free hour", "30 minutes", "some time"). */
const ONLY_THE_SLOT =
  /^(?:(?:free|first|next|earliest|some|the)\b|(?:slot|gap|window|time|hours?|minutes?|mins?|block)\b|$)/i;

function thingMade(text: string): string | undefined {
  const before = THING_BEFORE_SLOT.exec(text)?.[1];
  if (before !== undefined) return unquote(before).replace(LENGTH_SAID, '');
  // "Block 2 hrs of focus time …", "block 2 hours Saturday to prep …": a length is no name; what it is for
  // names it (`titleFor`).
  const said = THING_MADE.exec(text)?.[1];
  const thing =
    said === undefined
      ? undefined
      : `${unquote(said)} `
          .replace(LENGTH_SAID, '')
          .replace(/^(?:of|for)\s+/i, '')
          .trim();
  return thing === undefined ||
    ONLY_THE_SLOT.test(thing) ||
    (said !== undefined && LENGTH_SAID.test(`${said} `) && purposeOf(text) !== null)
    ? undefined
    : thing;
}

export function slotBookingParts(intents: readonly SplitIntent[]): SplitIntent[] {
  const out: (SplitIntent & { slotFrom?: number })[] = [];
  const rankOf = new Map<number, number>();
  const pushed = (si: SplitIntent & { slotFrom?: number }) => {
    out.push({ ...si, rank: out.length + 1 });
    return out.length;
  };
  for (let i = 0; i < intents.length; i++) {
    const si = intents[i]!;
    const remap = (ds: readonly number[]) => ds.map((d) => rankOf.get(d) ?? d);
    const base = { ...si, dependsOn: remap(si.dependsOn) };
    const slotAsked =
      SLOT_ASKED.test(si.text) ||
      (BLOCKS_LENGTH.test(si.text.trim()) &&
        findTimes(si.text).length === 0 &&
        !/\b(?:at|from)\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|half|quarter|twenty)\b)/i.test(
          si.text,
        ));
    // "If not, find me two hours that afternoon instead and book that": a conditional search whose booking
    // follows is booked on the same condition (twenty-fifth QA pass asked whose name "two hours" was).
    const bookedNext = intents[i + 1] !== undefined && BOOKS_IT.test(intents[i + 1]!.text);
    if (!slotAsked || (si.condition && !bookedNext)) {
      // "Block out 30 minutes … from 18:30 to 19:00, call it 'Travel to dinner'": the name of the event
      // the part makes, not a part of its own (getting-around set: "None of my tools can do this").
      const name = NAMES_IT.exec(intents[i + 1]?.text ?? '');
      if (name && MAKES_ONE.test(si.text) && !intents[i + 1]!.condition) {
        rankOf.set(
          si.rank,
          pushed({ ...base, text: `${base.text} called ${name[1]!.replace(/[.!]$/, '')}` }),
        );
        rankOf.set(intents[i + 1]!.rank, out.length);
        i++;
        continue;
      }
      rankOf.set(si.rank, pushed(base));
      continue;
    }
    // "Find a 45-minute slot Tuesday morning for a sync with Maya and invite her": inviting someone to the
    // slot books it with them (nineteenth QA pass found the slot and booked nothing).
    // Only a slot looked for: "set up a 30 min call with Grace …, whenever I'm free, and invite her" makes its
    // event as said.
    const invited =
      BOOKS_IT_INSIDE.test(si.text) || !LOOKS_FOR.test(si.text.trim()) ? null : INVITES_TO_IT.exec(si.text);
    if (invited) {
      const search = si.text.slice(0, invited.index);
      const slot = pushed({ ...base, text: slotSearch(search) });
      rankOf.set(si.rank, slot);
      pushed({
        rank: 0,
        text: `schedule ${titleFor(undefined, search)} and invite ${invited[1]!.replace(/[.!]$/, '')}`,
        dependsOn: [slot],
        slotFrom: slot,
      });
      continue;
    }
    // "Grab the first free half hour on Friday and block it as '…'": one part, split at the booking.
    const inside = BOOKS_IT_INSIDE.exec(si.text);
    const next: SplitIntent | undefined = inside
      ? { rank: -1, text: si.text.slice(inside.index + inside[0].length), dependsOn: [] }
      : intents[i + 1];
    if (inside) base.text = si.text.slice(0, inside.index);
    const thing = thingMade(base.text);
    // The slot part only finds: "Book my tempo session into the first free hour …" finds the hour first.
    const books =
      (next !== undefined && !next.condition && (BOOKS_IT.test(next.text) || MAKES_EVENT.test(next.text))) ||
      BOOKS_ITSELF.test(si.text);
    // "How's Monday looking? Book a gym session in the first free gap after 5pm": the day said before.
    const dayBefore = DAY.test(base.text)
      ? undefined
      : intents
          .slice(0, i)
          .map((p) => DAY.exec(p.text)?.[0])
          .filter((d): d is string => d !== undefined)
          .pop();
    const search = books ? slotSearch(base.text) : base.text;
    // "I need a solid two-hour block tomorrow for client work, sometime after 10. Find a gap and put it in
    // the calendar": how long and from when are the situation's too (twenty-fifth QA pass found half an
    // hour at 08:00 and called it "Busy").
    const said = dayBefore ? saidBefore(base.text, intents.slice(0, i)) : undefined;
    const slot = pushed({
      ...base,
      text: dayBefore ? `${search} on ${dayBefore}${said?.constraints ?? ''}` : search,
    });
    rankOf.set(si.rank, slot);
    if (next && !next.condition && (BOOKS_IT.test(next.text) || MAKES_EVENT.test(next.text))) {
      // "… and put it in my calendar", "… and book a call with Dan": the next part books the slot.
      const made = BOOKS_IT.test(next.text) ? null : MAKES_EVENT.exec(next.text)![1]!.replace(/[.!]$/, '');
      const title = made ?? titleFor(next.text, said?.purpose ? `${base.text} ${said.purpose}` : base.text);
      const at = pushed({
        ...next,
        ...(si.condition && !next.condition ? { condition: si.condition } : {}),
        text: `schedule ${title}`,
        dependsOn: [...new Set([...remap(next.dependsOn), slot])],
        slotFrom: slot,
      });
      if (!inside) {
        rankOf.set(next.rank, at);
        i++;
      }
    } else if (
      BOOKS_ITSELF.test(si.text) &&
      // "…, so find the first free 45 minutes …, create the event titled 'Catch-up with Noah'": a later part
      // makes it (held-out set 11 made two).
      !intents.slice(i + 1).some((p) => MAKES_THE_EVENT.test(p.text))
    ) {
      // "Block out a free hour Thursday afternoon" with nothing after it: it books the hour it finds.
      // "Schedule a 45 min call with Jonas …, first free slot after 9": the person it is with is invited, as
      // when the time is said.
      // Not someone named in what it is for: "Block two hours … to prepare for my video call with Anna".
      const purpose = purposeOf(base.text);
      // "…, whenever I'm free, and invite each of them" as the next part: those invited are whom it is with.
      const invites = next && !next.condition ? INVITES_PART.exec(next.text.trim()) : null;
      const withWhom = WITH_SOMEONE.exec(
        thing ?? (purpose ? base.text.slice(0, purpose.at) : base.text),
      )?.[1];
      const who = invites?.[1] ?? withWhom;
      // A name said ("title 'Focus'") comes first.
      const named =
        thing && !TITLED.test(base.text)
          ? `"${thing.charAt(0).toUpperCase()}${thing.slice(1)}"`
          : titleFor(undefined, base.text);
      const title = named === '"Busy"' && withWhom ? `"Meeting with ${withWhom}"` : named;
      const at = pushed({
        rank: 0,
        text: `schedule ${title}${who ? ` and invite ${who}` : ''}`,
        dependsOn: [slot],
        slotFrom: slot,
      });
      if (invites) {
        rankOf.set(next!.rank, at);
        i++;
      }
    }
  }
  return out.map((si) =>
    si.condition
      ? { ...si, condition: { ...si.condition, on: rankOf.get(si.condition.on) ?? si.condition.on } }
      : si,
  );
}

/**
 * What a situation said before a free-time search gives it that the search does not say: a length ("a
 * two-hour block"), a bound ("sometime after 10") and what the time is for ("for client work").
 */
function saidBefore(
  search: string,
  before: readonly SplitIntent[],
): { constraints: string; purpose: string | undefined } | undefined {
  const last = before[before.length - 1];
  if (!last || !/\b(?:block|slot|gap|time|window|hours?|minutes?)\b/i.test(last.text)) return undefined;
  const length = findDurations(search).length === 0 ? findDurations(last.text)[0] : undefined;
  const bound = /\b(?:after|from|before)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?(?![\d:])/i.exec(last.text)?.[0];
  const ownBound = /\b(?:after|from|before)\s+\d/i.test(search);
  const purpose = purposeOf(search)
    ? undefined
    : /\bfor\s+(?!(?:a|an|the)?\s*\d)((?:[\p{L}'’-]+\s*){1,4})/iu.exec(last.text)?.[0];
  const constraints = [
    length ? `, ${length.minutes} minutes` : '',
    bound && !ownBound ? `, ${bound}` : '',
  ].join('');
  return { constraints, purpose: purpose?.trim().replace(/[,.]$/, '') };
}

/**
 * The things an earlier turn found, as a follow-up names them: the place it searched or routed to, the amount or
 * measure it read, the document or email it read, the day it worked out, the event it listed.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { escapeRegExp } from '../util/escape-regexp';
import { findLiterals } from './literals';
import {
  type EarlierTurn,
  askedIn,
  eventsMeant,
  eventsOf,
  firstName,
  okOutputs,
  personOfEmail,
  stringsIn,
} from './earlier-turns';

/** A place a turn found or looked up the address of. */
export function placeOf(
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
export function amountOf(
  turn: EarlierTurn,
  today: number,
  lexicon: readonly LexiconEntry[],
): string | undefined {
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
export function documentOf(turn: EarlierTurn, people: readonly LexiconEntry[]): string | undefined {
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
export function dayOf(turn: EarlierTurn): string | undefined {
  const out = okOutputs(turn, 'date_add').find((o) => typeof o.date === 'string');
  return out ? String(out.date) : undefined;
}

/** The event a turn listed and spoke of; "the last one" / "the first one" of all it listed. */
export function eventOf(
  turn: EarlierTurn,
  today: number,
  which: 'meant' | 'first' | 'last',
): string | undefined {
  const all = turn.calls
    .filter((c) => c.status === 'ok' && c.tool === 'calendar_list_events')
    .flatMap((c) => eventsOf(c.output));
  const pool = which === 'meant' ? eventsMeant(turn, today) : all;
  if (which === 'meant' && pool.length !== 1) return undefined;
  const e = which === 'last' ? pool[pool.length - 1] : pool[0];
  return typeof e?.title === 'string' ? e.title : undefined;
}

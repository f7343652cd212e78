import { HOME_CITY } from '../demo/demo-traces';
import type { LexiconEntry } from '../execute/tool-runtime';
import { CITY_GEO } from './data/geo';
import { PLACES } from './data/places';
import { CURRENCY_ALIASES, EUR_VALUE } from './data/rates';
import { UNITS } from './data/units';
import type { SandboxState } from './sandbox-state';

const unique = (words: string[]): string[] => [...new Set(words.map((w) => w.toLowerCase()))];

/**
 * Names the sandbox's tools know, so an agent without an LLM can spot them in a request: contacts (with
 * their first name: "Anna"), cities, places (with "the museum", "the cafe"… of the home city), currencies and units.
 */
export function sandboxLexicon(state: SandboxState): LexiconEntry[] {
  const surname = (name: string) => name.split(' ').slice(1).join(' ').toLowerCase();
  // "What's Okafor's address?", "Text Chen that …": a surname no other contact has names them alone
  // (sixteenth QA pass asked for a contact id).
  const surnames = state.contacts.map((c) => surname(c.name)).filter(Boolean);
  const ownSurname = (name: string) =>
    surname(name) !== '' && surnames.filter((s) => s === surname(name)).length === 1 ? [surname(name)] : [];
  const people = state.contacts.map((c) => ({
    kind: 'person',
    value: c.name,
    // "a formal reply to Mr Weber": a surname after a title names them too.
    aliases: unique([
      c.name.split(' ')[0] ?? c.name,
      c.name,
      ...ownSurname(c.name),
      ...['mr', 'ms', 'mrs', 'dr'].flatMap((title) => {
        const last = c.name.split(' ').slice(1).join(' ');
        return last ? [`${title} ${last}`, `${title}. ${last}`] : [];
      }),
    ]),
  }));
  const cities = CITY_GEO.map((c) => ({
    kind: 'city',
    value: c.name,
    aliases: unique([c.name, ...c.aliases]),
    ...(c.name === HOME_CITY ? { home: true as const } : {}),
  }));
  // "The museum" is the one in the user's home city: every city has one, and the first in the list
  // (Paris) was a museum the user never meant.
  const places = PLACES.map((p) => ({
    kind: 'place',
    value: p.name,
    aliases: unique([p.name, ...p.aliases, ...(p.city === HOME_CITY ? [`the ${p.kind}`] : [])]),
    within: p.city,
    // "How far is the museum from the station in Berlin?" means Berlin's (ninth QA pass: London's).
    localAliases: [`the ${p.kind}`],
  }));
  const currencies = Object.keys(EUR_VALUE).map((code) => ({
    kind: 'currency',
    value: code,
    aliases: unique([code, ...(CURRENCY_ALIASES[code] ?? [])]),
  }));
  const units = UNITS.map((u) => ({ kind: 'unit', value: u.name, aliases: unique([u.name, ...u.aliases]) }));
  // The calendar's events by their titles: "the dinner with Hugo", "my video call with Anna on Friday",
  // "was the long run in Hyde Park on Friday?" ask about an event, not a place or a person (eleventh QA
  // pass: each was a place search or a contact lookup). Titles of one word ("Standup") are too common.
  // "Dentist appointment" → "the dentist", "Museum visit" → "the museum", "Coffee with Dan" → "coffee".
  const headOf = (title: string) =>
    title
      .replace(/\s+(?:with|in|at)\s+.*$/i, '')
      .replace(/\s+(?:appointment|visit|review|session|class|meeting|call)$/i, '')
      .toLowerCase();
  const heads = state.events.map((e) => headOf(e.title));
  const events = state.events
    .filter((e) => e.title.trim().split(/\s+/).length >= 2)
    .map((e) => {
      const head = headOf(e.title);
      // Only a head no other event has: "our lunch" is no one lunch of two.
      const ownHead = heads.filter((h) => h === head).length === 1;
      // "Video call with Anna" → also "call with Anna" ("where is the call with Anna on Friday").
      const without = /^\S+\s+(\S+\s+with\s+.+)$/i.exec(e.title)?.[1]?.toLowerCase();
      // "Offsite planning with Ines" → also "offsite with Ines" ("2 days before the offsite with Ines").
      const firstWith = /^(\S+)\s+\S+\s+(with\s+.+)$/i.exec(e.title);
      const shortWith = firstWith ? `${firstWith[1]} ${firstWith[2]}`.toLowerCase() : '';
      const dayAliases = unique(
        [head, without ?? '', shortWith].filter((a) => a && a !== e.title.toLowerCase()),
      );
      // Loose names that mean the event wherever they are said (twenty-second QA pass: "the Paris dinner",
      // "the museum thing", "the thing with Bob", "my dentist" were a place search, the weather or a contact):
      // its city before its head when that is not the home city; "the thing / meeting with <person>"; and,
      // when no other event has its head, its name said as a "thing" or as the user's own ("my dentist", "our
      // coffee"). That name keeps a head's last word unless it only says "an appointment" or "a visit": "my
      // budget" is no budget review.
      const withWho = /\swith\s+(\p{Lu}\p{L}*)/u.exec(e.title)?.[1];
      const headWord = head.split(/\s+/)[0]!;
      const ownName = e.title
        .replace(/\s+(?:with|in|at)\s+.*$/i, '')
        .replace(/\s+(?:appointment|visit)$/i, '')
        .toLowerCase();
      const loose = [
        ...(e.city && e.city !== HOME_CITY ? [`${e.city} ${head}`, `${e.city} ${headWord}`] : []),
        ...(withWho
          ? ['thing', 'the meeting', 'my meeting', 'our meeting', `${headWord} meeting`].map(
              (w) => `${w} with ${withWho}`,
            )
          : []),
        ...(ownHead ? [`${ownName} thing`, `my ${ownName}`, `our ${ownName}`] : []),
      ];
      return {
        kind: 'event',
        value: e.title,
        aliases: unique([e.title, ...loose]),
        on: e.start.slice(0, 10),
        at: e.start.slice(11, 16),
        until: e.end.slice(11, 16),
        ...(e.location ? { location: e.location } : {}),
        ...(dayAliases.length ? { dayAliases } : {}),
      };
    });
  // Received messages by what they say: "the guy from the hiring email", "whoever sent the invoice" name
  // their sender (seventeenth QA pass asked for a phone number, or emailed whoever came first).
  const mails = state.inbox.map((m) => ({
    kind: 'mail',
    value: m.fromName,
    about: `${m.subject}. ${m.body}`,
    on: m.date.slice(0, 10),
  }));
  return [...people, ...cities, ...places, ...currencies, ...units, ...events, ...mails];
}

/**
 * What a follow-up may lean on: the conversation's earlier turns — what each asked (spelt out when it leaned on
 * the turns before it) and what its calls returned — and the readings of them the follow-up rules share (the
 * people a text names, the events a listing spoke of, the turns to look back on).
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import { effectOfName } from '../tools/same-purpose';
import { escapeRegExp } from '../util/escape-regexp';
import type { CallView } from './agent-events';
import { findLiterals } from './literals';

/** What a follow-up may lean on: an earlier turn of the same conversation, as the agent read it. */
export interface EarlierTurn {
  request: string;
  /** The request spelt out, when it leaned on the turns before it. */
  readAs?: string;
  calls: readonly Pick<CallView, 'tool' | 'args' | 'status' | 'output'>[];
}

/** What an earlier turn asked, spelt out. */
export const askedIn = (turn: EarlierTurn): string => turn.readAs ?? turn.request;

/** How many turns back a follow-up may lean. */
export const LOOK_BACK = 3;

/**
 * Whether a call changed the user's data (it created, changed, deleted or sent something — by its name's verb,
 * so any catalogue's tools count): a turn that made one did something ("same for Carol" repeats it, "actually
 * make it 8" cannot undo it). An "add" that answers with values and no id or status ("date_add" → `{date}`)
 * worked something out and made nothing; when in doubt, it made something (asking again would make it twice).
 */
export function madeSomething(call: Pick<CallView, 'tool' | 'status' | 'output'>): boolean {
  if (call.status !== 'ok') return false;
  const effect = effectOfName(call.tool);
  if (effect === null || effect === 'none') return false;
  if (effect !== 'create' || call.output === null || typeof call.output !== 'object') return true;
  const keys = Object.keys(call.output);
  return keys.length === 0 || keys.some((k) => /(?:^|_)id$|^(?:ok|success|status|created|done)$/i.test(k));
}

export const firstName = (full: string) => full.split(/\s+/)[0]!;

/** The contacts said in `text` (by any alias), in the order said. */
export function peopleSaid(text: string, people: readonly LexiconEntry[]): { name: string; at: number }[] {
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
export function personOfEmail(email: string, people: readonly LexiconEntry[]): string | undefined {
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
export function eventsOf(output: unknown): Record<string, unknown>[] {
  const list = Array.isArray(output)
    ? output
    : output && typeof output === 'object' && Array.isArray((output as { events?: unknown }).events)
      ? (output as { events: unknown[] }).events
      : [];
  return list.filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object');
}

/** Of the events a turn listed, those its request speaks of: by a time said, else by the title's words. */
export function eventsMeant(turn: EarlierTurn, today: number): Record<string, unknown>[] {
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

export const okOutputs = (turn: EarlierTurn, tool: string): Record<string, unknown>[] =>
  turn.calls
    .filter((c) => c.status === 'ok' && c.tool === tool && c.output && typeof c.output === 'object')
    .map((c) => c.output as Record<string, unknown>);

/** The first of the recent turns (newest first) that gives a value. */
export function recent<T>(
  earlier: readonly EarlierTurn[],
  of: (t: EarlierTurn) => T | undefined,
): T | undefined {
  for (const turn of earlier.slice(-LOOK_BACK).reverse()) {
    const found = of(turn);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every string in a tool's output (the texts of a note list, an email's body…), for words to be read in. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

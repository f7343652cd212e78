import { splitWords, stem } from '../embed/tokenize';
import type { Tool } from './tool';

/**
 * Whether one tool may stand in for another that failed: it does the same kind of thing to the same
 * thing. A detour that only shares an output parameter (an `id`, a `name`) or most of a description's
 * words is not a stand-in: `DeleteMeeting` for a failed `ModifyMeeting` deletes the meeting the user
 * wanted moved, `search_restaurant_reviews` for `search_movie_reviews` answers another question, and a
 * turn that "completes" through them did not do what was asked. Used by the agent's own fallback, the
 * executor's subgraph switching and the evaluation oracle's notion of a stand-in, so the three agree.
 *
 * Two checks, both from the tools' own texts:
 * - the action: the first verb of each name, by what it does to the world (nothing, create, change,
 *   delete, send). Both known and different: refused. A verb the table does not know says nothing,
 *   unless `knownVerb`.
 * - the object: every word of the failed tool's name besides its verb and filler ("api", "by") must be
 *   found in the other tool's name, description, input or output names (as a word, or sharing its first
 *   6 letters: "translate" / "translation"). One way only unless `bothWays`: words cannot tell a
 *   qualifier that changes nothing ("secure") from one that changes the object ("bank"), so the check
 *   that refuses `DeleteBankAccount` also refuses `secure_forecast`.
 */

export type Effect = 'none' | 'create' | 'change' | 'delete' | 'send';

const EFFECTS: Record<Effect, readonly string[]> = {
  // Reading and computing leave the world as it was: any of them may stand in for another.
  none: [
    'get',
    'query',
    'search',
    'find',
    'list',
    'fetch',
    'retrieve',
    'lookup',
    'look',
    'show',
    'view',
    'read',
    'browse',
    'check',
    'calculate',
    'compute',
    'convert',
    'translate',
    'analyze',
    'estimate',
    'predict',
    'detect',
    'validate',
    'verify',
    'recommend',
  ],
  create: [
    'add',
    'create',
    'record',
    'register',
    'book',
    'make',
    'new',
    'insert',
    'post',
    'schedule',
    'open',
    'generate',
    'reserve',
    'buy',
    'purchase',
    'order',
    'upload',
    'write',
    'save',
    'subscribe',
    'follow',
  ],
  change: [
    'modify',
    'update',
    'edit',
    'change',
    'set',
    'reset',
    'rename',
    'reschedule',
    // "Shift the project sync to next week", "postpone the review": moves in time (twenty-second QA pass
    // looked Jonas up for it).
    'shift',
    'postpone',
    'move',
    'replace',
    'put',
    'patch',
  ],
  delete: [
    'delete',
    'remove',
    'cancel',
    'clear',
    'close',
    'drop',
    'unsubscribe',
    'erase',
    'revoke',
    'unfollow',
    // "unsend the text I just sent Hugo" takes one back (twenty-second QA pass sent another).
    'unsend',
    'retract',
  ],
  send: ['send', 'email', 'mail', 'notify', 'share', 'forward', 'reply'],
};

const EFFECT_OF = new Map<string, Effect>(
  (Object.entries(EFFECTS) as [Effect, readonly string[]][]).flatMap(([e, verbs]) =>
    verbs.map((v) => [v, e]),
  ),
);

/** Name words that say nothing about what a tool acts on. */
const FILLER = new Set([
  'api',
  'by',
  'the',
  'a',
  'an',
  'of',
  'for',
  'with',
  'from',
  'to',
  'and',
  'v1',
  'v2',
  'v3',
]);

/** A word's base forms to look up: itself, and without -s, -(e)d, -ing ("deleting" → delet, delete). */
function inflections(word: string): string[] {
  const w = word.toLowerCase();
  return [w, w.replace(/s$/, ''), w.replace(/e?d$/, ''), w.replace(/ing$/, ''), w.replace(/ing$/, 'e')];
}

/** What a verb does to the world ("delete", "deleting", "removes"), or null when the table does not know it. */
export function verbEffect(word: string): Effect | null {
  for (const form of inflections(word)) {
    const e = EFFECT_OF.get(form);
    if (e) return e;
  }
  return null;
}

/**
 * Name words that are as often the thing acted on as the act: in `mail_search` the mail is searched, in
 * `order_status` the order is read. Such a word gives the effect only when no other known verb does.
 */
const NOUN_OR_VERB = new Set(['mail', 'email', 'post', 'order', 'record', 'book']);

/** Whether a word (any inflection: "emails", "booked") is one of `NOUN_OR_VERB`. */
export const isNounOrVerb = (word: string): boolean => inflections(word).some((f) => NOUN_OR_VERB.has(f));

/**
 * What a tool's name says it does to the world: its first known verb's effect, or null. A word that is
 * also a noun (`NOUN_OR_VERB`) yields to a later verb (`mail_search` reads; fifth QA pass: it counted as
 * sending, so "show me my emails from Anna" could not use it).
 */
export function effectOf(tool: Tool): Effect | null {
  return effectOfName(tool.name);
}

/** `effectOf` for a tool known by its name only (a call in a turn's record). */
export function effectOfName(name: string): Effect | null {
  let fallback: Effect | null = null;
  for (const w of splitWords(name)) {
    const e = EFFECT_OF.get(w);
    if (!e) continue;
    if (!NOUN_OR_VERB.has(w)) return e;
    fallback ??= e;
  }
  return fallback;
}

/** The words of a tool's name besides its verbs and filler: what it acts on. */
export function objectWords(tool: Tool): string[] {
  return [
    ...new Set(splitWords(tool.name).filter((w) => !EFFECT_OF.has(w) && !FILLER.has(w) && !/^\d+$/.test(w))),
  ].map(stem);
}

const PREFIX = 6;

/** A word's forms for matching: itself, its plural strip ("cities" → "city"), a bare final s dropped ("movies"). */
function forms(w: string): string[] {
  return [w, stem(w), w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w];
}

function toolText(tool: Tool): Set<string> {
  const fields = [
    ...Object.keys(tool.parameters.properties ?? {}),
    ...Object.keys(tool.returns?.properties ?? {}),
  ].join(' ');
  return new Set(splitWords(`${tool.name} ${tool.description} ${fields}`).flatMap(forms));
}

function found(word: string, words: ReadonlySet<string>): boolean {
  if (forms(word).some((f) => words.has(f))) return true;
  if (word.length < PREFIX) return false;
  const head = word.slice(0, PREFIX);
  for (const w of words) if (w.length >= PREFIX && w.startsWith(head)) return true;
  return false;
}

/** How strict a stand-in check is beyond the effect and the failed tool's object. */
export interface SamePurposeOptions {
  /**
   * The other's name may not act on more either: a TV show's `similar` titles are no stand-in for its
   * `keywords`, a `bank` account none for the account. For a new goal the executor picks by itself.
   */
  bothWays?: boolean;
  /**
   * When the failed name says what it does, the other's must say the same: an unknown verb
   * (`summarize_text`) is then no stand-in for `translate_text`. For a replacement matched on its inputs
   * alone, where no shared output vouches for it.
   */
  knownVerb?: boolean;
}

/** Whether `other` does what `failed` did: the same effect (when both names say it) on the same object. */
export function doesSameThing(failed: Tool, other: Tool, options: SamePurposeOptions = {}): boolean {
  const a = effectOf(failed);
  const b = effectOf(other);
  if (a !== null && b !== a && (b !== null || options.knownVerb)) return false;
  const theirs = toolText(other);
  if (!objectWords(failed).every((w) => found(w, theirs))) return false;
  if (!options.bothWays) return true;
  const ours = toolText(failed);
  return objectWords(other).every((w) => found(w, ours));
}

/**
 * A question about the user's own things that no tool's words fit is put to their notes first
 * (`ownDataChoice`); when the notes hold nothing about it, the files (read) and then the mail are looked in
 * ("How much flour goes in the banana bread?" is in a recipe file; twenty-third QA pass). Here: which record
 * searches are left to try, and whether what one returned found the thing asked about.
 */

import type { Tool } from '../tools/tool';
import { outputNames } from '../tools/tool';
import { effectOf } from '../tools/same-purpose';
import { ownDataWording } from './own-data-questions';
import { contentWords, stem } from './target-choice';

/** Searches of the user's own records, and the order they are looked in: notes, files, mail. */
const RECORD_SEARCH =
  /(?:note|file|doc|document|mail|inbox|message)s?_?(?:search|find|query|list)|(?:search|find|query|list)_?(?:note|file|doc|document|mail|inbox|message)s?/i;
const RECORD_ORDER = [/note/i, /file|doc/i, /mail|inbox|message/i];
const SOURCE_SAID =
  /\b(?:write|wrote|written|jot(?:ted)?|notes?|noted|files?|documents?|docs?|e-?mails?|inbox|mail|messages?)\b/i;

/** Words of a question that say how it asks, not what about ("How long does passport renewal take?"). */
const ASKING_WORDS = new Set(
  'long much many take takes took goes go need needs does did have know tell again actually still about remember'.split(
    ' ',
  ),
);

/**
 * Whether what a search returned mentions the question's topic: "How long does passport renewal take?"
 * matched three notes by "long", "take" and "passport" (the run, the hiring plan, a packing list), none
 * about the renewal.
 */
export const mentionsTopic = (result: unknown, question: string): boolean => {
  const topic = contentWords(question).filter((w) => w.length >= 4 && !ASKING_WORDS.has(w.toLowerCase()));
  if (topic.length === 0) return true;
  const said = JSON.stringify(result ?? '').toLowerCase();
  // Two of its words, or the one: "Lisbon packing list" says "passport", not "renewal".
  const found = topic.filter((w) => said.includes(stem(w.toLowerCase()))).length;
  return found >= Math.min(2, Math.ceil(topic.length * 0.6));
};

/** A search that found nothing: an empty list, or a count of 0 (`{ notes: [], count: 0 }`). */
export const foundNothing = (result: unknown): boolean => {
  if (Array.isArray(result)) return result.length === 0;
  if (!result || typeof result !== 'object') return false;
  const fields = Object.values(result as Record<string, unknown>);
  const lists = fields.filter(Array.isArray);
  return (
    (result as Record<string, unknown>).count === 0 ||
    (lists.length === 1 && lists[0]!.length === 0 && fields.length <= 2)
  );
};

/**
 * For a question about the user's own things that the notes search was chosen for by `ownDataChoice`'s
 * wording: the catalogue's other searches of the user's records (files, then mail), to try in turn when it
 * finds nothing. Empty otherwise.
 */
export function otherRecordSearches(
  question: string,
  chosen: string,
  tools: readonly Tool[],
  excluded: ReadonlySet<string>,
): string[] {
  // Only from the notes, where `ownDataChoice` looks first: "Has Eve said anything about …?" answered by an
  // empty inbox search is answered.
  if (!RECORD_ORDER[0]!.test(chosen) || !RECORD_SEARCH.test(chosen)) return [];
  if (!ownDataWording(question, tools)?.startsWith('search')) return [];
  // Where it is kept, said ("What did I write down about …?", "… in my notes"): that is where to look.
  if (SOURCE_SAID.test(question)) return [];
  const order = (name: string) => RECORD_ORDER.findIndex((r) => r.test(name));
  const byName = new Map(tools.map((t) => [t.name, t]));
  return (
    tools
      .filter((t) => {
        const effect = effectOf(t);
        return (
          t.name !== chosen &&
          !excluded.has(t.name) &&
          RECORD_SEARCH.test(t.name) &&
          (effect === null || effect === 'none') &&
          order(t.name) >= 0
        );
      })
      .sort((a, b) => order(a.name) - order(b.name))
      // A question is answered by what the record says: "files_search" finds a path, "files_read" reads it.
      // Only a reader whose every required input the search returns as is (`file_id`): one that needs an id
      // from inside a list was planned with a sender as its producer.
      .map((t) => {
        const reader = byName.get(t.name.replace(/search|find|query|list/i, 'read'));
        const gives = new Set(outputNames(t));
        const fed = reader?.parameters.required?.every((f) => gives.has(f)) ?? false;
        return reader && fed && reader.name !== t.name && !excluded.has(reader.name) ? reader.name : t.name;
      })
  );
}

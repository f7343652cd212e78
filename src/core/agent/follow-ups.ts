/**
 * A message of a conversation read with the ones before it: "text her too", "what about Tuesday?", "same
 * for Carol", "email him the same", "how long to bike there from Eve's?", "remind me an hour before it".
 * A person in a chat leans on what was just said; each turn used to be read on its own, so "text her" asked
 * for a phone number and "and in Berlin?" found nothing to do (twentieth QA pass: 54 of 160 conversations'
 * last messages went wrong). Here the words that lean on an earlier turn become what they stand for, and the
 * rest of the agent reads the message as if the user had said it whole. Only what the message leaves open
 * is filled: a message that names its own person, day or place keeps them.
 */

import type { LexiconEntry } from '../execute/tool-runtime';
import type { EarlierTurn } from './earlier-turns';
import { withPeopleNamed } from './follow-up-people';
import { withSlotBooked, withThingsNamed } from './follow-up-references';
import { withValuesChanged } from './follow-up-values';

export type { EarlierTurn } from './earlier-turns';
/** How many of a conversation's earlier turns a follow-up may lean on: what a caller needs to hand over. */
export { LOOK_BACK as FOLLOW_UP_TURNS } from './earlier-turns';

/**
 * `request` with what it leans on spelt out: people first, then a message that only changes values, then a slot
 * booked, then the things it points at. Unchanged when there is no earlier turn or nothing to spell out.
 */
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

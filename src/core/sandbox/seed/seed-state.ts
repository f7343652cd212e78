import { DAY_MS } from '../dates';
import { SANDBOX_STATE_VERSION, type SandboxState } from '../sandbox-state';
import { seedEvents } from './seed-calendar';
import { seedContacts } from './seed-contacts';
import { seedFiles } from './seed-files';
import { seedInbox } from './seed-mail';
import { seedNotes, seedReminders } from './seed-notes';

/** First number for ids the tools generate; above every seeded id, so they never collide. */
const FIRST_GENERATED_ID = 6001;

/**
 * The sandbox as it starts: deterministic for a given `seedDay` ("YYYY-MM-DD", the user's today), with
 * calendar days and mail dates placed around it so "tomorrow" and "my latest email" mean something.
 */
export function seedState(seedDay: string): SandboxState {
  // 09:00 UTC of the seed day: creation times of seeded notes and reminders count back from it.
  const seedMs = Date.parse(`${seedDay}T00:00:00Z`) + (9 * DAY_MS) / 24;
  const contacts = seedContacts();
  return {
    version: SANDBOX_STATE_VERSION,
    seedDay,
    nextId: FIRST_GENERATED_ID,
    contacts,
    events: seedEvents(seedDay),
    inbox: seedInbox(seedDay, contacts),
    outbox: [],
    messages: [],
    notes: seedNotes(seedMs),
    reminders: seedReminders(seedDay, seedMs),
    files: seedFiles(),
    changes: [],
  };
}

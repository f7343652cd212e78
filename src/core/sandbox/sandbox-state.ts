/**
 * The sandbox: the personal data the built-in tools act on (contacts, calendar, mail, messages, notes,
 * reminders, files), plus the log of changes the tools made. Plain JSON, saved whole by a `SandboxStore`:
 * it is a few dozen kilobytes, so one record per save is simpler than per-item records and as fast.
 *
 * Records are never mutated in place: a change builds a new state (sharing untouched collections), so the
 * UI can compare states by reference and a saved snapshot never changes under the store.
 */

export const SANDBOX_STATE_VERSION = 1;

export interface Contact {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Home street address, "<number> <street>, <city>". */
  address: string;
  city: string;
}

export interface CalendarEvent {
  id: string;
  title: string;
  /** ISO 8601 local date-time without zone, "YYYY-MM-DDTHH:MM:SS". */
  start: string;
  end: string;
  /** Street address; empty when the event has no place. */
  location: string;
  /** City of the location; empty when unknown. */
  city: string;
  attendeeEmail: string | null;
}

/** A received email. */
export interface InboxMail {
  id: string;
  fromEmail: string;
  fromName: string;
  subject: string;
  body: string;
  /** Day received, YYYY-MM-DD. */
  date: string;
}

/** An email the user sent: kept in the local outbox, never delivered anywhere. */
export interface SentMail {
  id: string;
  toEmail: string;
  subject: string;
  body: string;
  /** Epoch ms when it was "sent". */
  sentAt: number;
}

/** A text message the user sent: kept in the local outbox, never delivered anywhere. */
export interface TextMessage {
  id: string;
  phone: string;
  text: string;
  sentAt: number;
}

export interface Note {
  id: string;
  title: string;
  content: string;
  createdAt: number;
}

export interface Reminder {
  id: string;
  text: string;
  /** "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SS". */
  due: string;
  createdAt: number;
}

export interface SandboxFile {
  id: string;
  /** Absolute path, "/Documents/…/name.ext". */
  path: string;
  content: string;
}

/** Each collection's record type, keyed by the collection's name in the state. */
export interface SandboxCollections {
  contacts: Contact;
  events: CalendarEvent;
  inbox: InboxMail;
  outbox: SentMail;
  messages: TextMessage;
  notes: Note;
  reminders: Reminder;
  files: SandboxFile;
}

export type CollectionName = keyof SandboxCollections;
export type SandboxRecord = SandboxCollections[CollectionName];

export const COLLECTIONS: readonly CollectionName[] = [
  'contacts',
  'events',
  'inbox',
  'outbox',
  'messages',
  'notes',
  'reminders',
  'files',
];

/** One change a tool (or the user) made, enough to show it and to revert it. */
export interface SandboxChange {
  /** "chg-<n>", unique within the state's lifetime (a reset starts over). */
  id: string;
  /** Epoch ms. */
  at: number;
  /** The tool whose call made it. */
  tool: string;
  kind: 'create' | 'update' | 'delete';
  collection: CollectionName;
  /** The record before the change; null for a create. */
  before: SandboxRecord | null;
  /** The record after the change; null for a delete. */
  after: SandboxRecord | null;
  /** One line for the change list, e.g. `Created reminder "Pay rent" due 2026-11-30`. */
  summary: string;
}

export type SandboxData = { [C in CollectionName]: SandboxCollections[C][] };

export interface SandboxState extends SandboxData {
  version: typeof SANDBOX_STATE_VERSION;
  /** The day the seed was built around (the user's "today" then), YYYY-MM-DD. */
  seedDay: string;
  /** Next number for generated ids; only ever grows, so an undone record's id is never reused. */
  nextId: number;
  /** Oldest first. */
  changes: SandboxChange[];
}

import { TOPICS } from '../../demo/demo-traces';
import { DAY_MS, addDays } from '../dates';
import type { Note, Reminder } from '../sandbox-state';
import { capitalize } from '../../util/capitalize';

/** One note per demo topic (its lines as the text), so "my notes about the budget" finds what traces say. */
export function seedNotes(seedMs: number): Note[] {
  const topics = TOPICS.map((t) => [capitalize(t.key), t.notes.join('\n')] as const);
  const extra = [
    ['Gift ideas', 'Anna: a cookbook from Lisbon. Bob: concert tickets. Mum: a scarf, dark green.'],
    ['Lisbon packing list', 'Passport, charger, rain jacket, walking shoes, printed itinerary, EUR cash.'],
  ] as const;
  return [...topics, ...extra].map(([title, content], i) => ({
    id: `note-${3001 + i}`,
    title,
    content,
    createdAt: seedMs - (i + 1) * DAY_MS,
  }));
}

export function seedReminders(seedDay: string, seedMs: number): Reminder[] {
  return [
    { id: 'rem-4001', text: 'Pay rent', due: addDays(seedDay, 6), createdAt: seedMs - 3 * DAY_MS },
    {
      id: 'rem-4002',
      text: 'Call the dentist back',
      due: `${addDays(seedDay, 1)}T09:00:00`,
      createdAt: seedMs - DAY_MS,
    },
  ];
}

import { describe, expect, it } from 'vitest';
import { locateAddress } from '../data/locate';
import { seedState } from './seed-state';
import { sandboxStateProblem } from '../validate-state';

describe('seedState', () => {
  const seed = seedState('2026-11-25');

  it('is deterministic and valid', () => {
    expect(seedState('2026-11-25')).toEqual(seed);
    expect(sandboxStateProblem(seed)).toBeNull();
    expect(JSON.parse(JSON.stringify(seed))).toEqual(seed);
  });

  it('has at least 12 contacts, Anna Keller among them, with email, phone and a locatable address', () => {
    expect(seed.contacts.length).toBeGreaterThanOrEqual(12);
    expect(seed.contacts.find((c) => c.name === 'Anna Keller')).toEqual({
      id: 'c-111',
      name: 'Anna Keller',
      email: 'anna.keller@example.com',
      phone: '+49 151 5550 1234',
      address: '14 Kastanienallee, Berlin',
      city: 'Berlin',
    });
    for (const c of seed.contacts) expect(locateAddress(c.address, 'address').city).toBe(c.city);
    // First names are unique, so "Kenji" or "Anna" names one person.
    const firsts = seed.contacts.map((c) => c.name.split(' ')[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
  });

  it('places events on the days around the seed day, at locatable addresses', () => {
    const days = new Set(seed.events.map((e) => e.start.slice(0, 10)));
    for (const d of ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']) expect(days.has(d)).toBe(true);
    for (const e of seed.events) expect(locateAddress(e.location, 'location').city).toBe(e.city);
  });

  it('has an inbox of ~8 mails from contacts, notes, reminders and ~8 files', () => {
    expect(seed.inbox.length).toBeGreaterThanOrEqual(8);
    const emails = new Set(seed.contacts.map((c) => c.email));
    for (const m of seed.inbox) expect(emails.has(m.fromEmail)).toBe(true);
    expect(seed.notes.length).toBeGreaterThanOrEqual(6);
    expect(seed.reminders.length).toBeGreaterThan(0);
    expect(seed.files.length).toBeGreaterThanOrEqual(8);
    expect(seed.outbox).toEqual([]);
    expect(seed.changes).toEqual([]);
  });

  it('gives every record a unique id below the first generated one', () => {
    const ids = [seed.contacts, seed.events, seed.inbox, seed.notes, seed.reminders, seed.files]
      .flat()
      .map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number(id.split('-').at(-1))).toBeLessThan(seed.nextId);
  });
});

import { describe, expect, it } from 'vitest';
import { NOW, callFails, callOk, openSandbox } from '../sandbox.test-util';

describe('notes tools', () => {
  it('notes_search ranks the note about the topic first, then others mentioning it', async () => {
    const sandbox = await openSandbox();
    const found = await callOk(sandbox, 'notes_search', { query: 'my notes about the budget' });
    const titles = (found.notes as { title: string }[]).map((n) => n.title);
    expect(titles[0]).toBe('Budget');
    expect(titles).toContain('Offsite'); // "Offsite budget approved at 9k EUR"
    expect(found.count).toBe(titles.length);
    expect((found.notes as { content: string }[])[0]?.content).toContain(
      'Q4 budget: travel capped at 12k EUR',
    );
  });

  it('notes_create then notes_search finds the new note', async () => {
    const sandbox = await openSandbox();
    const created = await callOk(sandbox, 'notes_create', {
      title: 'Wifi at the cabin',
      content: 'Network cabin-5G',
    });
    expect(created).toEqual({ note_id: 'note-6001' });
    expect(sandbox.state().notes.at(-1)).toEqual({
      id: 'note-6001',
      title: 'Wifi at the cabin',
      content: 'Network cabin-5G',
      createdAt: NOW,
    });
    const found = await callOk(sandbox, 'notes_search', { query: 'wifi' });
    expect(found).toEqual({
      notes: [{ note_id: 'note-6001', title: 'Wifi at the cabin', content: 'Network cabin-5G' }],
      count: 1,
    });
  });

  it('notes_create refuses an empty title', async () => {
    const sandbox = await openSandbox();
    expect((await callFails(sandbox, 'notes_create', { title: '', content: 'x' })).code).toBe(
      'invalid-argument',
    );
  });
});

describe('reminders tools', () => {
  it('reminders_create puts the reminder in the state, with a day or a date-time', async () => {
    const sandbox = await openSandbox();
    const due = await callOk(sandbox, 'date_add', { date: '2026-11-25', days: 5 });
    expect(await callOk(sandbox, 'reminders_create', { text: 'Pay hotel bill', due_time: due.date })).toEqual(
      {
        reminder_id: 'rem-6001',
      },
    );
    await callOk(sandbox, 'reminders_create', { text: 'Call Mum', due_time: '2026-11-26 18:00' });
    const added = sandbox.state().reminders.slice(-2);
    expect(added).toEqual([
      { id: 'rem-6001', text: 'Pay hotel bill', due: '2026-11-30', createdAt: NOW },
      { id: 'rem-6002', text: 'Call Mum', due: '2026-11-26T18:00:00', createdAt: NOW },
    ]);
    expect(sandbox.changes().map((c) => c.summary)).toEqual([
      'Created reminder "Pay hotel bill" due 2026-11-30',
      'Created reminder "Call Mum" due 2026-11-26 18:00:00',
    ]);
  });

  it('refuses a due time that is not a date', async () => {
    const sandbox = await openSandbox();
    const failure = await callFails(sandbox, 'reminders_create', { text: 'x', due_time: 'soonish' });
    expect(failure).toMatchObject({ kind: 'invalid-arguments', code: 'invalid-date' });
    expect(failure.message).toContain('YYYY-MM-DD');
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { ChangeNotFoundError } from './errors/change-not-found-error';
import { UndoConflictError } from './errors/undo-conflict-error';
import { createSandboxRuntime } from './sandbox-runtime';
import type { SandboxState } from './sandbox-state';
import { MemorySandboxStore } from './sandbox-store';
import { NOW, TODAY, callOk, demoTool, openSandbox } from './sandbox.test-util';
import { seedState } from './seed/seed-state';

/** A store whose saves fail while `failing` is set. */
class FlakyStore extends MemorySandboxStore {
  failing = false;
  override async save(state: SandboxState): Promise<void> {
    if (this.failing) throw new Error('QuotaExceededError: the disk is full');
    return super.save(state);
  }
}

describe('createSandboxRuntime', () => {
  it('executes all 20 tools of the built-in pack', async () => {
    const sandbox = await openSandbox();
    expect(DEMO_TOOLS).toHaveLength(20);
    for (const t of DEMO_TOOLS) expect(sandbox.canExecute(t.name), t.name).toBe(true);
    expect(sandbox.registry.names().sort()).toEqual(DEMO_TOOLS.map((t) => t.name).sort());
  });

  it('seeds an empty store around the day of now, saves it, and says so', async () => {
    const store = new MemorySandboxStore();
    const sandbox = await openSandbox(store);
    expect(sandbox.status).toEqual({ kind: 'seeded' });
    expect(sandbox.state()).toEqual(seedState(TODAY));
    expect(await store.load()).toEqual(seedState(TODAY));
  });

  it('labels sandbox results with the store and bundled results with their data', async () => {
    const sandbox = await openSandbox();
    const notes = await sandbox.call(demoTool('notes_search'), { query: 'garden' });
    expect(notes).toMatchObject({ ok: true, source: { kind: 'sandbox', label: 'sandbox (in memory)' } });
    const rates = await sandbox.call(demoTool('currency_convert'), {
      amount: 1,
      from_currency: 'USD',
      to_currency: 'EUR',
    });
    expect(rates).toMatchObject({
      ok: true,
      source: { kind: 'bundled-data', label: 'bundled rates of 2026-11-01' },
    });
  });

  it('persists after each change: a new runtime on the same store sees it', async () => {
    const store = new MemorySandboxStore();
    const first = await openSandbox(store);
    await callOk(first, 'reminders_create', { text: 'Water the plants', due_time: '2026-11-27' });
    expect(store.saves).toBe(2); // the seed, then the change
    const second = await openSandbox(store, NOW + 86_400_000);
    expect(second.status).toEqual({ kind: 'loaded' });
    expect(second.state()).toEqual(first.state());
    expect(second.changes().map((c) => c.summary)).toEqual([
      'Created reminder "Water the plants" due 2026-11-27',
    ]);
    // Ids keep counting from the saved state, so a new record never reuses an old id.
    expect(await callOk(second, 'notes_create', { title: 't', content: 'c' })).toEqual({
      note_id: 'note-6002',
    });
  });

  it('undo reverts one change, drops it from the log and saves', async () => {
    const store = new MemorySandboxStore();
    const sandbox = await openSandbox(store);
    await callOk(sandbox, 'notes_create', { title: 'Keep', content: 'this one' });
    const { reminder_id } = await callOk(sandbox, 'reminders_create', {
      text: 'Oops',
      due_time: '2026-11-26',
    });
    await callOk(sandbox, 'mail_send', {
      to_email: 'bob.chen@example.com',
      subject: 'Hi',
      body: 'Hello Bob',
    });
    const reminderChange = sandbox.changes().find((c) => c.collection === 'reminders')!;
    const undone = await sandbox.undo(reminderChange.id);
    expect(undone.summary).toBe('Created reminder "Oops" due 2026-11-26');
    expect(sandbox.state().reminders.some((r) => r.id === reminder_id)).toBe(false);
    expect(sandbox.changes().map((c) => c.tool)).toEqual(['notes_create', 'mail_send']);
    expect(sandbox.state().notes.at(-1)?.title).toBe('Keep');
    expect(sandbox.state().outbox).toHaveLength(1);
    expect((await store.load())?.reminders.some((r) => r.id === reminder_id)).toBe(false);
    await expect(sandbox.undo(reminderChange.id)).rejects.toSatisfy(ChangeNotFoundError.isInstance);
  });

  it('undo of all changes gives back the seed’s records', async () => {
    const sandbox = await openSandbox();
    await callOk(sandbox, 'calendar_create_event', {
      title: 'A',
      start_time: '2026-11-26T08:00',
      end_time: '2026-11-26T09:00',
    });
    await callOk(sandbox, 'messages_send', { phone: '+1 555 0110', text: 'hi' });
    for (const c of [...sandbox.changes()].reverse()) await sandbox.undo(c.id);
    const { nextId: _n, ...now } = sandbox.state();
    const { nextId: _s, ...seed } = seedState(TODAY);
    expect(now).toEqual(seed);
  });

  it('refuses to undo a change that a later change to the same record depends on', async () => {
    // Tools only create records; an update (by a future tool or the UI) is written into the log directly.
    const seeded = seedState(TODAY);
    const note = { id: 'note-6001', title: 'Draft', content: 'v1', createdAt: NOW };
    const edited = { ...note, content: 'v2' };
    const state: SandboxState = {
      ...seeded,
      nextId: 6003,
      notes: [...seeded.notes, edited],
      changes: [
        {
          id: 'chg-6001',
          at: NOW,
          tool: 'notes_create',
          kind: 'create',
          collection: 'notes',
          before: null,
          after: note,
          summary: 'Created note "Draft"',
        },
        {
          id: 'chg-6002',
          at: NOW,
          tool: 'notes_edit',
          kind: 'update',
          collection: 'notes',
          before: note,
          after: edited,
          summary: 'Edited note "Draft"',
        },
      ],
    };
    const sandbox = await openSandbox(new MemorySandboxStore(state));
    const refused = await sandbox.undo('chg-6001').catch((e: unknown) => e);
    expect(UndoConflictError.isInstance(refused)).toBe(true);
    expect((refused as Error).message).toContain('chg-6002');
    await sandbox.undo('chg-6002');
    expect(sandbox.state().notes.at(-1)).toEqual(note);
    await sandbox.undo('chg-6001');
    expect(sandbox.state().notes).toEqual(seeded.notes);
  });

  it('reset goes back to the seed and empties the change log', async () => {
    const store = new MemorySandboxStore();
    const sandbox = await openSandbox(store);
    await callOk(sandbox, 'notes_create', { title: 'Temp', content: 'x' });
    await callOk(sandbox, 'mail_send', { to_email: 'a@b.co', subject: 's', body: 'b' });
    await sandbox.reset();
    expect(sandbox.state()).toEqual(seedState(TODAY));
    expect(sandbox.changes()).toEqual([]);
    expect(await store.load()).toEqual(seedState(TODAY));
  });

  it('a change whose save fails is taken back and the call fails with sandbox-save-failed', async () => {
    const store = new FlakyStore();
    const sandbox = await openSandbox(store);
    store.failing = true;
    const outcome = await sandbox.call(demoTool('notes_create'), { title: 'Lost', content: 'x' });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'error', code: 'sandbox-save-failed' } });
    if (!outcome.ok) expect(outcome.failure.message).toContain('the disk is full');
    expect(sandbox.state().notes.some((n) => n.title === 'Lost')).toBe(false);
    expect(sandbox.changes()).toEqual([]);
    store.failing = false;
    expect((await callOk(sandbox, 'notes_create', { title: 'Kept', content: 'x' })).note_id).toBe(
      'note-6002',
    );
  });

  it('an aborted call changes nothing', async () => {
    const sandbox = await openSandbox();
    const outcome = await sandbox.call(
      demoTool('notes_create'),
      { title: 'x', content: 'y' },
      AbortSignal.abort(),
    );
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
    expect(sandbox.changes()).toEqual([]);
  });

  it('tells subscribers about every change, undo and reset; a new state object each time', async () => {
    const sandbox = await openSandbox();
    const seen: SandboxState[] = [];
    const unsubscribe = sandbox.subscribe(() => seen.push(sandbox.state()));
    await callOk(sandbox, 'notes_create', { title: 'a', content: 'b' });
    await sandbox.undo(sandbox.changes()[0]!.id);
    await sandbox.reset();
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    unsubscribe();
    await callOk(sandbox, 'notes_create', { title: 'a', content: 'b' });
    expect(seen).toHaveLength(3);
  });

  it('starts again from the seed when the saved state is unusable, and says why', async () => {
    const store = new MemorySandboxStore({ ...seedState(TODAY), version: 99 } as unknown as SandboxState);
    const sandbox = await openSandbox(store);
    expect(sandbox.status).toEqual({
      kind: 'recovered',
      reason: 'the saved sandbox has format version 99, this app reads 1',
    });
    expect(sandbox.state()).toEqual(seedState(TODAY));
  });

  it('takes a fixed seed day', async () => {
    const sandbox = await createSandboxRuntime({ now: () => NOW, seedDay: '2027-03-10' });
    expect(sandbox.state().seedDay).toBe('2027-03-10');
    expect(sandbox.state().events.some((e) => e.start.startsWith('2027-03-10'))).toBe(true);
  });

  it('its lexicon names contacts (with first names), cities, places (with "the museum") and currencies', async () => {
    const sandbox = await openSandbox();
    const lexicon = await sandbox.lexicon();
    expect(lexicon).toContainEqual({
      kind: 'person',
      value: 'Anna Keller',
      // "a formal reply to Mr Keller": a surname after a title names her too; "Keller" alone, as no other
      // contact is a Keller.
      aliases: [
        'anna',
        'anna keller',
        'keller',
        'mr keller',
        'mr. keller',
        'ms keller',
        'ms. keller',
        'mrs keller',
        'mrs. keller',
        'dr keller',
        'dr. keller',
      ],
    });
    expect(lexicon).toContainEqual({
      kind: 'city',
      value: 'New York',
      aliases: ['new york', 'nyc', 'new york city', 'manhattan'],
    });
    expect(lexicon).toContainEqual({
      kind: 'place',
      value: 'Natural History Museum',
      aliases: ['natural history museum', 'the museum'],
      within: 'London',
      localAliases: ['the museum'],
    });
    // Only the home city's museum (London) is "the museum", not the first one listed (Paris); the
    // Louvre is "the museum" only where Paris is named.
    const louvre = lexicon.find((e) => e.value === 'Louvre Museum');
    expect(louvre?.aliases).not.toContain('the museum');
    expect(louvre?.localAliases).toEqual(['the museum']);
    expect(lexicon.find((e) => e.kind === 'currency' && e.value === 'EUR')?.aliases).toContain('euros');
    expect(lexicon.filter((e) => e.kind === 'person')).toHaveLength(16);
  });
});

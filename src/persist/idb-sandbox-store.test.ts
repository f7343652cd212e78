import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../core/demo/demo-tools';
import { createSandboxRuntime } from '../core/sandbox/sandbox-runtime';
import { seedState } from '../core/sandbox/seed/seed-state';
import { SANDBOX_DB_NAME, openSandboxStore } from './idb-sandbox-store';

const NOW = Date.UTC(2026, 10, 25, 10, 0);
const tool = (name: string) => DEMO_TOOLS.find((t) => t.name === name)!;

let counter = 0;
const names: string[] = [];
function fresh(): string {
  const name = `test-sandbox-${++counter}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
}

afterEach(async () => {
  for (const name of names.splice(0)) await deleteDB(name);
});

describe('IdbSandboxStore', () => {
  it('is empty at first, then round-trips a state', async () => {
    const store = await openSandboxStore({ name: fresh() });
    expect(await store.load()).toBeUndefined();
    const state = seedState('2026-11-25');
    await store.save(state);
    expect(await store.load()).toEqual(state);
    await store.clear();
    expect(await store.load()).toBeUndefined();
    store.close();
  });

  it('keeps the sandbox across runtimes: a change made before a reload is there after it', async () => {
    const name = fresh();
    const first = await createSandboxRuntime({ store: await openSandboxStore({ name }), now: () => NOW });
    expect(first.status.kind).toBe('seeded');
    const created = await first.call(tool('reminders_create'), {
      text: 'Book train',
      due_time: '2026-11-28',
    });
    expect(created).toMatchObject({
      ok: true,
      output: { reminder_id: 'rem-6001' },
      source: { kind: 'sandbox', label: 'sandbox (IndexedDB)' },
    });

    const reopened = await openSandboxStore({ name });
    const second = await createSandboxRuntime({ store: reopened, now: () => NOW });
    expect(second.status.kind).toBe('loaded');
    expect(second.state().reminders.at(-1)).toEqual({
      id: 'rem-6001',
      text: 'Book train',
      due: '2026-11-28',
      createdAt: NOW,
    });
    expect(second.changes()).toHaveLength(1);

    await second.undo(second.changes()[0]!.id);
    const third = await createSandboxRuntime({ store: await openSandboxStore({ name }), now: () => NOW });
    expect(third.state().reminders.some((r) => r.id === 'rem-6001')).toBe(false);
    expect(third.changes()).toEqual([]);
  });

  it('uses its own database, named naviagent-sandbox by default, on any IDBFactory', async () => {
    const factory = new IDBFactory();
    const store = await openSandboxStore({ indexedDB: factory });
    await store.save(seedState('2026-11-25'));
    expect((await factory.databases()).map((d) => d.name)).toEqual([SANDBOX_DB_NAME]);
    expect(SANDBOX_DB_NAME).toBe('naviagent-sandbox');
    store.close();
  });

  it('refuses to work once closed, with a message that says to reload', async () => {
    const store = await openSandboxStore({ name: fresh() });
    store.close();
    await expect(store.load()).rejects.toThrow(/closed.*Reload this tab/);
  });
});

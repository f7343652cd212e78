import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { ToolWorld } from '../core/world/world';
import { openWorldStore } from './idb-world-store';

/**
 * Second QA pass: a world loaded empty on purpose (an exported world with no tools) came back as the demo
 * world after a reload, because the store read "no tools, no nodes" as a fresh start.
 */
const names: string[] = [];
const fresh = () => {
  const name = `read-world-empty-${names.length}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return { name, directory: `${name}:directory` };
};

afterEach(async () => {
  const all = (await indexedDB.databases()).map((d) => d.name ?? '');
  for (const base of names.splice(0)) for (const n of all) if (n.startsWith(base)) await deleteDB(n);
});

describe('an empty world', () => {
  it('is a fresh start when nothing was ever written', async () => {
    const { store, load } = await openWorldStore(fresh());
    expect(load.status).toBe('empty');
    expect(await store.load()).toEqual({ status: 'empty' });
    store.close();
  });

  it('stays empty after a reload once it was saved', async () => {
    const opts = fresh();
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 1000 });
    const first = await openWorldStore({ ...opts, embedderId: world.embedder.id });
    await first.store.replace(world.snapshot(0));
    first.store.close();

    const again = await openWorldStore({ ...opts, embedderId: world.embedder.id });
    expect(again.load.status).toBe('ok');
    if (again.load.status !== 'ok') throw new Error('not ok');
    expect(again.load.snapshot.tools).toEqual([]);
    expect(again.load.snapshot.nodes).toEqual([]);
    expect(again.load.snapshot.traces).toEqual([]);
    again.store.close();
  });
});

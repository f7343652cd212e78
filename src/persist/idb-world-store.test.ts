import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { HAND_TOOLS, HAND_TRACES } from '../core/graph/fixtures.test-util';
import type { GraphEdge, GraphNode } from '../core/graph/graph-types';
import { ToolWorld } from '../core/world/world';
import { WorldFileError } from '../core/world/world-file-error';
import { parseWorldFile, serializeWorld } from '../core/world/world-file';
import { WORLD_FORMAT_VERSION, emptyChange, type WorldSnapshot } from '../core/world/world-snapshot';
import {
  CHECKPOINT_CHUNK,
  CHECKPOINT_HEADER_KEY,
  CURRENT_VERSION,
  META_KEY,
  MIGRATIONS,
  OVERLAY_STORES,
  type CheckpointHeader,
  type WorldDB,
} from './db-schema';
import { exportKeptStore, openWorldStore, type OpenWorldStoreOptions } from './idb-world-store';
import { StoreBlockedError } from './store-blocked-error';
import { StoreClosedError } from './store-closed-error';
import { StoreTooNewError } from './store-too-new-error';

let counter = 0;
const bases: string[] = [];

/** A base name (and directory) no other test uses; every database starting with it is deleted after. */
function fresh(): Required<Pick<OpenWorldStoreOptions, 'name' | 'directory'>> {
  const name = `test-world-${++counter}-${Math.random().toString(36).slice(2)}`;
  bases.push(name);
  return { name, directory: `${name}:directory` };
}

afterEach(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name ?? '');
  for (const base of bases.splice(0)) {
    for (const n of names) if (n.startsWith(base)) await deleteDB(n);
  }
});

const now = () => 1000;

async function handWorld(): Promise<ToolWorld> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now });
  await world.importTools(HAND_TOOLS);
  for (const t of HAND_TRACES) await world.ingestTrace(t);
  world.setSetting('theme', 'dark');
  return world;
}

type Comparable = Omit<WorldSnapshot, 'exportedAt'>;

/** IndexedDB hands records back in key order, the world in insertion order; compare as sets of records. */
function canonical(s: Comparable): Comparable {
  const by =
    <T>(key: (t: T) => string | number) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return {
    ...s,
    tools: [...s.tools].sort(by((t) => t.tool.name)),
    clusters: [...s.clusters].sort(by((c) => c.id)),
    nodes: [...s.nodes].sort(by((n) => n.id)),
    edges: [...s.edges].sort(by((e) => e.id)),
    traces: [...s.traces].sort(by((t) => t.seq)),
  };
}

const withoutExportedAt = ({ exportedAt: _, ...rest }: WorldSnapshot): Comparable => rest;

/** The stores of schema v1 and v2: what an old database holds its world in, one record per entry. */
const PER_RECORD_STORES = ['meta', 'tools', 'clusters', 'nodes', 'edges', 'traces', 'settings'] as const;

/** Opens a database at an old schema version, built by the shipped migrations up to it. */
function openOld(name: string, version: 1 | 2): Promise<IDBPDatabase<WorldDB>> {
  return openDB<WorldDB>(name, version, {
    upgrade: (db, _old, _new, tx) => MIGRATIONS.slice(0, version).forEach((step) => step(db, tx)),
  });
}

/** Stores a world one record per entry, as schema v1 and v2 did. */
async function putPerRecord(
  db: IDBPDatabase<WorldDB>,
  snap: Comparable,
  schemaVersion: number,
): Promise<void> {
  const tx = db.transaction([...PER_RECORD_STORES], 'readwrite');
  await Promise.all([
    tx.objectStore('meta').put({ schemaVersion, createdAt: 7, embedderId: snap.embedderId }, META_KEY),
    ...snap.tools.map((r) => tx.objectStore('tools').put(r)),
    ...snap.clusters.map((r) => tx.objectStore('clusters').put(r)),
    ...snap.nodes.map((r) => tx.objectStore('nodes').put(r)),
    ...snap.edges.map((r) => tx.objectStore('edges').put(r)),
    ...snap.traces.map((r) => tx.objectStore('traces').put(r)),
    ...Object.entries(snap.settings).map(([k, v]) => tx.objectStore('settings').put(v, k)),
    tx.done,
  ]);
}

/** Records in the overlay (per-record) stores of a database, read behind the store's back. */
async function overlayCount(name: string): Promise<number> {
  const db = await openDB<WorldDB>(name);
  try {
    let n = 0;
    for (const s of OVERLAY_STORES) n += await db.count(s);
    return n;
  } finally {
    db.close();
  }
}

async function rawNodes(name: string): Promise<GraphNode[]> {
  const db = await openDB<WorldDB>(name);
  try {
    return await db.getAll('nodes');
  } finally {
    db.close();
  }
}

async function checkpointHeader(name: string): Promise<CheckpointHeader | undefined> {
  const db = await openDB<WorldDB>(name);
  try {
    return (await db.get('checkpoint', CHECKPOINT_HEADER_KEY)) as CheckpointHeader | undefined;
  } finally {
    db.close();
  }
}

describe('IdbWorldStore', () => {
  it('migrates a v1 database, keeping its data and adding the models store and the seq index', async () => {
    const opts = fresh();
    const snap = (await handWorld()).snapshot(0);
    const v1 = await openOld(opts.name, 1);
    expect([...v1.objectStoreNames]).not.toContain('models');
    await putPerRecord(v1, withoutExportedAt(snap), 1);
    v1.close();

    const { store, load } = await openWorldStore(opts);
    expect(load.status).toBe('ok');
    if (load.status !== 'ok') return;
    expect(canonical(load.snapshot)).toEqual(canonical(withoutExportedAt(snap)));
    await store.putModel({ name: 'm', bytes: new Uint8Array([1]), manifest: {}, savedAt: 1 });
    expect((await store.getModel('m'))?.bytes).toEqual(new Uint8Array([1]));
    store.close();

    const upgraded = await openDB<WorldDB>(opts.name);
    expect(upgraded.version).toBe(CURRENT_VERSION);
    expect([...upgraded.objectStoreNames]).toContain('models');
    expect([...upgraded.objectStoreNames]).toContain('checkpoint');
    expect([...upgraded.transaction('traces').store.indexNames]).toContain('seq');
    expect(await upgraded.get('meta', META_KEY)).toEqual({
      schemaVersion: CURRENT_VERSION,
      createdAt: 7,
      embedderId: snap.embedderId,
    });
    upgraded.close();
  });

  it('migrates a v2 database: its records load as the overlay of an empty checkpoint', async () => {
    const opts = fresh();
    const snap = withoutExportedAt((await handWorld()).snapshot(0));
    const v2 = await openOld(opts.name, 2);
    expect([...v2.objectStoreNames]).not.toContain('checkpoint');
    await putPerRecord(v2, snap, 2);
    v2.close();
    const records =
      snap.tools.length +
      snap.clusters.length +
      snap.nodes.length +
      snap.edges.length +
      snap.traces.length +
      1;

    const { store, load } = await openWorldStore(opts);
    // Snapshots list records in key order, as the store does: equal, order included.
    expect(load).toEqual({ status: 'ok', snapshot: snap });
    expect(store.pendingRecords()).toBe(records);
    expect(await checkpointHeader(opts.name)).toBeUndefined();

    await store.compact(snap);
    expect(store.pendingRecords()).toBe(0);
    expect(await overlayCount(opts.name)).toBe(0);
    expect(await store.load()).toEqual({ status: 'ok', snapshot: snap });
    store.close();
    const reopened = await openWorldStore(opts);
    expect(reopened.load).toEqual({ status: 'ok', snapshot: snap });
    expect(reopened.store.pendingRecords()).toBe(0);
    reopened.store.close();
  });

  it('refuses a database from a newer version and leaves it untouched', async () => {
    const opts = fresh();
    const future = await openDB(opts.name, 99, { upgrade: (db) => void db.createObjectStore('hyperedges') });
    await future.put('hyperedges', { weight: 3 }, 'h1');
    future.close();

    const opening = openWorldStore(opts);
    await expect(opening).rejects.toBeInstanceOf(StoreTooNewError);
    const error = (await opening.catch((e: unknown) => e)) as StoreTooNewError;
    expect(error.name).toBe('StoreTooNewError');
    expect(error.foundVersion).toBe(99);
    expect(error.message).toMatch(/newer version of NaviAgent Web/);
    expect(error.message).toMatch(/NOT changed/);
    expect(error.message).toMatch(/Update NaviAgent Web|export/);

    const after = await openDB(opts.name);
    expect(after.version).toBe(99);
    expect([...after.objectStoreNames]).toEqual(['hyperedges']);
    expect(await after.get('hyperedges', 'h1')).toEqual({ weight: 3 });
    after.close();
  });

  /** Rewrites the checkpoint's first chunk of a part and the header's count to match. */
  const editCheckpoint =
    (part: 'nodes' | 'edges', edit: (records: unknown[]) => unknown[]) =>
    async (db: IDBPDatabase<WorldDB>) => {
      const records = edit((await db.get('checkpoint', [part, 0])) as unknown[]);
      const header = (await db.get('checkpoint', CHECKPOINT_HEADER_KEY)) as CheckpointHeader;
      await db.put('checkpoint', records, [part, 0]);
      await db.put(
        'checkpoint',
        { ...header, counts: { ...header.counts, [part]: records.length } },
        CHECKPOINT_HEADER_KEY,
      );
    };

  const corruptions: [string, (db: IDBPDatabase<WorldDB>, snap: Comparable) => Promise<unknown>, RegExp][] = [
    [
      'an edge to a missing node',
      (db) => db.put('edges', { ...edgeRecord('api:find_city', 'api:ghost') }),
      /"api:ghost", which is not in nodes/,
    ],
    [
      'a node without kind',
      (db, snap) => {
        const { kind: _, ...broken } = snap.nodes.find((n) => n.id === 'api:send_text')!;
        return db.put('nodes', broken as GraphNode);
      },
      /nodes\[\d+\] \("api:send_text"\) has no "kind"/,
    ],
    [
      'a checkpointed edge to a missing node',
      editCheckpoint('edges', (edges) => [...edges, edgeRecord('api:find_city', 'api:ghost')]),
      /edges\[\d+\] \("api:find_city\|api:ghost\|0"\) has target "api:ghost", which is not in nodes/,
    ],
    [
      'a checkpointed node without kind',
      editCheckpoint('nodes', (nodes) =>
        nodes.map((n) =>
          (n as GraphNode).id === 'api:send_text' ? { ...(n as GraphNode), kind: undefined } : n,
        ),
      ),
      /nodes\[\d+\] \("api:send_text"\) has no "kind"/,
    ],
    [
      'a checkpoint chunk missing',
      (db) => db.delete('checkpoint', ['edges', 0]),
      /the checkpoint holds 0 edges but its header says \d+/,
    ],
    [
      'a checkpoint chunk that is not a list',
      (db) => db.put('checkpoint', { edges: [] } as unknown as unknown[], ['edges', 0]),
      /the checkpoint chunk \["edges",0\] is not a list/,
    ],
    [
      'a checkpoint without its header',
      (db) => db.delete('checkpoint', CHECKPOINT_HEADER_KEY),
      /the checkpoint has records but no header/,
    ],
  ];

  it.each(corruptions)(
    'recovers from %s on a fresh database and keeps the old one',
    async (_label, corrupt, reason) => {
      const opts = fresh();
      const snap = (await handWorld()).snapshot(0);
      const first = await openWorldStore({ ...opts, now: () => 4242 });
      expect(first.load.status).toBe('empty');
      await first.store.replace(snap);
      first.store.close();
      const raw = await openDB<WorldDB>(opts.name, CURRENT_VERSION);
      await corrupt(raw, withoutExportedAt(snap));
      raw.close();
      const kept = await exportKeptStore(opts.name);

      const { store, load } = await openWorldStore({ ...opts, now: () => 4242 });
      expect(load).toEqual({ status: 'recovered', reason: expect.stringMatching(reason), keptAs: opts.name });
      expect(store.name).toBe(`${opts.name}-4242`);
      expect(await store.load()).toEqual({ status: 'empty' });
      store.close();

      expect((await indexedDB.databases()).map((d) => d.name)).toContain(opts.name);
      const dump = await exportKeptStore(opts.name);
      // Untouched: every store, checkpoint included, holds what it held before the recovery.
      expect(dump).toEqual(kept);
      expect(dump.database).toBe(opts.name);
      expect(Object.keys(dump.stores)).toContain('checkpoint');
      expect(dump.stores.checkpoint?.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify(dump))).toEqual(dump);

      const again = await openWorldStore(opts);
      expect(again.load.status).toBe('empty');
      expect(again.store.name).toBe(`${opts.name}-4242`);
      await again.store.replace(snap);
      again.store.close();
      const third = await openWorldStore(opts);
      expect(third.load.status).toBe('ok');
      third.store.close();
    },
  );

  it('writes a change in one transaction and loads it back', async () => {
    const opts = fresh();
    const world = ToolWorld.empty(new LexicalEmbedder(), { now });
    const { store, load } = await openWorldStore({ ...opts, embedderId: world.embedder.id });
    expect(load.status).toBe('empty');
    await store.write((await world.importTools(HAND_TOOLS)).change);
    for (const t of HAND_TRACES) {
      const out = await world.ingestTrace(t);
      world.setSetting('lastTrace', t.id);
      await store.write(out.change, { lastTrace: t.id });
    }
    const loaded = await store.load();
    expect(loaded.status).toBe('ok');
    if (loaded.status !== 'ok') return;
    expect(loaded.snapshot.embedderId).toBe(world.embedder.id);
    expect(canonical(loaded.snapshot)).toEqual(canonical(withoutExportedAt(world.snapshot(0))));
    expect(loaded.snapshot.traces.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4']);
    store.close();
  });

  it('loads a compacted world with the writes since laid over it, the newer records winning', async () => {
    const opts = fresh();
    const world = ToolWorld.empty(new LexicalEmbedder(), { now });
    const { store } = await openWorldStore({ ...opts, embedderId: world.embedder.id });
    await store.write((await world.importTools(HAND_TOOLS)).change);
    const [t1, t2, ...later] = HAND_TRACES;
    for (const t of [t1!, t2!]) await store.write((await world.ingestTrace(t)).change);
    world.setSetting('theme', 'dark');
    await store.write(emptyChange(), { theme: 'dark' });
    expect(store.pendingRecords()).toBeGreaterThan(0);

    // A copy: the snapshot shares record objects with the world, which later traces update in place.
    const checkpointed = structuredClone(world.snapshot(0));
    await store.compact(checkpointed);
    expect(store.pendingRecords()).toBe(0);
    expect(await overlayCount(opts.name)).toBe(0);

    let written = 0;
    for (const t of later) {
      const { change } = await world.ingestTrace(t);
      world.setSetting('lastTrace', t.id);
      await store.write(change, { lastTrace: t.id });
      written += Object.values(change).reduce((n, list) => n + list.length, 1);
    }
    expect(store.pendingRecords()).toBe(written);
    expect(await overlayCount(opts.name)).toBeLessThanOrEqual(written);

    // The test exercises an override: some record is in both, with a newer state in the overlay.
    const overlaid = await rawNodes(opts.name);
    const stale = overlaid.find((n) => {
      const old = checkpointed.nodes.find((c) => c.id === n.id);
      return old && JSON.stringify(old) !== JSON.stringify(n);
    });
    expect(stale).toBeDefined();

    const expected = withoutExportedAt(world.snapshot(0));
    const loaded = await store.load();
    // Key order, as ToolWorld.snapshot() lists records: equal, order included.
    expect(loaded).toEqual({ status: 'ok', snapshot: expected });
    if (loaded.status === 'ok')
      expect(loaded.snapshot.traces.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4']);
    store.close();

    const reopened = await openWorldStore(opts);
    expect(reopened.load).toEqual({ status: 'ok', snapshot: expected });
    expect(reopened.store.pendingRecords()).toBe(await overlayCount(opts.name));
    await reopened.store.compact(expected);
    expect(reopened.store.pendingRecords()).toBe(0);
    expect(await overlayCount(opts.name)).toBe(0);
    expect(await reopened.store.load()).toEqual({ status: 'ok', snapshot: expected });
    reopened.store.close();
  });

  it('merges the overlay into a checkpoint of many chunks in key order', async () => {
    const opts = fresh();
    const nodes: GraphNode[] = [];
    for (let i = 0; i < 3000; i++) nodes.push(nodeRecord(`api:t${i}`));
    const edges: GraphEdge[] = [];
    for (let i = 0; i < 5000; i++)
      edges.push(edgeRecord(`api:t${i % 3000}`, `api:t${(i * 7 + 1) % 3000}`, i));
    const base = {
      ...withoutExportedAt((await handWorld()).snapshot(0)),
      tools: [],
      clusters: [],
      traces: [],
    };
    const { store } = await openWorldStore(opts);
    await store.replace({ ...base, nodes, edges });
    const header = await checkpointHeader(opts.name);
    expect(header?.counts).toMatchObject({ nodes: 3000, edges: 5000 });

    const sorted = [...edges].sort((a, b) => (a.id < b.id ? -1 : 1));
    const changed = { ...sorted[CHECKPOINT_CHUNK + 17]!, nSucc: 999 };
    const added = [edgeRecord('api:t1', 'api:t2', 123_456), edgeRecord('api:t0', 'api:t0', 0)];
    const node = nodeRecord('api:t1500a');
    await store.write({ ...emptyChange(), nodes: [node], edges: [changed, ...added] });
    expect(store.pendingRecords()).toBe(4);

    const byId = new Map([...edges, changed, ...added].map((e) => [e.id, e]));
    const expectedEdges = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const loaded = await store.load();
    expect(loaded.status).toBe('ok');
    if (loaded.status !== 'ok') return;
    expect(loaded.snapshot.edges).toEqual(expectedEdges);
    expect(loaded.snapshot.edges.find((e) => e.id === changed.id)?.nSucc).toBe(999);
    expect(loaded.snapshot.nodes.map((n) => n.id)).toEqual([...nodes.map((n) => n.id), node.id].sort());
    store.close();
  });

  it('refuses to checkpoint a world that would not load, keeping the stored one', async () => {
    const opts = fresh();
    const snap = withoutExportedAt((await handWorld()).snapshot(0));
    const { store } = await openWorldStore(opts);
    await store.replace(snap);
    const dangling = { ...snap, edges: [...snap.edges, edgeRecord('api:find_city', 'api:ghost')] };
    await expect(store.compact(dangling)).rejects.toThrow(/could not be loaded again: .*"api:ghost"/);
    await expect(store.replace(dangling)).rejects.toThrow(/not in nodes/);
    expect(await store.load()).toEqual({ status: 'ok', snapshot: snap });
    store.close();
  });

  it('writes nothing of a change when one of its records cannot be stored', async () => {
    const opts = fresh();
    const { store } = await openWorldStore(opts);
    const good = (await handWorld()).snapshot(0).nodes[0]!;
    const bad = { ...good, id: undefined } as unknown as GraphNode;
    const change = { tools: [], clusters: [], nodes: [good, bad], edges: [], traces: [] };
    await expect(store.write(change)).rejects.toThrow();
    expect(await store.load()).toEqual({ status: 'empty' });
    store.close();
  });

  it('round-trips a world through export, import, the store and back, unchanged', async () => {
    const opts = fresh();
    const exportedAt = 5000;
    const first = (await handWorld()).snapshot(exportedAt);

    const parsed = parseWorldFile(JSON.parse(serializeWorld(first)));
    expect(parsed).toEqual(first);

    const { store } = await openWorldStore(opts);
    await store.replace(parsed);
    const loaded = await store.load();
    expect(loaded.status).toBe('ok');
    if (loaded.status !== 'ok') return;
    const restored = await ToolWorld.fromSnapshot({ ...loaded.snapshot, exportedAt }, new LexicalEmbedder(), {
      now,
    });
    const second = restored.snapshot(exportedAt);
    // Snapshots list records in key order, so the round trip is identical, order included.
    expect(second).toEqual(first);

    await store.replace(second);
    const reloaded = await store.load();
    expect(reloaded.status === 'ok' && reloaded.snapshot).toEqual(withoutExportedAt(second));
    store.close();
  });

  it('keeps model bytes as a Uint8Array and keeps models across a world replace', async () => {
    const opts = fresh();
    const { store } = await openWorldStore(opts);
    const bytes = new Uint8Array(new Float32Array([0.5, -1, 3.25]).buffer);
    await store.putModel({ name: 'hgt', bytes, manifest: { dims: [3], dtype: 'float32' }, savedAt: 9 });
    await store.replace((await handWorld()).snapshot(0));
    const model = await store.getModel('hgt');
    expect(model?.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(new Float32Array(model!.bytes.buffer))).toEqual([0.5, -1, 3.25]);
    expect(model?.manifest).toEqual({ dims: [3], dtype: 'float32' });
    expect(await store.getModel('absent')).toBeUndefined();
    store.close();

    const { stores } = (await exportKeptStore(opts.name)) as {
      stores: Record<string, { value: { bytes: unknown } }[]>;
    };
    expect(stores.models?.[0]?.value.bytes).toEqual({ $type: 'Uint8Array', base64: 'AAAAPwAAgL8AAFBA' });
  });

  it('works on the IDBFactory it is given', async () => {
    const factory = new IDBFactory();
    const opts = { ...fresh(), indexedDB: factory };
    const { store } = await openWorldStore(opts);
    await store.replace((await handWorld()).snapshot(0));
    store.close();
    const reopened = await openWorldStore(opts);
    expect(reopened.load.status).toBe('ok');
    reopened.store.close();
    const { stores } = await exportKeptStore(opts.name, { indexedDB: factory });
    const header = stores.checkpoint?.find((r) => JSON.stringify(r.key) === '["header",0]');
    expect((header?.value as CheckpointHeader).counts.tools).toBe(HAND_TOOLS.length);
    expect((header?.value as CheckpointHeader).settings).toEqual({ theme: 'dark' });
    expect(stores.tools).toEqual([]);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(opts.name);
  });

  it('refuses to export a store that does not exist, without creating it', async () => {
    const opts = fresh();
    await expect(exportKeptStore(opts.name)).rejects.toThrow(/no saved store named/);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(opts.name);
  });

  it('reports a typed error when an older tab blocks the upgrade', async () => {
    const opts = fresh();
    const old = await openDB<WorldDB>(opts.name, 1, { upgrade: (db, _o, _n, tx) => MIGRATIONS[0]!(db, tx) });
    await expect(openWorldStore(opts)).rejects.toBeInstanceOf(StoreBlockedError);
    old.close();
  });

  it('lets go of the database when a newer tab upgrades it', async () => {
    const opts = fresh();
    let lost = 0;
    const { store } = await openWorldStore({ ...opts, onClosedByOtherTab: () => lost++ });
    const newer = await openDB(opts.name, CURRENT_VERSION + 1);
    expect(lost).toBe(1);
    await expect(store.load()).rejects.toBeInstanceOf(StoreClosedError);
    newer.close();
  });

  it('cold-loads a 24k-edge world in under a second', async () => {
    const opts = fresh();
    const nodes: GraphNode[] = [];
    for (let i = 0; i < 3000; i++) nodes.push(nodeRecord(`api:t${i}`));
    const edges: GraphEdge[] = [];
    for (let i = 0; edges.length < 24_000; i++)
      edges.push(edgeRecord(`api:t${i % 3000}`, `api:t${(i * 7 + 1) % 3000}`, i));
    const { store } = await openWorldStore(opts);
    const snapshot = {
      ...(await handWorld()).snapshot(0),
      tools: [],
      clusters: [],
      nodes,
      edges,
      traces: [],
    };
    await store.replace(snapshot);
    store.close();

    const started = performance.now();
    const { store: reopened, load } = await openWorldStore(opts);
    const elapsed = performance.now() - started;
    expect(load.status === 'ok' && load.snapshot.edges.length).toBe(24_000);
    expect(elapsed).toBeLessThan(1000);
    reopened.close();
  });
});

function nodeRecord(id: string): GraphNode {
  return {
    id,
    kind: 'api',
    label: id,
    tool: id.slice(4),
    nSucc: 1,
    nFail: 0,
    addedAt: 1,
    lastUsedAt: null,
    active: true,
    prunedAt: null,
    pruneScore: null,
  };
}

function edgeRecord(source: string, target: string, n = 0): GraphEdge {
  return {
    id: `${source}|${target}|${n}`,
    source,
    target,
    relation: 'api->api',
    kind: 'behavioural',
    nSucc: n,
    nFail: 0,
    wEvolved: null,
    addedAt: 1,
    lastUsedAt: null,
  };
}

describe('parseWorldFile', () => {
  const valid = async () =>
    JSON.parse(serializeWorld((await handWorld()).snapshot(1))) as Record<string, unknown>;

  const rejects = (json: unknown, message: RegExp) => {
    expect(() => parseWorldFile(json)).toThrow(WorldFileError);
    expect(() => parseWorldFile(json)).toThrow(message);
  };

  it('accepts an export', async () => {
    expect(parseWorldFile(await valid()).tools).toHaveLength(HAND_TOOLS.length);
  });

  it('rejects what is not an object', () => {
    rejects([1, 2], /holds one JSON object, but this file holds a list/);
    rejects('world', /holds one JSON object, but this file holds a string/);
    rejects(null, /holds one JSON object, but this file holds null/);
  });

  it('rejects another format', async () => {
    rejects(
      { ...(await valid()), format: 'openai-tools' },
      /not a NaviAgent world file: it has format "openai-tools"/,
    );
    rejects({ tools: [] }, /not a NaviAgent world file: it has no "format"/);
  });

  it('rejects a newer format version, saying to update', async () => {
    rejects(
      { ...(await valid()), formatVersion: WORLD_FORMAT_VERSION + 1 },
      new RegExp(
        `written by a newer version of NaviAgent Web \\(world format ${WORLD_FORMAT_VERSION + 1}.*Update NaviAgent Web`,
      ),
    );
    rejects({ ...(await valid()), formatVersion: 'one' }, /no valid "formatVersion"/);
  });

  it('rejects a missing list', async () => {
    const { edges: _, ...noEdges } = await valid();
    rejects(noEdges, /incomplete: its "edges" list is missing/);
    rejects({ ...(await valid()), traces: {} }, /incomplete: its "traces" list is an object/);
  });

  it('rejects a dangling edge', async () => {
    const json = await valid();
    json.edges = [...(json.edges as unknown[]), edgeRecord('api:find_city', 'param:404')];
    rejects(
      json,
      /damaged: edges\[\d+\] \("api:find_city\|param:404\|0"\) has target "param:404", which is not in nodes/,
    );
  });

  it('rejects a record of the wrong shape', async () => {
    const json = await valid();
    const nodes = json.nodes as Record<string, unknown>[];
    nodes[0] = { ...nodes[0], nSucc: '3' };
    rejects(json, /damaged: nodes\[0\] \("api:find_city"\)\.nSucc must be a number/);
  });
});

describe('IdbWorldStore: model swaps and held transactions (issue 21)', () => {
  const model = (name: string, savedAt: number) => ({
    name,
    bytes: new Uint8Array([savedAt % 256]),
    manifest: { savedAt },
    savedAt,
  });

  it('writes a model swap in one transaction: a failing second write leaves both models as they were', async () => {
    const { store } = await openWorldStore(fresh());
    await store.putModels([model('m.previous', 1), model('m', 2)]);
    // The new model cannot be stored (a function does not clone): the copy of "m" to "m.previous", issued
    // first in the same transaction, is undone with it.
    const bad = { ...model('m', 3), manifest: { f: () => 1 } as Record<string, unknown> };
    await expect(store.putModels([model('m.previous', 2), bad])).rejects.toThrow();
    expect((await store.getModel('m'))!.savedAt).toBe(2);
    expect((await store.getModel('m.previous'))!.savedAt).toBe(1);
    await store.putModels([model('m.previous', 2), model('m', 3)]);
    expect((await store.getModel('m'))!.savedAt).toBe(3);
    expect((await store.getModel('m.previous'))!.savedAt).toBe(2);
    store.close();
  });

  it('holds a swap open after its first write until released, then commits both', async () => {
    const opts = fresh();
    const { store } = await openWorldStore(opts);
    await store.putModels([model('m', 1)]);
    let held = false;
    const release = store.holdModelSwap(() => (held = true));
    const swap = store.putModels([model('m.previous', 1), model('m', 2)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(held).toBe(true);
    release();
    await swap;
    expect((await store.getModel('m'))!.savedAt).toBe(2);
    expect((await store.getModel('m.previous'))!.savedAt).toBe(1);
    store.close();
  });

  it('holds a checkpoint open before its header; released, it commits as usual', async () => {
    const opts = fresh();
    const { store } = await openWorldStore(opts);
    const world = await handWorld();
    await store.write((await world.ingestTrace({ ...HAND_TRACES[0]!, id: 'held-1' })).change);
    expect(store.pendingRecords()).toBeGreaterThan(0);
    let held = false;
    const release = store.holdCheckpoint(() => (held = true));
    const compaction = store.compact(world.snapshot());
    await new Promise((r) => setTimeout(r, 20));
    expect(held).toBe(true);
    release();
    await compaction;
    expect(store.pendingRecords()).toBe(0);
    expect(await overlayCount(store.name)).toBe(0);
    const load = await store.load();
    expect(load.status === 'ok' && load.snapshot.traces.some((t) => t.id === 'held-1')).toBe(true);
    store.close();
  });
});

import type { IDBPDatabase } from 'idb';
import { worldRecordsProblem, type WorldRecords } from '../core/world/world-file';
import { WORLD_FORMAT, WORLD_FORMAT_VERSION, type WorldSnapshot } from '../core/world/world-snapshot';
import {
  CHECKPOINT_PARTS,
  META_KEY,
  WORLD_STORES,
  type CheckpointHeader,
  type CheckpointPart,
  type WorldDB,
  type WorldMeta,
} from './db-schema';

export type WorldRead =
  | { status: 'empty' }
  | { status: 'ok'; snapshot: Omit<WorldSnapshot, 'exportedAt'> }
  | { status: 'invalid'; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function metaProblem(meta: unknown): string | undefined {
  if (meta === undefined) return 'the world has records but no meta record';
  const m = meta as Partial<Record<keyof WorldMeta, unknown>> | null;
  if (typeof m !== 'object' || m === null) return 'the meta record is not an object';
  if (
    typeof m.schemaVersion !== 'number' ||
    typeof m.createdAt !== 'number' ||
    typeof m.embedderId !== 'string'
  ) {
    return 'the meta record lacks schemaVersion, createdAt or embedderId';
  }
  return undefined;
}

function headerProblem(header: unknown): string | undefined {
  if (!isObject(header)) return 'the checkpoint header is not an object';
  const counts = header.counts;
  if (
    typeof header.savedAt !== 'number' ||
    typeof header.embedderId !== 'string' ||
    !isObject(header.settings) ||
    !isObject(counts) ||
    CHECKPOINT_PARTS.some((p) => typeof counts[p] !== 'number')
  ) {
    return 'the checkpoint header lacks savedAt, embedderId, settings or a count per part';
  }
  return undefined;
}

interface Checkpoint {
  header: CheckpointHeader | undefined;
  parts: WorldRecords;
}

/** Regroups the checkpoint's records (in key order: parts by name, chunks by index) into its lists. */
function unpack(keys: unknown[], values: unknown[]): Checkpoint | string {
  const chunks: Record<CheckpointPart, unknown[][]> = {
    tools: [],
    clusters: [],
    nodes: [],
    edges: [],
    traces: [],
  };
  let header: unknown;
  for (const [i, key] of keys.entries()) {
    const [name, index] = Array.isArray(key) ? (key as unknown[]) : [];
    const value = values[i];
    if (name === 'header' && index === 0) {
      header = value;
    } else if ((CHECKPOINT_PARTS as readonly unknown[]).includes(name) && typeof index === 'number') {
      if (!Array.isArray(value)) return `the checkpoint chunk ${JSON.stringify(key)} is not a list`;
      chunks[name as CheckpointPart].push(value);
    } else {
      return `the checkpoint has a record under the unknown key ${JSON.stringify(key)}`;
    }
  }
  const parts = Object.fromEntries(
    CHECKPOINT_PARTS.map((p) => [p, chunks[p].flat()]),
  ) as unknown as WorldRecords;
  if (header === undefined) {
    return keys.length > 0 ? 'the checkpoint has records but no header' : { header: undefined, parts };
  }
  const problem = headerProblem(header);
  if (problem) return problem;
  const h = header as CheckpointHeader;
  for (const p of CHECKPOINT_PARTS) {
    if (parts[p].length !== h.counts[p]) {
      return `the checkpoint holds ${parts[p].length} ${p} but its header says ${h.counts[p]}`;
    }
  }
  return { header: h, parts };
}

type Key = string | number | undefined;
/** Keys of records not yet validated: anything but a string or number is no key (and compares safely). */
const keyOf = (v: unknown): Key => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
const field = (r: unknown, name: string): unknown => (isObject(r) ? r[name] : undefined);
const compareKeys = (a: Key, b: Key): number =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : a > b ? 1 : 0;

interface Order {
  /** What makes an overlay record replace a checkpoint record. */
  key: (r: unknown) => Key;
  /** The order IndexedDB hands the store's records back in, which `ToolWorld.snapshot()` also uses. */
  compare: (a: unknown, b: unknown) => number;
}

const byKey = (key: (r: unknown) => Key): Order => ({ key, compare: (a, b) => compareKeys(key(a), key(b)) });
const traceId = (r: unknown) => keyOf(field(r, 'id'));

const ORDERS: Record<CheckpointPart, Order> = {
  tools: byKey((r) => keyOf(field(field(r, 'tool'), 'name'))),
  clusters: byKey((r) => keyOf(field(r, 'id'))),
  nodes: byKey((r) => keyOf(field(r, 'id'))),
  edges: byKey((r) => keyOf(field(r, 'id'))),
  // The seq index orders by seq, then by primary key.
  traces: {
    key: traceId,
    compare: (a, b) =>
      compareKeys(keyOf(field(a, 'seq')), keyOf(field(b, 'seq'))) || compareKeys(traceId(a), traceId(b)),
  },
};

function inOrder(list: unknown[], compare: Order['compare']): unknown[] {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1], list[i]) > 0) return [...list].sort(compare);
  return list;
}

/**
 * The checkpoint's records with the overlay's laid over them: an overlay record replaces the checkpoint
 * record with its key. Linear when both come in order, as they do from IndexedDB and from a snapshot.
 * Repeated keys within the checkpoint are kept, for validation to report.
 */
function overlay(base: unknown[], over: unknown[], order: Order): unknown[] {
  if (over.length === 0) return inOrder(base, order.compare);
  if (base.length === 0) return inOrder(over, order.compare);
  const replaced = new Set(over.map(order.key));
  const a = inOrder(
    base.filter((r) => !replaced.has(order.key(r))),
    order.compare,
  );
  const b = inOrder(over, order.compare);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(order.compare(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/**
 * Reads the whole world in one transaction and validates it: the checkpoint (a few large records) and the
 * overlay (one record per change since), every request issued at once, then merged. Records come back in
 * key order; traces in `seq` order.
 */
export async function readWorld(db: IDBPDatabase<WorldDB>): Promise<WorldRead> {
  const missing = WORLD_STORES.find((s) => !db.objectStoreNames.contains(s));
  if (missing) return { status: 'invalid', reason: `the database has no "${missing}" store` };

  const tx = db.transaction([...WORLD_STORES], 'readonly');
  const traceStore = tx.objectStore('traces');
  const checkpoint = tx.objectStore('checkpoint');
  const [meta, packedKeys, packed, tools, clusters, nodes, edges, traces, settingKeys, settingValues] =
    await Promise.all([
      tx.objectStore('meta').get(META_KEY),
      checkpoint.getAllKeys(),
      checkpoint.getAll(),
      tx.objectStore('tools').getAll(),
      tx.objectStore('clusters').getAll(),
      tx.objectStore('nodes').getAll(),
      tx.objectStore('edges').getAll(),
      traceStore.indexNames.contains('seq') ? traceStore.index('seq').getAll() : traceStore.getAll(),
      tx.objectStore('settings').getAllKeys(),
      tx.objectStore('settings').getAll(),
      tx.done,
    ]);

  const base = unpack(packedKeys, packed);
  if (typeof base === 'string') return { status: 'invalid', reason: base };
  const over: WorldRecords = { tools, clusters, nodes, edges, traces };
  const records = Object.fromEntries(
    CHECKPOINT_PARTS.map((p) => [p, overlay(base.parts[p], over[p], ORDERS[p])]),
  ) as unknown as Pick<WorldSnapshot, CheckpointPart>;

  const hasData = base.header !== undefined || CHECKPOINT_PARTS.some((p) => records[p].length > 0);
  const problem = (hasData ? metaProblem(meta) : undefined) ?? worldRecordsProblem(records);
  if (problem) return { status: 'invalid', reason: problem };
  // Never written is a fresh start (the demo world loads); a world someone loaded empty on purpose has a
  // checkpoint header and stays empty after a reload (it came back as the demo: second QA pass).
  if (base.header === undefined && records.tools.length === 0 && records.nodes.length === 0)
    return { status: 'empty' };

  return {
    status: 'ok',
    snapshot: {
      format: WORLD_FORMAT,
      formatVersion: WORLD_FORMAT_VERSION,
      embedderId: meta!.embedderId,
      tools: records.tools,
      clusters: records.clusters,
      nodes: records.nodes,
      edges: records.edges,
      traces: records.traces,
      settings: {
        ...base.header?.settings,
        ...Object.fromEntries(settingKeys.map((k, i) => [String(k), settingValues[i]])),
      },
    },
  };
}

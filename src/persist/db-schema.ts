import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { GraphEdge, GraphNode } from '../core/graph/graph-types';
import type { ParamCluster } from '../core/graph/param-standardizer';
import type { ToolRecord } from '../core/tools/catalogue';
import type { TraceRecord } from '../core/trace/trace';
import type { StoredModel } from '../core/world/world-store';

export const DEFAULT_WORLD_DB = 'naviagent-world';
export const CURRENT_VERSION = 3;
export const META_KEY = 'singleton';

export interface WorldMeta {
  /** Schema version that last wrote the data; lets an export say what it came from. */
  schemaVersion: number;
  createdAt: number;
  embedderId: string;
}

export interface WorldDB extends DBSchema {
  meta: { key: string; value: WorldMeta };
  tools: { key: string; value: ToolRecord };
  clusters: { key: number; value: ParamCluster };
  nodes: { key: string; value: GraphNode; indexes: { kind: string } };
  edges: { key: string; value: GraphEdge; indexes: { source: string; target: string } };
  /** The 'seq' index exists from v2 on. */
  traces: { key: string; value: TraceRecord; indexes: { seq: number } };
  settings: { key: string; value: unknown };
  /** From v2 on. */
  models: { key: string; value: StoredModel };
  /**
   * From v3 on: the world as of the last compaction, packed in a few large records (see CheckpointKey).
   * The per-record stores above (tools … settings) hold only what changed since: the overlay.
   */
  checkpoint: { key: CheckpointKey; value: CheckpointHeader | unknown[] };
}

/** The record lists a checkpoint packs, each in chunks of up to CHECKPOINT_CHUNK records. */
export const CHECKPOINT_PARTS = ['tools', 'clusters', 'nodes', 'edges', 'traces'] as const;
export type CheckpointPart = (typeof CHECKPOINT_PARTS)[number];

/**
 * `['header', 0]` for the header, `[part, i]` for the i-th chunk of a part. Reading thousands of small
 * records costs ~25 µs each in Chromium; a few large ones cost a tenth of that per record.
 */
export type CheckpointKey = [string, number];
export const CHECKPOINT_HEADER_KEY: CheckpointKey = ['header', 0];
export const CHECKPOINT_CHUNK = 2000;

export interface CheckpointHeader {
  savedAt: number;
  /** Records per part, so a load can tell a complete checkpoint from a damaged one. */
  counts: Record<CheckpointPart, number>;
  embedderId: string;
  settings: Record<string, unknown>;
}

export type WorldStoreName = StoreNames<WorldDB>;
export type UpgradeTx = IDBPTransaction<WorldDB, WorldStoreName[], 'versionchange'>;

/** Per-record stores: since v3 the overlay of changes since the checkpoint, emptied by a compaction. */
export const OVERLAY_STORES = ['tools', 'clusters', 'nodes', 'edges', 'traces', 'settings'] as const;

/** Stores that make up the world; `replace` clears exactly these (models outlive a world reset). */
export const WORLD_STORES = ['meta', ...OVERLAY_STORES, 'checkpoint'] as const;

/** One schema step: `MIGRATIONS[i]` takes a database from version i to i + 1. Never edit a shipped step. */
export type Migration = (db: IDBPDatabase<WorldDB>, tx: UpgradeTx) => void;

const toV1: Migration = (db) => {
  db.createObjectStore('meta');
  db.createObjectStore('tools', { keyPath: 'tool.name' });
  db.createObjectStore('clusters', { keyPath: 'id' });
  db.createObjectStore('nodes', { keyPath: 'id' }).createIndex('kind', 'kind');
  const edges = db.createObjectStore('edges', { keyPath: 'id' });
  edges.createIndex('source', 'source');
  edges.createIndex('target', 'target');
  db.createObjectStore('traces', { keyPath: 'id' });
  db.createObjectStore('settings');
};

const toV2: Migration = (db, tx) => {
  db.createObjectStore('models', { keyPath: 'name' });
  // Evolution windows take "the last N traces"; the index serves them without loading every trace.
  tx.objectStore('traces').createIndex('seq', 'seq');
};

const toV3: Migration = (db) => {
  // Keys are out of line (CheckpointKey). Existing records stay where they are, as the overlay of an empty
  // checkpoint, so a v2 world loads unchanged; the next compaction or replace packs it.
  db.createObjectStore('checkpoint');
};

export const MIGRATIONS: readonly Migration[] = [toV1, toV2, toV3];

/** The `upgrade` callback: runs every step after `oldVersion`, then stamps meta with the new version. */
export function upgradeWorldDb(
  db: IDBPDatabase<WorldDB>,
  oldVersion: number,
  newVersion: number | null,
  tx: UpgradeTx,
): void {
  const target = newVersion ?? CURRENT_VERSION;
  for (let v = oldVersion; v < target; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`No migration from schema ${v} to ${v + 1}`);
    step(db, tx);
  }
  const meta = tx.objectStore('meta');
  // A failure here aborts the upgrade transaction, which rejects the open; the catch only stops a duplicate
  // unhandled rejection.
  meta
    .get(META_KEY)
    .then((m) => (m ? meta.put({ ...m, schemaVersion: target }, META_KEY) : undefined))
    .catch(() => undefined);
}

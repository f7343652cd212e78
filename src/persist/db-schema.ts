import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { GraphEdge, GraphNode } from '../core/graph/graph-types';
import type { ParamCluster } from '../core/graph/param-standardizer';
import type { ToolRecord } from '../core/tools/catalogue';
import type { TraceRecord } from '../core/trace/trace';
import type { StoredModel } from '../core/world/world-store';

export const DEFAULT_WORLD_DB = 'naviagent-world';
export const CURRENT_VERSION = 2;
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
}

export type WorldStoreName = StoreNames<WorldDB>;
export type UpgradeTx = IDBPTransaction<WorldDB, WorldStoreName[], 'versionchange'>;

/** Stores that make up the world; `replace` clears exactly these (models outlive a world reset). */
export const WORLD_STORES = ['meta', 'tools', 'clusters', 'nodes', 'edges', 'traces', 'settings'] as const;

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

export const MIGRATIONS: readonly Migration[] = [toV1, toV2];

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

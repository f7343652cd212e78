import type { IDBPDatabase } from 'idb';
import { worldRecordsProblem } from '../core/world/world-file';
import { WORLD_FORMAT, WORLD_FORMAT_VERSION, type WorldSnapshot } from '../core/world/world-snapshot';
import { META_KEY, WORLD_STORES, type WorldDB, type WorldMeta } from './db-schema';

export type WorldRead =
  | { status: 'empty' }
  | { status: 'ok'; snapshot: Omit<WorldSnapshot, 'exportedAt'> }
  | { status: 'invalid'; reason: string };

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

/**
 * Reads the whole world in one transaction, one getAll per store so a 24k-edge world cold-loads in well
 * under a second, and validates it. Records come back in key order; traces in `seq` order.
 */
export async function readWorld(db: IDBPDatabase<WorldDB>): Promise<WorldRead> {
  const missing = WORLD_STORES.find((s) => !db.objectStoreNames.contains(s));
  if (missing) return { status: 'invalid', reason: `the database has no "${missing}" store` };

  const tx = db.transaction([...WORLD_STORES], 'readonly');
  const traceStore = tx.objectStore('traces');
  const [meta, tools, clusters, nodes, edges, traces, settingKeys, settingValues] = await Promise.all([
    tx.objectStore('meta').get(META_KEY),
    tx.objectStore('tools').getAll(),
    tx.objectStore('clusters').getAll(),
    tx.objectStore('nodes').getAll(),
    tx.objectStore('edges').getAll(),
    traceStore.indexNames.contains('seq') ? traceStore.index('seq').getAll() : traceStore.getAll(),
    tx.objectStore('settings').getAllKeys(),
    tx.objectStore('settings').getAll(),
    tx.done,
  ]);

  const hasData = tools.length + clusters.length + nodes.length + edges.length + traces.length > 0;
  const problem =
    (hasData ? metaProblem(meta) : undefined) ??
    worldRecordsProblem({ tools, clusters, nodes, edges, traces });
  if (problem) return { status: 'invalid', reason: problem };
  if (tools.length === 0 && nodes.length === 0) return { status: 'empty' };

  return {
    status: 'ok',
    snapshot: {
      format: WORLD_FORMAT,
      formatVersion: WORLD_FORMAT_VERSION,
      embedderId: meta!.embedderId,
      tools,
      clusters,
      nodes,
      edges,
      traces,
      settings: Object.fromEntries(settingKeys.map((k, i) => [String(k), settingValues[i]])),
    },
  };
}

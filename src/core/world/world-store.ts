import type { WorldChange, WorldSnapshot } from './world-snapshot';

/** What opening the store found. */
export type WorldLoad =
  | { status: 'empty' }
  | { status: 'ok'; snapshot: Omit<WorldSnapshot, 'exportedAt'> }
  /**
   * The stored world failed validation. The app runs on a fresh store; the old one is kept under
   * `keptAs` so the user can export it. `reason` says what was wrong.
   */
  | { status: 'recovered'; reason: string; keptAs: string };

/** A model file kept for a later issue (HGT, DTDR head, layer predictor): bytes plus its manifest. */
export interface StoredModel {
  name: string;
  bytes: Uint8Array;
  manifest: Record<string, unknown>;
  savedAt: number;
}

/**
 * Persistence of the Tool World, behind an interface so core and UI never import IndexedDB.
 * Implemented in src/persist (IndexedDB via idb); tests may use an in-memory one.
 */
export interface WorldStore {
  load(): Promise<WorldLoad>;
  /**
   * Writes one change (one trace's updates, one import) in a single transaction. It is kept as records
   * changed since the last checkpoint, which make every later load slower until `compact` folds them in.
   */
  write(change: WorldChange, settings?: Record<string, unknown>): Promise<void>;
  /** Replaces the whole world in a single transaction (world import, reset), as a new checkpoint. */
  replace(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void>;
  /**
   * Makes `snapshot` the checkpoint and drops the records written since the last one, in a single
   * transaction. `snapshot` must hold every change whose `write` was called before this call; calls take
   * effect in the order they are made, so writes called after land on top of the new checkpoint.
   */
  compact(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void>;
  /**
   * Records written since the last checkpoint (counted on open, then per write; a record rewritten counts
   * again): the app compacts when it grows large. Zero right after `replace` or `compact`.
   */
  pendingRecords(): number;
  putModel(model: StoredModel): Promise<void>;
  getModel(name: string): Promise<StoredModel | undefined>;
  close(): void;
}

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
  /** Writes one change (one trace's updates, one import) in a single transaction. */
  write(change: WorldChange, settings?: Record<string, unknown>): Promise<void>;
  /** Replaces the whole world in a single transaction (world import, reset). */
  replace(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void>;
  putModel(model: StoredModel): Promise<void>;
  getModel(name: string): Promise<StoredModel | undefined>;
  close(): void;
}

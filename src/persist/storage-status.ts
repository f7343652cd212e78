import type { WorldStore } from '../core/world/world-store';
import { StorageFullError } from './storage-full-error';

/**
 * What the browser says about this site's storage: whether it is persistent (not evicted under pressure) and
 * how much is used of the quota. Every call degrades to `null` where the API is missing.
 */
export interface StorageFacts {
  /** Result of `navigator.storage.persisted()` / `persist()`; null when the API is unavailable. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

const manager = (): StorageManagerLike | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined);

/** Asks for persistent storage once (Chromium grants it silently to installed or engaged sites). */
export async function requestPersistence(): Promise<boolean | null> {
  const m = manager();
  try {
    if (m?.persisted && (await m.persisted())) return true;
    return m?.persist ? await m.persist() : null;
  } catch {
    return null;
  }
}

export async function storageFacts(): Promise<StorageFacts> {
  const m = manager();
  let persisted: boolean | null = null;
  let usage: number | null = null;
  let quota: number | null = null;
  try {
    persisted = m?.persisted ? await m.persisted() : null;
  } catch {
    /* unavailable */
  }
  try {
    const e = m?.estimate ? await m.estimate() : undefined;
    usage = e?.usage ?? null;
    quota = e?.quota ?? null;
  } catch {
    /* unavailable */
  }
  return { persisted, usage, quota };
}

/** `12.3 MB`: sizes as the status line shows them. */
export function formatBytes(n: number | null): string {
  if (n === null) return '?';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/**
 * The store, reporting a write the browser refused for space (StorageFullError) before rethrowing it, so the
 * status line can offer export and cleanup. Nothing else changes.
 */
export function withFullReport<S extends WorldStore>(
  store: S,
  onFull: (message: string) => void,
): WorldStore {
  const report = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      if (StorageFullError.isInstance(e)) onFull(e.message);
      throw e;
    }
  };
  return {
    load: () => store.load(),
    write: (change, settings) => report(() => store.write(change, settings)),
    replace: (snapshot) => report(() => store.replace(snapshot)),
    compact: (snapshot) => report(() => store.compact(snapshot)),
    pendingRecords: () => store.pendingRecords(),
    putModel: (model) => report(() => store.putModel(model)),
    getModel: (name) => store.getModel(name),
    close: () => store.close(),
  };
}

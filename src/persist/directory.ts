import type { DBSchema, IDBPDatabase } from 'idb';
import { openDatabase } from './open-db';

export const DEFAULT_DIRECTORY_DB = 'naviagent-directory';

/** A world database that failed validation and is kept, untouched, for the user to export. */
export interface KeptStore {
  name: string;
  reason: string;
  keptAt: number;
}

/** Which database currently holds the world that a base name (e.g. `naviagent-world`) stands for. */
export interface DirectoryEntry {
  active: string;
  kept: KeptStore[];
}

interface DirectoryDB extends DBSchema {
  active: { key: string; value: DirectoryEntry };
}

const VERSION = 1;

function openDirectory(factory: IDBFactory, name: string): Promise<IDBPDatabase<DirectoryDB>> {
  return openDatabase<DirectoryDB>(factory, name, {
    version: VERSION,
    upgrade: (db, oldVersion) => {
      if (oldVersion < 1) db.createObjectStore('active');
    },
  });
}

/** Where the world for `base` lives; a base never recovered lives under its own name. */
export async function readDirectory(
  factory: IDBFactory,
  directory: string,
  base: string,
): Promise<DirectoryEntry> {
  const db = await openDirectory(factory, directory);
  try {
    return (await db.get('active', base)) ?? { active: base, kept: [] };
  } finally {
    db.close();
  }
}

/** A name no database of this base has used, so a fresh world never lands on kept data. */
function freshName(base: string, entry: DirectoryEntry, at: number): string {
  const used = new Set([base, entry.active, ...entry.kept.map((k) => k.name)]);
  let name = `${base}-${at}`;
  for (let i = 1; used.has(name); i++) name = `${base}-${at}-${i}`;
  return name;
}

/**
 * Keeps `invalid` aside and makes a fresh database active, in one transaction. When another tab already
 * did so, its choice stands and is returned, so two tabs never end up on different worlds.
 */
export async function retireActive(
  factory: IDBFactory,
  directory: string,
  base: string,
  invalid: string,
  reason: string,
  at: number,
): Promise<string> {
  const db = await openDirectory(factory, directory);
  try {
    const tx = db.transaction('active', 'readwrite');
    const entry = (await tx.store.get(base)) ?? { active: base, kept: [] };
    if (entry.active !== invalid) {
      await tx.done;
      return entry.active;
    }
    const next: DirectoryEntry = {
      active: freshName(base, entry, at),
      kept: [...entry.kept, { name: invalid, reason, keptAt: at }],
    };
    await Promise.all([tx.store.put(next, base), tx.done]);
    return next.active;
  } finally {
    db.close();
  }
}

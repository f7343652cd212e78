import { jsonable } from './jsonable';
import { openDatabase } from './open-db';

export interface KeptStoreDump {
  format: 'naviagent-kept-store';
  database: string;
  version: number;
  /** Every record of every store, as stored; keys kept since some stores have no key path. */
  stores: Record<string, { key: unknown; value: unknown }[]>;
}

/**
 * Dumps a database as it is, for download, whatever its schema: it is kept precisely because it does not
 * read as a valid world. Opens without a version so nothing is upgraded, and refuses to create a database
 * that does not exist.
 */
export async function exportKeptStore(
  name: string,
  options: { indexedDB?: IDBFactory } = {},
): Promise<KeptStoreDump> {
  const factory = options.indexedDB ?? indexedDB;
  let db;
  try {
    db = await openDatabase(factory, name, {
      upgrade: (_db, oldVersion, _new, tx) => oldVersion === 0 && tx.abort(),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError')
      throw new Error(`There is no saved store named "${name}" to export.`);
    throw e;
  }
  try {
    const names = [...db.objectStoreNames];
    const stores: KeptStoreDump['stores'] = {};
    if (names.length > 0) {
      const tx = db.transaction(names, 'readonly');
      const read = names.map(async (s) => {
        const [keys, values] = await Promise.all([
          tx.objectStore(s).getAllKeys(),
          tx.objectStore(s).getAll(),
        ]);
        stores[s] = keys.map((key, i) => ({ key: jsonable(key), value: jsonable(values[i]) }));
      });
      await Promise.all([...read, tx.done]);
    }
    return { format: 'naviagent-kept-store', database: name, version: db.version, stores };
  } finally {
    db.close();
  }
}

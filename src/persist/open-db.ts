import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { StoreBlockedError } from './store-blocked-error';
import { StoreTooNewError } from './store-too-new-error';

export interface OpenOptions<T extends DBSchema> {
  /** Omit to open an existing database at whatever version it has. */
  version?: number;
  upgrade?: (
    db: IDBPDatabase<T>,
    oldVersion: number,
    newVersion: number | null,
    tx: IDBPTransaction<T, StoreNames<T>[], 'versionchange'>,
  ) => void;
  /** Called after this connection closed itself so another tab could upgrade or delete the database. */
  onVersionChange?: () => void;
}

/** The version a database has on disk, when the factory can say without opening it. */
async function versionOnDisk(factory: IDBFactory, name: string): Promise<number | undefined> {
  try {
    return (await factory.databases()).find((d) => d.name === name)?.version;
  } catch {
    return undefined;
  }
}

/**
 * `idb`'s openDB, but on any IDBFactory (tests pass their own) and with typed failures: a newer on-disk
 * schema becomes StoreTooNewError, a blocked upgrade StoreBlockedError. Connections close themselves on
 * `versionchange`, so a newer tab's upgrade is never blocked by this one.
 */
export function openDatabase<T extends DBSchema>(
  factory: IDBFactory,
  name: string,
  options: OpenOptions<T> = {},
): Promise<IDBPDatabase<T>> {
  const { version, upgrade, onVersionChange } = options;
  return new Promise((resolve, reject) => {
    const request = version === undefined ? factory.open(name) : factory.open(name, version);
    let gaveUp = false;

    request.onupgradeneeded = (event) => {
      const db = wrap(request.result) as unknown as IDBPDatabase<T>;
      const tx = wrap(request.transaction!) as unknown as IDBPTransaction<
        T,
        StoreNames<T>[],
        'versionchange'
      >;
      // An aborted upgrade already fails the open request; its transaction's promise would be a second report.
      tx.done.catch(() => undefined);
      try {
        upgrade?.(db, event.oldVersion, event.newVersion, tx);
      } catch (e) {
        request.transaction?.abort();
        reject(e);
      }
    };
    request.onblocked = () => {
      // The request cannot be cancelled; it completes once the other tab lets go, and is closed then.
      gaveUp = true;
      reject(new StoreBlockedError(name));
    };
    request.onerror = () => {
      const error = request.error;
      if (error?.name === 'VersionError') {
        void versionOnDisk(factory, name).then((found) =>
          reject(new StoreTooNewError(name, version ?? 0, found)),
        );
      } else {
        reject(error ?? new Error(`Could not open "${name}"`));
      }
    };
    request.onsuccess = () => {
      const raw = request.result;
      if (gaveUp) {
        raw.close();
        return;
      }
      raw.onversionchange = () => {
        raw.close();
        onVersionChange?.();
      };
      resolve(wrap(raw) as unknown as IDBPDatabase<T>);
    };
  });
}

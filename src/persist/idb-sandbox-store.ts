import type { DBSchema, IDBPDatabase } from 'idb';
import type { SandboxState } from '../core/sandbox/sandbox-state';
import type { SandboxStore } from '../core/sandbox/sandbox-store';
import { openDatabase } from './open-db';

/**
 * The sandbox in IndexedDB: its own database, apart from the Tool World's, so resetting or clearing the
 * sandbox can never touch the world (and the world's schema migrations never touch the sandbox). The
 * state is one record, rewritten whole on each save: it is a few dozen kilobytes, and one put is one
 * transaction whose success means the change is on disk.
 */

export const SANDBOX_DB_NAME = 'naviagent-sandbox';
export const SANDBOX_DB_VERSION = 1;
const STORE = 'state';
const KEY = 'current';

interface SandboxDB extends DBSchema {
  state: { key: string; value: SandboxState };
}

export interface OpenSandboxStoreOptions {
  /** Database name; tests use their own. Defaults to `naviagent-sandbox`. */
  name?: string;
  /** Defaults to the global `indexedDB`. */
  indexedDB?: IDBFactory;
  /** Called when this tab let go of the database so a newer version in another tab could upgrade it. */
  onClosedByOtherTab?: () => void;
}

export class IdbSandboxStore implements SandboxStore {
  readonly label = 'sandbox (IndexedDB)';
  private closed = false;

  private constructor(
    private readonly db: IDBPDatabase<SandboxDB>,
    readonly name: string,
  ) {}

  static async open(options: OpenSandboxStoreOptions = {}): Promise<IdbSandboxStore> {
    const name = options.name ?? SANDBOX_DB_NAME;
    // The connection closes itself on `versionchange` before the store object exists to be told.
    const opened: { store?: IdbSandboxStore } = {};
    const db = await openDatabase<SandboxDB>(options.indexedDB ?? indexedDB, name, {
      version: SANDBOX_DB_VERSION,
      upgrade: (database, oldVersion) => {
        if (oldVersion < 1) database.createObjectStore(STORE);
      },
      onVersionChange: () => {
        if (opened.store) opened.store.closed = true;
        options.onClosedByOtherTab?.();
      },
    });
    opened.store = new IdbSandboxStore(db, name);
    return opened.store;
  }

  async load(): Promise<SandboxState | undefined> {
    this.checkOpen();
    return this.db.get(STORE, KEY);
  }

  async save(state: SandboxState): Promise<void> {
    this.checkOpen();
    await this.db.put(STORE, state, KEY);
  }

  async clear(): Promise<void> {
    this.checkOpen();
    await this.db.delete(STORE, KEY);
  }

  close(): void {
    this.closed = true;
    this.db.close();
  }

  private checkOpen(): void {
    if (this.closed)
      throw new Error(
        `The sandbox database "${this.name}" is closed (possibly by a newer NaviAgent Web in another tab). ` +
          'Reload this tab; changes made since are not saved.',
      );
  }
}

/** Opens (creating on first use) the sandbox database. */
export const openSandboxStore = (options?: OpenSandboxStoreOptions): Promise<IdbSandboxStore> =>
  IdbSandboxStore.open(options);

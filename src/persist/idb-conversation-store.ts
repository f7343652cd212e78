import type { DBSchema, IDBPDatabase } from 'idb';
import type { ConversationRecord, ConversationStore } from '../app/agent/conversation-store';
import { openDatabase } from './open-db';

/**
 * Past chat turns in IndexedDB: their own database, apart from the Tool World's and the sandbox's, so
 * clearing the chat history touches neither (and their migrations never touch it). One record per turn,
 * listed newest first through the `startedAt` index; the oldest go once there are more than `keep`.
 */

export const CHAT_DB_NAME = 'naviagent-chat';
export const CHAT_DB_VERSION = 1;
const STORE = 'conversations';
const BY_TIME = 'startedAt';
const KEEP = 500;

interface ChatDB extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { startedAt: number } };
}

export interface OpenConversationStoreOptions {
  /** Database name; tests use their own. Defaults to `naviagent-chat`. */
  name?: string;
  indexedDB?: IDBFactory;
  /** Records kept (the oldest go first). Default 500. */
  keep?: number;
  onClosedByOtherTab?: () => void;
}

export class IdbConversationStore implements ConversationStore {
  private closed = false;

  private constructor(
    private readonly db: IDBPDatabase<ChatDB>,
    private readonly name: string,
    private readonly keep: number,
  ) {}

  static async open(options: OpenConversationStoreOptions = {}): Promise<IdbConversationStore> {
    const name = options.name ?? CHAT_DB_NAME;
    // The connection may be closed by another tab before the store object exists; the holder bridges that.
    const holder: { store?: IdbConversationStore } = {};
    const db = await openDatabase<ChatDB>(options.indexedDB ?? indexedDB, name, {
      version: CHAT_DB_VERSION,
      upgrade: (database, oldVersion) => {
        if (oldVersion < 1)
          database.createObjectStore(STORE, { keyPath: 'id' }).createIndex(BY_TIME, 'startedAt');
      },
      onVersionChange: () => {
        if (holder.store) holder.store.closed = true;
        options.onClosedByOtherTab?.();
      },
    });
    holder.store = new IdbConversationStore(db, name, options.keep ?? KEEP);
    return holder.store;
  }

  async list(limit: number): Promise<ConversationRecord[]> {
    this.checkOpen();
    const out: ConversationRecord[] = [];
    let cursor = await this.db.transaction(STORE).store.index(BY_TIME).openCursor(null, 'prev');
    while (cursor && out.length < limit) {
      out.push(cursor.value);
      cursor = await cursor.continue();
    }
    return out;
  }

  async put(record: ConversationRecord): Promise<void> {
    this.checkOpen();
    const tx = this.db.transaction(STORE, 'readwrite');
    await tx.store.put(record);
    const count = await tx.store.count();
    if (count > this.keep) {
      let cursor = await tx.store.index(BY_TIME).openCursor();
      for (let extra = count - this.keep; cursor && extra > 0; extra--) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    }
    await tx.done;
  }

  async delete(id: string): Promise<void> {
    this.checkOpen();
    await this.db.delete(STORE, id);
  }

  async clear(): Promise<void> {
    this.checkOpen();
    await this.db.clear(STORE);
  }

  close(): void {
    this.closed = true;
    this.db.close();
  }

  private checkOpen(): void {
    if (this.closed)
      throw new Error(
        `The chat history database "${this.name}" is closed (possibly by a newer NaviAgent Web in another tab). ` +
          'Reload this tab to keep saving conversations.',
      );
  }
}

/** Opens (creating on first use) the chat history database. */
export const openConversationStore = (
  options?: OpenConversationStoreOptions,
): Promise<IdbConversationStore> => IdbConversationStore.open(options);

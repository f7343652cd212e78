import type { IDBPDatabase } from 'idb';
import { worldRecordsProblem } from '../core/world/world-file';
import type { WorldChange, WorldSnapshot } from '../core/world/world-snapshot';
import type { StoredModel, WorldLoad, WorldStore } from '../core/world/world-store';
import { commit } from './commit';
import {
  CHECKPOINT_CHUNK,
  CHECKPOINT_HEADER_KEY,
  CHECKPOINT_PARTS,
  CURRENT_VERSION,
  DEFAULT_WORLD_DB,
  META_KEY,
  OVERLAY_STORES,
  WORLD_STORES,
  upgradeWorldDb,
  type CheckpointHeader,
  type CheckpointPart,
  type WorldDB,
  type WorldMeta,
  type WorldStoreName,
} from './db-schema';
import { DEFAULT_DIRECTORY_DB, readDirectory, retireActive } from './directory';
import { openDatabase } from './open-db';
import { readWorld } from './read-world';
import { StoreClosedError } from './store-closed-error';
import { isQuotaExceeded, StorageFullError } from './storage-full-error';

// The app's entry point imports everything persistence offers from here.
export { exportKeptStore, type KeptStoreDump } from './export-kept-store';

export interface OpenWorldStoreOptions {
  /** Base name of the world database; recovery moves the world to `<name>-<time>`. */
  name?: string;
  /** Defaults to the global `indexedDB`. */
  indexedDB?: IDBFactory;
  /** Database that records which database is active and which are kept. */
  directory?: string;
  /** Recorded in meta when a `write` comes before any `replace` (a `replace` brings its own). */
  embedderId?: string;
  now?: () => number;
  /** This tab let go of the database so a newer NaviAgent Web in another tab could upgrade it. */
  onClosedByOtherTab?: () => void;
}

type Resolved = Required<Omit<OpenWorldStoreOptions, 'onClosedByOtherTab'>> &
  Pick<OpenWorldStoreOptions, 'onClosedByOtherTab'>;

function connect(options: Resolved, name: string, onLost: () => void): Promise<IDBPDatabase<WorldDB>> {
  return openDatabase<WorldDB>(options.indexedDB, name, {
    version: CURRENT_VERSION,
    upgrade: upgradeWorldDb,
    onVersionChange: onLost,
  });
}

/** Records in the overlay stores: what a compaction would fold into the checkpoint. */
async function countOverlay(db: IDBPDatabase<WorldDB>): Promise<number> {
  const names = OVERLAY_STORES.filter((s) => db.objectStoreNames.contains(s));
  if (names.length === 0) return 0;
  const tx = db.transaction(names, 'readonly');
  const [counts] = await Promise.all([Promise.all(names.map((s) => tx.objectStore(s).count())), tx.done]);
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The Tool World in IndexedDB. The only code in the app that touches idb.
 *
 * Layout (schema v3): a checkpoint packs the whole world in a few large records, which Chromium reads ten
 * times faster than one record per graph element; the per-record stores hold what changed since (the
 * overlay), so a trace's write stays a few dozen small puts. `compact` folds the overlay into a new
 * checkpoint. See docs/architecture.md, "Persistence layout".
 */
export class IdbWorldStore implements WorldStore {
  private closed = false;
  /** Test hook (issue 21): the next checkpoint is held open before its header; see `holdCheckpoint`. */
  private held: { released: boolean; onHeld: () => void } | null = null;
  /** Test hook (issue 21): the next model swap is held open between its writes; see `holdModelSwap`. */
  private swapHeld: { released: boolean; onHeld: () => void } | null = null;

  private constructor(
    private db: IDBPDatabase<WorldDB>,
    private dbName: string,
    private readonly options: Resolved,
    /** Overlay records on open, plus every record written since; zero after a checkpoint. */
    private pending: number,
  ) {}

  static async open(options: OpenWorldStoreOptions = {}): Promise<IdbWorldStore> {
    const resolved: Resolved = {
      name: options.name ?? DEFAULT_WORLD_DB,
      indexedDB: options.indexedDB ?? indexedDB,
      directory: options.directory ?? DEFAULT_DIRECTORY_DB,
      embedderId: options.embedderId ?? '',
      now: options.now ?? (() => Date.now()),
      onClosedByOtherTab: options.onClosedByOtherTab,
    };
    const { active } = await readDirectory(resolved.indexedDB, resolved.directory, resolved.name);
    // The connection's close callback must reach a store that exists only once the connection does.
    const created: { store?: IdbWorldStore } = {};
    const db = await connect(resolved, active, () => created.store?.lost());
    try {
      created.store = new IdbWorldStore(db, active, resolved, await countOverlay(db));
    } catch (e) {
      db.close();
      throw e;
    }
    return created.store;
  }

  /** The database currently holding the world (differs from the base name after a recovery). */
  get name(): string {
    return this.dbName;
  }

  private lost(): void {
    this.closed = true;
    this.options.onClosedByOtherTab?.();
  }

  private live(): IDBPDatabase<WorldDB> {
    if (this.closed) throw new StoreClosedError(this.dbName);
    return this.db;
  }

  async load(): Promise<WorldLoad> {
    const read = await readWorld(this.live());
    if (read.status !== 'invalid') return read;

    const keptAs = this.dbName;
    const next = await retireActive(
      this.options.indexedDB,
      this.options.directory,
      this.options.name,
      keptAs,
      read.reason,
      this.options.now(),
    );
    this.db.close();
    this.db = await connect(this.options, next, () => this.lost());
    this.dbName = next;
    this.pending = 0;
    const fresh = await readWorld(this.db);
    // A fresh database cannot be invalid unless something else writes to it; recovering again could loop.
    if (fresh.status === 'invalid')
      throw new Error(`The fresh world store "${next}" is also unreadable: ${fresh.reason}`);
    return { status: 'recovered', reason: read.reason, keptAs };
  }

  async write(change: WorldChange, settings?: Record<string, unknown>): Promise<void> {
    const db = this.live();
    const names = new Set<WorldStoreName>(['meta']);
    for (const s of CHECKPOINT_PARTS) if (change[s].length > 0) names.add(s);
    if (settings && Object.keys(settings).length > 0) names.add('settings');
    if (names.size === 1) return;

    // Relaxed: the overlay write of one trace completes once the browser has it, not after the disk flush
    // (Chromium: ~50 ms → a few ms per trace; bench:world). A power loss may lose the last traces; a tab
    // crash does not. Checkpoints (`compact`, `replace`) keep the default durability.
    const tx = db.transaction([...names], 'readwrite', { durability: 'relaxed' });
    const meta = tx.objectStore('meta');
    const records = CHECKPOINT_PARTS.reduce(
      (n, s) => n + change[s].length,
      Object.keys(settings ?? {}).length,
    );
    this.pending += records;
    try {
      await commit(tx, (add) => {
        for (const r of change.tools) add(tx.objectStore('tools').put(r));
        for (const r of change.clusters) add(tx.objectStore('clusters').put(r));
        for (const r of change.nodes) add(tx.objectStore('nodes').put(r));
        for (const r of change.edges) add(tx.objectStore('edges').put(r));
        for (const r of change.traces) add(tx.objectStore('traces').put(r));
        for (const [k, v] of Object.entries(settings ?? {})) add(tx.objectStore('settings').put(v, k));
        const created = {
          schemaVersion: CURRENT_VERSION,
          createdAt: this.options.now(),
          embedderId: this.options.embedderId,
        };
        add(meta.get(META_KEY).then((m) => (m ? undefined : meta.put(created, META_KEY))));
      });
    } catch (e) {
      this.pending -= records;
      // The transaction aborted whole (commit.ts): report the failed write, never a partial one.
      if (isQuotaExceeded(e))
        throw new StorageFullError(
          change.traces.length > 0 ? `trace "${change.traces[0]!.id}"` : `a change of ${records} records`,
        );
      throw e;
    }
  }

  async replace(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void> {
    await this.checkpoint(snapshot);
  }

  async compact(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void> {
    await this.checkpoint(snapshot);
  }

  pendingRecords(): number {
    return this.pending;
  }

  /**
   * Writes `snapshot` as the new checkpoint and empties the overlay, in one transaction: meta stamped, every
   * world store cleared, the lists packed in chunks, the header last. Refuses a snapshot that would not
   * load, since nothing checks a checkpoint's records on the way in (the overlay's key paths do for it).
   */
  private checkpoint(snapshot: Omit<WorldSnapshot, 'exportedAt'>): Promise<void> {
    const db = this.live();
    const problem =
      worldRecordsProblem(snapshot) ??
      (typeof snapshot.settings === 'object' && snapshot.settings !== null
        ? undefined
        : 'settings is not an object');
    if (problem)
      return Promise.reject(new Error(`Not saving a world that could not be loaded again: ${problem}`));

    // Created before anything is awaited, so it runs after every write called before and before any after.
    const tx = db.transaction([...WORLD_STORES], 'readwrite');
    const meta = tx.objectStore('meta');
    const packed = tx.objectStore('checkpoint');
    const folded = this.pending;
    this.pending = 0;
    return commit(tx, (add) => {
      const stamp = (m: WorldMeta | undefined): WorldMeta => ({
        schemaVersion: CURRENT_VERSION,
        createdAt: m?.createdAt ?? this.options.now(),
        embedderId: snapshot.embedderId,
      });
      add(meta.get(META_KEY).then((m) => meta.put(stamp(m), META_KEY)));
      for (const s of WORLD_STORES) if (s !== 'meta') add(tx.objectStore(s).clear());
      const counts = {} as Record<CheckpointPart, number>;
      for (const part of CHECKPOINT_PARTS) {
        const records: unknown[] = snapshot[part];
        counts[part] = records.length;
        for (let i = 0; i * CHECKPOINT_CHUNK < records.length; i++) {
          const chunk = records.slice(i * CHECKPOINT_CHUNK, (i + 1) * CHECKPOINT_CHUNK);
          add(packed.put(chunk, [part, i]));
        }
      }
      const header: CheckpointHeader = {
        savedAt: this.options.now(),
        counts,
        embedderId: snapshot.embedderId,
        settings: snapshot.settings,
      };
      const hold = this.held;
      this.held = null;
      if (!hold) add(packed.put(header, CHECKPOINT_HEADER_KEY));
      else {
        // Kept open by a chain of reads: every store cleared, the lists packed, the header not written yet.
        const keepOpen = (): Promise<unknown> =>
          meta.get(META_KEY).then(() => (hold.released ? undefined : keepOpen()));
        hold.onHeld();
        add(keepOpen().then(() => packed.put(header, CHECKPOINT_HEADER_KEY)));
      }
    }).catch((e: unknown) => {
      this.pending += folded;
      if (isQuotaExceeded(e)) throw new StorageFullError('the packed world (compaction or import)');
      throw e;
    });
  }

  /**
   * Test hook (issue 21, "a page closed during a compaction"): the next checkpoint (compaction or world
   * replacement) keeps its transaction open in the middle — stores cleared and lists packed, the header not
   * written — until the returned release is called; `onHeld` says it got there. Closing the page meanwhile
   * aborts the transaction: the world must reopen as it was before the checkpoint.
   */
  holdCheckpoint(onHeld: () => void): () => void {
    const hold = { released: false, onHeld };
    this.held = hold;
    return () => {
      hold.released = true;
    };
  }

  async putModel(model: StoredModel): Promise<void> {
    try {
      await this.live().put('models', model);
    } catch (e) {
      if (isQuotaExceeded(e)) throw new StorageFullError(`model "${model.name}"`);
      throw e;
    }
  }

  /**
   * Writes several models in one transaction (a model swap: the one in use becomes "previous", the new one
   * goes in use), so a tab closed in the middle leaves the swap undone, never half done.
   */
  async putModels(models: StoredModel[]): Promise<void> {
    const tx = this.live().transaction('models', 'readwrite');
    const store = tx.objectStore('models');
    const hold = this.swapHeld;
    this.swapHeld = null;
    try {
      await commit(tx, (add) => {
        const [first, ...rest] = models;
        if (!first) return;
        add(store.put(first));
        if (!hold) {
          for (const m of rest) add(store.put(m));
          return;
        }
        // Kept open by a chain of reads after the first write, the others not issued yet.
        const keepOpen = (): Promise<unknown> =>
          store.count().then(() => (hold.released ? undefined : keepOpen()));
        hold.onHeld();
        add(keepOpen().then(() => Promise.all(rest.map((m) => store.put(m)))));
      });
    } catch (e) {
      if (isQuotaExceeded(e))
        throw new StorageFullError(`models ${models.map((m) => `"${m.name}"`).join(', ')}`);
      throw e;
    }
  }

  /**
   * Test hook (issue 21, "a crash during a model swap"): the next `putModels` keeps its transaction open after
   * its first write (the model in use copied to "previous") until released; `onHeld` says it got there.
   */
  holdModelSwap(onHeld: () => void): () => void {
    const hold = { released: false, onHeld };
    this.swapHeld = hold;
    return () => {
      hold.released = true;
    };
  }

  /** Names and sizes of the stored models, to offer freeing space. */
  async modelSizes(): Promise<{ name: string; bytes: number }[]> {
    const all = await this.live().getAll('models');
    return all.map((m) => ({ name: m.name, bytes: m.bytes.length }));
  }

  async deleteModel(name: string): Promise<void> {
    await this.live().delete('models', name);
  }

  async getModel(name: string): Promise<StoredModel | undefined> {
    return this.live().get('models', name);
  }

  close(): void {
    if (!this.closed) this.db.close();
    this.closed = true;
  }
}

/** Opens the active world database (upgrading its schema if needed) and loads it, recovering if invalid. */
export async function openWorldStore(
  options: OpenWorldStoreOptions = {},
): Promise<{ store: IdbWorldStore; load: WorldLoad }> {
  const store = await IdbWorldStore.open(options);
  try {
    return { store, load: await store.load() };
  } catch (e) {
    store.close();
    throw e;
  }
}

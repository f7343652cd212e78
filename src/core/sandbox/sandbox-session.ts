import { dayOfInstant } from './dates';
import { ChangeNotFoundError } from './errors/change-not-found-error';
import { SandboxSaveError } from './errors/sandbox-save-error';
import { UndoConflictError } from './errors/undo-conflict-error';
import { applyRecordChange, recordIdOf } from './record-change';
import type { CreateRequest, SandboxAccess } from './sandbox-access';
import type { CollectionName, SandboxChange, SandboxCollections, SandboxState } from './sandbox-state';
import type { SandboxStore } from './sandbox-store';
import { seedState } from './seed/seed-state';
import { sandboxStateProblem } from './validate-state';

/** Changes kept for undo; older ones drop off so the saved state stays small. */
export const MAX_CHANGES = 500;

/** How opening found the store. */
export type SandboxOpenStatus =
  | { kind: 'seeded' }
  | { kind: 'loaded' }
  /** The saved state was unusable (`reason`); the sandbox started again from the seed. */
  | { kind: 'recovered'; reason: string };

export interface SandboxSessionOptions {
  store: SandboxStore;
  now: () => number;
  /** The seed's "today"; defaults to the day of `now()` when seeding (first use, reset). */
  seedDay?: string;
}

/**
 * The live sandbox: the state in memory, the change log, undo and reset, and saving after every change.
 * Saves go through one queue so they reach the store in the order the changes were made; a change whose
 * save fails is taken back, so memory never holds what a reload would lose.
 */
export class SandboxSession implements SandboxAccess {
  private current: SandboxState;
  private readonly listeners = new Set<() => void>();
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: SandboxSessionOptions,
    state: SandboxState,
    readonly status: SandboxOpenStatus,
  ) {
    this.current = state;
  }

  /** Loads the saved state, or seeds (and saves) it on first use or when the saved one is unusable. */
  static async open(options: SandboxSessionOptions): Promise<SandboxSession> {
    const loaded = await options.store.load();
    const problem = loaded === undefined ? null : sandboxStateProblem(loaded);
    if (loaded !== undefined && problem === null)
      return new SandboxSession(options, loaded, { kind: 'loaded' });
    const status: SandboxOpenStatus =
      problem === null ? { kind: 'seeded' } : { kind: 'recovered', reason: problem };
    const session = new SandboxSession(options, seedFor(options), status);
    await session.persist();
    return session;
  }

  state(): SandboxState {
    return this.current;
  }

  now(): number {
    return this.options.now();
  }

  today(): string {
    return dayOfInstant(this.options.now());
  }

  /** Oldest first. */
  changes(): readonly SandboxChange[] {
    return this.current.changes;
  }

  /** Called after every change of the state (a tool's change, undo, reset, a change taken back). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async create<C extends CollectionName>(request: CreateRequest<C>): Promise<SandboxCollections[C]> {
    request.signal?.throwIfAborted();
    const n = this.current.nextId;
    const record = request.build(`${request.idPrefix}-${n}`);
    const change: SandboxChange = {
      id: `chg-${n}`,
      at: this.options.now(),
      tool: request.tool,
      kind: 'create',
      collection: request.collection,
      before: null,
      after: record,
      summary: request.summary(record),
    };
    const applied = applyRecordChange(this.current, change.collection, null, record);
    this.set({ ...applied, nextId: n + 1, changes: [...applied.changes, change].slice(-MAX_CHANGES) });
    try {
      await this.persist();
    } catch (e) {
      this.takeBack(change);
      throw new SandboxSaveError(e);
    }
    return record;
  }

  /**
   * Reverts one change and drops it from the log. Refused (`UndoConflictError`) when a later change
   * touched the same record: undoing only the earlier one would silently lose the later one.
   */
  async undo(changeId: string): Promise<SandboxChange> {
    const log = this.current.changes;
    const at = log.findIndex((c) => c.id === changeId);
    const change = log[at];
    if (!change) throw new ChangeNotFoundError(changeId);
    const later = log
      .slice(at + 1)
      .find((c) => c.collection === change.collection && recordIdOf(c) === recordIdOf(change));
    if (later) throw new UndoConflictError(changeId, later.id, later.summary);
    const previous = this.current;
    const reverted = applyRecordChange(previous, change.collection, change.after, change.before);
    this.set({ ...reverted, changes: log.filter((c) => c.id !== changeId) });
    await this.saveOrRestore(previous);
    return change;
  }

  /** Back to the seed (around today, or the `seedDay` option), with an empty change log. */
  async reset(): Promise<void> {
    const previous = this.current;
    this.set(seedFor(this.options));
    await this.saveOrRestore(previous);
  }

  /**
   * Takes the saved state as the current one, after this session's own saves: another tab saved a change
   * to the same store. Each tab keeps its copy in memory and saves it whole, so without this a second tab's
   * next change overwrote the first tab's (same `nextId`, the earlier record lost).
   */
  async adoptSaved(): Promise<void> {
    for (;;) {
      const pending = this.saving;
      await pending;
      const loaded = await this.options.store.load();
      // A change of this session started meanwhile: its save goes first, then read again.
      if (this.saving !== pending) continue;
      if (loaded !== undefined && sandboxStateProblem(loaded) === null) this.set(loaded);
      return;
    }
  }

  private async saveOrRestore(previous: SandboxState): Promise<void> {
    try {
      await this.persist();
    } catch (e) {
      this.set(previous);
      void this.persist().catch(() => undefined);
      throw new SandboxSaveError(e);
    }
  }

  /** Saves the state as it is now, after every save queued before. */
  private persist(): Promise<void> {
    const snapshot = this.current;
    const saved = this.saving.then(() => this.options.store.save(snapshot));
    this.saving = saved.catch(() => undefined);
    return saved;
  }

  /**
   * Undoes a change whose save failed. Later changes may already have been queued with it inside, so the
   * state without it is saved again (best effort: the store just failed).
   */
  private takeBack(change: SandboxChange): void {
    if (!this.current.changes.some((c) => c.id === change.id)) return;
    const reverted = applyRecordChange(this.current, change.collection, change.after, change.before);
    this.set({ ...reverted, changes: reverted.changes.filter((c) => c.id !== change.id) });
    void this.persist().catch(() => undefined);
  }

  private set(state: SandboxState): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener();
  }
}

function seedFor(options: SandboxSessionOptions): SandboxState {
  return seedState(options.seedDay ?? dayOfInstant(options.now()));
}

import type { SandboxState } from './sandbox-state';

/**
 * Where the sandbox is kept between sessions, behind an interface so core never imports IndexedDB:
 * src/persist/idb-sandbox-store.ts keeps it in its own database; `MemorySandboxStore` serves Node and tests.
 * The state is saved whole (it is small); `load` returns whatever was saved — the runtime validates it.
 */
export interface SandboxStore {
  /** The saved state, or undefined when nothing was saved yet (the runtime then seeds). */
  load(): Promise<SandboxState | undefined>;
  /** Replaces the saved state. Saves complete in the order they are called. */
  save(state: SandboxState): Promise<void>;
  /** Forgets the saved state, so the next load seeds again. */
  clear(): Promise<void>;
  /** Shown beside results, e.g. "sandbox (IndexedDB)". */
  readonly label: string;
  close(): void;
}

/** A `SandboxStore` in memory; states are cloned in and out, as IndexedDB's structured clone would. */
export class MemorySandboxStore implements SandboxStore {
  readonly label = 'sandbox (in memory)';
  private saved: SandboxState | undefined;
  /** How many saves happened: tests check that each change was persisted. */
  saves = 0;

  constructor(initial?: SandboxState) {
    this.saved = initial === undefined ? undefined : structuredClone(initial);
  }

  async load(): Promise<SandboxState | undefined> {
    return this.saved === undefined ? undefined : structuredClone(this.saved);
  }

  async save(state: SandboxState): Promise<void> {
    this.saved = structuredClone(state);
    this.saves++;
  }

  async clear(): Promise<void> {
    this.saved = undefined;
  }

  close(): void {}
}

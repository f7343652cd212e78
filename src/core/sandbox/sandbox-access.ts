import type { CollectionName, SandboxCollections, SandboxState } from './sandbox-state';

/** What a sandbox tool sees: the current state, the clock, and one way to change the state. */
export interface SandboxAccess {
  /** The current state. Never mutate it: record changes through `create`. */
  state(): SandboxState;
  /** Epoch ms, from the runtime's `now` option. */
  now(): number;
  /** The user's today, "YYYY-MM-DD" (the UTC day of `now()`). */
  today(): string;
  /**
   * Adds a record built from a fresh id ("<idPrefix>-<n>"), records the change and saves the state. Throws
   * the signal's reason when aborted before the change, `SandboxSaveError` (change taken back) when the
   * save fails.
   */
  create<C extends CollectionName>(request: CreateRequest<C>): Promise<SandboxCollections[C]>;
}

export interface CreateRequest<C extends CollectionName> {
  collection: C;
  /** The tool making the change, shown in the change list. */
  tool: string;
  idPrefix: string;
  build: (id: string) => SandboxCollections[C];
  /** One line for the change list. */
  summary: (record: SandboxCollections[C]) => string;
  signal?: AbortSignal;
}

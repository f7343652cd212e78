import type { CollectionName, SandboxRecord, SandboxState } from './sandbox-state';

/**
 * Replaces, inserts or removes one record, returning a new state that shares every other collection.
 * `before` null inserts `after`; `after` null removes `before`; both set replace by id. Used for a change
 * and, with the arguments swapped, for its undo — so the two can never drift apart.
 */
export function applyRecordChange(
  state: SandboxState,
  collection: CollectionName,
  before: SandboxRecord | null,
  after: SandboxRecord | null,
): SandboxState {
  const list = state[collection] as SandboxRecord[];
  const id = (after ?? before)?.id;
  if (id === undefined) return state;
  const at = list.findIndex((r) => r.id === id);
  let next: SandboxRecord[];
  if (after === null) next = list.filter((r) => r.id !== id);
  else if (at < 0) next = [...list, after];
  else next = list.map((r, i) => (i === at ? after : r));
  return { ...state, [collection]: next };
}

/** The record a change is about (the same id before and after). */
export const recordIdOf = (change: { before: SandboxRecord | null; after: SandboxRecord | null }): string =>
  (change.after ?? change.before)?.id ?? '';

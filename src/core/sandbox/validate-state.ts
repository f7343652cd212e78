import { COLLECTIONS, SANDBOX_STATE_VERSION, type SandboxState } from './sandbox-state';

/**
 * What is wrong with a loaded state, or null when it is usable. A store hands back whatever was saved —
 * possibly by another version of the app — and tools index into it blindly, so check the shape once here.
 */
export function sandboxStateProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the saved sandbox is not an object';
  const s = value as Partial<Record<keyof SandboxState, unknown>>;
  if (s.version !== SANDBOX_STATE_VERSION)
    return `the saved sandbox has format version ${String(s.version)}, this app reads ${SANDBOX_STATE_VERSION}`;
  if (typeof s.seedDay !== 'string') return 'the saved sandbox has no seed day';
  if (typeof s.nextId !== 'number' || !Number.isInteger(s.nextId))
    return 'the saved sandbox has no id counter';
  if (!Array.isArray(s.changes)) return 'the saved sandbox has no change log';
  for (const c of COLLECTIONS) {
    const list = s[c];
    if (!Array.isArray(list)) return `the saved sandbox has no "${c}" list`;
    if (
      !list.every(
        (r) => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string',
      )
    )
      return `a record in "${c}" has no id`;
  }
  return null;
}

export const isSandboxState = (value: unknown): value is SandboxState => sandboxStateProblem(value) === null;

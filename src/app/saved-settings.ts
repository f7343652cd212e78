/** The part of Web Storage the app uses, so tests pass a Map-backed stand-in. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A setting saved as JSON under `key`, read through `parse`, which checks each field on its own (a bad
 * field falls back to its default); nothing saved, unreadable JSON or no storage gives `parse(null)`.
 */
export function loadSaved<T>(
  storage: SettingsStorage | undefined,
  key: string,
  parse: (saved: unknown) => T,
): T {
  try {
    return parse(JSON.parse(storage?.getItem(key) ?? 'null'));
  } catch {
    return parse(null);
  }
}

export function saveSetting(storage: SettingsStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the setting lasts for this session only.
  }
}

/** A whole number in [1, max], else `fallback`. */
export const positiveInt = (v: unknown, fallback: number, max = 10_000): number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max ? v : fallback;

/** A whole number in [0, max] (0 meaning "never"), else `fallback`. */
export const countOrZero = (v: unknown, fallback: number, max = 10_000): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : fallback;

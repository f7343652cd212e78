import { editDistance, nameWords } from './name-words';

/**
 * Words people (and small models) use for the values catalogues enumerate. Keys and values are compared
 * after normalization, so "Public Transport" finds "transit" and "car" finds "driving".
 */
const SYNONYMS: Record<string, string[]> = {
  driving: ['car', 'drive', 'auto', 'automobile', 'by car'],
  walking: ['walk', 'foot', 'on foot', 'pedestrian'],
  cycling: ['bike', 'bicycle', 'cycle', 'by bike'],
  transit: ['public transport', 'public transit', 'bus', 'train', 'metro', 'subway', 'tram'],
  ascending: ['asc', 'up', 'increasing'],
  descending: ['desc', 'down', 'decreasing'],
  celsius: ['c', 'centigrade'],
  fahrenheit: ['f'],
  metric: ['si'],
  imperial: ['us'],
  high: ['urgent', 'important'],
  low: ['minor'],
};

const norm = (s: string): string => nameWords(s).join(' ');

/**
 * The enum value a given value most likely means: the same text up to case, spaces, `_` and `-`; a known
 * synonym; the only value it is a prefix of (or that is a prefix of it: "walk" → "walking"); else the
 * nearest by edit distance when close (at most a quarter of its length) and unambiguous. `undefined`
 * when nothing is close enough: guessing further would change what the call means.
 */
export function nearestEnum(value: unknown, allowed: readonly unknown[]): unknown {
  if (allowed.length === 0) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') {
    const hit = allowed.find((a) => typeof a === 'string' && a === String(value));
    if (hit !== undefined) return hit;
  }
  if (typeof value !== 'string') return undefined;
  const numeric = allowed.find((a) => typeof a === 'number' && String(a) === value.trim());
  if (numeric !== undefined) return numeric;
  const options = allowed.filter((a): a is string => typeof a === 'string');
  const v = norm(value);
  if (!v) return undefined;
  const same = options.filter((o) => norm(o) === v);
  if (same.length === 1) return same[0];
  for (const o of options) if ((SYNONYMS[norm(o)] ?? []).includes(v)) return o;
  const prefix = options.filter((o) => {
    const n = norm(o);
    return (n.startsWith(v) || v.startsWith(n)) && Math.min(n.length, v.length) >= 3;
  });
  if (prefix.length === 1) return prefix[0];
  const limit = Math.max(1, Math.floor(v.length / 4));
  let best: string | undefined;
  let bestD = limit + 1;
  let tie = false;
  for (const o of options) {
    const d = editDistance(v, norm(o), limit);
    if (d < bestD) [best, bestD, tie] = [o, d, false];
    else if (d === bestD) tie = true;
  }
  return best !== undefined && !tie ? best : undefined;
}

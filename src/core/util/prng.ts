/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a 32-bit seeded generator. Math.random cannot be seeded, and the demo world, every split,
 * sample and training run must be byte-identical across runs and machines so tests and models are stable.
 */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function randInt(rand: Random, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(rand: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  // The index is in range by construction; the fallback only satisfies noUncheckedIndexedAccess.
  return items[Math.floor(rand() * items.length)] ?? (items[0] as T);
}

/** `count` distinct elements (fewer if the list is shorter), in random order. */
export function sample<T>(rand: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(rand() * pool.length), 1);
    out.push(item as T);
  }
  return out;
}

/** True with probability p. */
export function chance(rand: Random, p: number): boolean {
  return rand() < p;
}

import type { Random } from './prng';

/** Fisher–Yates in place, driven by a seeded generator, so every order is reproducible from its seed. */
export function shuffleInPlace<T>(items: T[], rand: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Fisher–Yates on a copy (see `shuffleInPlace`). */
export function shuffled<T>(items: readonly T[], rand: Random): T[] {
  return shuffleInPlace([...items], rand);
}

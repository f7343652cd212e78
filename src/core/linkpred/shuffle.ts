import type { Random } from '../demo/prng';

/** Fisher–Yates on a copy, driven by a seeded generator, so every split is reproducible from its seed. */
export function shuffled<T>(items: readonly T[], rand: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

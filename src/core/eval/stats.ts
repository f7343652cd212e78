/** Mean of a list (0 for none). */
export const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;

export interface PairedInterval {
  /** Mean of a − b over the paired items. */
  mean: number;
  /** Half-width of the 95 % interval (1.96 standard errors of the mean difference). */
  half: number;
  n: number;
}

/**
 * The difference of two configurations on the same tasks with its 95 % interval: the mean of the
 * per-task differences ± 1.96·sd/√n (normal approximation, as the retrieval eval reports its own).
 */
export function pairedInterval(a: readonly number[], b: readonly number[]): PairedInterval {
  if (a.length !== b.length)
    throw new RangeError(`paired lists differ in length: ${a.length} vs ${b.length}`);
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  const m = mean(d);
  if (n < 2) return { mean: m, half: 0, n };
  const variance = d.reduce((s, x) => s + (x - m) ** 2, 0) / (n - 1);
  return { mean: m, half: (1.96 * Math.sqrt(variance)) / Math.sqrt(n), n };
}

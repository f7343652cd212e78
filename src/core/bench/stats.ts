// Summary statistics for benchmark timings. Quantiles interpolate linearly between the two closest
// ranks (Hyndman & Fan type 7, as numpy's and R's defaults), so p95 of few samples is not just the max.

function sorted(xs: readonly number[]): number[] {
  if (xs.length === 0) throw new Error('statistics of an empty sample');
  return [...xs].sort((a, b) => a - b);
}

/** The q-quantile (0 ≤ q ≤ 1) of a non-empty sample, linearly interpolated. */
export function quantile(xs: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new Error(`quantile must be in [0, 1], got ${q}`);
  const s = sorted(xs);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
}

export const median = (xs: readonly number[]): number => quantile(xs, 0.5);

export const p95 = (xs: readonly number[]): number => quantile(xs, 0.95);

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('statistics of an empty sample');
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export const max = (xs: readonly number[]): number => sorted(xs)[xs.length - 1] as number;

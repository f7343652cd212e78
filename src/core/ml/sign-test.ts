/**
 * One-sided exact sign test: the probability of at least `wins` successes out of `wins + losses` fair coin
 * flips, i.e. how likely a change that wins `wins` paired comparisons and loses `losses` (ties left out)
 * would do at least this well if it were no better. 1 when nothing differs.
 */
export function signTestPValue(wins: number, losses: number): number {
  if (!Number.isInteger(wins) || !Number.isInteger(losses) || wins < 0 || losses < 0)
    throw new RangeError(`signTestPValue: counts must be non-negative integers, got ${wins} and ${losses}`);
  const n = wins + losses;
  if (n === 0) return 1;
  // Σ_{k ≥ wins} C(n, k) / 2ⁿ, with C(n, k) built as a running product (exact for the pair counts here).
  let term = 2 ** -n; // C(n, 0) / 2ⁿ
  let tail = 0;
  for (let k = 0; k <= n; k++) {
    if (k >= wins) tail += term;
    term = (term * (n - k)) / (k + 1);
  }
  return Math.min(1, tail);
}

/**
 * Ordinal regression for execution layers (RETO eq. 8–10, after Cao et al. 2020): K layers are K − 1
 * thresholds; for gold layer y the label of threshold k (k = 0 … K − 2) is 1 iff y > k, and the predicted
 * layer is the number of thresholds whose probability exceeds ½ (eq. 9).
 */

/** Cumulative binary labels of gold layer `layer` (clipped to K − 1) over K − 1 thresholds. */
export function ordinalLabels(layer: number, maxLayers: number): Float32Array {
  const y = Math.min(Math.max(0, Math.floor(layer)), maxLayers - 1);
  return new Float32Array(maxLayers - 1).map((_, k) => (y > k ? 1 : 0));
}

/** Layer from one tool's K − 1 threshold logits: how many are > 0 (σ(z) > ½). */
export function decodeLayer(logits: ArrayLike<number>): number {
  let n = 0;
  for (let k = 0; k < logits.length; k++) if ((logits[k] as number) > 0) n++;
  return n;
}

/** Layers of `rows` tools from their [rows × (K − 1)] logits. */
export function decodeLayers(logits: Float32Array, thresholds: number): number[] {
  const rows = logits.length / thresholds;
  return Array.from({ length: rows }, (_, i) =>
    decodeLayer(logits.subarray(i * thresholds, (i + 1) * thresholds)),
  );
}

export type ThresholdWeighting = 'none' | 'sqrt' | 'balanced';

/**
 * λ_k of eq. 10, per threshold and label: how much a positive and a negative of threshold k weigh, so rare
 * "later than k" labels are not drowned out. 'balanced' gives each class half the total weight; 'sqrt'
 * (the default) takes the square root of that ratio, which balances without pushing every uncertain tool to
 * a later layer; 'none' is plain BCE. A threshold with no positive (or no negative) keeps weight 1.
 */
export function thresholdWeights(
  layers: readonly number[],
  maxLayers: number,
  weighting: ThresholdWeighting,
): { pos: Float32Array; neg: Float32Array } {
  const K1 = maxLayers - 1;
  const pos = new Float32Array(K1).fill(1);
  const neg = new Float32Array(K1).fill(1);
  if (weighting === 'none') return { pos, neg };
  const n = layers.length;
  for (let k = 0; k < K1; k++) {
    const p = layers.filter((y) => Math.min(y, maxLayers - 1) > k).length;
    const q = n - p;
    if (p === 0 || q === 0) continue;
    const wp = n / (2 * p);
    const wn = n / (2 * q);
    pos[k] = weighting === 'balanced' ? wp : Math.sqrt(wp / wn);
    neg[k] = weighting === 'balanced' ? wn : 1;
  }
  return { pos, neg };
}

import type { Tool } from '../../tools/tool';
import { applyShiftRule } from './shift-rule';

/**
 * How the ordinal head's threshold probabilities ([tools][K − 1], one model's σ(z) or an ensemble's mean)
 * become layers. RETO (eq. 9) counts the thresholds above ½ and applies the schema shift rule after; that
 * absolute reading orders two tools only when one of them crosses ½, and an ensemble's averaged
 * probabilities rarely do for a tool the models are unsure of. `margin` reads them relatively instead: the
 * tools' expected layers (Σ_k p_k) sorted, a new layer wherever two neighbours differ by more than the
 * margin, so tools within the margin share a layer and a clear difference orders them even when every
 * probability sits under ½. `shift` applies the schema shift rule after either reading.
 */
export interface LayerDecoding {
  /** null = RETO's thresholds at ½; a number = the relative reading with this margin (in layers). */
  margin: number | null;
  shift: boolean;
}

export const RETO_DECODING: LayerDecoding = { margin: null, shift: true };

/**
 * The decodings validation may choose from (decoding-calibration.ts), RETO's first and then in the order
 * a tie on validation prefers: closest to RETO (thresholds without the rule), then wider margins (fewer
 * splits) before narrower ones, the rule kept before dropped.
 */
export const DECODING_CANDIDATES: readonly LayerDecoding[] = [
  RETO_DECODING,
  { margin: null, shift: false },
  ...[0.5, 0.3, 0.2, 0.1].flatMap((margin) => [
    { margin, shift: true },
    { margin, shift: false },
  ]),
];

/** Expected layer of each tool: Σ_k P(layer > k), the ordinal head's mean layer. */
export function expectedLayers(probs: readonly (readonly number[])[]): number[] {
  return probs.map((p) => p.reduce((a, b) => a + b, 0));
}

/** RETO eq. 9: how many thresholds each tool's probability exceeds ½ at. */
export function thresholdLayers(probs: readonly (readonly number[])[]): number[] {
  return probs.map((p) => p.filter((x) => x > 0.5).length);
}

/**
 * Layers from scores by gaps: sorted ascending, a new layer starts where a score exceeds the one before
 * it by more than `margin` (single-linkage clusters of the scores, numbered in order).
 */
export function layersByMargin(scores: readonly number[], margin: number): number[] {
  const order = scores.map((_, i) => i).sort((a, b) => (scores[a] as number) - (scores[b] as number));
  const layers = new Array<number>(scores.length).fill(0);
  let layer = 0;
  for (let k = 1; k < order.length; k++) {
    const gap = (scores[order[k] as number] as number) - (scores[order[k - 1] as number] as number);
    if (gap > margin) layer++;
    layers[order[k] as number] = layer;
  }
  return layers;
}

/** One task's layers under `decoding`. */
export function decodeWith(
  probs: readonly (readonly number[])[],
  tools: readonly Tool[],
  decoding: LayerDecoding,
): number[] {
  const base =
    decoding.margin === null
      ? thresholdLayers(probs)
      : layersByMargin(expectedLayers(probs), decoding.margin);
  return decoding.shift ? applyShiftRule(tools, base) : base;
}

export function describeDecoding(d: LayerDecoding): string {
  const read = d.margin === null ? 'thresholds at ½' : `margin ${d.margin}`;
  return `${read}, ${d.shift ? 'shift rule after' : 'no shift rule'}`;
}

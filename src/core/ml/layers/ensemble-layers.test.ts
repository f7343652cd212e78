import { describe, expect, it } from 'vitest';
import { decodeMeanProbabilities } from './ensemble-layers';
import { decodeLayers } from './ordinal';

describe('decoding an ensemble of ordinal heads', () => {
  it('averages threshold probabilities, then counts those above ½', () => {
    // Two tools, K − 1 = 2 thresholds. Model A: tool 0 (+2, −1), tool 1 (−1, −3); model B: tool 0
    // (−1, −1), tool 1 (+3, +1). Tool 0: mean σ = (0.881 + 0.269) / 2 = 0.575 > ½ and
    // (0.269 + 0.269) / 2 < ½ → layer 1. Tool 1: (0.269 + 0.953) / 2 = 0.611 > ½ and
    // (0.047 + 0.731) / 2 = 0.389 < ½ → layer 1.
    const a = Float32Array.of(2, -1, -1, -3);
    const b = Float32Array.of(-1, -1, 3, 1);
    expect(decodeMeanProbabilities([a, b], 2)).toEqual([1, 1]);
    // A confident model outvotes an unsure one: σ(−0.2) = 0.45, σ(4) = 0.98 → mean 0.71 > ½.
    expect(decodeMeanProbabilities([Float32Array.of(-0.2), Float32Array.of(4)], 1)).toEqual([1]);
  });

  it('with one model it is the single model’s decoding', () => {
    const l = Float32Array.of(1, -1, -1, 1, 1, -1);
    expect(decodeMeanProbabilities([l], 3)).toEqual(decodeLayers(l, 3));
    expect(decodeMeanProbabilities([], 3)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeLayer, decodeLayers, ordinalLabels, thresholdWeights } from './ordinal';

describe('ordinal layer labels and decoding (RETO eq. 8–10)', () => {
  it('cumulative labels: threshold k is 1 iff the gold layer is later than k (K = 4)', () => {
    expect([...ordinalLabels(0, 4)]).toEqual([0, 0, 0]);
    expect([...ordinalLabels(1, 4)]).toEqual([1, 0, 0]);
    expect([...ordinalLabels(2, 4)]).toEqual([1, 1, 0]);
    expect([...ordinalLabels(3, 4)]).toEqual([1, 1, 1]);
    // Deeper than K − 1 is clipped to the last layer.
    expect([...ordinalLabels(6, 4)]).toEqual([1, 1, 1]);
  });

  it('decoding counts thresholds with σ(z) > ½, i.e. z > 0 (eq. 9)', () => {
    expect(decodeLayer([-2, -3, -4])).toBe(0);
    expect(decodeLayer([1.5, 0.2, -0.1])).toBe(2);
    expect(decodeLayer([3, 2, 1])).toBe(3);
    // Not rank-consistent logits still count: the layer is the number exceeded, not the first failure.
    expect(decodeLayer([-1, 0.5, -1])).toBe(1);
    expect(decodeLayers(Float32Array.of(1, -1, -1, 1, 1, -1), 3)).toEqual([1, 2]);
  });

  it('labels then decoding give the layer back', () => {
    for (let y = 0; y < 4; y++) expect(decodeLayer(ordinalLabels(y, 4).map((v) => (v ? 5 : -5)))).toBe(y);
  });

  it('threshold weights on layers [0, 0, 0, 1] (K = 3): balanced, square root, none', () => {
    // Threshold 0: 1 positive, 3 negatives of 4 → balanced 4/2 = 2 and 4/6; sqrt → √(2 / (2/3)) = √3 and 1.
    // Threshold 1: no positive → weight 1 both ways.
    const b = thresholdWeights([0, 0, 0, 1], 3, 'balanced');
    expect(b.pos[0]).toBeCloseTo(2, 6);
    expect(b.neg[0]).toBeCloseTo(2 / 3, 6);
    expect([b.pos[1], b.neg[1]]).toEqual([1, 1]);
    const s = thresholdWeights([0, 0, 0, 1], 3, 'sqrt');
    expect(s.pos[0]).toBeCloseTo(Math.sqrt(3), 6);
    expect(s.neg[0]).toBe(1);
    const n = thresholdWeights([0, 0, 0, 1], 3, 'none');
    expect([...n.pos, ...n.neg]).toEqual([1, 1, 1, 1]);
  });
});

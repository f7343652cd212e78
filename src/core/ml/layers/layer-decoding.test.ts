import { describe, expect, it } from 'vitest';
import { stringFieldTool } from '../../tools/tool-fixtures.test-util';
import { decodeWith, expectedLayers, layersByMargin, RETO_DECODING, thresholdLayers } from './layer-decoding';

const tool = stringFieldTool;

// Hand-worked, K − 1 = 3 thresholds. OrganizationMembers P = (0.20, 0.04, 0.02) → E = 0.26; TravelStatus
// (0.45, 0.20, 0.09) → E = 0.74; AddMeeting (0.21, 0.04, 0.02) → E = 0.27. No probability exceeds ½, so
// RETO's thresholds put all three in layer 0; by margin 0.3 the gaps are 0.01 (tie) and 0.47 (split):
// layers [0, 1, 0], the gold order.
const probs = [
  [0.2, 0.04, 0.02],
  [0.45, 0.2, 0.09],
  [0.21, 0.04, 0.02],
];

describe('decoding threshold probabilities into layers', () => {
  it('expected layers are the sums; RETO eq. 9 counts probabilities above ½', () => {
    expect(expectedLayers(probs).map((e) => Number(e.toFixed(2)))).toEqual([0.26, 0.74, 0.27]);
    expect(thresholdLayers(probs)).toEqual([0, 0, 0]);
    expect(thresholdLayers([[0.9, 0.6, 0.1]])).toEqual([2]);
  });

  it('by margin: a gap over the margin starts a layer, smaller gaps share one', () => {
    expect(layersByMargin([0.26, 0.74, 0.27], 0.3)).toEqual([0, 1, 0]);
    expect(layersByMargin([0.26, 0.74, 0.27], 0.5)).toEqual([0, 0, 0]);
    // Chained small gaps stay one layer (single linkage): 0, 0.2, 0.4 with margin 0.3.
    expect(layersByMargin([0.4, 0, 0.2], 0.3)).toEqual([0, 0, 0]);
    expect(layersByMargin([1.9, 0.1, 1.0], 0.5)).toEqual([2, 0, 1]);
  });

  it('the shift rule runs after either reading when the decoding keeps it', () => {
    const a = tool('a', ['q'], ['token']);
    const b = tool('b', ['token'], ['status']);
    const flat = [
      [0.1, 0, 0],
      [0.1, 0, 0],
    ];
    expect(decodeWith(flat, [a, b], RETO_DECODING)).toEqual([0, 1]);
    expect(decodeWith(flat, [a, b], { margin: null, shift: false })).toEqual([0, 0]);
    expect(decodeWith(flat, [a, b], { margin: 0.3, shift: true })).toEqual([0, 1]);
  });
});

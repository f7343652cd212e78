import { describe, expect, it } from 'vitest';
import { PAIR_FEATURES } from '../../graph-tensors/pair-features';
import { DEFAULT_HGT_CONFIG } from './hgt-spec';

describe('the HGT spec', () => {
  it('takes as many pair features as graph-tensors/pair-features.ts computes', () => {
    expect(DEFAULT_HGT_CONFIG.pairFeatures).toBe(PAIR_FEATURES.length);
  });
});

import { describe, expect, it } from 'vitest';
import {
  orderRanksOf,
  PAIR_FEATURES,
  pairFeatures,
  positionGaps,
  reversedPairFeatures,
} from './pair-features';
import { cholesky, forwardSolve, textPosition } from './position-prior';
import { positionPriorWorld as world } from './position-prior-world.test-util';

// Four tools, no parameters. Plans ran search (0) → get (1) → book (2); find (3) is new: no links, the text of
// search. One-number text vectors, so the ridge fits are 2 × 2 (x̃ = [x, 1], α = 1): search 1, get 0,
// book −1, find 1. Order ranks (SpringRank, ridge 1) of the chain solve 2·s0 = s1 − 1, 3·s1 = s0 + s2,
// 2·s2 = s1 + 1: s = (−0.5, 0, 0.5); find stays at 0.
describe('position prior (issue 16, fifth pass)', () => {
  it('order ranks of the chain are −0.5, 0, 0.5; the new tool sits at 0', () => {
    const s = orderRanksOf(world().graph);
    [-0.5, 0, 0.5, 0].forEach((x, i) => expect(s[i]).toBeCloseTo(x, 4));
  });

  it('cholesky and forwardSolve: L·Lᵀ = A and L·x = b', () => {
    const a = [4, 2, 0, 2, 3, 1, 0, 1, 2];
    const l = cholesky(Float64Array.from(a), 3);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += l[i * 3 + k]! * l[j * 3 + k]!;
        expect(s).toBeCloseTo(a[i * 3 + j]!, 10);
      }
    // L = [[2, 0, 0], [1, √2, 0], [0, 1/√2, √1.5]]; L·x = (2, 1 + √2, 1/√2 + √1.5) for x = (1, 1, 1).
    const x = forwardSolve(l, 3, [2, 1 + Math.SQRT2, Math.SQRT1_2 + Math.sqrt(1.5)]);
    Array.from(x).forEach((v) => expect(v).toBeCloseTo(1, 10));
  });

  it('reads a position from text by a ridge fit that leaves out the node and the pair’s other end', () => {
    const { graph, embeddings } = world();
    const s = orderRanksOf(graph);
    // find, book left out: fit on search (1, −0.5) and get (0, 0): A = [[2, 1], [1, 3]], b = [−0.5, −0.5],
    // w = A⁻¹b = (−0.2, −0.1) → find at 1·(−0.2) − 0.1 = −0.3, book at −1·(−0.2) − 0.1 = 0.1.
    expect(textPosition(graph, embeddings, s, 3, 2)).toBeCloseTo(-0.3, 3);
    expect(textPosition(graph, embeddings, s, 2, 3)).toBeCloseTo(0.1, 3);
    // search itself left out: fit on get (0, 0) and book (−1, 0.5): w = (−0.2, 0.1) → search at −0.1.
    expect(textPosition(graph, embeddings, s, 0, 3)).toBeCloseTo(-0.1, 3);
    // book and get both left out: fit on search alone, A = [[2, 1], [1, 2]], w = (−1/6, −1/6) → book at 0.
    expect(textPosition(graph, embeddings, s, 2, 1)).toBeCloseTo(0, 3);
  });

  it('find → book: text gap 0.1 + 0.3, blended 0.5 + 0.3 (book observed, find by text); flips reversed', () => {
    const ctx = world();
    const fwd = positionGaps(ctx, 3, 2);
    expect(fwd.text).toBeCloseTo(0.4, 3);
    expect(fwd.blended).toBeCloseTo(0.8, 3);
    const back = positionGaps(ctx, 2, 3);
    expect(back.text).toBeCloseTo(-fwd.text, 6);
    expect(back.blended).toBeCloseTo(-fwd.blended, 6);
  });

  it("a training link's own edge does not place its ends: without get → book, book reads its text", () => {
    const ctx = world();
    // get keeps search → get: its rank from the local update (0·3 − (0.5 − 1)) / 2 = 0.25; book falls back to
    // its text position 0 (fit on search alone, above). Gap 0 − 0.25.
    expect(positionGaps(ctx, 1, 2, 'edge').blended).toBeCloseTo(-0.25, 3);
    // Seen from the reversed training negative (book, get) it is the same gap, negated.
    expect(positionGaps(ctx, 2, 1, 'reversed').blended).toBeCloseTo(0.25, 3);
    expect(positionGaps(ctx, 1, 2).blended).toBeCloseTo(0.5, 3); // as a plain pair: both observed
  });

  it('enters the pair features as posTextGap / posGap, and reversedPairFeatures stays exact', () => {
    const ctx = world();
    const f = pairFeatures(ctx, { src: 3, dst: 2 });
    expect(f[PAIR_FEATURES.indexOf('posTextGap')]).toBeCloseTo(0.4, 3);
    expect(f[PAIR_FEATURES.indexOf('posGap')]).toBeCloseTo(0.8, 3);
    for (const [u, v] of [
      [3, 2],
      [0, 2],
      [3, 1],
    ] as const) {
      const back = pairFeatures(ctx, { src: v, dst: u });
      reversedPairFeatures(pairFeatures(ctx, { src: u, dst: v })).forEach((x, j) =>
        expect(x).toBeCloseTo(back[j]!, 6),
      );
    }
  });
});

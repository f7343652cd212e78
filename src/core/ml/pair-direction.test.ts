import { describe, expect, it } from 'vitest';
import { PAIR_FEATURES, reversedPairFeatures } from '../graph-tensors/pair-features';
import {
  antisymmetricWeights,
  chooseDirectionScale,
  directionFeatures,
  fitPairDirection,
  logSigmoid,
} from './pair-direction';

const F = PAIR_FEATURES.length;
const at = (name: (typeof PAIR_FEATURES)[number]) => PAIR_FEATURES.indexOf(name);
const vec = (values: Partial<Record<(typeof PAIR_FEATURES)[number], number>>) => {
  const f = new Float32Array(F);
  for (const [k, v] of Object.entries(values)) f[at(k as (typeof PAIR_FEATURES)[number])] = v;
  return f;
};
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).reduce((s, v, j) => s + v * (b[j] as number), 0);

describe('logSigmoid', () => {
  it('is log σ(x), finite for large |x|', () => {
    expect(logSigmoid(0)).toBeCloseTo(-Math.LN2, 12);
    expect(logSigmoid(2)).toBeCloseTo(Math.log(1 / (1 + Math.exp(-2))), 12);
    expect(logSigmoid(-2)).toBeCloseTo(Math.log(1 / (1 + Math.exp(2))), 12);
    expect(logSigmoid(1000)).toBe(-0);
    expect(logSigmoid(-1000)).toBeCloseTo(-1000, 9);
  });
});

describe('the reversed-pair permutation and antisymmetric weights', () => {
  it('P swaps the two ends and flips the order gap', () => {
    const f = vec({ cosine: 0.3, logInDegSrc: 1, logInDegDst: 2, requiredCover: 0.9, orderGap: 1.5 });
    const p = reversedPairFeatures(f);
    expect(p[at('cosine')]).toBeCloseTo(0.3, 6);
    expect(p[at('logInDegSrc')]).toBe(2);
    expect(p[at('logInDegDst')]).toBe(1);
    expect(p[at('requiredCoverReverse')]).toBeCloseTo(0.9, 6);
    expect(p[at('requiredCover')]).toBe(0);
    expect(p[at('orderGap')]).toBe(-1.5);
    // An involution: reversing twice gives the pair back.
    expect(Array.from(reversedPairFeatures(p))).toEqual(Array.from(f));
  });

  it('Δ_j = r_j − s_j·r_twin: a weight on a symmetric feature vanishes, a twin pair gets ±, the order gap doubles', () => {
    const r = vec({ cosine: 1, requiredCover: 0.5, orderGap: 1 });
    const d = antisymmetricWeights(r);
    expect(d[at('cosine')]).toBe(0);
    expect(d[at('requiredCover')]).toBe(0.5);
    expect(d[at('requiredCoverReverse')]).toBe(-0.5);
    expect(d[at('orderGap')]).toBe(2);
    // So Δ·f = r·(f − P f) for any f, and Δ·(P f) = −Δ·f.
    const f = vec({ cosine: 0.7, requiredCover: 0.2, requiredCoverReverse: 0.6, orderGap: -0.4 });
    expect(dot(d, f)).toBeCloseTo(dot(r, directionFeatures(f)), 6);
    expect(dot(d, reversedPairFeatures(f))).toBeCloseTo(-dot(d, f), 6);
    // Hand value: 0.5·(0.2 − 0.6) + 1·(−0.4 − 0.4) = −1.
    expect(dot(d, f)).toBeCloseTo(-1, 6);
  });
});

describe('fitPairDirection', () => {
  it('learns which feature says "u first" and scores a link above its reverse', () => {
    // Links run up the order (orderGap > 0) and their source outputs what the target needs; the text
    // cosine is the same both ways and must get no weight.
    const links = [0.5, 1, 1.5, 0.8].map((g, i) => vec({ orderGap: g, requiredCover: 0.2 * i, cosine: 0.9 }));
    const flat = (rows: Float32Array[]) => Float32Array.from(rows.flatMap((r) => Array.from(r)));
    const delta = fitPairDirection(flat(links), flat(links.map(reversedPairFeatures)));
    expect(delta[at('cosine')]).toBe(0);
    expect(delta[at('orderGap')]).toBeGreaterThan(0);
    for (const f of links) {
      expect(dot(delta, f)).toBeGreaterThan(0.5);
      expect(dot(delta, reversedPairFeatures(f))).toBeCloseTo(-dot(delta, f), 5);
    }
    // Deterministic, and nothing to learn from no rows.
    expect(Array.from(fitPairDirection(flat(links), flat(links.map(reversedPairFeatures))))).toEqual(
      Array.from(delta),
    );
    expect(Array.from(fitPairDirection(new Float32Array(0), new Float32Array(0)))).toEqual(
      new Array(F).fill(0),
    );
  });
});

describe('chooseDirectionScale', () => {
  it('takes the λ with the best mean of random-pair and reversed-pair validation AUC, smallest on ties', () => {
    // Two links (z 2 and 1, the gate sure of both), two random pairs (z 0 and 1.5, gate undecided), the
    // links' reverses (same z, gate sure against).
    const v = {
      pos: { z: [2, 1], a: [3, 3] },
      neg: { z: [0, 1.5], a: [0, 0] },
      rev: { z: [2, 1], a: [-3, -3] },
    };
    const c = chooseDirectionScale(v, 1, [0, 1, 2]);
    // λ 0: random AUC 3/4 (1 < 1.5), reversed AUC 1/2 (ties and one inversion) → 0.625.
    expect(c.tried[0]).toMatchObject({ lambda: 0, auc: 0.75, reversedAuc: 0.5 });
    // λ 1: link 1 + log σ(3) = 0.951 vs random 1.5 + log σ(0) = 0.807 → random AUC 1; reverses sink → 1.
    expect(c.tried[1]).toMatchObject({ lambda: 1, auc: 1, reversedAuc: 1 });
    expect(c.tried[2]).toMatchObject({ lambda: 2, auc: 1, reversedAuc: 1 });
    expect(c.lambda).toBe(1);
  });

  it('falls back when there is nothing to choose on', () => {
    const none = { z: [], a: [] };
    expect(
      chooseDirectionScale({ pos: { z: [1], a: [1] }, neg: { z: [0], a: [0] }, rev: none }, 0.5),
    ).toEqual({
      lambda: 0.5,
      tried: [],
    });
  });
});

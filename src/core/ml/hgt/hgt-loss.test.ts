import { describe, expect, it } from 'vitest';
import { constant, Tape } from '../autograd';
import { crossEntropyLoss, hgtLoss, marginLoss } from './hgt-loss';
import { hgtParamTensors } from './hgt-param-tensors';
import type { HgtEpochBatch } from './hgt-sampling';
import { initHgtParams } from './init-hgt-params';

// Four nodes with 2-d embeddings: 0 = [1, 0], 1 = [1, 0] (same direction as 0), 2 = [0, 1], 3 = [−1, 0].
const h = constant(Float32Array.of(1, 0, 1, 0, 0, 1, -1, 0), 4, 2);
// Targets (0→1, w̃ 0) and (2→1, w̃ 1); negatives (3→1) and (2→1)… for target 0, (0→1) for target 1.
const batch: HgtEpochBatch = {
  messageEdges: new Int32Array(0),
  posSrc: Int32Array.of(0, 2),
  posDst: Int32Array.of(1, 1),
  posLabel: Float32Array.of(0, 1),
  negSrc: Int32Array.of(3, 2, 0),
  negDst: Int32Array.of(1, 1, 1),
  negOf: Int32Array.of(0, 0, 1),
  negKind: new Uint8Array(3),
};
const sigma = (x: number) => 1 / (1 + Math.exp(-x));

/** An HGT with no layers (inputDim 1, hidden 2, one head, hadamard pair head): the loss reads `h` as given. */
const tinyParams = (seed: number) =>
  initHgtParams(
    {
      inputDim: 1,
      hidden: 2,
      heads: 1,
      layers: 0,
      leakySlope: 0.01,
      lnEps: 1e-5,
      edgeWeightBias: true,
      pairHead: 'hadamard',
    },
    seed,
  );

describe('marginLoss (eqs. 7–8)', () => {
  it('matches the hand computation', () => {
    // m(w̃ = 0) = 0.2·(1 + 0.5) = 0.3; m(w̃ = 1) = 0.2·(1 + σ(1)) = 0.346212
    // target 0: s⁺ = cos(0, 1) = 1; negatives cos(3, 1) = −1 → [0.3 − 1 − 1]₊ = 0; cos(2, 1) = 0 → [0.3 − 1 + 0]₊ = 0
    // target 1: s⁺ = cos(2, 1) = 0; negative cos(0, 1) = 1 → [0.346212 − 0 + 1]₊ = 1.346212
    // mean over targets of the mean over their negatives: (0 + 1.346212) / 2 = 0.673106
    const loss = marginLoss(new Tape(false), h, batch, 0.2);
    expect(loss.item()).toBeCloseTo((0.2 * (1 + sigma(1)) + 1) / 2, 5);
  });
  it('is 0 without negatives', () => {
    expect(
      marginLoss(
        new Tape(false),
        h,
        { ...batch, negSrc: new Int32Array(0), negDst: new Int32Array(0), negOf: new Int32Array(0) },
        0.2,
      ).item(),
    ).toBe(0);
  });
});

describe('crossEntropyLoss (eq. 6 + negatives)', () => {
  it('weighs positives and negatives one half each', () => {
    // A model whose logits are all 0 (link head zeroed): every pair has p = ½, so each BCE term is ln 2 whatever
    // its label, and ½·mean_pos + ½·mean_neg = ln 2.
    const params = tinyParams(1);
    for (const a of [params.head.src, params.head.dst, params.head.had]) a.fill(0);
    const p = hgtParamTensors(params);
    expect(crossEntropyLoss(new Tape(false), p, params.config, h, batch).item()).toBeCloseTo(Math.log(2), 6);
    // With bias b = 2: positives (labels 0 and 1) cost softplus(2) − y·2, negatives softplus(2).
    params.head.b[0] = 2;
    const sp = Math.log1p(Math.exp(2));
    const expected = 0.5 * ((sp + (sp - 2)) / 2) + 0.5 * sp;
    expect(crossEntropyLoss(new Tape(false), p, params.config, h, batch).item()).toBeCloseTo(expected, 5);
    // Curriculum (eq. 10): μ·CE + (1 − μ)·margin.
    const terms = hgtLoss(new Tape(false), p, params.config, h, batch, 0.25, 0.2);
    expect(terms.total.item()).toBeCloseTo(0.25 * expected + 0.75 * terms.margin.item(), 5);
  });
});

describe('hgtLoss objective options (existence labels, margin on the logit)', () => {
  it('uses label 1 for every target with existence labels, and the logits in the margin', () => {
    const params = tinyParams(1);
    for (const a of [params.head.src, params.head.dst, params.head.had]) a.fill(0);
    params.head.b[0] = 2;
    const p = hgtParamTensors(params);
    const sp = Math.log1p(Math.exp(2));
    // Both targets labelled 1: each costs softplus(2) − 2; negatives softplus(2).
    const t = hgtLoss(new Tape(false), p, params.config, h, batch, 1, 0.2, { labels: 'existence' });
    expect(t.ce.item()).toBeCloseTo(0.5 * (sp - 2) + 0.5 * sp, 5);
    // Every logit is the bias 2, so z⁺ − z⁻ = 0 and each hinge is its margin: target 0 (w̃ 0) 0.3, target 1
    // (w̃ 1) 0.2·(1 + σ(1)); the mean over targets is their average.
    const m = hgtLoss(new Tape(false), p, params.config, h, batch, 0, 0.2, { marginScore: 'logit' });
    expect(m.margin.item()).toBeCloseTo((0.3 + 0.2 * (1 + sigma(1))) / 2, 5);
    expect(m.total.item()).toBeCloseTo(m.margin.item(), 6);
  });
});

describe('hgtLoss hardWeight (issue 16: hard negatives at a fraction of a random one)', () => {
  it('weighs a look-alike negative by hardWeight inside its positive’s mean', () => {
    const params = tinyParams(1);
    const p = hgtParamTensors(params);
    // The second negative (2→1) of target 0 is a look-alike (kind 2). Margin on the cosine, m0 = 2:
    // target 0: m = 2·1.5 = 3, s⁺ = 1; random (3→1): [3 − 1 − 1]₊ = 1; look-alike (2→1): [3 − 1 + 0]₊ = 2.
    // target 1: m = 2·(1 + σ(1)), s⁺ = 0; random (0→1): m + 1.
    const hard = { ...batch, negKind: Uint8Array.of(0, 2, 0) };
    const t1 = 2 * (1 + sigma(1)) + 1;
    const equal = hgtLoss(new Tape(false), p, params.config, h, hard, 0, 2);
    expect(equal.margin.item()).toBeCloseTo(((1 + 2) / 2 + t1) / 2, 5);
    // hardWeight ¼: target 0's mean is (1·1 + ¼·2) / (1 + ¼) = 1.2; target 1 has only a random negative.
    const light = hgtLoss(new Tape(false), p, params.config, h, hard, 0, 2, { hardWeight: 0.25 });
    expect(light.margin.item()).toBeCloseTo((1.2 + t1) / 2, 5);
    // hardWeight 0 drops the look-alike: as if target 0 had only its random negative.
    const none = hgtLoss(new Tape(false), p, params.config, h, hard, 0, 2, { hardWeight: 0 });
    expect(none.margin.item()).toBeCloseTo((1 + t1) / 2, 5);
  });
});

describe("hgtLoss hardIn 'margin' (issue 16: hard negatives on the curriculum's margin only)", () => {
  it('leaves the cross-entropy as without hard negatives and keeps them in the margin', () => {
    const params = tinyParams(3);
    const p = hgtParamTensors(params);
    // Target 0's second negative (2→1) is a look-alike; the same batch without it is the random-only one.
    const hard = { ...batch, negKind: Uint8Array.of(0, 2, 0) };
    const randomOnly: HgtEpochBatch = {
      ...batch,
      negSrc: Int32Array.of(3, 0),
      negDst: Int32Array.of(1, 1),
      negOf: Int32Array.of(0, 1),
      negKind: new Uint8Array(2),
    };
    const opts = { labels: 'existence' as const, marginScore: 'cosine' as const };
    const both = hgtLoss(new Tape(false), p, params.config, h, hard, 0.5, 2, opts);
    const marginOnly = hgtLoss(new Tape(false), p, params.config, h, hard, 0.5, 2, {
      ...opts,
      hardIn: 'margin',
    });
    const plain = hgtLoss(new Tape(false), p, params.config, h, randomOnly, 0.5, 2, opts);
    expect(marginOnly.ce.item()).toBeCloseTo(plain.ce.item(), 6);
    // The look-alike's logit differs from the random negatives', so counting it would change the CE.
    expect(Math.abs(both.ce.item() - plain.ce.item())).toBeGreaterThan(1e-4);
    // Margin (cosine, m0 = 2): target 0 (1 + 2) / 2 as in the hardWeight test, target 1 2·(1 + σ(1)) + 1.
    expect(marginOnly.margin.item()).toBeCloseTo(((1 + 2) / 2 + 2 * (1 + sigma(1)) + 1) / 2, 5);
    expect(marginOnly.total.item()).toBeCloseTo(0.5 * plain.ce.item() + 0.5 * marginOnly.margin.item(), 5);
  });
});

import { describe, expect, it } from 'vitest';
import { chooseGateScales, fitLookalikeGate, gatedLogits } from './pair-lookalike';
import { logSigmoid } from './pair-direction';

const score = (g: { w: Float32Array; b: number }, row: number[]) =>
  row.reduce((s, v, j) => s + v * (g.w[j] as number), g.b);

describe('fitLookalikeGate', () => {
  // Feature 0 ("v is used after u's neighbours") is high for real targets and low for their text twins;
  // feature 1 is the same for both (text cosine of u and the candidate: twins look alike).
  const links = [
    [1, 0.5],
    [0.9, 0.7],
    [0.8, 0.6],
  ];
  const twins = [
    [0.1, 0.5],
    [0.2, 0.7],
    [0, 0.6],
  ];
  const flat = (rows: number[][]) => Float32Array.from(rows.flat());

  it('weights what tells a link from its look-alike and ranks every link above every twin', () => {
    const g = fitLookalikeGate(flat(links), flat(twins), 2);
    expect(g.w[0]).toBeGreaterThan(1);
    // Feature 1 has the same values on both sides: alone it says nothing, so it weighs less than feature 0.
    expect(Math.abs(g.w[1] as number)).toBeLessThan(g.w[0] as number);
    for (const l of links) for (const t of twins) expect(score(g, l)).toBeGreaterThan(score(g, t));
    // Raw-feature weights: a link scores > 0 (kept by the gate), a twin < 0 (penalised).
    for (const l of links) expect(score(g, l)).toBeGreaterThan(0);
    for (const t of twins) expect(score(g, t)).toBeLessThan(0);
  });

  it('is deterministic and zero without rows of both kinds', () => {
    const a = fitLookalikeGate(flat(links), flat(twins), 2);
    const b = fitLookalikeGate(flat(links), flat(twins), 2);
    expect(Array.from(a.w)).toEqual(Array.from(b.w));
    expect(a.b).toBe(b.b);
    const none = fitLookalikeGate(flat(links), new Float32Array(0), 2);
    expect(Array.from(none.w)).toEqual([0, 0]);
    expect(none.b).toBe(0);
  });
});

describe('chooseGateScales', () => {
  // Two validation links (z 2, direction score a 1, look-alike score c 1); random pairs (z 0, a 0, c 0); the
  // links' reverses (same z, a −1); their twins (z 2.1 — the link model prefers the twin — and c −3).
  const v = {
    pos: { z: [2, 2], a: [1, 1], c: [1, 1] },
    neg: { z: [0, 0], a: [0, 0], c: [0, 0] },
    rev: { z: [2, 2], a: [-1, -1], c: [1, 1] },
    sim: { z: [2.1, 2.1], a: [1, 1], c: [-3, -3] },
  };

  it('adds log σ(λ·a) + log σ(κ·c) to the link logit', () => {
    expect(gatedLogits(v.sim, 0.5, 0.5)[0]).toBeCloseTo(2.1 + logSigmoid(0.5) + logSigmoid(-1.5), 12);
  });

  it('picks the smallest λ and κ that rank links above random, reversed and look-alike pairs', () => {
    const c = chooseGateScales(v);
    // No gates: random 1, reversed 0.5 (ties), look-alike 0 → criterion 0.5.
    const none = c.tried.find((t) => t.lambda === 0 && t.kappa === 0)!;
    expect([none.auc, none.reversedAuc, none.similarAuc, none.score]).toEqual([1, 0.5, 0, 0.5]);
    // λ ½, κ ½: link 2 + 2·log σ(½) = 1.05 > twin 2.1 + log σ(½) + log σ(−1.5) = 0.42; all three AUCs 1.
    expect([c.lambda, c.kappa]).toEqual([0.5, 0.5]);
    expect(c.tried.find((t) => t.lambda === 0.5 && t.kappa === 0.5)!.score).toBe(1);
  });

  it('leaves a kind without pairs out of the criterion, and falls back without links', () => {
    const noSim = chooseGateScales({ ...v, sim: { z: [], a: [], c: [] } });
    expect([noSim.lambda, noSim.kappa]).toEqual([0.5, 0]);
    expect(chooseGateScales({ ...v, pos: { z: [], a: [], c: [] } })).toEqual({
      lambda: 1,
      kappa: 0,
      tried: [],
    });
  });
});

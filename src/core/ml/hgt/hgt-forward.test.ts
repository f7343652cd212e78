import { describe, expect, it } from 'vitest';
import { hgtEmbed, hgtScorePairs } from './hgt-forward';
import { randomHgtGraph } from './hgt-test-graphs.test-util';
import { type HgtConfig, type HgtParams } from './hgt-spec';
import { HGT_RELATIONS, type HgtGraphTensors } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';
import { initHgtParams } from './init-hgt-params';

const I2 = () => Float32Array.of(1, 0, 0, 1);

describe('hgtEmbed on a hand-checked graph', () => {
  // 1 head, hidden 2, 1 layer, LeakyReLU slope 0.1 and lnEps = 1: with ε = 1 a LayerNorm of a 2-vector [a, b]
  // is [d, −d]/√(d² + 1), d = (a − b)/2, so values stay informative (with a tiny ε every row would be ±1).
  // Nodes: api 0, 1, 2 and param 3. Edges: 1→0 and 2→0 (api→api, w̃ 0 and 1), 3→0 (param→api, w̃ 0.5),
  // 0→3 (api→param, w̃ 0).
  const config: HgtConfig = {
    inputDim: 2,
    hidden: 2,
    heads: 1,
    layers: 1,
    leakySlope: 0.1,
    lnEps: 1,
    edgeWeightBias: true,
    pairHead: 'hadamard',
  };
  const graph: HgtGraphTensors = {
    nodeIds: ['api:a', 'api:b', 'api:c', 'param:p'],
    apiCount: 3,
    paramCount: 1,
    inputDim: 2,
    xApi: Float32Array.of(3, 1, 1, 3, 4, 0),
    xParam: Float32Array.of(1, 1),
    edgeSrc: Int32Array.of(1, 2, 3, 0),
    edgeDst: Int32Array.of(0, 0, 0, 3),
    edgeRel: Int32Array.of(2, 2, 0, 1),
    edgeW: Float32Array.of(0, 1, 0.5, 0),
  };
  const R = HGT_RELATIONS.length;
  const params: HgtParams = {
    config,
    encoder: {
      api: { W: I2(), b: new Float32Array(2), lnGamma: Float32Array.of(1, 1), lnBeta: new Float32Array(2) },
      param: {
        W: I2(),
        b: Float32Array.of(0, -2),
        lnGamma: Float32Array.of(1, 1),
        lnBeta: Float32Array.of(0.5, 0),
      },
    },
    layers: [
      {
        Wq: Array.from({ length: R }, I2),
        Wk: Array.from({ length: R }, I2),
        // param→api values are doubled, so relation-specific V is visible in the result.
        Wv: [Float32Array.of(2, 0, 0, 2), I2(), I2(), I2()],
        // A per-relation bias is constant inside each softmax group (same target, same relation), so it cannot
        // change α; a non-zero one here proves it does not leak anywhere else.
        bRel: Float32Array.of(0, 0, 0.25, 0),
        Wo: I2(),
        lnGamma: Float32Array.of(1, 1),
        lnBeta: new Float32Array(2),
      },
    ],
    head: {
      src: Float32Array.of(1, 0),
      dst: Float32Array.of(0, 1),
      had: Float32Array.of(1, 1),
      b: Float32Array.of(0.1),
    },
  };

  it('matches the hand computation', () => {
    // Encoder (eq. 14), W = I:
    //   h0 = LN([3,1]) = [1,−1]/√2 = [0.707107, −0.707107];  h1 = LN([1,3]) = [−0.707107, 0.707107]
    //   h2 = LN([4,0]) = [2,−2]/√5 = [0.894427, −0.894427]
    //   h3: [1,1] + b = [1,−1] → LeakyReLU [1, −0.1] → d = 0.55 → ±0.55/√1.3025 = ±0.481919, + β → [0.981919, −0.481919]
    // Layer at node 0, api→api group {1→0, 2→0}, k = h0, √d_k = √2:
    //   logit(1→0) = (h1·h0)/√2 + 0.25 + 0 = −1/√2 + 0.25 = −0.457107
    //   logit(2→0) = (h2·h0)/√2 + 0.25 + 1 = 0.894427 + 1.25 = 2.144427
    //   α = softmax → [0.069040, 0.930960]
    //   api→api message = 0.069040·h1 + 0.930960·h2 = [0.783847, −0.783847]
    //   param→api group {3→0}: α = 1, message = 2·h3 = [1.963837, −0.963837]
    //   m0 = [2.747684, −1.747684] → LeakyReLU [2.747684, −0.174768]
    //   h0 + that = [3.454791, −0.881875] → d = 2.168333 → LN → [0.908082, −0.908082]
    // Node 3 (0→3 api→param, α = 1): m3 = h0 → LeakyReLU [0.707107, −0.070711]; h3 + that = [1.689026, −0.552630]
    //   → d = 1.120828 → [0.746182, −0.746182]
    // Nodes 1, 2 receive nothing (m = 0): LN(h1) = [−0.707107/√1.5, …] = [−0.577350, 0.577350]; LN(h2) = [0.666667, −0.666667]
    const h = hgtEmbed(params, graph);
    const expected = [0.908082, -0.908082, -0.57735, 0.57735, 0.666667, -0.666667, 0.746182, -0.746182];
    expect(h.length).toBe(8);
    expected.forEach((e, i) => expect(h[i]).toBeCloseTo(e, 5));
  });

  it('scores a pair by eq. 17 plus the Hadamard term', () => {
    const h = hgtEmbed(params, graph);
    // z(0→3) = h0·src + h3·dst + Σ h0 ⊙ h3 ⊙ had + b = 0.908082 − 0.746182 + 2·(0.908082·0.746182) + 0.1 = 1.617090
    // z(3→0) = 0.746182 − 0.908082 + 1.355187 + 0.1 = 1.293287
    const p = hgtScorePairs(params, h, { src: Int32Array.of(0, 3), dst: Int32Array.of(3, 0) });
    expect(p[0]).toBeCloseTo(1 / (1 + Math.exp(-1.61709)), 5);
    expect(p[1]).toBeCloseTo(1 / (1 + Math.exp(-1.293287)), 5);
    // 'paper' drops the Hadamard term: z(0→3) = 0.908082 − 0.746182 + 0.1 = 0.2619
    const paper = { ...params, config: { ...config, pairHead: 'paper' as const } };
    expect(hgtScorePairs(paper, h, { src: Int32Array.of(0), dst: Int32Array.of(3) })[0]).toBeCloseTo(
      1 / (1 + Math.exp(-0.2619)),
      5,
    );
  });

  it('without the w̃ bias the two api→api neighbours are weighted by q·k alone', () => {
    const noBias = { ...params, config: { ...config, edgeWeightBias: false } };
    const h = hgtEmbed(noBias, graph);
    expect(h[0]).not.toBeCloseTo(0.908082, 3);
  });

  it('rejects a graph whose features do not match the model, and pairs outside the graph', () => {
    expect(() => hgtEmbed(params, { ...graph, inputDim: 3 })).toThrow(HgtShapeError);
    const h = hgtEmbed(params, graph);
    expect(() => hgtScorePairs(params, h, { src: Int32Array.of(0), dst: Int32Array.of(4) })).toThrow(
      HgtShapeError,
    );
  });
});

/**
 * A plain float64 transcription of hgt-spec.ts, edge by edge, with no shared code: it catches layout slips the
 * hand example cannot (several heads, the bRel[r·heads + k] index, two layers, all four relations).
 */
function referenceEmbed(p: HgtParams, g: HgtGraphTensors): Float64Array {
  const { hidden: d, heads, leakySlope, lnEps, inputDim } = p.config;
  const dk = d / heads;
  const N = g.apiCount + g.paramCount;
  const leaky = (x: number) => (x >= 0 ? x : leakySlope * x);
  const ln = (x: number[], gamma: Float32Array, beta: Float32Array) => {
    const mu = x.reduce((s, v) => s + v, 0) / d;
    const v = x.reduce((s, t) => s + (t - mu) ** 2, 0) / d;
    return x.map((t, j) => ((t - mu) / Math.sqrt(v + lnEps)) * gamma[j]! + beta[j]!);
  };
  const vecMat = (x: ArrayLike<number>, W: Float32Array, rows: number) =>
    Array.from({ length: d }, (_, j) => {
      let s = 0;
      for (let i = 0; i < rows; i++) s += x[i]! * W[i * d + j]!;
      return s;
    });
  let h: number[][] = [];
  for (let v = 0; v < N; v++) {
    const isApi = v < g.apiCount;
    const enc = isApi ? p.encoder.api : p.encoder.param;
    const x = (isApi ? g.xApi : g.xParam).subarray(
      (isApi ? v : v - g.apiCount) * inputDim,
      (isApi ? v + 1 : v - g.apiCount + 1) * inputDim,
    );
    h.push(
      ln(
        vecMat(x, enc.W, inputDim).map((t, j) => leaky(t + enc.b[j]!)),
        enc.lnGamma,
        enc.lnBeta,
      ),
    );
  }
  for (const l of p.layers) {
    const E = g.edgeSrc.length;
    const logits = Array.from({ length: E }, (_, e) => {
      const r = g.edgeRel[e]!;
      const q = vecMat(h[g.edgeSrc[e]!]!, l.Wq[r]!, d);
      const k = vecMat(h[g.edgeDst[e]!]!, l.Wk[r]!, d);
      return Array.from({ length: heads }, (_, hd) => {
        let s = 0;
        for (let j = hd * dk; j < (hd + 1) * dk; j++) s += q[j]! * k[j]!;
        return s / Math.sqrt(dk) + l.bRel[r * heads + hd]! + (p.config.edgeWeightBias ? g.edgeW[e]! : 0);
      });
    });
    const m = Array.from({ length: N }, () => new Array<number>(d).fill(0));
    for (let e = 0; e < E; e++) {
      const v = g.edgeDst[e]!;
      const r = g.edgeRel[e]!;
      const group = [...Array(E).keys()].filter((f) => g.edgeDst[f] === v && g.edgeRel[f] === r);
      const val = vecMat(h[g.edgeSrc[e]!]!, l.Wv[r]!, d);
      for (let hd = 0; hd < heads; hd++) {
        const denom = group.reduce((s, f) => s + Math.exp(logits[f]![hd]!), 0);
        const alpha = Math.exp(logits[e]![hd]!) / denom;
        for (let j = hd * dk; j < (hd + 1) * dk; j++) m[v]![j]! += alpha * val[j]!;
      }
    }
    h = h.map((hv, v) =>
      ln(
        vecMat(m[v]!, l.Wo, d).map((t, j) => hv[j]! + leaky(t)),
        l.lnGamma,
        l.lnBeta,
      ),
    );
  }
  return Float64Array.from(h.flat());
}

describe('hgtEmbed against an independent float64 transcription of the spec', () => {
  it('agrees to 1e-5 on a random 2-layer, 4-head graph with all relations', () => {
    const graph = randomHgtGraph(3, 7, 6, 40, 5);
    const params = initHgtParams(
      {
        inputDim: 5,
        hidden: 8,
        heads: 4,
        layers: 2,
        leakySlope: 0.01,
        lnEps: 1e-5,
        edgeWeightBias: true,
        pairHead: 'hadamard',
      },
      11,
    );
    // Non-trivial biases, LayerNorm affines and per-head bRel, so each of them must be wired right.
    let k = 0;
    const fill = (a: Float32Array) => a.forEach((_, i) => (a[i] = Math.sin(++k) * 0.5));
    fill(params.encoder.api.b);
    fill(params.encoder.param.lnBeta);
    for (const l of params.layers) {
      fill(l.bRel);
      fill(l.lnBeta);
      l.lnGamma.forEach((_, i) => (l.lnGamma[i] = 1 + Math.cos(++k) * 0.3));
    }
    const rels = new Set(graph.edgeRel);
    expect(rels.size).toBe(4);
    const got = hgtEmbed(params, graph);
    const want = referenceEmbed(params, graph);
    let worst = 0;
    for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
    expect(worst).toBeLessThan(1e-5);
  });
});

describe('the per-relation attention bias', () => {
  it('cannot change any embedding: it is constant inside each (target, relation) softmax group', () => {
    const graph = randomHgtGraph(8, 6, 6, 30, 4);
    const config: HgtConfig = {
      inputDim: 4,
      hidden: 8,
      heads: 2,
      layers: 2,
      leakySlope: 0.01,
      lnEps: 1e-5,
      edgeWeightBias: true,
      pairHead: 'hadamard',
    };
    const params = initHgtParams(config, 2);
    const before = hgtEmbed(params, graph);
    for (const l of params.layers) l.bRel.forEach((_, i) => (l.bRel[i] = 3 * Math.sin(i + 1)));
    const after = hgtEmbed(params, graph);
    let worst = 0;
    for (let i = 0; i < before.length; i++) worst = Math.max(worst, Math.abs(before[i]! - after[i]!));
    expect(worst).toBeLessThan(1e-5);
  });
});

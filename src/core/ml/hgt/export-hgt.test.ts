import { describe, expect, it } from 'vitest';
import { mulberry32, type Random } from '../../util/prng';
import { OnnxGraphWriter, readModelMetadata } from '../onnx-writer';
import { exportLinearHead } from '../export-linear-head';
import { createSession, initOrt, releaseSession, run } from '../ort-runtime';
import {
  addSegmentSoftmax,
  addSortedSegmentSum,
  exportHgt,
  HGT_METADATA,
  HGT_ONNX_FORMAT,
  SEGMENT_MAX_INIT,
} from './export-hgt';
import { hgtEmbed, hgtScorePairs } from './hgt-forward';
import { HgtOnnxRunner } from './hgt-onnx-runner';
import { HgtModelError } from './hgt-model-error';
import { DEFAULT_HGT_CONFIG, type HgtConfig, type HgtLayerParams, type HgtParams } from './hgt-spec';
import { HGT_RELATIONS, type HgtGraphTensors, type HgtPairs } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';
import { randomHgtGraph } from './hgt-test-graphs.test-util';
import { initHgtParams } from './init-hgt-params';

// onnxruntime-web is initialised once per process, here with 1 wasm thread (ort-runtime's default): Vitest
// runs this file in one Node worker and ORT reads numThreads only once, so every ORT test in this file is
// single-threaded. The 2-thread run of an exported HGT is compared with the 1-thread run in Chromium by
// scripts/browser-hgt-timing.ts (ScatterND "add" is the op known to break with threads; this graph has none).

const uniform = (rand: Random, n: number, scale: number) =>
  Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale);

/** Random parameters of the right shapes (independent of the trainer's initialiser). */
function randomParams(config: HgtConfig, seed: number): HgtParams {
  const rand = mulberry32(seed);
  const { inputDim: d, hidden: h, heads } = config;
  const R = HGT_RELATIONS.length;
  const enc = () => ({
    W: uniform(rand, d * h, 1 / Math.sqrt(d)),
    b: uniform(rand, h, 0.1),
    lnGamma: Float32Array.from({ length: h }, () => 1 + (rand() - 0.5) * 0.4),
    lnBeta: uniform(rand, h, 0.1),
  });
  const sq = () => uniform(rand, h * h, 1 / Math.sqrt(h));
  return {
    config,
    encoder: { api: enc(), param: enc() },
    layers: Array.from({ length: config.layers }, () => ({
      Wq: Array.from({ length: R }, sq),
      Wk: Array.from({ length: R }, sq),
      Wv: Array.from({ length: R }, sq),
      bRel: uniform(rand, R * heads, 0.5),
      Wo: sq(),
      lnGamma: Float32Array.from({ length: h }, () => 1 + (rand() - 0.5) * 0.4),
      lnBeta: uniform(rand, h, 0.1),
    })),
    head: {
      src: uniform(rand, h, 0.5),
      dst: uniform(rand, h, 0.5),
      had: config.pairHead === 'hadamard' ? uniform(rand, h, 0.5) : new Float32Array(h),
      b: Float32Array.of(0.1),
      feat: uniform(rand, config.pairFeatures ?? 0, 0.5),
    },
  };
}

/**
 * A fixed 30-node graph (20 API, 10 parameter nodes): every relation, several multi-edge (dst, relation)
 * segments, and node 0 with no in-edges at all. Edge kinds follow the node kinds, as in a Tool World graph.
 */
function fixedGraph(inputDim: number, seed: number): HgtGraphTensors {
  const rand = mulberry32(seed);
  const apiCount = 20;
  const paramCount = 10;
  const n = apiCount + paramCount;
  const edges: [number, number][] = [];
  const isApi = (v: number) => v < apiCount;
  for (let i = 0; i < 70; i++) {
    const s = Math.floor(rand() * n);
    const t = 1 + Math.floor(rand() * (n - 1)); // never into node 0
    if (s !== t) edges.push([s, t]);
  }
  // Make sure each relation has a segment with several edges (softmax over more than one term).
  edges.push([21, 3], [22, 3], [23, 3], [4, 24], [5, 24], [6, 7], [8, 7], [25, 26], [27, 26]);
  const rel = (s: number, t: number) =>
    HGT_RELATIONS.indexOf(
      isApi(s) ? (isApi(t) ? 'api->api' : 'api->param') : isApi(t) ? 'param->api' : 'param->param',
    );
  return {
    nodeIds: Array.from({ length: n }, (_, i) => (isApi(i) ? `api:t${i}` : `param:p${i}`)),
    apiCount,
    paramCount,
    inputDim,
    xApi: uniform(rand, apiCount * inputDim, 1),
    xParam: uniform(rand, paramCount * inputDim, 1),
    edgeSrc: Int32Array.from(edges, ([s]) => s),
    edgeDst: Int32Array.from(edges, ([, t]) => t),
    edgeRel: Int32Array.from(edges, ([s, t]) => rel(s, t)),
    edgeW: Float32Array.from(edges, () => rand()),
  };
}

/** All edges as pairs, plus reversed ones and a few non-edges (pairs the head must score too). */
function pairsOf(g: HgtGraphTensors): HgtPairs {
  const n = g.apiCount + g.paramCount;
  const src = [...g.edgeSrc, ...g.edgeDst, 0, n - 1, 5];
  const dst = [...g.edgeDst, ...g.edgeSrc, n - 1, 0, 5];
  return { src: Int32Array.from(src), dst: Int32Array.from(dst) };
}

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
};

/** Exported model in onnxruntime-web vs the trainer's forward (hgtEmbed / hgtScorePairs). */
async function parity(params: HgtParams, g: HgtGraphTensors, pairs: HgtPairs) {
  await initOrt({ numThreads: 1 });
  const runner = await HgtOnnxRunner.create(exportHgt(params));
  try {
    const out = await runner.run(g, pairs);
    const embeddings = hgtEmbed(params, g);
    // The runner computes pair_feat itself (pairFeatureMatrix), the reference gets it from the same graph.
    const scores = hgtScorePairs(params, embeddings, pairs, g);
    return {
      out,
      scores,
      embDiff: maxAbsDiff(out.embeddings, embeddings),
      scoreDiff: maxAbsDiff(out.scores, scores),
    };
  } finally {
    await runner.release();
  }
}

const base = { ...DEFAULT_HGT_CONFIG, inputDim: 12 };
const CONFIGS: HgtConfig[] = [
  { ...base, pairHead: 'hadamard', edgeWeightBias: true },
  { ...base, pairHead: 'hadamard', edgeWeightBias: false },
  { ...base, pairHead: 'paper', edgeWeightBias: true },
  { ...base, pairHead: 'paper', edgeWeightBias: false },
  { ...base, pairHead: 'hadamard', edgeWeightBias: true, pairFeatures: 0 },
  { ...base, pairHead: 'paper', edgeWeightBias: false, pairFeatures: 0 },
];

describe('ONNX subgraphs against plain TypeScript', () => {
  it('segment softmax (ScatterElements max/add) matches a softmax per segment and column', async () => {
    await initOrt({ numThreads: 1 });
    const heads = 3;
    const segments = 5; // segments 2 and 4 get no edges
    const seg = Int32Array.from([0, 0, 1, 3, 3, 3, 0]);
    const E = seg.length;
    const rand = mulberry32(3);
    // Logits up to ±60: exp without the max shift would overflow float32 (e^89), so this checks the shift.
    const logits = Float32Array.from({ length: E * heads }, () => (rand() * 2 - 1) * 60);
    const segIdx = Int32Array.from({ length: E * heads }, (_, i) => seg[Math.floor(i / heads)]!);
    const w = new OnnxGraphWriter('segment_softmax')
      .input('logits', 'float32', ['e', heads])
      .input('seg', 'int32', ['e'])
      .input('seg_idx', 'int32', ['e', heads])
      .floatInitializer('neg', new Float32Array(segments * heads).fill(SEGMENT_MAX_INIT), [segments, heads])
      .floatInitializer('zeros', new Float32Array(segments * heads), [segments, heads]);
    const names = {
      logits: 'logits',
      seg: 'seg',
      segIdx: 'seg_idx',
      negInit: 'neg',
      zeros: 'zeros',
      out: 'alpha',
    };
    addSegmentSoftmax(w, names);
    w.output('alpha', 'float32', ['e', heads]);
    const session = await createSession(w.toBytes({ producerName: 'test' }));
    const out = await run(session, {
      logits: { data: logits, dims: [E, heads] },
      seg: { data: seg, dims: [E] },
      seg_idx: { data: segIdx, dims: [E, heads] },
    });
    await releaseSession(session);
    const alpha = out.alpha!.data;
    const expected = new Float64Array(E * heads);
    for (let e = 0; e < E; e++)
      for (let c = 0; c < heads; c++) {
        const members = [...seg.keys()].filter((f) => seg[f] === seg[e]);
        const mx = Math.max(...members.map((f) => logits[f * heads + c]!));
        const z = members.reduce((a, f) => a + Math.exp(logits[f * heads + c]! - mx), 0);
        expected[e * heads + c] = Math.exp(logits[e * heads + c]! - mx) / z;
      }
    expect(alpha.every(Number.isFinite)).toBe(true);
    expect(maxAbsDiff(alpha, expected)).toBeLessThanOrEqual(1e-6);
    // Segment 1 has one edge: α = 1 in every head.
    for (let c = 0; c < heads; c++) expect(alpha[2 * heads + c]).toBeCloseTo(1, 6);
  });

  it('sorted segment sum (float64 prefix sums) matches plain sums, empty segments first, inside and last', async () => {
    await initOrt({ numThreads: 1 });
    const d = 4;
    // Segments 0 and 3 and 5 are empty; rows sorted by segment: 1,1,1,2,4,4.
    const start = Int32Array.of(0, 0, 3, 4, 4, 6);
    const end = Int32Array.of(0, 3, 4, 4, 6, 6);
    const E = 6;
    const rand = mulberry32(8);
    // Large offsets that cancel: a float32 prefix sum would lose them, float64 must not.
    const rows = Float32Array.from({ length: E * d }, (_, i) => (rand() * 2 - 1) * (i < 12 ? 3e4 : 1));
    const w = new OnnxGraphWriter('segment_sum')
      .input('rows', 'float32', ['e', d])
      .input('start', 'int32', ['n'])
      .input('end', 'int32', ['n'])
      .int64Initializer('c_pad_first_row', [1, 0, 0, 0], [4])
      .int32Initializer('c_zero_i32', [0], []);
    addSortedSegmentSum(w, { rows: 'rows', start: 'start', end: 'end', out: 'sums' });
    w.output('sums', 'float32', ['n', d]);
    const session = await createSession(w.toBytes({ producerName: 'test' }));
    const out = await run(session, {
      rows: { data: rows, dims: [E, d] },
      start: { data: start, dims: [6] },
      end: { data: end, dims: [6] },
    });
    await releaseSession(session);
    const expected = new Float64Array(6 * d);
    for (let v = 0; v < 6; v++)
      for (let r = start[v]!; r < end[v]!; r++)
        for (let c = 0; c < d; c++) expected[v * d + c]! += rows[r * d + c]!;
    const sums = out.sums!.data;
    for (const empty of [0, 3, 5])
      expect(Array.from(sums.subarray(empty * d, (empty + 1) * d))).toEqual([0, 0, 0, 0]);
    // Float32 output of float64 sums: relative error ≤ 2⁻²⁴ of the magnitude (≤ 1e5 here).
    expect(maxAbsDiff(sums, expected)).toBeLessThanOrEqual(1e-2);
    expect(maxAbsDiff(sums.subarray(4 * d, 5 * d), expected.subarray(4 * d, 5 * d))).toBeLessThanOrEqual(
      1e-6,
    );
  });
});

describe('exportHgt in onnxruntime-web (wasm, 1 thread) vs the trainer forward', () => {
  for (const config of CONFIGS) {
    it(`matches hgtEmbed / hgtScorePairs to 1e-4 (${config.pairHead} head, w̃ bias ${config.edgeWeightBias}, ${config.pairFeatures} pair features)`, async () => {
      const g = fixedGraph(config.inputDim, 7);
      const pairs = pairsOf(g);
      const { out, scores, embDiff, scoreDiff } = await parity(randomParams(config, 11), g, pairs);
      expect(out.embeddings.length).toBe(30 * config.hidden);
      expect(out.scores.length).toBe(pairs.src.length);
      expect(embDiff).toBeLessThanOrEqual(1e-4);
      expect(scoreDiff).toBeLessThanOrEqual(1e-4);
      // Scores are spread out, so the comparison is not trivially satisfied.
      expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(0.05);
      // Node 0 has no in-edges: its messages are 0, so layer ℓ gives LN(h + LeakyReLU(0)) = LN(h).
      expect(Number.isFinite(out.embeddings[0])).toBe(true);
    });
  }

  it('feeds pair features: the feature term moves the scores, and a missing one is refused', async () => {
    const config = CONFIGS[0]!;
    const params = randomParams(config, 11);
    const g = fixedGraph(config.inputDim, 7);
    const pairs = pairsOf(g);
    const emb = hgtEmbed(params, g);
    const withF = hgtScorePairs(params, emb, pairs, g);
    const zeroW = { ...params, head: { ...params.head, feat: new Float32Array(params.head.feat!.length) } };
    const without = hgtScorePairs(zeroW, emb, pairs, g);
    // Behavioural pairs (api→api, param→param) get the term, so some scores must differ clearly.
    expect(maxAbsDiff(withF, without)).toBeGreaterThan(0.05);
    expect(() => hgtScorePairs(params, emb, pairs)).toThrow(/pass the graph/);
  });

  it('runs the direction gate log σ(f · dir) as the trainer forward does (issue 16)', async () => {
    const config = CONFIGS[0]!;
    const plain = randomParams(config, 11);
    const rand = mulberry32(5);
    // Large weights, so some pairs sit deep in the gate's saturated ends (log σ of −10 and below).
    const gated = { ...plain, head: { ...plain.head, dir: uniform(rand, config.pairFeatures!, 3) } };
    const g = fixedGraph(config.inputDim, 7);
    const pairs = pairsOf(g);
    const { scores, scoreDiff } = await parity(gated, g, pairs);
    expect(scoreDiff).toBeLessThanOrEqual(1e-4);
    const without = hgtScorePairs(plain, hgtEmbed(plain, g), pairs, g);
    // The gate only lowers a score (log σ < 0), and lowers some of them clearly.
    scores.forEach((p, i) => expect(p).toBeLessThanOrEqual(without[i]! + 1e-6));
    expect(maxAbsDiff(scores, without)).toBeGreaterThan(0.05);
    // A gate needs pair features, and one weight per feature.
    const noFeatures = { ...gated, config: { ...config, pairFeatures: 0 } };
    expect(() => exportHgt(noFeatures)).toThrow(/needs pair features/);
    const short = { ...gated, head: { ...gated.head, dir: new Float32Array(3) } };
    expect(() => exportHgt(short)).toThrow(/head\.dir has 3 values/);
  });

  it('matches on a larger seeded graph (300 nodes, 1,200 edges, Xavier init)', async () => {
    const config: HgtConfig = { ...DEFAULT_HGT_CONFIG, inputDim: 20 };
    const g = randomHgtGraph(5, 220, 80, 1200, config.inputDim);
    const { embDiff, scoreDiff } = await parity(initHgtParams(config, 3), g, pairsOf(g));
    expect(embDiff).toBeLessThanOrEqual(1e-4);
    expect(scoreDiff).toBeLessThanOrEqual(1e-4);
  });

  it('handles a graph without edges and an empty pair list', async () => {
    const config = CONFIGS[0]!;
    const params = randomParams(config, 2);
    const g = fixedGraph(config.inputDim, 7);
    const bare: HgtGraphTensors = {
      ...g,
      edgeSrc: new Int32Array(0),
      edgeDst: new Int32Array(0),
      edgeRel: new Int32Array(0),
      edgeW: new Float32Array(0),
    };
    const none: HgtPairs = { src: new Int32Array(0), dst: new Int32Array(0) };
    const { out, embDiff } = await parity(params, bare, none);
    expect(out.scores.length).toBe(0);
    expect(embDiff).toBeLessThanOrEqual(1e-4);
  });

  it('stores its config in the model metadata and writes the same bytes twice', () => {
    const params = randomParams(CONFIGS[0]!, 4);
    const options = { metadata: { embedder: 'lexical', [HGT_METADATA.format]: 'spoofed' } };
    const bytes = exportHgt(params, options);
    const meta = readModelMetadata(bytes);
    expect(JSON.parse(meta[HGT_METADATA.config]!)).toEqual(params.config);
    expect(meta[HGT_METADATA.format]).toBe(HGT_ONNX_FORMAT);
    expect(meta.embedder).toBe('lexical');
    expect(Buffer.from(bytes).equals(Buffer.from(exportHgt(params, options)))).toBe(true);
  });

  it('refuses parameters that do not fit the config', () => {
    const params = randomParams(CONFIGS[0]!, 4);
    const [l0, l1] = params.layers as [HgtLayerParams, HgtLayerParams];
    const broken = { ...params, layers: [{ ...l0, Wq: l0.Wq.slice(0, 3) }, l1] };
    expect(() => exportHgt(broken)).toThrow(HgtShapeError);
    expect(() => exportHgt(broken)).toThrow(/layers\[0\]\.Wq has 3 relations, expected 4/);
  });
});

describe('HgtOnnxRunner', () => {
  it('refuses graphs it cannot run, with errors that say why', async () => {
    await initOrt({ numThreads: 1 });
    const runner = await HgtOnnxRunner.create(exportHgt(randomParams(CONFIGS[0]!, 4)));
    const g = fixedGraph(12, 7);
    const pairs = pairsOf(g);
    await expect(runner.run(fixedGraph(13, 7), pairs)).rejects.toThrow(
      'graph features have 13 values, the model takes 12',
    );
    const wrongKind = { ...g, edgeRel: g.edgeRel.map((r, e) => (e === 2 ? (r + 1) % 4 : r)) };
    await expect(runner.run(wrongKind, pairs)).rejects.toThrow(/edge 2 is .* but joins a/);
    const outside = { src: Int32Array.of(0), dst: Int32Array.of(30) };
    await expect(runner.run(g, outside)).rejects.toThrow(
      'pair 0 points outside the graph (0 → 30, 30 nodes)',
    );
    await runner.release();
    await expect(runner.run(g, pairs)).rejects.toThrow(HgtModelError);
  });

  it('refuses a model that is not an HGT export', async () => {
    const linear = exportLinearHead({
      inputDim: 2,
      outputDim: 1,
      W: Float32Array.of(1, 1),
      b: Float32Array.of(0),
      labels: ['x'],
    });
    await expect(HgtOnnxRunner.create(linear)).rejects.toThrow(/no HGT metadata/);
    await expect(HgtOnnxRunner.create(Uint8Array.of(1, 2, 3))).rejects.toThrow(HgtModelError);
  });
});

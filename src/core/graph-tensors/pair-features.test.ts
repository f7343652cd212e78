import { describe, expect, it } from 'vitest';
import { HGT_RELATIONS, type HgtGraphTensors } from './tensor-spec';
import { LinkGraph } from './link-graph';
import {
  PAIR_FEATURES,
  pairFeatureMatrix,
  feedsLikeTarget,
  likeSourceFeeds,
  pairFeatures,
  paramCover,
  requiredCover,
  reversedPairFeatures,
  schemaFlow,
} from './pair-features';

const rel = (r: string) => HGT_RELATIONS.indexOf(r as (typeof HGT_RELATIONS)[number]);

// APIs 0, 1, 2; parameter 3. Edges: 0→1, 1→2 (api→api), 0→3 (api→param), 3→2 (param→api). Features: a
// 2-d text vector + 4 statistics (zeros here).
function graph(): HgtGraphTensors {
  const x = (rows: number[][]) => Float32Array.from(rows.flatMap((r) => [...r, 0, 0, 0, 0]));
  return {
    nodeIds: ['api:a', 'api:b', 'api:c', 'param:p'],
    apiCount: 3,
    paramCount: 1,
    inputDim: 6,
    xApi: x([
      [1, 0],
      [0.6, 0.8],
      [0, 1],
    ]),
    xParam: x([[1, 0]]),
    edgeSrc: Int32Array.of(0, 1, 0, 3),
    edgeDst: Int32Array.of(1, 2, 3, 2),
    edgeRel: Int32Array.of(rel('api->api'), rel('api->api'), rel('api->param'), rel('param->api')),
    edgeW: Float32Array.of(1, 1, 1, 1),
    io: [
      { ins: [], outs: [Float32Array.of(0, 1)] },
      { ins: [Float32Array.of(1, 0)], outs: [] },
      { ins: [Float32Array.of(0, 1)], outs: [] },
    ],
  };
}

describe('pairFeatureMatrix (the pair_feat input of the HGT)', () => {
  it('has one row per pair: the baseline features for behavioural pairs, zeros for structural ones', () => {
    const g = graph();
    const m = pairFeatureMatrix(g, Int32Array.of(0, 0, 0), Int32Array.of(2, 3, 1));
    const F = PAIR_FEATURES.length;
    expect(m.length).toBe(3 * F);
    const ctx = {
      graph: new LinkGraph(g),
      embeddings: [0, 1, 2, 3].map((i) => (i < 3 ? g.xApi : g.xParam).subarray((i % 3) * 6, (i % 3) * 6 + 2)),
      io: g.io!,
    };
    expect(Array.from(m.subarray(0, F))).toEqual(Array.from(pairFeatures(ctx, { src: 0, dst: 2 })));
    // 0 → 2: text cosine 0; out-degree of 0 is 1 (log1p 1); io: 0 gives [0, 1], 2 takes [0, 1] → 1;
    // 0 gives parameter 3 and 2 takes it → shared; common neighbours 1 and 3 (each with 2) → 2 / ln 2.
    expect(m[0]).toBeCloseTo(0, 6);
    expect(m[2]).toBeCloseTo(Math.log(2), 6);
    expect(m[5]).toBeCloseTo(2 / Math.log(2), 5);
    expect(m[6]).toBeCloseTo(1, 6);
    expect(m[7]).toBe(1);
    // 0 → 3 (api→param) is structural: all zeros.
    expect(Array.from(m.subarray(F, 2 * F)).every((v) => v === 0)).toBe(true);
  });

  it("takes a training positive's own edge out of the degrees", () => {
    const g = graph();
    const F = PAIR_FEATURES.length;
    const plain = pairFeatureMatrix(g, Int32Array.of(0), Int32Array.of(1));
    const own = pairFeatureMatrix(g, Int32Array.of(0), Int32Array.of(1), Uint8Array.of(1));
    // logOutDegSrc: log1p(1) vs log1p(0); logInDegDst likewise.
    expect(plain[2]).toBeCloseTo(Math.log(2), 6);
    expect(own[2]).toBe(0);
    expect(plain[3]).toBeCloseTo(Math.log(2), 6);
    expect(own[3]).toBe(0);
    expect(own.length).toBe(F);
  });
});

describe('directional pair features (issue 16)', () => {
  const col = (name: (typeof PAIR_FEATURES)[number]) => PAIR_FEATURES.indexOf(name);
  const ctxOf = (g: HgtGraphTensors) => ({
    graph: new LinkGraph(g),
    embeddings: [0, 1, 2, 3].map((i) => (i < 3 ? g.xApi : g.xParam).subarray((i % 3) * 6, (i % 3) * 6 + 2)),
    io: g.io!,
  });

  it('reads u’s outputs against v’s inputs, and the reverse in a separate column', () => {
    const g = graph();
    const [fwd, back] = [
      pairFeatures(ctxOf(g), { src: 0, dst: 2 }),
      pairFeatures(ctxOf(g), { src: 2, dst: 0 }),
    ];
    // 0 outputs parameter 3 and 2 takes it: forward shared, reverse not; mirrored for (2, 0).
    expect([fwd[col('sharedParam')], fwd[col('sharedParamReverse')]]).toEqual([1, 0]);
    expect([back[col('sharedParam')], back[col('sharedParamReverse')]]).toEqual([0, 1]);
    // io: 0 gives [0, 1], 2 takes [0, 1] → 1 forward; 2 gives nothing → 0.
    expect(fwd[col('ioSimilarity')]).toBeCloseTo(1, 6);
    expect(fwd[col('ioSimilarityReverse')]).toBe(0);
    expect(back[col('ioSimilarityReverse')]).toBeCloseTo(1, 6);
    // Schema counts: 0 produces 1 output, 2 consumes 1 input.
    expect(fwd[col('producesSrc')]).toBeCloseTo(Math.log(2), 6);
    expect(fwd[col('consumesDst')]).toBeCloseTo(Math.log(2), 6);
    expect(back[col('producesSrc')]).toBe(0);
    // The path 0 → 1 → 2 runs forward only; the order ranks put 2 after 0.
    expect(fwd[col('pathsForward')]).toBeCloseTo(Math.log(2), 6);
    expect(fwd[col('pathsReverse')]).toBe(0);
    expect(fwd[col('orderGap')]).toBeGreaterThan(0.5);
    expect(back[col('orderGap')]).toBeCloseTo(-fwd[col('orderGap')]!, 6);
  });

  it('requiredCover averages the best type-compatible match over v’s required inputs only', () => {
    const g = graph();
    g.io = [
      {
        ins: [],
        outs: [Float32Array.of(1, 0)],
        outTypes: ['string'],
        outWords: [['city']],
        inTypes: [],
        inWords: [],
      },
      {
        // Two inputs, only the first required: a perfect match for it, nothing for the optional one.
        ins: [Float32Array.of(1, 0), Float32Array.of(0, 1)],
        outs: [],
        inTypes: ['string', 'string'],
        inWords: [['city'], ['day']],
        inRequired: [true, false],
      },
      {
        // Same text, but a number: the string output cannot feed it.
        ins: [Float32Array.of(1, 0)],
        outs: [],
        inTypes: ['number'],
        inWords: [['city']],
        inRequired: [true],
      },
    ];
    const ctx = ctxOf(g);
    expect(requiredCover(ctx, 0, 1)).toBeCloseTo(1, 6);
    expect(requiredCover(ctx, 0, 2)).toBe(0);
    expect(requiredCover(ctx, 1, 0)).toBe(0); // 1 outputs nothing
  });

  it("a reversed training negative's degrees leave out the edge it reverses", () => {
    const g = graph();
    const plain = pairFeatureMatrix(g, Int32Array.of(1), Int32Array.of(0));
    const rev = pairFeatureMatrix(g, Int32Array.of(1), Int32Array.of(0), Uint8Array.of(2));
    // (1, 0) reverses the input edge 0 → 1: 1's in-degree and 0's out-degree drop by it.
    expect(plain[col('logInDegSrc')]).toBeCloseTo(Math.log(2), 6);
    expect(rev[col('logInDegSrc')]).toBe(0);
    expect(plain[col('logOutDegDst')]).toBeCloseTo(Math.log(2), 6);
    expect(rev[col('logOutDegDst')]).toBe(0);
  });

  it('reversedPairFeatures(f(u, v)) is f(v, u) for tool pairs, also with the own edge taken out', () => {
    const g = graph();
    const ctx = ctxOf(g);
    for (const [u, v] of [
      [0, 2],
      [2, 0],
      [0, 1],
      [1, 2],
    ] as const) {
      const back = Array.from(pairFeatures(ctx, { src: v, dst: u }));
      reversedPairFeatures(pairFeatures(ctx, { src: u, dst: v })).forEach((x, j) =>
        expect(x).toBeCloseTo(back[j]!, 6),
      );
    }
    // A training positive 0 → 1 and its reversed negative (1, 0) both leave the edge 0 → 1 out.
    const own = reversedPairFeatures(pairFeatures(ctx, { src: 0, dst: 1 }, 'edge'));
    const rev = Array.from(pairFeatures(ctx, { src: 1, dst: 0 }, 'reversed'));
    own.forEach((x, j) => expect(x).toBeCloseTo(rev[j]!, 6));
  });
});

describe('schemaFlow (issue 16, second pass)', () => {
  // APIs 0, 1, 2; parameters 3 (0's output), 4 (1's input), 5 (2's input). Learned value flow 3 → 4.
  function flowGraph(): HgtGraphTensors {
    const x = (n: number) => new Float32Array(n * 6);
    return {
      nodeIds: ['api:a', 'api:b', 'api:c', 'param:o', 'param:i', 'param:j'],
      apiCount: 3,
      paramCount: 3,
      inputDim: 6,
      xApi: x(3),
      xParam: x(3),
      edgeSrc: Int32Array.of(0, 3, 4, 5, 2),
      edgeDst: Int32Array.of(3, 4, 1, 2, 4),
      edgeRel: Int32Array.of(
        rel('api->param'),
        rel('param->param'),
        rel('param->api'),
        rel('param->api'),
        rel('api->param'),
      ),
      edgeW: new Float32Array(5).fill(1),
    };
  }

  it("tools: counts u's outputs that flow into one of v's inputs, one way only", () => {
    const g = new LinkGraph(flowGraph());
    expect(schemaFlow(g, 0, 1)).toBe(1); // 0 → param 3 ⇝ param 4 → 1
    expect(schemaFlow(g, 1, 0)).toBe(0);
    expect(schemaFlow(g, 0, 2)).toBe(0); // 2 takes parameter 5, which nothing flows into
  });

  it('parameters: counts the tools that take p and give q', () => {
    const g = new LinkGraph(flowGraph());
    expect(schemaFlow(g, 5, 4)).toBe(1); // tool 2 takes 5 and gives 4
    expect(schemaFlow(g, 4, 5)).toBe(0);
    const F = PAIR_FEATURES.length;
    const m = pairFeatureMatrix(flowGraph(), Int32Array.of(0, 1), Int32Array.of(1, 0));
    expect(m[PAIR_FEATURES.indexOf('flowForward')]).toBeCloseTo(Math.log(2), 6);
    expect(m[PAIR_FEATURES.indexOf('flowReverse')]).toBe(0);
    expect(m[F + PAIR_FEATURES.indexOf('flowReverse')]).toBeCloseTo(Math.log(2), 6);
  });
});

describe('neighbour-by-text and parameter-cover features (issue 16, fourth pass)', () => {
  // graph(): text a = [1, 0], b = [0.6, 0.8], c = [0, 1]; links 0 → 1 → 2; 0 outputs parameter 3, 2 takes it.
  const ctxOf = (g: HgtGraphTensors) => ({
    graph: new LinkGraph(g),
    embeddings: [0, 1, 2, 3].map((i) => (i < 3 ? g.xApi : g.xParam).subarray((i % 3) * 6, (i % 3) * 6 + 2)),
    io: g.io!,
  });

  it('likeSourceFeeds: the best text cosine between u and a tool that feeds v, never u itself', () => {
    const ctx = ctxOf(graph());
    expect(likeSourceFeeds(ctx, 0, 2)).toBeCloseTo(0.6, 6); // b feeds c, cos(a, b) = 0.6
    expect(likeSourceFeeds(ctx, 2, 1)).toBeCloseTo(0, 6); // a feeds b, cos(c, a) = 0
    expect(likeSourceFeeds(ctx, 0, 1)).toBe(0); // the only source of b is a itself: its own edge does not count
    expect(likeSourceFeeds(ctx, 2, 0)).toBe(0); // nothing feeds a
  });

  it('feedsLikeTarget: the best text cosine between v and a tool u feeds, never v itself', () => {
    const ctx = ctxOf(graph());
    expect(feedsLikeTarget(ctx, 0, 2)).toBeCloseTo(0.8, 6); // a feeds b, cos(b, c) = 0.8
    expect(feedsLikeTarget(ctx, 1, 0)).toBeCloseTo(0, 6); // b feeds c, cos(c, a) = 0
    expect(feedsLikeTarget(ctx, 0, 1)).toBe(0);
  });

  it("paramCover: the share of v's declared inputs that u declares as outputs, one way only", () => {
    const g = new LinkGraph(graph());
    expect(paramCover(g, 0, 2)).toBe(1); // c takes parameter 3, a gives it
    expect(paramCover(g, 2, 0)).toBe(0); // a takes nothing
    expect(paramCover(g, 1, 2)).toBe(0); // b gives nothing
    // Tool 1 takes parameters 2 and 3; tool 0 gives only 2: half covered.
    const two = new LinkGraph({
      apiCount: 2,
      paramCount: 2,
      edgeSrc: Int32Array.of(0, 2, 3),
      edgeDst: Int32Array.of(2, 1, 1),
      edgeRel: Int32Array.of(rel('api->param'), rel('param->api'), rel('param->api')),
      edgeW: new Float32Array(3).fill(1),
    });
    expect(paramCover(two, 0, 1)).toBe(0.5);
    expect(paramCover(two, 1, 0)).toBe(0);
  });

  it('enter the feature vector with their reverse twins (the pair read from v to u)', () => {
    const ctx = ctxOf(graph());
    const f = pairFeatures(ctx, { src: 0, dst: 2 });
    const at = (n: (typeof PAIR_FEATURES)[number]) => f[PAIR_FEATURES.indexOf(n)] as number;
    expect(at('likeSrcFeeds')).toBeCloseTo(0.6, 6);
    expect(at('likeSrcFeedsReverse')).toBe(0);
    expect(at('feedsLikeDst')).toBeCloseTo(0.8, 6);
    expect(at('feedsLikeDstReverse')).toBe(0); // c feeds nothing
    expect(at('paramCover')).toBe(1);
    expect(at('paramCoverReverse')).toBe(0);
  });
});

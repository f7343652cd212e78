import { describe, expect, it } from 'vitest';
import { HGT_RELATIONS, type HgtGraphTensors } from './tensor-spec';
import { LinkGraph } from './link-graph';
import { PAIR_FEATURES, pairFeatureMatrix, pairFeatures } from './pair-features';

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

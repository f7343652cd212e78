import { describe, expect, it } from 'vitest';
import { HGT_RELATIONS, type HgtGraphTensors } from '../../graph-tensors/tensor-spec';
import { PAIR_FEATURES, pairFeatureMatrix } from '../../graph-tensors/pair-features';
import { mulberry32 } from '../../util/prng';
import { hgtEmbed, hgtScorePairs } from './hgt-forward';
import { hgtHardNegatives } from './hgt-hard-negatives';
import { edgeKeySet, pairKey, sampleEpochBatch } from './hgt-sampling';
import { trainHgt } from './train-hgt';

const rel = (r: (typeof HGT_RELATIONS)[number]) => HGT_RELATIONS.indexOf(r);

/**
 * Five tools, four parameters. Tool i outputs parameter 5 + i and tool i + 1 takes it (i = 0 … 3), so the
 * data flows 0 → 1 → 2 → 3 → 4. The behavioural links 0 → 1 and 1 → 2 are observed; tools 3 and 4 have
 * none (never called). Every tool has the same text vector, so nothing but the schema edges says which of
 * (3, 4) and (4, 3) is the link: 3 outputs parameter 8 and 4 takes it.
 */
function fiveTools(): HgtGraphTensors {
  const dim = 4;
  const row = [0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0];
  const src: number[] = [];
  const dst: number[] = [];
  const r: number[] = [];
  const edge = (s: number, d: number, relation: (typeof HGT_RELATIONS)[number]) => {
    src.push(s);
    dst.push(d);
    r.push(rel(relation));
  };
  for (let i = 0; i < 4; i++) {
    edge(i, 5 + i, 'api->param');
    edge(5 + i, i + 1, 'param->api');
  }
  edge(0, 1, 'api->api');
  edge(1, 2, 'api->api');
  return {
    nodeIds: [
      'api:t0',
      'api:t1',
      'api:t2',
      'api:t3',
      'api:t4',
      'param:p0',
      'param:p1',
      'param:p2',
      'param:p3',
    ],
    apiCount: 5,
    paramCount: 4,
    inputDim: dim + 4,
    xApi: Float32Array.from(Array.from({ length: 5 }, () => row).flat()),
    xParam: Float32Array.from(Array.from({ length: 4 }, () => row).flat()),
    edgeSrc: Int32Array.from(src),
    edgeDst: Int32Array.from(dst),
    edgeRel: Int32Array.from(r),
    edgeW: new Float32Array(src.length).fill(1),
  };
}

const graph = fiveTools;

const small = { hidden: 16, heads: 2 } as const;
const pair = (s: number, d: number) => ({ src: Int32Array.of(s), dst: Int32Array.of(d) });

describe('direction (issue 16): which side outputs the shared parameter decides', () => {
  it('the pair features of (3, 4) and (4, 3) differ only in the directional ones, mirrored', () => {
    const g = graph();
    const F = PAIR_FEATURES.length;
    const m = pairFeatureMatrix(g, Int32Array.of(3, 4), Int32Array.of(4, 3));
    const f = (name: (typeof PAIR_FEATURES)[number], row: number) => m[row * F + PAIR_FEATURES.indexOf(name)];
    expect(f('sharedParam', 0)).toBe(1);
    expect(f('sharedParamReverse', 0)).toBe(0);
    expect(f('sharedParam', 1)).toBe(0);
    expect(f('sharedParamReverse', 1)).toBe(1);
    // The symmetric ones agree: same text, no behavioural degree on either side.
    for (const name of ['cosine', 'adamicAdar', 'logInDegSrc', 'logOutDegDst'] as const)
      expect(f(name, 0)).toBeCloseTo(f(name, 1)!, 6);
  });

  it('after training, score(3 → 4) exceeds score(4 → 3) by a margin of 2 logits', async () => {
    const g = graph();
    const { params } = await trainHgt(g, { config: small, epochs: 30, seed: 5, hardNegatives: true });
    const h = hgtEmbed(params, g);
    const forward = hgtScorePairs(params, h, pair(3, 4), g)[0]!;
    const backward = hgtScorePairs(params, h, pair(4, 3), g)[0]!;
    const logit = (p: number) => Math.log(p / (1 - p));
    expect(logit(forward) - logit(backward)).toBeGreaterThan(2);
    expect(forward).toBeGreaterThan(0.5);
    expect(backward).toBeLessThan(0.1);
  });

  it('the direction gate alone (no hard negatives) ranks 3 → 4 above 4 → 3 by 2 logits', async () => {
    const g = graph();
    const trained = await trainHgt(g, { config: small, epochs: 30, seed: 5, hardNegatives: false });
    const { params } = trained;
    // No validation pairs to choose λ on: the fallback λ 1; the gate weighs sharedParam against its twin.
    expect(trained.direction?.lambda).toBe(1);
    const dir = params.head.dir!;
    expect(dir[PAIR_FEATURES.indexOf('sharedParam')]).toBeGreaterThan(0);
    expect(dir[PAIR_FEATURES.indexOf('sharedParamReverse')]).toBeCloseTo(
      -dir[PAIR_FEATURES.indexOf('sharedParam')]!,
      6,
    );
    const h = hgtEmbed(params, g);
    const logit = (p: number) => Math.log(p / (1 - p));
    const forward = logit(hgtScorePairs(params, h, pair(3, 4), g)[0]!);
    const backward = logit(hgtScorePairs(params, h, pair(4, 3), g)[0]!);
    expect(forward - backward).toBeGreaterThan(2);
    // Without the gate the same training cannot tell the two apart by that much.
    const off = await trainHgt(g, { config: small, epochs: 30, seed: 5, directionGate: false });
    const h0 = hgtEmbed(off.params, g);
    const gap0 =
      logit(hgtScorePairs(off.params, h0, pair(3, 4), g)[0]!) -
      logit(hgtScorePairs(off.params, h0, pair(4, 3), g)[0]!);
    expect(forward - backward).toBeGreaterThan(gap0 + 1);
    expect(off.params.head.dir).toBeUndefined();
  });

  it('puts the reversed pair and a look-alike target of each target link into the training batch', () => {
    const g = graph();
    const keys = edgeKeySet(g);
    const hard = hgtHardNegatives(g, keys);
    const N = g.apiCount + g.paramCount;
    // Edges 8 and 9 are the behavioural ones (0 → 1, 1 → 2): both have a usable reverse and look-alike.
    expect(Array.from(hard.reversed)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    for (const e of [8, 9]) {
      const w = hard.lookalike[e]!;
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w).toBeLessThan(g.apiCount);
      expect(keys.has(pairKey(g.edgeSrc[e]!, w, N))).toBe(false);
    }
    // Structural edges get none.
    expect(Array.from(hard.lookalike.slice(0, 8)).every((w) => w === -1)).toBe(true);
    const batch = sampleEpochBatch(g, keys, mulberry32(1), { targetFraction: 0.99, negatives: 2, hard });
    for (let i = 0; i < batch.posSrc.length; i++) {
      const u = batch.posSrc[i]!;
      const v = batch.posDst[i]!;
      const mine = [...batch.negOf.keys()].filter((j) => batch.negOf[j] === i);
      const behavioural = u < g.apiCount && v < g.apiCount;
      const reversed = mine.filter((j) => batch.negKind[j] === 1);
      const lookalike = mine.filter((j) => batch.negKind[j] === 2);
      expect(reversed.length).toBe(behavioural ? 1 : 0);
      expect(lookalike.length).toBe(behavioural ? 1 : 0);
      for (const j of reversed) expect([batch.negSrc[j], batch.negDst[j]]).toEqual([v, u]);
      for (const j of lookalike) expect(batch.negSrc[j]).toBe(u);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../util/prng';
import { edgeKeySet, pairKey, sampleEpochBatch } from './hgt-sampling';
import { randomHgtGraph } from './hgt-test-graphs.test-util';

describe('sampleEpochBatch', () => {
  const graph = randomHgtGraph(5, 30, 20, 200, 3);
  const keys = edgeKeySet(graph);
  const N = 50;
  const batch = sampleEpochBatch(graph, keys, mulberry32(9), { targetFraction: 0.3, negatives: 4 });

  it('hides exactly round(0.3·E) edges: targets and message edges partition the edge list', () => {
    expect(batch.posSrc.length).toBe(60);
    expect(batch.messageEdges.length).toBe(140);
    const targets = new Set(Array.from(batch.posSrc, (s, i) => pairKey(s, batch.posDst[i]!, N)));
    const messages = new Set(
      Array.from(batch.messageEdges, (e) => pairKey(graph.edgeSrc[e]!, graph.edgeDst[e]!, N)),
    );
    expect(targets.size + messages.size).toBe(200);
    for (const k of targets) expect(messages.has(k)).toBe(false);
    // Labels are the targets' w̃.
    const w = new Map(
      Array.from(graph.edgeSrc, (s, e) => [pairKey(s, graph.edgeDst[e]!, N), graph.edgeW[e]!]),
    );
    batch.posLabel.forEach((l, i) => expect(l).toBe(w.get(pairKey(batch.posSrc[i]!, batch.posDst[i]!, N))));
  });

  it('draws k negatives per target that corrupt the source with a node of its type and are never edges', () => {
    expect(batch.negSrc.length).toBe(60 * 4);
    batch.negSrc.forEach((s, j) => {
      const i = batch.negOf[j]!;
      const u = batch.posSrc[i]!;
      expect(batch.negDst[j]).toBe(batch.posDst[i]);
      expect(s < graph.apiCount).toBe(u < graph.apiCount);
      expect(s).not.toBe(batch.negDst[j]);
      expect(keys.has(pairKey(s, batch.negDst[j]!, N))).toBe(false);
    });
  });

  it('skips a negative it cannot find instead of returning an edge', () => {
    // One API linked from every other API: no api source can be a negative for target 0.
    const apis = 4;
    const full = {
      ...randomHgtGraph(1, apis, 0, 0, 2),
      edgeSrc: Int32Array.of(1, 2, 3),
      edgeDst: Int32Array.of(0, 0, 0),
      edgeRel: Int32Array.of(2, 2, 2),
      edgeW: Float32Array.of(1, 1, 1),
    };
    const b = sampleEpochBatch(full, edgeKeySet(full), mulberry32(1), { targetFraction: 0.5, negatives: 3 });
    expect(b.posSrc.length).toBe(2);
    expect(b.negSrc.length).toBe(0);
  });

  it('is reproducible for a seed', () => {
    const again = sampleEpochBatch(graph, keys, mulberry32(9), { targetFraction: 0.3, negatives: 4 });
    expect(again.negSrc).toEqual(batch.negSrc);
    expect(again.messageEdges).toEqual(batch.messageEdges);
  });
});

describe("sampleEpochBatch with corrupt: 'random'", () => {
  it('replaces both ends by nodes of the same kinds, never an edge or a self pair', () => {
    const graph = randomHgtGraph(5, 30, 20, 200, 3);
    const keys = edgeKeySet(graph);
    const b = sampleEpochBatch(graph, keys, mulberry32(9), {
      targetFraction: 0.3,
      negatives: 4,
      corrupt: 'random',
    });
    const isApi = (i: number) => i < graph.apiCount;
    let movedDst = 0;
    b.negSrc.forEach((s, j) => {
      const i = b.negOf[j]!;
      const d = b.negDst[j]!;
      expect(isApi(s)).toBe(isApi(b.posSrc[i]!));
      expect(isApi(d)).toBe(isApi(b.posDst[i]!));
      expect(s).not.toBe(d);
      expect(keys.has(pairKey(s, d, 50))).toBe(false);
      if (d !== b.posDst[i]) movedDst++;
    });
    // The target end is redrawn too: most negatives do not keep v.
    expect(movedDst).toBeGreaterThan(b.negSrc.length / 2);
  });
});

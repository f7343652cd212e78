import { describe, expect, it } from 'vitest';
import { scoringPairs, topPredictions } from './hgt-app-candidates';
import { HGT_RELATIONS, type HgtGraphTensors } from '../graph-tensors/tensor-spec';

const rel = (r: string) => HGT_RELATIONS.indexOf(r as (typeof HGT_RELATIONS)[number]);

/** APIs 0–3, parameters 4–5: 0 → p4 → 1 and 2 (schemas), 0 → 1 observed, 3 → p5 → 0. */
function graph(): HgtGraphTensors {
  const edges: [number, number, string][] = [
    [0, 4, 'api->param'],
    [4, 1, 'param->api'],
    [4, 2, 'param->api'],
    [0, 1, 'api->api'],
    [3, 5, 'api->param'],
    [5, 0, 'param->api'],
  ];
  return {
    nodeIds: ['api:a', 'api:b', 'api:c', 'api:d', 'param:x', 'param:y'],
    apiCount: 4,
    paramCount: 2,
    inputDim: 1,
    xApi: new Float32Array(4),
    xParam: new Float32Array(2),
    edgeSrc: Int32Array.from(edges, (e) => e[0]),
    edgeDst: Int32Array.from(edges, (e) => e[1]),
    edgeRel: Int32Array.from(edges, (e) => rel(e[2])),
    edgeW: new Float32Array(edges.length),
  };
}

const candidates = (s: ReturnType<typeof scoringPairs>) =>
  Array.from(s.pairs.src.slice(s.edges), (u, i) => `${u}>${s.pairs.dst[s.edges + i]}`);

describe('scoringPairs', () => {
  it('puts every edge first, then all API pairs that are not api→api edges yet', () => {
    const g = graph();
    const s = scoringPairs(g);
    expect(s.edges).toBe(6);
    expect(Array.from(s.pairs.src.slice(0, 6))).toEqual(Array.from(g.edgeSrc));
    const c = candidates(s);
    expect(c).toHaveLength(4 * 3 - 1);
    expect(c).not.toContain('0>1');
    expect(c.some((p) => p.split('>')[0] === p.split('>')[1])).toBe(false);
  });

  it('takes only schema two-hop candidates (u → parameter → v) above the all-pairs size, within caps', () => {
    const s = scoringPairs(graph(), { allPairsUpTo: 4 });
    expect(candidates(s).sort()).toEqual(['0>2', '3>0']);
    expect(candidates(scoringPairs(graph(), { allPairsUpTo: 4, maxCandidates: 1 }))).toEqual(['0>2']);
  });
});

describe('topPredictions', () => {
  it('ranks each source’s candidates by p, best first, at most k', () => {
    const g = graph();
    const s = scoringPairs(g);
    const scores = new Float32Array(s.pairs.src.length);
    s.pairs.src.forEach((u, i) => (scores[i] = i >= s.edges ? (u + 1) * 0.1 + s.pairs.dst[i]! * 0.01 : 0.99));
    const top = topPredictions(g.nodeIds, s, scores, 2);
    expect(top.get('api:a')?.map((l) => l.target)).toEqual(['api:d', 'api:c']);
    expect(top.get('api:a')?.[0]?.p).toBeCloseTo(0.13, 5);
    expect([...top.keys()].sort()).toEqual(['api:a', 'api:b', 'api:c', 'api:d']);
  });
});

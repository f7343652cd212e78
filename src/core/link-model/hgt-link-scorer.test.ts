import { describe, expect, it } from 'vitest';
import { edgeId, type GraphEdge, type Relation } from '../graph/graph-types';
import { linkWeights, withStructuralPrior } from '../search/weight-provider';
import { HgtShapeError } from '../graph-tensors/hgt-shape-error';
import { hgtLinkScorer } from './hgt-link-scorer';

const edge = (source: string, target: string, relation: Relation): GraphEdge => ({
  id: edgeId(source, target),
  source,
  target,
  relation,
  kind: relation === 'api->api' || relation === 'param->param' ? 'behavioural' : 'structural',
  nSucc: 0,
  nFail: 0,
  wEvolved: null,
  addedAt: 0,
  lastUsedAt: null,
});

const nodeIds = ['api:search', 'api:book', 'param:1', 'param:2'];
// search → book, param:1 → search, book → param:2, and the reverse book → search.
const pairs = { src: Int32Array.of(0, 2, 1, 1), dst: Int32Array.of(1, 0, 3, 0) };
const scores = Float32Array.of(0.9, 0.25, 0.6, 0.05);

describe('hgtLinkScorer', () => {
  it('gives the search each scored pair as its edge weight, direction included', () => {
    const weights = linkWeights(hgtLinkScorer(nodeIds, pairs, scores));
    expect(weights.id).toBe('link:hgt');
    expect(weights.weight(edge('api:search', 'api:book', 'api->api'))).toBeCloseTo(0.9, 6);
    expect(weights.weight(edge('api:book', 'api:search', 'api->api'))).toBeCloseTo(0.05, 6);
    expect(weights.weight(edge('param:1', 'api:search', 'param->api'))).toBeCloseTo(0.25, 6);
    expect(weights.weight(edge('api:book', 'param:2', 'api->param'))).toBeCloseTo(0.6, 6);
  });

  it('returns 0 for unscored pairs and unknown nodes, or the fallback when given', () => {
    const plain = hgtLinkScorer(nodeIds, pairs, scores);
    expect(plain.score('api:search', 'param:2')).toBe(0);
    expect(plain.score('api:new_tool', 'api:book')).toBe(0);
    const withFallback = hgtLinkScorer(nodeIds, pairs, scores, {
      id: 'hgt-v2',
      fallback: (s, t) => (s === 'api:new_tool' ? 0.4 : 0.1 + (t === 'param:2' ? 0.2 : 0)),
    });
    expect(withFallback.id).toBe('hgt-v2');
    expect(withFallback.score('api:new_tool', 'api:book')).toBeCloseTo(0.4, 9);
    expect(withFallback.score('api:search', 'param:2')).toBeCloseTo(0.3, 9);
    // A scored pair never falls back.
    expect(withFallback.score('api:search', 'api:book')).toBeCloseTo(0.9, 6);
  });

  it('composes with the structural prior: schema edges get at least the prior, behavioural keep p_uv', () => {
    const weights = withStructuralPrior(linkWeights(hgtLinkScorer(nodeIds, pairs, scores)), 0.75);
    expect(weights.weight(edge('param:1', 'api:search', 'param->api'))).toBe(0.75);
    expect(weights.weight(edge('api:book', 'api:search', 'api->api'))).toBeCloseTo(0.05, 6);
  });

  it('refuses scores that do not match the pairs or pairs outside the node ids', () => {
    expect(() => hgtLinkScorer(nodeIds, pairs, scores.subarray(0, 3))).toThrow(HgtShapeError);
    const outside = { src: Int32Array.of(0), dst: Int32Array.of(4) };
    expect(() => hgtLinkScorer(nodeIds, outside, Float32Array.of(0.5))).toThrow(/outside the 4 node ids/);
  });
});

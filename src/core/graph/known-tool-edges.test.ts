import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { HAND_TOOLS, HAND_TRACES } from './fixtures.test-util';
import { apiNodeId, edgeId, relationOf, kindOf, type GraphEdge, type GraphNode } from './graph-types';
import { toolHasKnownEdges } from './known-tool-edges';
import { ToolGraph } from './tool-graph';

const node = (id: string, active = true): GraphNode => ({
  id,
  kind: id.startsWith('api:') ? 'api' : 'param',
  label: id,
  ...(id.startsWith('api:') ? { tool: id.slice(4) } : {}),
  nSucc: 1,
  nFail: 0,
  addedAt: 0,
  lastUsedAt: null,
  active,
  prunedAt: null,
  pruneScore: null,
});
const edge = (source: string, target: string): GraphEdge => {
  const relation = relationOf(
    source.startsWith('api:') ? 'api' : 'param',
    target.startsWith('api:') ? 'api' : 'param',
  );
  return {
    id: edgeId(source, target),
    source,
    target,
    relation,
    kind: kindOf(relation),
    nSucc: 1,
    nFail: 0,
    wEvolved: null,
    addedAt: 0,
    lastUsedAt: null,
  };
};

describe('toolHasKnownEdges: does the Tool World know what runs before or after a tool', () => {
  it('schemas alone give no known edge; a trace A → B makes both known, not the untouched tool', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    expect(HAND_TOOLS.map((t) => toolHasKnownEdges(world.graph, t.name))).toEqual([false, false, false]);
    await world.ingestTrace(HAND_TRACES[0]!); // find_city → get_weather
    expect(HAND_TOOLS.map((t) => toolHasKnownEdges(world.graph, t.name))).toEqual([true, true, false]);
    expect(toolHasKnownEdges(world.graph, 'not_in_the_world')).toBe(false);
  });

  it('a value flow out of an output or into an input counts; structural edges and pruned nodes do not', () => {
    // a.out → p (structural), p → q (value flow), q → b.in (structural); c reads p but no flow enters p.
    const [a, b, c] = ['a', 'b', 'c'].map(apiNodeId) as [string, string, string];
    const g = new ToolGraph(
      [node(a), node(b), node(c), node('param:p'), node('param:q')],
      [edge(a, 'param:p'), edge('param:p', 'param:q'), edge('param:q', b), edge('param:p', c)],
    );
    expect(['a', 'b', 'c'].map((t) => toolHasKnownEdges(g, t))).toEqual([true, true, false]);
    // Pruning the flow's target param removes the evidence for both ends.
    const pruned = new ToolGraph(
      [node(a), node(b), node(c), node('param:p'), node('param:q', false)],
      [edge(a, 'param:p'), edge('param:p', 'param:q'), edge('param:q', b), edge('param:p', c)],
    );
    expect(['a', 'b'].map((t) => toolHasKnownEdges(pruned, t))).toEqual([false, false]);
    // An API → API edge to a pruned tool does not count either.
    const apiPruned = new ToolGraph([node(a), node(b, false)], [edge(a, b)]);
    expect(toolHasKnownEdges(apiPruned, 'a')).toBe(false);
    expect(toolHasKnownEdges(new ToolGraph([node(a), node(b)], [edge(a, b)]), 'a')).toBe(true);
  });
});

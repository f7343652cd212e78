import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { HAND_TOOLS, HAND_TRACES } from './fixtures.test-util';
import { apiNodeId, edgeId, relationOf, kindOf, type GraphEdge, type GraphNode } from './graph-types';
import { toolEdgeKnown, toolHasKnownEdges } from './known-tool-edges';
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

  it('a value flow between shared params does not count; API → API transitions do, pruned ones not', () => {
    // a.out → p, p → q (value flow), q → b.in: standardized params are shared by every tool that reads or
    // writes them, so the flow alone does not say a or b ran.
    const [a, b, c] = ['a', 'b', 'c'].map(apiNodeId) as [string, string, string];
    const g = new ToolGraph(
      [node(a), node(b), node(c), node('param:p'), node('param:q')],
      [edge(a, 'param:p'), edge('param:p', 'param:q'), edge('param:q', b), edge('param:p', c)],
    );
    expect(['a', 'b', 'c'].map((t) => toolHasKnownEdges(g, t))).toEqual([false, false, false]);
    // An API → API edge to a pruned tool does not count.
    const apiPruned = new ToolGraph([node(a), node(b, false)], [edge(a, b)]);
    expect(toolHasKnownEdges(apiPruned, 'a')).toBe(false);
    expect(toolHasKnownEdges(new ToolGraph([node(a), node(b)], [edge(a, b)]), 'a')).toBe(true);
  });

  it('a tool fresh from a catalogue is not known through a param it shares with traced tools', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    await world.ingestTrace(HAND_TRACES[3]!); // get_weather → send_text: the forecast flows into `message`
    // A new tool reading a `message` too: the same standardized param node, no trace of its own.
    await world.importTools([{ ...HAND_TOOLS[2]!, name: 'post_note', description: 'Post a note' }]);
    const api = apiNodeId('post_note');
    const shared = world.graph.inEdges(api).filter((e) => e.relation === 'param->api');
    expect(shared.some((e) => world.graph.inEdges(e.source).some((f) => f.relation === 'param->param'))).toBe(
      true,
    );
    expect(toolHasKnownEdges(world.graph, 'post_note')).toBe(false);
    expect(toolEdgeKnown(world.graph, 'get_weather', 'post_note')).toBe(false);
    expect(toolEdgeKnown(world.graph, 'get_weather', 'send_text')).toBe(true);
  });
});

describe('toolEdgeKnown: does the Tool World know that one tool runs before another', () => {
  it('a trace A → B makes A → B known, not B → A; schemas alone know no edge', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    expect(toolEdgeKnown(world.graph, 'find_city', 'get_weather')).toBe(false);
    await world.ingestTrace(HAND_TRACES[0]!); // find_city → get_weather
    expect(toolEdgeKnown(world.graph, 'find_city', 'get_weather')).toBe(true);
    expect(toolEdgeKnown(world.graph, 'get_weather', 'find_city')).toBe(false);
    expect(toolEdgeKnown(world.graph, 'find_city', HAND_TOOLS[2]!.name)).toBe(false);
    expect(toolEdgeKnown(world.graph, 'find_city', 'not_in_the_world')).toBe(false);
  });

  it('only an API → API transition producer → consumer counts, not a param flow, not a pruned tool', () => {
    const [a, b] = ['a', 'b'].map(apiNodeId) as [string, string];
    const flow = [edge(a, 'param:p'), edge('param:p', 'param:q'), edge('param:q', b)];
    const params = [node('param:p'), node('param:q')];
    expect(toolEdgeKnown(new ToolGraph([node(a), node(b), ...params], flow), 'a', 'b')).toBe(false);
    const g = new ToolGraph([node(a), node(b), ...params], [...flow, edge(a, b)]);
    expect([toolEdgeKnown(g, 'a', 'b'), toolEdgeKnown(g, 'b', 'a')]).toEqual([true, false]);
    expect(toolEdgeKnown(new ToolGraph([node(a), node(b, false)], [edge(a, b)]), 'a', 'b')).toBe(false);
  });
});

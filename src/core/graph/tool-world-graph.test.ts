import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { HAND_TOOLS, HAND_TRACES } from './fixtures.test-util';
import { apiNodeId, edgeId, paramNodeId } from './graph-types';
import { statWeight, successRatio } from './weights';

const DAY = 86_400_000;

async function handWorld(now = 5 * DAY) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => now });
  await world.importTools(HAND_TOOLS);
  for (const t of HAND_TRACES) await world.ingestTrace(t);
  const param = (tool: string, direction: 'in' | 'out', field: string) =>
    paramNodeId(world.standardizer.clusterOf({ tool, direction, field })!.id);
  const w = (s: string, t: string) => statWeight(world.graph, world.graph.edge(edgeId(s, t))!);
  return { world, param, w };
}

const A = apiNodeId('find_city');
const B = apiNodeId('get_weather');
const C = apiNodeId('send_text');

describe('Tool World graph from schemas and traces', () => {
  it('builds structural edges from schemas, with a result output for a tool without returns', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    const g = world.graph;
    // find_city.city (output) and get_weather.city (input) are one standardized node.
    const city = paramNodeId(
      world.standardizer.clusterOf({ tool: 'find_city', direction: 'out', field: 'city' })!.id,
    );
    expect(world.standardizer.clusterOf({ tool: 'get_weather', direction: 'in', field: 'city' })!.id).toBe(
      world.standardizer.clusterOf({ tool: 'find_city', direction: 'out', field: 'city' })!.id,
    );
    expect(g.edge(edgeId(A, city))?.relation).toBe('api->param');
    expect(g.edge(edgeId(city, B))?.relation).toBe('param->api');
    const result = world.standardizer.clusterOf({ tool: 'send_text', direction: 'out', field: 'result' });
    expect(result).toBeDefined();
    // 3 APIs + query, city, forecast, message, result; 6 structural edges; all counts zero, w̃ = 0.
    expect(g.nodeCount).toBe(8);
    expect(g.edgeCount).toBe(6);
    for (const e of g.edges()) expect(statWeight(g, e)).toBe(0);
  });

  it('counts invocations and computes w̃ = N(i→j)/N(j) (eq. 4) as worked out by hand', async () => {
    const { world, param, w } = await handWorld();
    const g = world.graph;
    expect([g.node(A)!.nSucc, g.node(A)!.nFail]).toEqual([2, 1]);
    expect([g.node(B)!.nSucc, g.node(B)!.nFail]).toEqual([2, 1]);
    expect([g.node(C)!.nSucc, g.node(C)!.nFail]).toEqual([1, 0]);
    const city = param('find_city', 'out', 'city');
    // city: produced by A in t1, t2 and used by B in t1 (ok), t2 (fail), t4 (ok).
    expect([g.node(city)!.nSucc, g.node(city)!.nFail]).toEqual([4, 1]);
    expect(successRatio(g.node(city)!)).toBeCloseTo(0.8);
    expect(w(A, city)).toBeCloseTo(2 / 5);
    expect(w(city, B)).toBeCloseTo(2 / 3);
    expect(w(param('find_city', 'in', 'query'), A)).toBeCloseTo(2 / 3);
    // Behavioural: A → B ok in t1, failed target in t2.
    expect(g.edge(edgeId(A, B))).toMatchObject({
      nSucc: 1,
      nFail: 1,
      kind: 'behavioural',
      relation: 'api->api',
    });
    expect(w(A, B)).toBeCloseTo(1 / 3);
    expect(w(B, C)).toBeCloseTo(1);
    // Value flow "Sunny 20C": forecast → message, a param → param edge.
    const forecast = param('get_weather', 'out', 'forecast');
    const message = param('send_text', 'in', 'message');
    expect(g.edge(edgeId(forecast, message))).toMatchObject({ nSucc: 1, relation: 'param->param' });
    expect(w(forecast, message)).toBeCloseTo(1);
    // city → city is the same standardized node: no self-loop.
    expect(g.edge(edgeId(city, city))).toBeUndefined();
    expect(g.inDegree(B)).toBe(2);
    expect(g.outDegree(B)).toBe(2);
  });

  it('returns the delta each ingestion applied', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    const { delta, change, trace } = await world.ingestTrace(HAND_TRACES[3]!);
    expect(trace.seq).toBe(0);
    expect(delta.createdEdgeIds.sort()).toEqual(
      [
        edgeId(B, C),
        edgeId(
          paramNodeId(
            world.standardizer.clusterOf({ tool: 'get_weather', direction: 'out', field: 'forecast' })!.id,
          ),
          paramNodeId(
            world.standardizer.clusterOf({ tool: 'send_text', direction: 'in', field: 'message' })!.id,
          ),
        ),
      ].sort(),
    );
    expect(delta.nodes.find((n) => n.id === B)).toMatchObject({ nSucc: 1 });
    expect(change.traces).toHaveLength(1);
  });

  it('integrates a tool seen only in a trace, with zero-weight edges until it succeeds', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    const out = await world.ingestTrace({
      id: 'x',
      query: 'q',
      calls: [
        {
          tool: 'mystery',
          args: { code: 'ZX81' },
          status: 'error',
          error: 'boom',
          startedAt: 1,
          durationMs: 1,
        },
      ],
    });
    expect(world.catalogue.get('mystery')?.source).toBe('trace');
    expect(out.change.tools.map((t) => t.tool.name)).toEqual(['mystery']);
    const node = world.graph.node(apiNodeId('mystery'))!;
    expect([node.nSucc, node.nFail]).toEqual([0, 1]);
    for (const e of world.graph.inEdges(node.id)) expect(statWeight(world.graph, e)).toBe(0);
  });

  it('ingests gold plans with $k.field references as param flows', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
    await world.importTools(HAND_TOOLS);
    await world.ingestTrace({
      id: 'plan',
      query: 'q',
      calls: [
        { tool: 'get_weather', args: { city: 'Oslo' }, status: 'ok', startedAt: 0, durationMs: 0 },
        { tool: 'send_text', args: { message: '$0.forecast' }, status: 'ok', startedAt: 1, durationMs: 0 },
      ],
    });
    const forecast = paramNodeId(
      world.standardizer.clusterOf({ tool: 'get_weather', direction: 'out', field: 'forecast' })!.id,
    );
    const message = paramNodeId(
      world.standardizer.clusterOf({ tool: 'send_text', direction: 'in', field: 'message' })!.id,
    );
    expect(world.graph.edge(edgeId(forecast, message))?.nSucc).toBe(1);
    expect(world.graph.edge(edgeId(B, forecast))?.nSucc).toBe(1);
    expect(world.graph.edge(edgeId(B, C))?.nSucc).toBe(1);
  });
});

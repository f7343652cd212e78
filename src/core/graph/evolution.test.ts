import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { TraceRecord } from '../trace/trace';
import { ToolWorld } from '../world/world';
import { pruneScore, selectWindow } from './evolution';
import { HAND_TOOLS, HAND_TRACES } from './fixtures.test-util';
import { apiNodeId, edgeId, paramNodeId, type GraphNode } from './graph-types';

const DAY = 86_400_000;
const node = (nSucc: number, nFail: number, addedAt = 0): GraphNode => ({
  id: 'api:x',
  kind: 'api',
  label: 'x',
  nSucc,
  nFail,
  addedAt,
  lastUsedAt: null,
  active: true,
  prunedAt: null,
  pruneScore: null,
});

async function handWorld(now: number) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => now });
  await world.importTools(HAND_TOOLS);
  for (const t of HAND_TRACES) await world.ingestTrace(t);
  return world;
}

describe('targeted pruning (NaviAgent eq. 11)', () => {
  it('scores λσ(f_fail) + (1−λ)σ(1/f_freq) as computed by hand', () => {
    // n = 4, f_fail = 0.75, mean 2 → f_freq = 2: 0.5·σ(0.75) + 0.5·σ(0.5) = 0.5·0.679179 + 0.5·0.622459
    expect(pruneScore(node(1, 3), 2, 0.5)).toBeCloseTo(0.650819, 5);
    // Never invoked: f_fail = 0, 1/f_freq = ∞ → 0.5·0.5 + 0.5·1
    expect(pruneScore(node(0, 0), 2, 0.5)).toBeCloseTo(0.75, 6);
    // λ = 1 keeps only the failure term: σ(1) for a tool that always fails.
    expect(pruneScore(node(0, 5), 2, 1)).toBeCloseTo(0.731059, 5);
  });

  it('proposes, marks inactive, and restores without deleting anything', async () => {
    const world = await handWorld(30 * DAY);
    // Invocations: find_city 3 (1 fail), get_weather 3 (1 fail), send_text 1; mean 7/3.
    // send_text: 0.5·σ(0) + 0.5·σ(7/3) = 0.25 + 0.5·0.911600 = 0.705800
    const plan = world.proposePrune({ threshold: 0.7, graceMs: 0 });
    expect(plan.map((p) => p.nodeId)).toEqual([apiNodeId('send_text')]);
    expect(plan[0]!.score).toBeCloseTo(0.7058, 5);
    const before = world.graph.edgeCount;
    const change = world.prune(plan);
    expect(change.nodes).toHaveLength(1);
    expect(world.graph.node(apiNodeId('send_text'))).toMatchObject({ active: false, prunedAt: 30 * DAY });
    expect(world.graph.edgeCount).toBe(before);
    expect(world.proposePrune({ threshold: 0.7, graceMs: 0 })).toEqual([]);
    world.restore([apiNodeId('send_text')]);
    expect(world.graph.node(apiNodeId('send_text'))!.active).toBe(true);
  });

  it('spares tools added within the grace period', async () => {
    const world = await handWorld(1 * DAY);
    expect(world.proposePrune({ threshold: 0.7, graceMs: 7 * DAY })).toEqual([]);
  });
});

describe('edge attribute propagation (NaviAgent eq. 12)', () => {
  it('blends the long-term weight with the recent success ratio over a window of traces', async () => {
    const world = await handWorld(5 * DAY);
    const city = paramNodeId(
      world.standardizer.clusterOf({ tool: 'get_weather', direction: 'in', field: 'city' })!.id,
    );
    const A = apiNodeId('find_city');
    const B = apiNodeId('get_weather');
    const C = apiNodeId('send_text');
    world.propagate({ unit: 'traces', size: 1 }, 0.5); // window = t4 only
    const g = world.graph;
    // A→B: 0.5·(1/3) + 0.5·(0 recent A→B / 1 recent B success) = 1/6
    expect(g.edge(edgeId(A, B))!.wEvolved).toBeCloseTo(1 / 6);
    // city→B: 0.5·(2/3) + 0.5·(1/1)
    expect(g.edge(edgeId(city, B))!.wEvolved).toBeCloseTo(5 / 6);
    expect(g.edge(edgeId(B, C))!.wEvolved).toBeCloseTo(1);
    // No recent success of A: the ratio is undefined and the edge keeps eq. 4.
    const query = paramNodeId(
      world.standardizer.clusterOf({ tool: 'find_city', direction: 'in', field: 'query' })!.id,
    );
    expect(g.edge(edgeId(query, A))!.wEvolved).toBeNull();
    // A second step builds on the first: 0.5·(1/6) + 0.
    world.propagate({ unit: 'traces', size: 1 }, 0.5);
    expect(g.edge(edgeId(A, B))!.wEvolved).toBeCloseTo(1 / 12);
  });

  it('selects the window by days or by trace count', () => {
    const recs = HAND_TRACES.map((t, seq) => ({ ...t, seq, ingestedAt: 0 }) as TraceRecord);
    expect(selectWindow(recs, { unit: 'days', size: 2.5 }, 5 * DAY).map((t) => t.id)).toEqual(['t3', 't4']);
    expect(selectWindow(recs, { unit: 'traces', size: 3 }, 0).map((t) => t.id)).toEqual(['t2', 't3', 't4']);
  });
});

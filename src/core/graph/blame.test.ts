import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { CallFailure, FailureKind } from '../execute/call-outcome';
import type { Trace } from '../trace/trace';
import { ToolWorld } from '../world/world';
import { isEvidenceOfTool } from './blame';
import { HAND_TOOLS, HAND_TRACES } from './fixtures.test-util';
import { apiNodeId } from './graph-types';
import { statWeight } from './weights';

const B = apiNodeId('get_weather');

async function handWorld() {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 10 });
  await world.importTools(HAND_TOOLS);
  for (const t of HAND_TRACES) await world.ingestTrace(t);
  return world;
}

/** find_city ok, then get_weather failed with `failure` (or, without it, as an old trace has it). */
function failedWeather(failure: CallFailure | undefined): Trace {
  return {
    id: `fail-${failure?.kind ?? 'untyped'}`,
    query: 'weather in Oslo',
    calls: [
      {
        tool: 'find_city',
        args: { query: 'Oslo' },
        output: { city: 'Oslo' },
        status: 'ok',
        startedAt: 1,
        durationMs: 1,
      },
      {
        tool: 'get_weather',
        args: { city: '$0.city' },
        status: 'error',
        error: failure?.message ?? 'failed',
        ...(failure ? { failure } : {}),
        startedAt: 2,
        durationMs: 1,
        deps: [0],
      },
    ],
  };
}

const failure = (kind: FailureKind): CallFailure => ({ kind, code: `test-${kind}`, message: kind });

/** get_weather's counts and the weight of every edge into or out of it. */
function weatherState(world: ToolWorld) {
  const g = world.graph;
  const node = g.node(B)!;
  const edges = [...g.edges()]
    .filter((e) => e.source === B || e.target === B)
    .map((e) => [e.id, e.nSucc, e.nFail, statWeight(g, e)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { nSucc: node.nSucc, nFail: node.nFail, edges };
}

describe('eq. 4 blame: a failure counts against a tool only when the tool failed', () => {
  it('leaves the tool’s counts and weights unchanged for a call the schema gate rejected', async () => {
    for (const kind of ['rejected-by-gate', 'invalid-arguments', 'not-executable', 'cancelled'] as const) {
      const world = await handWorld();
      const before = weatherState(world);
      await world.ingestTrace(failedWeather(failure(kind)));
      expect(weatherState(world), kind).toEqual(before);
      // The trace is still kept (the agent's history), only not counted against the tool.
      expect(world.traces.at(-1)!.id).toBe(`fail-${kind}`);
    }
  });

  it('raises the tool’s n_fail and lowers its input edges’ weights when the tool was unavailable', async () => {
    const world = await handWorld();
    const before = weatherState(world);
    await world.ingestTrace(failedWeather(failure('unavailable')));
    const after = weatherState(world);
    expect(after.nFail).toBe(before.nFail + 1);
    expect(after.nSucc).toBe(before.nSucc);
    expect(after.edges).not.toEqual(before.edges);
    // find_city → get_weather: one more call led into a failed target.
    const flow = (s: typeof before) => s.edges.find(([id]) => id === `${apiNodeId('find_city')}|${B}`)!;
    expect(flow(after)[2]).toBe(flow(before)[2] + 1);
  });

  it('counts a failed call without a typed failure (an old trace) against the tool, as before', async () => {
    const world = await handWorld();
    const before = weatherState(world);
    await world.ingestTrace(failedWeather(undefined));
    expect(weatherState(world).nFail).toBe(before.nFail + 1);
  });

  it('says which calls are evidence', () => {
    expect(isEvidenceOfTool({ status: 'ok' })).toBe(true);
    expect(isEvidenceOfTool({ status: 'error' })).toBe(true);
    for (const kind of ['unavailable', 'error', 'timeout', 'invalid-output'] as const)
      expect(isEvidenceOfTool({ status: 'error', failure: failure(kind) }), kind).toBe(true);
    for (const kind of ['rejected-by-gate', 'invalid-arguments', 'not-executable', 'cancelled'] as const)
      expect(isEvidenceOfTool({ status: 'error', failure: failure(kind) }), kind).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { apiNodeId } from '../graph/graph-types';
import type { PlanStep } from '../plan/plan-step';
import {
  ADDRESS,
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  STATION_PLAN,
  worldOf,
} from '../search/search-fixtures.test-util';
import type { Tool } from '../tools/tool';
import type { CallFailure, CallOutcome, FailureKind } from './call-outcome';
import { runPlan } from './step-runner';
import type { ToolRuntime } from './tool-runtime';

async function stationWorld() {
  const w = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST, NEAREST_STATION]);
  const known = { [w.param('locate_city', 'in', 'address')]: ADDRESS };
  return { ...w, known };
}

type Answer = { output: unknown } | { fail: FailureKind; message: string };

/** A runtime answering from a function of (tool name, args); records every call it gets. */
function scripted(answer: (tool: string, args: Record<string, unknown>) => Answer) {
  const calls: string[] = [];
  const runtime: ToolRuntime = {
    canExecute: () => true,
    call: async (tool: Tool, args): Promise<CallOutcome> => {
      calls.push(`${tool.name}(${JSON.stringify(args)})`);
      const a = answer(tool.name, args);
      return 'output' in a
        ? { ok: true, output: a.output, source: { kind: 'sandbox', label: 'test' }, durationMs: 1 }
        : { ok: false, failure: { kind: a.fail, code: `test-${a.fail}`, message: a.message }, durationMs: 1 };
    },
  };
  return { runtime, calls };
}

const failure = (kind: FailureKind, message: string): CallFailure => ({
  kind,
  code: `test-${kind}`,
  message,
});

describe('runPlan', () => {
  it('completes a plan after one failure and returns a trace whose failed call raises the tool’s n_fail', async () => {
    const { world, known } = await stationWorld();
    const { runtime, calls } = scripted((tool, args) => {
      switch (tool) {
        case 'locate_city':
          return { output: { city_name: 'Paris' } };
        case 'find_station':
          return { fail: 'unavailable', message: 'HTTP 503' };
        case 'nearest_station':
          return { output: { weather_station_id: 'ST-1001' } };
        case 'get_forecast':
          return { output: { forecast: `Rain at ${String(args.station_id)}` } };
        default:
          return { fail: 'error', message: 'unexpected tool' };
      }
    });
    let clock = 0;
    const out = await runPlan(world, STATION_PLAN, runtime, {
      known,
      now: () => clock++,
      traceId: 'run-1',
      query: 'forecast at my address',
    });
    expect(out.status).toBe('completed');
    expect(out.end).toEqual({ kind: 'completed' });
    expect(out.result).toEqual({ forecast: 'Rain at ST-1001' });
    expect(calls).toEqual([
      `locate_city({"address":"${ADDRESS}"})`,
      'find_station({"city":"Paris"})',
      'nearest_station({"city":"Paris"})',
      'get_forecast({"station_id":"ST-1001"})',
    ]);
    expect(out.recombinations).toEqual([
      {
        step: 1,
        tool: 'find_station',
        failure: failure('unavailable', 'HTTP 503'),
        mode: 'io-equivalent',
        reason:
          'step 1 (find_station) failed (unavailable: HTTP 503); nearest_station is I/O-equivalent: ' +
          'it produces station_id from available inputs',
      },
    ]);
    expect(out.steps.map((s) => [s.step, s.tool, s.ok])).toEqual([
      [0, 'locate_city', true],
      [1, 'find_station', false],
      [1, 'nearest_station', true],
      [2, 'get_forecast', true],
    ]);
    expect(out.trace.id).toBe('run-1');
    expect(out.trace.query).toBe('forecast at my address');
    expect(out.trace.calls.map((c) => [c.tool, c.status, c.args])).toEqual([
      ['locate_city', 'ok', { address: ADDRESS }],
      ['find_station', 'error', { city: '$0.city_name' }],
      ['nearest_station', 'ok', { city: '$0.city_name' }],
      ['get_forecast', 'ok', { station_id: '$2.weather_station_id' }],
    ]);
    // The failed call keeps its typed failure; the ok ones say where their output came from.
    expect(out.trace.calls[1]).toMatchObject({
      failure: failure('unavailable', 'HTTP 503'),
      error: 'HTTP 503',
    });
    expect(out.trace.calls[0]!.source).toEqual({ kind: 'sandbox', label: 'test' });

    const before = world.graph.node(apiNodeId('find_station'))!.nFail;
    await world.ingestTrace(out.trace);
    expect(world.graph.node(apiNodeId('find_station'))!.nFail).toBe(before + 1);
    expect(world.graph.node(apiNodeId('nearest_station'))!.nSucc).toBe(1);
  });

  it('routes around a call the schema gate rejected without counting it against the tool', async () => {
    const { world, known } = await stationWorld();
    const { runtime } = scripted((tool) =>
      tool === 'find_station'
        ? { fail: 'rejected-by-gate', message: 'city: expected a city name' }
        : tool === 'locate_city'
          ? { output: { city_name: 'Paris' } }
          : tool === 'nearest_station'
            ? { output: { weather_station_id: 'ST-1' } }
            : { output: { forecast: 'Sun' } },
    );
    const out = await runPlan(world, STATION_PLAN, runtime, { known });
    expect(out.status).toBe('completed');
    expect(out.recombinations.map((r) => [r.failure.kind, r.mode])).toEqual([
      ['rejected-by-gate', 'io-equivalent'],
    ]);
    const before = world.graph.node(apiNodeId('find_station'))!;
    const counts = [before.nSucc, before.nFail];
    await world.ingestTrace(out.trace);
    const after = world.graph.node(apiNodeId('find_station'))!;
    expect([after.nSucc, after.nFail]).toEqual(counts);
  });

  it('treats an ok call missing a referenced field as invalid output and recovers', async () => {
    const { world, known } = await stationWorld();
    const { runtime } = scripted((tool) => {
      if (tool === 'locate_city') return { output: { city_name: 'Oslo' } };
      if (tool === 'find_station') return { output: { name: 'Blindern' } };
      if (tool === 'nearest_station') return { output: { weather_station_id: 'ST-18700' } };
      return { output: { forecast: 'Snow' } };
    });
    const out = await runPlan(world, STATION_PLAN, runtime, { known });
    expect(out.status).toBe('completed');
    expect(out.recombinations.map((r) => [r.failure.kind, r.mode])).toEqual([
      ['invalid-output', 'io-equivalent'],
    ]);
    expect(out.steps[1]).toMatchObject({
      tool: 'find_station',
      ok: false,
      failure: { kind: 'invalid-output', code: 'missing-output-field', message: 'output lacks station_id' },
    });
  });

  it('stops as infeasible when recovery runs out, and after maxRecombinations', async () => {
    const { world, known } = await stationWorld();
    const { runtime } = scripted((tool) =>
      tool === 'locate_city' ? { output: { city_name: 'Rome' } } : { fail: 'unavailable', message: 'down' },
    );
    const out = await runPlan(world, STATION_PLAN, runtime, { known });
    expect(out.status).toBe('infeasible');
    // find_station, then nearest_station fail; nothing else produces station_id or a forecast.
    expect(out.recombinations.map((r) => r.mode)).toEqual(['io-equivalent', null]);
    expect(out.reason).toContain('no other API produces station_id');
    expect(out.end).toEqual({
      kind: 'no-detour',
      step: 1,
      tool: 'nearest_station',
      failure: failure('unavailable', 'down'),
    });
    expect(out.trace.calls.filter((c) => c.status === 'error').map((c) => c.tool)).toEqual([
      'find_station',
      'nearest_station',
    ]);

    const capped = await runPlan(world, STATION_PLAN, runtime, { known, maxRecombinations: 0 });
    expect(capped).toMatchObject({
      status: 'infeasible',
      recombinations: [],
      end: { kind: 'recombination-limit', limit: 0 },
    });
    expect(capped.reason).toBe('gave up after 0 recombinations; last: find_station unavailable');
  });

  it('ends typed when an argument reads a step that has not run or a field its output lacks', async () => {
    const { world } = await stationWorld();
    const { runtime } = scripted(() => ({ output: { city_name: 'Paris' } }));
    const backwards: PlanStep[] = [STATION_PLAN[1]!, STATION_PLAN[0]!];
    const out = await runPlan(world, backwards, runtime);
    expect(out).toMatchObject({
      status: 'infeasible',
      end: {
        kind: 'unresolved-reference',
        step: 1,
        missing: 'step',
        reference: { step: 0, field: 'city_name' },
      },
      reason: 'step 1: step 0 has not run',
      steps: [],
    });
    const deep: PlanStep[] = [
      STATION_PLAN[0]!,
      {
        step: 1,
        tool: 'find_station',
        args: { city: '$0.city_name.0.x', note: '{$0.city_name} has $5 off' },
        deps: [0],
      },
    ];
    const ok = await runPlan(world, deep, runtime);
    expect(ok.status).toBe('completed');
    expect(ok.steps[1]!.args).toEqual({ city: undefined, note: 'Paris has $5 off' });
  });

  it('turns a runtime that throws into a failed call, and stops on cancel without blaming the tool', async () => {
    const { world, known } = await stationWorld();
    const throwing: ToolRuntime = {
      canExecute: () => true,
      call: async (tool) => {
        if (tool.name === 'locate_city')
          return {
            ok: true,
            output: { city_name: 'Paris' },
            source: { kind: 'sandbox', label: 't' },
            durationMs: 0,
          };
        throw new Error('bug in the runtime');
      },
    };
    const out = await runPlan(world, STATION_PLAN, throwing, { known, maxRecombinations: 0 });
    expect(out.steps[1]!.failure).toEqual({
      kind: 'error',
      code: 'runtime-exception',
      message: 'bug in the runtime',
    });

    const controller = new AbortController();
    const cancelling: ToolRuntime = {
      canExecute: () => true,
      call: async (tool) => {
        if (tool.name === 'locate_city') {
          controller.abort();
          return { ok: false, failure: failure('cancelled', 'stopped by the user'), durationMs: 0 };
        }
        throw new Error('must not be called after a cancel');
      },
    };
    const cancelled = await runPlan(world, STATION_PLAN, cancelling, { known, signal: controller.signal });
    expect(cancelled).toMatchObject({ status: 'cancelled', end: { kind: 'cancelled' }, recombinations: [] });
    expect(cancelled.trace.calls.map((c) => c.failure?.kind)).toEqual(['cancelled']);
    const before = world.graph.node(apiNodeId('locate_city'))!.nFail;
    await world.ingestTrace(cancelled.trace);
    expect(world.graph.node(apiNodeId('locate_city'))!.nFail).toBe(before);
  });

  it('fails a step whose tool is not in the catalogue as not executable, without calling the runtime', async () => {
    const { world } = await stationWorld();
    const { runtime, calls } = scripted(() => ({ output: {} }));
    const out = await runPlan(world, [{ step: 0, tool: 'teleport', args: {}, deps: [] }], runtime);
    expect(calls).toEqual([]);
    expect(out.steps[0]!.failure).toMatchObject({ kind: 'not-executable', code: 'unknown-tool' });
    expect(out.status).toBe('infeasible');
  });
});

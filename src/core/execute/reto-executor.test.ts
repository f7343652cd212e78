import { describe, expect, it } from 'vitest';
import { LocalAgentWorld } from '../agent/local-agent-world';
import { isEvidenceOfTool } from '../graph/blame';
import { layers } from '../plan/dag';
import type { PlanStep } from '../plan/plan-step';
import {
  ADDRESS,
  FIND_LATITUDE,
  FIND_LONGITUDE,
  FIND_STATION,
  GEOCODE,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  SECURE_FORECAST,
  STATION_PLAN,
  tool,
  WEATHER_AT,
  WEATHER_REPORT,
  worldOf,
} from '../search/search-fixtures.test-util';
import { ScriptedEngine } from '../llm/scripted-engine';
import { FailureInjector, type InjectedFault } from './failure-injection';
import type { ToolRuntime } from './tool-runtime';
import { RetoExecutor } from './reto-executor';
import { LlmLayerFiller, type LayerContext } from './reto/layer-prompt';
import { pendingLayers } from './reto/layering';
import { chainOf, requestFor, STATION_HANDLERS, TimedRuntime } from './reto/reto-test-kit.test-util';

const g = (name: string, inputs: string[], outputs: string[]) =>
  tool(
    name,
    `Step ${name}`,
    Object.fromEntries(inputs.map((i) => [i, `Input ${i}`])),
    inputs,
    Object.fromEntries(outputs.map((o) => [o, `Output ${o}`])),
  );

/**
 * A hand-drawn 7-call DAG:    a   b
 *                             | \ / \
 *                             c  d   |
 *                             |  |  /
 *                             e  f
 *                              \ /
 *                               g
 */
const DAG: PlanStep[] = [
  { step: 0, tool: 'a', args: { q: 'x' }, deps: [] },
  { step: 1, tool: 'b', args: { q: 'y' }, deps: [] },
  { step: 2, tool: 'c', args: { p: '$0.x' }, deps: [0] },
  { step: 3, tool: 'd', args: { p: '$0.x', r: '$1.y' }, deps: [0, 1] },
  { step: 4, tool: 'e', args: { p: '$2.z' }, deps: [2] },
  { step: 5, tool: 'f', args: { p: '$3.w', r: '$1.y' }, deps: [3, 1] },
  { step: 6, tool: 'g', args: { p: '$4.v', r: '$5.u' }, deps: [4, 5] },
];
const DAG_TOOLS = [
  g('a', ['q'], ['x']),
  g('b', ['q'], ['y']),
  g('c', ['p'], ['z']),
  g('d', ['p', 'r'], ['w']),
  g('e', ['p'], ['v']),
  g('f', ['p', 'r'], ['u']),
  g('g', ['p', 'r'], ['out']),
];
const DAG_HANDLERS = {
  a: () => ({ x: 'X' }),
  b: () => ({ y: 'Y' }),
  c: () => ({ z: 'Z' }),
  d: () => ({ w: 'W' }),
  e: () => ({ v: 'V' }),
  f: () => ({ u: 'U' }),
  g: (args: Record<string, unknown>) => ({ out: `${String(args.p)}+${String(args.r)}` }),
};
const names = (steps: PlanStep[][]) => steps.map((l) => l.map((s) => s.tool));

describe('RETO layers from the chain DAG', () => {
  it('a call’s layer is 1 + its deepest dependency (hand-drawn 7-call DAG)', () => {
    expect(names(pendingLayers(DAG, new Set()))).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g']]);
    expect(names(pendingLayers(DAG, new Set()))).toEqual(names(layers(DAG)));
    // Steps already done hold nothing back.
    expect(names(pendingLayers(DAG, new Set([0, 1, 2])))).toEqual([['d', 'e'], ['f'], ['g']]);
  });

  it('runs the DAG layer by layer, the calls of a layer at the same time, ends in call order', async () => {
    const { world } = await worldOf(DAG_TOOLS);
    const runtime = new TimedRuntime(DAG_HANDLERS, 40);
    const { req, log } = requestFor(new LocalAgentWorld(world), runtime, chainOf(DAG));
    const r = await new RetoExecutor({ clock: () => performance.now() }).run(req);
    expect(r).toEqual({ status: 'ok', result: { out: 'V+U' } });
    expect(log.starts.map((c) => [c.tool, c.layer])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
      ['d', 1],
      ['e', 2],
      ['f', 2],
      ['g', 3],
    ]);
    expect(log.ends.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Timestamps: the two calls of each layer overlap; a layer starts after the one before has ended.
    const at = (t: string) => runtime.calls.find((c) => c.tool === t)!;
    for (const [x, y] of [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ] as const) {
      expect(at(x).start).toBeLessThan(at(y).end);
      expect(at(y).start).toBeLessThan(at(x).end);
    }
    expect(at('c').start).toBeGreaterThanOrEqual(Math.max(at('a').end, at('b').end) - 1);
    expect(runtime.maxInFlight).toBe(2);
    // The trace: one sequence, deps as call indices.
    expect(log.trace.map((t) => t.tool)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(log.trace[6]!.deps).toEqual([4, 5]);
  });

  it('bounds the calls in flight', async () => {
    const wide = Array.from({ length: 6 }, (_, i) => g(`w${i}`, ['q'], [`o${i}`]));
    const { world } = await worldOf(wide);
    const handlers = Object.fromEntries(wide.map((t, i) => [t.name, () => ({ [`o${i}`]: i })]));
    const runtime = new TimedRuntime(handlers, 20);
    const steps = wide.map((t, i) => ({ step: i, tool: t.name, args: { q: 'x' }, deps: [] }));
    const { req } = requestFor(new LocalAgentWorld(world), runtime, chainOf(steps));
    await new RetoExecutor({ concurrency: 2 }).run(req);
    expect(runtime.calls).toHaveLength(6);
    expect(runtime.maxInFlight).toBe(2);
  });
});

const GEO_PLAN: PlanStep[] = [
  { step: 0, tool: 'geocode', args: { address: ADDRESS }, deps: [] },
  { step: 1, tool: 'weather_at', args: { latitude: '$0.latitude', longitude: '$0.longitude' }, deps: [0] },
];
const HANDLERS = {
  ...STATION_HANDLERS,
  weather_report: (a: Record<string, unknown>) => ({ forecast: `mild in ${String(a.city)}` }),
  geocode: () => ({ latitude: '48.85', longitude: '2.35' }),
  find_latitude: () => ({ latitude_deg: '48.8' }),
  find_longitude: () => ({ longitude_deg: '2.3' }),
  weather_at: (a: Record<string, unknown>) => ({
    forecast: `rain at ${String(a.latitude)},${String(a.longitude)}`,
  }),
};

async function scenario(which: 'station' | 'geo') {
  if (which === 'station') {
    const w = await worldOf([
      LOCATE_CITY,
      FIND_STATION,
      GET_FORECAST,
      NEAREST_STATION,
      WEATHER_REPORT,
      SECURE_FORECAST,
    ]);
    return {
      world: new LocalAgentWorld(w.world),
      plan: STATION_PLAN,
      known: { [w.param('locate_city', 'in', 'address')]: ADDRESS },
    };
  }
  const w = await worldOf([GEOCODE, FIND_LATITUDE, FIND_LONGITUDE, WEATHER_AT]);
  return {
    world: new LocalAgentWorld(w.world),
    plan: GEO_PLAN,
    known: { [w.param('geocode', 'in', 'address')]: ADDRESS },
  };
}

const FAULTS: InjectedFault[] = ['unavailable', 'error', 'timeout', 'empty-result', 'malformed-result'];
const CASES = [
  {
    which: 'station',
    broken: 'find_station',
    mode: 'io-equivalent',
    newTools: ['nearest_station'],
    result: { forecast: 'sunny at ST-2' },
  },
  {
    which: 'geo',
    broken: 'geocode',
    mode: 'upstream-reroute',
    newTools: ['find_latitude', 'find_longitude'],
    result: { forecast: 'rain at 48.8,2.3' },
  },
  {
    which: 'station',
    broken: 'get_forecast',
    mode: 'subgraph-switch',
    newTools: ['weather_report'],
    result: { forecast: 'mild in Paris' },
  },
] as const;

describe('live recombination on any failure (NaviAgent §3.3)', () => {
  for (const c of CASES) {
    for (const fault of FAULTS) {
      it(`${fault} of ${c.broken} → ${c.mode}`, async () => {
        const { world, plan, known } = await scenario(c.which);
        const runtime = new FailureInjector(new TimedRuntime(HANDLERS), {
          seed: 1,
          rates: { [c.broken]: 1 },
          faults: fault,
        });
        const { req, log } = requestFor(world, runtime, chainOf(plan), { known });
        const r = await new RetoExecutor().run(req);
        expect(r.status).toBe('ok');
        if (r.status !== 'ok') return;
        expect(r.result).toEqual(c.result);
        expect(r.detours?.map((d) => [d.mode, d.failedTool, d.newTools])).toEqual([
          [c.mode, c.broken, [...c.newTools]],
        ]);
        // A transient fault gets three more tries (it sticks here), an outage none; the failed calls stay in
        // the trace as evidence, the last marked with the detour; after that the tool is not called again.
        const tries = fault === 'unavailable' ? 1 : 4;
        const failed = log.ends.filter((e) => e.status === 'error');
        expect(failed.map((e) => [e.tool, e.detour?.mode])).toEqual([
          ...Array.from({ length: tries - 1 }, () => [c.broken, undefined]),
          [c.broken, c.mode],
        ]);
        const failedTrace = log.trace.find((t) => t.status === 'error')!;
        expect(failedTrace.failure?.kind).toBe(
          fault === 'empty-result' || fault === 'malformed-result' ? 'invalid-output' : fault,
        );
        expect(isEvidenceOfTool(failedTrace)).toBe(true);
        expect(log.starts.filter((s) => s.tool === c.broken)).toHaveLength(tries);
        expect(log.notices.some((n) => n.includes(`${c.broken} failed`) && n.includes('detour'))).toBe(true);
        if (c.mode === 'subgraph-switch') expect(r.target).toBe('weather_report');
      });
    }
  }

  it('a transient failure is tried again before any detour; an outage is not', async () => {
    const { world, plan, known } = await scenario('station');
    for (const [fault, tries, detours] of [
      ['error', 2, 0],
      ['timeout', 2, 0],
      ['malformed-result', 2, 0],
      ['unavailable', 1, 1],
    ] as const) {
      // The fault hits find_station's first call only (a rate of 1, not sticky, on a runtime that is
      // swapped for the healthy one after that call): the retry meets a working tool.
      const healthy = new TimedRuntime(HANDLERS);
      const broken = new FailureInjector(healthy, { seed: 1, rates: { find_station: 1 }, faults: fault });
      let hits = 0;
      const once: ToolRuntime = {
        canExecute: (t) => healthy.canExecute(t),
        call: (t, a) => (t.name === 'find_station' && hits++ === 0 ? broken : healthy).call(t, a),
      };
      const { req, log } = requestFor(world, once, chainOf(plan), { known });
      const r = await new RetoExecutor().run(req);
      expect(r.status, fault).toBe('ok');
      expect(
        log.starts.filter((s) => s.tool === 'find_station'),
        fault,
      ).toHaveLength(tries);
      expect(r.status === 'ok' ? (r.detours ?? []).length : -1, fault).toBe(detours);
      if (tries === 2) {
        expect(log.trace.filter((t) => t.tool === 'find_station').map((t) => t.status)).toEqual([
          'error',
          'ok',
        ]);
        expect(log.notices.some((n) => n.includes('calling it again'))).toBe(true);
      }
    }
  });

  it('a busy tool that says when to come back (Retry-After) is waited for and called again, not routed around', async () => {
    const { world, plan, known } = await scenario('station');
    const healthy = new TimedRuntime(HANDLERS);
    // find_station answers like an HTTP 429 with Retry-After once, then works.
    const busyOnce = (retryAfterMs: number): ToolRuntime => {
      let n = 0;
      return {
        canExecute: (t) => healthy.canExecute(t),
        call: async (t, a) =>
          t.name === 'find_station' && n++ === 0
            ? {
                ok: false,
                failure: { kind: 'unavailable', code: 'http-429', message: 'busy', retryAfterMs },
                durationMs: 1,
              }
            : healthy.call(t, a),
      };
    };
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const soon = requestFor(world, busyOnce(1500), chainOf(plan), { known });
    const r = await new RetoExecutor({ sleep }).run(soon.req);
    expect(r.status === 'ok' ? (r.detours ?? []).length : -1).toBe(0);
    expect(waits).toEqual([1500]);
    expect(soon.log.trace.filter((t) => t.tool === 'find_station').map((t) => t.status)).toEqual([
      'error',
      'ok',
    ]);
    expect(soon.log.notices.some((n) => n.includes('asked to wait 1.5 s'))).toBe(true);
    // A wait longer than the limit (default 5 s) is an outage for this turn: routed around at once.
    const late = requestFor(world, busyOnce(60_000), chainOf(plan), { known });
    const r2 = await new RetoExecutor({ sleep }).run(late.req);
    expect(waits).toEqual([1500]);
    expect(r2.status === 'ok' ? r2.detours?.map((d) => d.failedTool) : r2.status).toEqual(['find_station']);
  });

  it('three transient failures in a row are retried through (default 3 retries); with 2 the chain detours', async () => {
    const { world, plan, known } = await scenario('station');
    // find_station errs, times out and answers garbage, once each, then works: the 4th call is the first
    // the default policy does not give up before.
    const healthy = new TimedRuntime(HANDLERS);
    const faults = ['error', 'timeout', 'malformed-result'] as const;
    const flaky = (): ToolRuntime => {
      let n = 0;
      return {
        canExecute: (t) => healthy.canExecute(t),
        call: (t, a) => {
          if (t.name !== 'find_station' || n >= faults.length) return healthy.call(t, a);
          const fault = faults[n++]!;
          const once = new FailureInjector(healthy, { seed: 1, rates: { find_station: 1 }, faults: fault });
          return once.call(t, a);
        },
      };
    };
    const first = requestFor(world, flaky(), chainOf(plan), { known });
    const r = await new RetoExecutor().run(first.req);
    expect(r.status).toBe('ok');
    expect(r.status === 'ok' ? (r.detours ?? []).length : -1).toBe(0);
    expect(first.log.trace.filter((t) => t.tool === 'find_station').map((t) => t.status)).toEqual([
      'error',
      'error',
      'error',
      'ok',
    ]);
    const second = requestFor(world, flaky(), chainOf(plan), { known });
    const r2 = await new RetoExecutor({ retries: 2 }).run(second.req);
    expect(second.log.starts.filter((s) => s.tool === 'find_station')).toHaveLength(3);
    // Two retries were not enough: the third failure sent the chain around find_station.
    expect(r2.status === 'ok' ? r2.detours?.map((d) => d.failedTool) : r2.status).toEqual(['find_station']);
  });

  it('a call the gate refuses is recorded as rejected-by-gate (no blame on the tool) and routed around', async () => {
    const { world, plan, known } = await scenario('station');
    const runtime = new TimedRuntime({
      ...HANDLERS,
      find_station: () => ({ station_id: { id: 'ST-1', ok: true } }),
    });
    const { req, log } = requestFor(world, runtime, chainOf(plan), { known });
    const r = await new RetoExecutor().run(req);
    expect(r).toMatchObject({
      status: 'ok',
      target: 'weather_report',
      result: { forecast: 'mild in Paris' },
    });
    const rejected = log.trace.find((t) => t.failure?.kind === 'rejected-by-gate')!;
    expect(rejected.tool).toBe('get_forecast');
    expect(rejected.gate).toMatchObject({
      verdict: 'rejected',
      remaining: [{ field: 'station_id', rule: 'type' }],
    });
    expect(isEvidenceOfTool(rejected)).toBe(false);
    expect(runtime.calls.some((c) => c.tool === 'get_forecast')).toBe(false);
    expect(log.ends.find((e) => e.tool === 'get_forecast')?.gate?.verdict).toBe('rejected');
  });

  it('a value the request gave that the gate refuses is not routed to another target', async () => {
    const { world, known } = await scenario('station');
    // The same refusal as above, but the bad station_id is the request's own literal, not find_station's
    // output: weather_report would not do what was asked either, so the chain fails and says why.
    const plan: PlanStep[] = [
      { step: 0, tool: 'get_forecast', args: { station_id: { id: 'ST-1' } }, deps: [] },
    ];
    const runtime = new TimedRuntime(HANDLERS);
    const { req } = requestFor(world, runtime, chainOf(plan), { known });
    const r = await new RetoExecutor().run(req);
    expect(r).toMatchObject({
      status: 'failed',
      tool: 'get_forecast',
      failure: { kind: 'rejected-by-gate' },
    });
    if (r.status === 'failed') expect(r.why).toMatch(/the request's own values do not fit get_forecast/);
    expect(runtime.calls.map((c) => c.tool)).toEqual([]);
  });

  it('the tool’s own refusal and a tool that cannot run here are routed around too', async () => {
    const { world, plan, known } = await scenario('station');
    const runtime = new TimedRuntime({ ...HANDLERS });
    runtime.failing.set('find_station', {
      kind: 'invalid-arguments',
      code: 'no-city',
      message: 'unknown city',
    });
    const { req, log } = requestFor(world, runtime, chainOf(plan), { known });
    expect(await new RetoExecutor().run(req)).toMatchObject({
      status: 'ok',
      detours: [{ mode: 'io-equivalent' }],
    });
    expect(isEvidenceOfTool(log.trace.find((t) => t.status === 'error')!)).toBe(false);

    const bare = new TimedRuntime({
      locate_city: HANDLERS.locate_city,
      find_station: HANDLERS.find_station,
      weather_report: HANDLERS.weather_report,
    });
    const second = requestFor(world, bare, chainOf(plan), { known });
    expect(await new RetoExecutor().run(second.req)).toMatchObject({
      status: 'ok',
      detours: [{ mode: 'subgraph-switch', failedTool: 'get_forecast' }],
    });
  });

  it('with no way around, the chain fails with the reason and the failed call’s index', async () => {
    const { world, plan, known } = await scenario('geo');
    const runtime = new FailureInjector(new TimedRuntime(HANDLERS), { seed: 1, rates: { weather_at: 1 } });
    const { req, log } = requestFor(world, runtime, chainOf(plan), { known });
    const r = await new RetoExecutor().run(req);
    expect(r).toMatchObject({
      status: 'failed',
      tool: 'weather_at',
      call: 1,
      failure: { kind: 'unavailable' },
    });
    if (r.status === 'failed') expect(r.why).toMatch(/no alternative target for weather_at/);
    expect(log.ends.map((e) => e.status)).toEqual(['ok', 'error']);
  });

  it('excludes tools that failed earlier in the turn', async () => {
    const { world, plan, known } = await scenario('station');
    const runtime = new FailureInjector(new TimedRuntime(HANDLERS), { seed: 1, rates: { find_station: 1 } });
    const { req } = requestFor(world, runtime, chainOf(plan), {
      known,
      failedApis: new Set(['nearest_station']),
    });
    const r = await new RetoExecutor().run(req);
    // nearest_station is out, so the detour is the other target.
    expect(r).toMatchObject({
      status: 'ok',
      target: 'weather_report',
      detours: [{ mode: 'subgraph-switch' }],
    });
  });
});

describe('repair inside the executor', () => {
  it('repairs a call before it runs, shows the report on the call and keeps it in the trace', async () => {
    const weather = tool(
      'weather',
      'Weather for a city',
      { city: 'City', date: 'Day to forecast, YYYY-MM-DD' },
      ['city'],
      { forecast: 'Forecast' },
    );
    const { world } = await worldOf([weather]);
    const runtime = new TimedRuntime({
      weather: (a) => ({ forecast: `${String(a.city)} ${String(a.date)}` }),
    });
    const plan: PlanStep[] = [
      { step: 0, tool: 'weather', args: { city_name: 'Oslo', date: '25.11.2026' }, deps: [] },
    ];
    const { req, log } = requestFor(new LocalAgentWorld(world), runtime, chainOf(plan));
    const r = await new RetoExecutor().run(req);
    expect(r).toMatchObject({ status: 'ok', result: { forecast: 'Oslo 2026-11-25' } });
    expect(runtime.calls[0]!.args).toEqual({ city: 'Oslo', date: '2026-11-25' });
    const gate = log.ends[0]!.gate!;
    expect(gate.verdict).toBe('repaired');
    expect(gate.repairs.map((e) => e.kind)).toEqual(['date', 'rename']);
    expect(log.trace[0]!.gate).toEqual(gate);
    expect(log.notices[0]).toMatch(/Repaired the call to weather: .*city_name → city/);
  });

  it('after a tool refuses an argument, a deterministic fix is tried once; the refusal stays as evidence', async () => {
    const day = tool('day_info', 'About a day', { day: 'The day' }, ['day'], { info: 'Info' });
    const { world } = await worldOf([day]);
    const runtime = new TimedRuntime({
      day_info: (a) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(a.day))) throw new Error('unreachable');
        return { info: `day ${String(a.day)}` };
      },
    });
    let first = true;
    const refusing = {
      canExecute: () => true,
      call: async (t: Parameters<TimedRuntime['call']>[0], a: Record<string, unknown>) => {
        if (first) {
          first = false;
          return {
            ok: false as const,
            failure: {
              kind: 'invalid-arguments' as const,
              code: 'bad-date',
              message: 'Argument "day" must be YYYY-MM-DD.',
            },
            durationMs: 1,
          };
        }
        return runtime.call(t, a);
      },
    };
    const plan: PlanStep[] = [{ step: 0, tool: 'day_info', args: { day: '25 Nov 2026' }, deps: [] }];
    const { req, log } = requestFor(new LocalAgentWorld(world), refusing, chainOf(plan));
    const r = await new RetoExecutor().run(req);
    expect(r).toMatchObject({ status: 'ok', result: { info: 'day 2026-11-25' } });
    expect(log.trace.map((t) => [t.status, t.failure?.kind])).toEqual([
      ['error', 'invalid-arguments'],
      ['ok', undefined],
    ]);
    expect(log.ends[1]!.gate?.repairs[0]).toMatchObject({ kind: 'date', to: '2026-11-25' });
  });
});

describe('context-constrained invocation (RETO §3.3)', () => {
  it('a layer filler sees only its layer’s tools and the earlier layers’ outputs', async () => {
    const { world } = await worldOf(DAG_TOOLS);
    const seen: { tools: string[]; earlier: string[] }[] = [];
    const filler = {
      fill: async (ctx: LayerContext) => {
        seen.push({ tools: ctx.tools.map((t) => t.name), earlier: ctx.earlier.map((e) => e.tool) });
        return new Map(ctx.layer === 3 ? [[6, { p: 'filled' }]] : []);
      },
    };
    const runtime = new TimedRuntime(DAG_HANDLERS);
    const { req } = requestFor(new LocalAgentWorld(world), runtime, chainOf(DAG));
    const r = await new RetoExecutor({ filler }).run(req);
    expect(seen).toEqual([
      { tools: ['a', 'b'], earlier: [] },
      { tools: ['c', 'd'], earlier: ['a', 'b'] },
      { tools: ['e', 'f'], earlier: ['a', 'b', 'c', 'd'] },
      { tools: ['g'], earlier: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ]);
    expect(r).toEqual({ status: 'ok', result: { out: 'filled+U' } });
  });

  it('the LLM filler’s prompt lists only the layer’s tools, earlier outputs inert; calls to other tools are ignored', async () => {
    const { world } = await worldOf(DAG_TOOLS);
    const engine = new ScriptedEngine({
      replies: (_req, i) =>
        i === 1
          ? 'Action: c\nAction Input: {"p": "from the model"}\nAction: g\nAction Input: {"p": "out of turn"}'
          : 'nothing to change',
    });
    const runtime = new TimedRuntime({
      ...DAG_HANDLERS,
      c: (a) => ({ z: String(a.p) }),
      e: (a) => ({ v: String(a.p) }),
    });
    const { req } = requestFor(new LocalAgentWorld(world), runtime, chainOf(DAG), { query: 'do it' });
    const r = await new RetoExecutor({ filler: new LlmLayerFiller(engine) }).run(req);
    expect(r).toEqual({ status: 'ok', result: { out: 'from the model+U' } });
    expect(runtime.calls.find((c) => c.tool === 'g')!.args.p).toBe('from the model'); // not "out of turn"
    const layer2 = engine.requests[1]!.messages[1]!.content;
    expect(layer2).toContain('Layer 2 of 4. User request: do it');
    expect(layer2).toContain('Allowed tools this step: c, d');
    expect(layer2).not.toMatch(/^(e|f|g): Step/m);
    expect(layer2).toContain('step 0 a → <<{"x":"X"}>>');
    expect(layer2).toContain('Action Input: <JSON arguments>');
  });
});

describe('RETO layers from the learned predictor where the DAG has no edge (issue 18)', () => {
  it('unlinked steps of tools the world has no edges for run in the predicted order, marked “predictor”', async () => {
    const { world } = await worldOf(DAG_TOOLS);
    const plan: PlanStep[] = [
      { step: 0, tool: 'a', args: { q: 'x' }, deps: [] },
      { step: 1, tool: 'b', args: { q: 'y' }, deps: [] },
      { step: 2, tool: 'c', args: { p: '$1.y' }, deps: [1] },
    ];
    const { req, log } = requestFor(
      new LocalAgentWorld(world),
      new TimedRuntime(DAG_HANDLERS, 5),
      chainOf(plan),
    );
    const asked: string[][] = [];
    const r = await new RetoExecutor({
      layerPredictor: async (_q, tools) => {
        asked.push(tools.map((t) => t.name));
        return tools.map((t) => (t.name === 'a' ? 2 : t.name === 'b' ? 0 : 1));
      },
    }).run(req);
    expect(r.status).toBe('ok');
    expect(asked).toEqual([['a', 'b', 'c']]);
    expect(log.starts.map((c) => [c.tool, c.layer, c.layerSource])).toEqual([
      ['b', 0, 'graph'],
      ['c', 1, 'graph'],
      ['a', 2, 'predictor'],
    ]);
  });
});

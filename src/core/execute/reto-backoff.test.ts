import { describe, expect, it } from 'vitest';
import { LocalAgentWorld } from '../agent/local-agent-world';
import {
  ADDRESS,
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  NEAREST_STATION,
  STATION_PLAN,
  worldOf,
} from '../search/search-fixtures.test-util';
import { mulberry32 } from '../util/prng';
import type { CallFailure } from './call-outcome';
import { RetoExecutor } from './reto-executor';
import { backoffDelay, DEFAULT_BACKOFF, WaitBudget } from './reto/backoff';
import { chainOf, requestFor, STATION_HANDLERS, TimedRuntime } from './reto/reto-test-kit.test-util';
import type { ToolRuntime } from './tool-runtime';

const HANDLERS = STATION_HANDLERS;
const DOWN: CallFailure = { kind: 'unavailable', code: 'http-503', message: 'service unavailable' };

/** find_station is unreachable for its first `calls` calls (Infinity: for good), then answers. */
function downFor(calls: number, failure: CallFailure = DOWN): { runtime: ToolRuntime; tried: () => number } {
  const healthy = new TimedRuntime(HANDLERS);
  let n = 0;
  return {
    runtime: {
      canExecute: (t) => healthy.canExecute(t),
      call: async (t, a) => {
        if (t.name !== 'find_station') return healthy.call(t, a);
        return n++ < calls ? { ok: false, failure, durationMs: 1 } : healthy.call(t, a);
      },
    },
    tried: () => n,
  };
}

async function station() {
  // nearest_station takes a city and gives a station id too: the I/O-equivalent way around find_station.
  const w = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST, NEAREST_STATION]);
  return {
    world: new LocalAgentWorld(w.world),
    known: { [w.param('locate_city', 'in', 'address')]: ADDRESS },
  };
}

/** A sleep that only records (a fake clock: nothing waits). */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('backoff after an outage', () => {
  it('waits initial · multiplier^k, ±jitter (Google HTTP Client defaults: 0.5 s, ×1.5, ±50 %)', () => {
    expect(DEFAULT_BACKOFF).toEqual({ retries: 2, initialMs: 500, multiplier: 1.5, jitter: 0.5 });
    const at = (x: number) => () => x;
    expect([0, 0.5, 1].map((x) => backoffDelay(DEFAULT_BACKOFF, 0, at(x)))).toEqual([250, 500, 750]);
    expect([0, 0.5, 1].map((x) => backoffDelay(DEFAULT_BACKOFF, 1, at(x)))).toEqual([375, 750, 1125]);
    expect(backoffDelay({ ...DEFAULT_BACKOFF, jitter: 0 }, 2, at(0.9))).toBe(1125);
    const budget = new WaitBudget(1000);
    expect(budget.take(600)).toBe(true);
    expect(budget.take(500)).toBe(false);
    expect([budget.spentMs, budget.leftMs]).toEqual([600, 400]);
  });

  it('an outage that ends after one call is waited out and recovered, no detour', async () => {
    const { world, known } = await station();
    const { waits, sleep } = fakeSleep();
    const down = downFor(1);
    const { req, log } = requestFor(world, down.runtime, chainOf(STATION_PLAN), { known });
    const r = await new RetoExecutor({ backoff: {}, random: mulberry32(7), sleep }).run(req);
    expect(r.status === 'ok' ? (r.detours ?? []).length : r.status).toBe(0);
    expect(r.status === 'ok' && r.result).toEqual({ forecast: 'sunny at ST-1' });
    expect(log.trace.filter((t) => t.tool === 'find_station').map((t) => t.status)).toEqual(['error', 'ok']);
    // One wait, the first backoff drawn from the same seeded generator.
    expect(waits).toEqual([backoffDelay(DEFAULT_BACKOFF, 0, mulberry32(7))]);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(750);
    const s = (waits[0]! / 1000).toFixed(1);
    expect(log.notices).toContain(
      `find_station is unavailable (service unavailable), trying again in ${s} s.`,
    );
  });

  it('a lasting outage is routed around after the retries; without backoff at once, as before', async () => {
    const { world, known } = await station();
    const { waits, sleep } = fakeSleep();
    const down = downFor(Infinity);
    const { req, log } = requestFor(world, down.runtime, chainOf(STATION_PLAN), { known });
    const r = await new RetoExecutor({ backoff: {}, random: mulberry32(7), sleep }).run(req);
    expect(r.status === 'ok' ? r.detours?.map((d) => [d.failedTool, d.mode]) : r.status).toEqual([
      ['find_station', 'io-equivalent'],
    ]);
    expect(down.tried()).toBe(3);
    const rand = mulberry32(7);
    const first = backoffDelay(DEFAULT_BACKOFF, 0, rand);
    expect(waits).toEqual([first, backoffDelay(DEFAULT_BACKOFF, 1, rand)]);
    expect(waits[1]).toBeGreaterThanOrEqual(375);
    expect(waits[1]).toBeLessThanOrEqual(1125);
    // Every failed attempt stays in the trace as evidence; the last one carries the detour.
    expect(log.trace.filter((t) => t.tool === 'find_station').map((t) => t.status)).toEqual([
      'error',
      'error',
      'error',
    ]);
    expect(log.ends.filter((c) => c.tool === 'find_station').map((c) => c.detour?.mode)).toEqual([
      undefined,
      undefined,
      'io-equivalent',
    ]);

    const before = downFor(Infinity);
    const plain = requestFor(world, before.runtime, chainOf(STATION_PLAN), { known });
    const r2 = await new RetoExecutor({ sleep }).run(plain.req);
    expect(r2.status === 'ok' ? r2.detours?.map((d) => d.failedTool) : r2.status).toEqual(['find_station']);
    expect(before.tried()).toBe(1);
    expect(waits).toHaveLength(2);
  });

  it("the turn's wait budget bounds backoff and Retry-After together, across the turn's chains", async () => {
    const { world, known } = await station();
    const { waits, sleep } = fakeSleep();
    // No jitter: waits of 500 and 750 ms; the turn may wait 600 ms in all.
    const exec = new RetoExecutor({
      backoff: { jitter: 0 },
      maxWaitPerTurnMs: 600,
      random: mulberry32(1),
      sleep,
    });
    const turn = new Set<string>();
    const first = requestFor(world, downFor(Infinity).runtime, chainOf(STATION_PLAN), {
      known,
      failedApis: turn,
    });
    await exec.run(first.req);
    expect(waits).toEqual([500]); // 750 more would pass 600: routed around instead
    expect(first.log.notices.some((n) => n.includes('waited 0.5 s for tools already'))).toBe(true);
    // A second chain of the same turn (the agent hands it the same failed-tools set): 100 ms left.
    const second = downFor(Infinity);
    const again = requestFor(world, second.runtime, chainOf(STATION_PLAN), { known, failedApis: turn });
    await exec.run(again.req);
    expect(second.tried()).toBe(1);
    expect(waits).toEqual([500]);
    // A Retry-After within maxRetryAfterMs but beyond what the turn has left is not waited for either.
    const busy = downFor(1, { ...DOWN, code: 'http-429', retryAfterMs: 1500 });
    const third = requestFor(world, busy.runtime, chainOf(STATION_PLAN), { known, failedApis: turn });
    const r3 = await exec.run(third.req);
    expect(r3.status === 'ok' ? r3.detours?.map((d) => d.failedTool) : r3.status).toEqual(['find_station']);
    expect(waits).toEqual([500]);
    // A new turn has its budget back.
    const fresh = requestFor(world, downFor(1).runtime, chainOf(STATION_PLAN), {
      known,
      failedApis: new Set(),
    });
    const r4 = await exec.run(fresh.req);
    expect(r4.status === 'ok' ? (r4.detours ?? []).length : r4.status).toBe(0);
    expect(waits).toEqual([500, 500]);
  });

  it('a Stop during the wait ends it at once: no further call, the chain stops', async () => {
    const { world, known } = await station();
    const down = downFor(Infinity);
    const controller = new AbortController();
    const { req, log } = requestFor(world, down.runtime, chainOf(STATION_PLAN), {
      known,
      signal: controller.signal,
      onNotice: (_l, text) => {
        log.notices.push(text);
        // The user presses Stop as soon as the chat says it will try again.
        if (text.includes('trying again')) setTimeout(() => controller.abort(), 10);
      },
    });
    const started = Date.now();
    // A minute's backoff and the real (abortable) timer.
    const r = await new RetoExecutor({
      backoff: { initialMs: 60_000, jitter: 0 },
      maxWaitPerTurnMs: 120_000,
    }).run(req);
    expect(r.status).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(down.tried()).toBe(1);
    expect(log.notices.filter((n) => n.includes('trying again in 60.0 s'))).toHaveLength(1);
    // The failed call was ended (in the trace), nothing is left running.
    expect(log.ends.map((c) => c.status)).toEqual(['ok', 'error']);
  });
});

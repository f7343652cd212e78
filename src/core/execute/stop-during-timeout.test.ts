import { describe, expect, it } from 'vitest';
import { LocalAgentWorld } from '../agent/local-agent-world';
import {
  ADDRESS,
  FIND_STATION,
  GET_FORECAST,
  LOCATE_CITY,
  STATION_PLAN,
  worldOf,
} from '../search/search-fixtures.test-util';
import { FailureInjector } from './failure-injection';
import { RetoExecutor } from './reto-executor';
import { chainOf, requestFor, STATION_HANDLERS, TimedRuntime } from './reto/reto-test-kit.test-util';
import { ToolBreaker } from './tool-breaker';

/**
 * QA R15: a user's Stop during a call broken with the "timeout" fault read as "timeout: no answer within
 * 3000 ms" — the injected wait ended early on the abort and then reported a timeout anyway.
 */
const HANDLERS = STATION_HANDLERS;

describe('a Stop during a call that would time out', () => {
  it('the injector reports the call cancelled, not timed out, and returns at the Stop', async () => {
    const w = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    const tool = w.world.catalogue.get('find_station')!;
    const injector = new FailureInjector(new TimedRuntime(HANDLERS), {
      seed: 1,
      rate: 1,
      faults: 'timeout',
      timeoutMs: 3000,
      realDelays: true,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const out = await injector.call(tool, { city: 'Paris' }, controller.signal);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(out).toMatchObject({ ok: false, failure: { kind: 'cancelled', code: 'aborted' } });
    expect(out.durationMs).toBeLessThan(1000);
    // Without a Stop the same fault still times out, with its limit in the message.
    const quick = new FailureInjector(new TimedRuntime(HANDLERS), {
      seed: 1,
      rate: 1,
      faults: 'timeout',
      timeoutMs: 5,
      realDelays: true,
    });
    expect(await quick.call(tool, { city: 'Paris' })).toMatchObject({
      ok: false,
      failure: { kind: 'timeout', message: 'no answer within 5 ms' },
      durationMs: 5,
    });
  });

  it('the chain ends "stopped" with a cancelled call and no retry (the chat panel case)', async () => {
    const w = await worldOf([LOCATE_CITY, FIND_STATION, GET_FORECAST]);
    const world = new LocalAgentWorld(w.world);
    const known = { [w.param('locate_city', 'in', 'address')]: ADDRESS };
    const breaker = new ToolBreaker(); // the panel's delays: a timeout waits 3000 ms
    breaker.breakTool('find_station', 'timeout');
    const inner = new TimedRuntime(HANDLERS);
    const controller = new AbortController();
    const { req, log } = requestFor(world, breaker.wrap(inner), chainOf(STATION_PLAN), {
      known,
      signal: controller.signal,
      onCallStart: (c) => {
        log.starts.push(c);
        if (c.tool === 'find_station') setTimeout(() => controller.abort(), 50);
      },
    });
    const started = Date.now();
    const r = await new RetoExecutor({ backoff: {} }).run(req);
    expect(r.status).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(log.starts.map((c) => c.tool)).toEqual(['locate_city', 'find_station']);
    const last = log.ends[log.ends.length - 1]!;
    expect(last.failure).toMatchObject({ kind: 'cancelled' });
    expect(last.failure?.message).not.toMatch(/no answer within/);
  });
});

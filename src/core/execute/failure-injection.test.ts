import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import type { CallOutcome } from './call-outcome';
import { FailureInjector, MALFORMED_OUTPUT, type FailureInjectionOptions } from './failure-injection';
import type { ToolRuntime } from './tool-runtime';

const tool = (name: string): Tool => ({
  name,
  description: '',
  parameters: { type: 'object', properties: {} },
  returns: null,
  category: 'test',
  source: 'builtin',
});

/** A runtime whose every call succeeds (output: the tool's name), counting the calls it gets. */
function healthy() {
  const seen: string[] = [];
  const runtime: ToolRuntime = {
    canExecute: (t) => t !== 'ghost',
    call: async (t): Promise<CallOutcome> => {
      seen.push(t.name);
      return { ok: true, output: t.name, source: { kind: 'sandbox', label: 'inner' }, durationMs: 2 };
    },
    lexicon: async () => [{ kind: 'city', value: 'Paris' }],
  };
  return { runtime, seen };
}

async function outcomes(options: FailureInjectionOptions, names: string[], newTaskEachCall = true) {
  const sim = new FailureInjector(healthy().runtime, options);
  const out: CallOutcome[] = [];
  for (const n of names) {
    if (newTaskEachCall) sim.nextTask();
    out.push(await sim.call(tool(n), {}));
  }
  return { sim, out };
}

describe('failure injection', () => {
  it('fails about the given share of calls, keeps a failed tool down until the next task, and is seeded', async () => {
    const names = Array.from({ length: 2000 }, (_, i) => `tool${i}`);
    const { sim, out } = await outcomes({ seed: 5, rate: 0.3 }, names);
    const failed = out.filter((o) => !o.ok).length;
    expect(failed / out.length).toBeGreaterThan(0.26);
    expect(failed / out.length).toBeLessThan(0.34);
    expect(sim.calls).toBe(2000);
    expect(sim.failures).toBe(failed);
    const first = out.find((o) => !o.ok)!;
    expect(first).toEqual({
      ok: false,
      failure: { kind: 'unavailable', code: 'injected-outage', message: 'simulated outage' },
      durationMs: 0,
    });

    const again = await outcomes({ seed: 5, rate: 0.3 }, names);
    expect(again.out).toEqual(out);

    expect((await outcomes({ seed: 1, rate: 1 }, ['x'])).out[0]!.ok).toBe(false);
    expect((await outcomes({ seed: 1, rate: 0 }, ['x'])).out[0]!.ok).toBe(true);
    // Down for the task: once hit, every later call of the tool fails until nextTask.
    const sticky = new FailureInjector(healthy().runtime, { seed: 9, rate: 0.5 });
    while ((await sticky.call(tool('y'), {})).ok);
    for (let i = 0; i < 20; i++) expect((await sticky.call(tool('y'), {})).ok).toBe(false);
    const later: boolean[] = [];
    for (let i = 0; i < 50; i++) {
      sticky.nextTask();
      later.push((await sticky.call(tool('y'), {})).ok);
    }
    expect(later).toContain(true);
    // Not sticky: a flaky tool, every call drawn anew.
    const flaky = await outcomes({ seed: 9, rate: 0.5, sticky: false }, Array(200).fill('y'), false);
    expect(flaky.out.filter((o) => o.ok).length).toBeGreaterThan(60);
    expect(() => new FailureInjector(healthy().runtime, { seed: 1, rate: 1.5 })).toThrow(RangeError);
    expect(() => new FailureInjector(healthy().runtime, { seed: 1, rates: { a: -1 } })).toThrow(RangeError);
    expect(() => new FailureInjector(healthy().runtime, { seed: 1, faults: { slow: 0 } })).toThrow(
      RangeError,
    );
  });

  it('hits only the tools given a per-tool rate, and passes every other call through', async () => {
    const inner = healthy();
    const sim = new FailureInjector(inner.runtime, { seed: 3, rates: { flaky: 1 } });
    expect((await sim.call(tool('flaky'), {})).ok).toBe(false);
    expect(await sim.call(tool('steady'), {})).toEqual({
      ok: true,
      output: 'steady',
      source: { kind: 'sandbox', label: 'inner' },
      durationMs: 2,
    });
    expect(inner.seen).toEqual(['steady']);
    expect(sim.canExecute('ghost')).toBe(false);
    expect(await sim.lexicon()).toEqual([{ kind: 'city', value: 'Paris' }]);
  });

  it('injects each kind of fault as a caller would see it', async () => {
    const one = async (
      faults: FailureInjectionOptions['faults'],
      extra: Partial<FailureInjectionOptions> = {},
    ) => (await outcomes({ seed: 1, rate: 1, faults, ...extra }, ['t'])).out[0]!;
    expect(await one('error')).toMatchObject({
      ok: false,
      failure: { kind: 'error', code: 'injected-error' },
    });
    expect(await one('timeout', { timeoutMs: 250 })).toEqual({
      ok: false,
      failure: { kind: 'timeout', code: 'injected-timeout', message: 'no answer within 250 ms' },
      durationMs: 250,
    });
    expect(await one('empty-result')).toMatchObject({ ok: true, output: {} });
    expect(await one('malformed-result')).toMatchObject({ ok: true, output: MALFORMED_OUTPUT });
    // Slow: the real answer, later; not a failure and never sticky.
    const slow = await outcomes({ seed: 1, rate: 1, faults: 'slow', slowMs: 900 }, ['t', 't'], false);
    expect(slow.out).toEqual([
      { ok: true, output: 't', source: { kind: 'sandbox', label: 'inner' }, durationMs: 902 },
      { ok: true, output: 't', source: { kind: 'sandbox', label: 'inner' }, durationMs: 902 },
    ]);
    expect(slow.sim.failures).toBe(0);
  });

  it('draws among several faults by weight, reproducibly', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `t${i}`);
    const mix = { unavailable: 2, timeout: 1, 'malformed-result': 1 } as const;
    const { out } = await outcomes({ seed: 11, rate: 1, faults: mix }, names);
    const kind = (o: CallOutcome) => (o.ok ? 'malformed' : o.failure.kind);
    const share = (k: string) => out.filter((o) => kind(o) === k).length / out.length;
    expect(share('unavailable')).toBeCloseTo(0.5, 1);
    expect(share('timeout')).toBeCloseTo(0.25, 1);
    expect(share('malformed')).toBeCloseTo(0.25, 1);
    expect((await outcomes({ seed: 11, rate: 1, faults: mix }, names)).out).toEqual(out);
    // A sticky hit repeats its own fault for the rest of the task.
    const sim = new FailureInjector(healthy().runtime, {
      seed: 4,
      rate: 1,
      faults: { timeout: 1, error: 1 },
    });
    const a = await sim.call(tool('z'), {});
    const b = await sim.call(tool('z'), {});
    expect(!a.ok && !b.ok && a.failure.kind === b.failure.kind).toBe(true);
  });

  it('with a list of sticky faults, only those last: an outage stays, an error was one call', async () => {
    const sticky = ['unavailable'] as const;
    const down = new FailureInjector(healthy().runtime, {
      seed: 2,
      rates: { z: 1 },
      faults: 'unavailable',
      sticky,
    });
    await down.call(tool('z'), {});
    // The rate no longer matters once a tool is down: every later call meets the same outage.
    const again = await down.call(tool('z'), {});
    expect(!again.ok && again.failure.kind).toBe('unavailable');
    const { runtime } = healthy();
    const flaky = new FailureInjector(runtime, { seed: 2, rates: { z: 0.5 }, faults: 'error', sticky });
    const kinds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const o = await flaky.call(tool('z'), {});
      kinds.push(o.ok ? 'ok' : o.failure.kind);
    }
    // Errors come and go (a sticky error would make every call after the first hit fail).
    const firstError = kinds.indexOf('error');
    expect(firstError).toBeGreaterThanOrEqual(0);
    expect(kinds.slice(firstError).includes('ok')).toBe(true);
  });

  it('an outage of n calls fails the hit call and the n after it, then the tool draws afresh (seeded)', async () => {
    // mulberry32(3) gives 0.720 0.039 0.456 0.075 0.763 0.481 0.487 …; at rate 0.1 the 2nd and 4th draws
    // hit. A call of a tool that is down draws nothing, so the draws after an outage are the stream's next.
    const run = async (outageCalls: number | 'task') => {
      const sim = new FailureInjector(healthy().runtime, { seed: 3, rate: 0.1, outageCalls });
      let pattern = '';
      for (let i = 0; i < 10; i++) pattern += (await sim.call(tool('z'), {})).ok ? '.' : 'X';
      return pattern;
    };
    expect(await run('task')).toBe('.XXXXXXXXX');
    expect(await run(2)).toBe('.XXX.XXX..'); // hit on draw 0.039, down 2 calls, 0.456 ok, 0.075 hit …
    expect(await run(1)).toBe('.XX.XX....');
    expect(await run(0)).toBe('.X.X......');
    // The default is the task, as before.
    const plain = new FailureInjector(healthy().runtime, { seed: 3, rate: 0.1 });
    let pattern = '';
    for (let i = 0; i < 10; i++) pattern += (await plain.call(tool('z'), {})).ok ? '.' : 'X';
    expect(pattern).toBe(await run('task'));
    // Mixed faults with only the outage sticky: an outage of 1 call fails twice, then draws again.
    const mixed = new FailureInjector(healthy().runtime, {
      seed: 3,
      rates: { z: 0.1 },
      faults: 'unavailable',
      sticky: ['unavailable'],
      outageCalls: 1,
    });
    const kinds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await mixed.call(tool('z'), {});
      kinds.push(o.ok ? 'ok' : o.failure.kind);
    }
    expect(kinds).toEqual(['ok', 'unavailable', 'unavailable', 'ok']);
    expect(() => new FailureInjector(healthy().runtime, { seed: 1, outageCalls: -1 })).toThrow(RangeError);
    expect(() => new FailureInjector(healthy().runtime, { seed: 1, outageCalls: 1.5 })).toThrow(RangeError);
  });

  it('really waits for a slow answer only when asked, and stops waiting on abort', async () => {
    const sim = new FailureInjector(healthy().runtime, {
      seed: 1,
      rate: 1,
      faults: 'slow',
      slowMs: 10_000,
      realDelays: true,
    });
    const controller = new AbortController();
    const started = Date.now();
    const pending = sim.call(tool('t'), {}, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await pending;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

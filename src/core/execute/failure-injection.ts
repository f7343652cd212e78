import { mulberry32, type Random } from '../util/prng';
import type { Tool } from '../tools/tool';
import type { CallFailure, CallOutcome } from './call-outcome';
import type { LexiconEntry, ToolRuntime } from './tool-runtime';

/**
 * Seeded tool faults around any `ToolRuntime`, for benchmarks and tests of recovery: outages (the tool
 * cannot be reached), errors, timeouts, empty or malformed results, slow answers. The only simulator of
 * failures in the project; bench:search runs the gold plans through it.
 */

/** What an injected fault looks like to the caller. */
export type InjectedFault =
  'unavailable' | 'error' | 'timeout' | 'empty-result' | 'malformed-result' | 'slow';

export interface FailureInjectionOptions {
  seed: number;
  /** Chance that a call is hit, for every tool (default 0). */
  rate?: number;
  /** Chance per tool, overriding `rate` for the tools named. */
  rates?: Readonly<Record<string, number>>;
  /**
   * What a hit does: one fault, or weights of several (drawn per hit). Default 'unavailable'.
   * Empty and malformed results come back as ok calls: the step runner finds them when a later step reads
   * a field they lack, as it would a real tool's.
   */
  faults?: InjectedFault | Partial<Record<InjectedFault, number>>;
  /**
   * A tool that was hit stays hit (same fault) until `nextTask()` (default true): an outage lasts, so a
   * retry in the same task fails too. A list: only those faults stick (an outage lasts, an error was that
   * one call). Slow answers never stick.
   */
  sticky?: boolean | readonly InjectedFault[];
  /**
   * How long a sticky fault lasts: 'task' (default) until `nextTask()`, as before; a number n: the n
   * further calls of that tool fail the same way, then the tool is up again and its next call draws
   * afresh (a short outage: a rolling restart, a 503 that clears). 0: a sticky fault hits one call.
   */
  outageCalls?: number | 'task';
  /** Time limit a timeout reports (default 10 s). */
  timeoutMs?: number;
  /** Extra time a slow answer reports (default 5 s). */
  slowMs?: number;
  /** Really wait `slowMs` (and `timeoutMs`) instead of only reporting it (default false: benches stay fast). */
  realDelays?: boolean;
}

/** The malformed answer a broken tool gives instead of its output (an error page, not JSON). */
export const MALFORMED_OUTPUT = '<html><body>502 Bad Gateway</body></html>';

const SIMULATED = { kind: 'simulated', label: 'fault injection' } as const;

function checkRate(rate: number, what: string): number {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${what} must be in [0, 1], got ${rate}`);
  return rate;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** A call the user's Stop ended during an injected wait (a cancel, never the fault it was waiting out). */
const stopped = (tool: string, durationMs: number): CallOutcome => ({
  ok: false,
  failure: { kind: 'cancelled', code: 'aborted', message: `The call to ${tool} was stopped.` },
  durationMs,
});

export class FailureInjector implements ToolRuntime {
  /** Calls seen, and calls that came back failed or broken (slow ones excluded), since creation. */
  calls = 0;
  failures = 0;
  private readonly rand: Random;
  /** Tools that are down: the fault, and how many more calls it lasts (Infinity: the task). */
  private readonly down = new Map<string, { fault: InjectedFault; left: number }>();
  private readonly lasts: number;
  private readonly faults: [InjectedFault, number][];
  private readonly faultTotal: number;

  constructor(
    private readonly inner: ToolRuntime,
    private readonly options: FailureInjectionOptions,
  ) {
    checkRate(options.rate ?? 0, 'failure rate');
    for (const [tool, r] of Object.entries(options.rates ?? {})) checkRate(r, `failure rate of ${tool}`);
    const f = options.faults ?? 'unavailable';
    const weights: [InjectedFault, number][] =
      typeof f === 'string' ? [[f, 1]] : (Object.entries(f) as [InjectedFault, number][]);
    if (weights.some(([, w]) => !(w >= 0))) throw new RangeError('fault weights must be ≥ 0');
    this.faults = weights.filter(([, w]) => w > 0);
    this.faultTotal = this.faults.reduce((a, [, w]) => a + w, 0);
    if (this.faults.length === 0) throw new RangeError('at least one fault needs a positive weight');
    this.rand = mulberry32(options.seed);
    const lasts = options.outageCalls ?? 'task';
    if (lasts !== 'task' && !(Number.isInteger(lasts) && lasts >= 0))
      throw new RangeError(`outage length must be 'task' or a whole number of calls ≥ 0, got ${lasts}`);
    this.lasts = lasts === 'task' ? Infinity : lasts;
  }

  /** A new task: every tool is up again. */
  nextTask(): void {
    this.down.clear();
  }

  canExecute(tool: string): boolean {
    return this.inner.canExecute(tool);
  }

  lexicon(): Promise<LexiconEntry[]> {
    return this.inner.lexicon?.() ?? Promise.resolve([]);
  }

  /**
   * The fault for this call, or null. The generator is drawn once per call of a tool that is not down
   * (and once more to pick among several faults), so outcomes depend on the seed and the call order only;
   * a call of a tool that is down draws nothing, so an outage's length does not shift later draws.
   */
  private draw(tool: string): InjectedFault | null {
    const stuck = this.down.get(tool);
    if (stuck) {
      if (--stuck.left <= 0) this.down.delete(tool);
      return stuck.fault;
    }
    const rate = this.options.rates?.[tool] ?? this.options.rate ?? 0;
    if (!(this.rand() < rate)) return null;
    const fault = this.pick();
    const sticky = this.options.sticky ?? true;
    if (
      fault !== 'slow' &&
      this.lasts > 0 &&
      (sticky === true || (Array.isArray(sticky) && sticky.includes(fault)))
    )
      this.down.set(tool, { fault, left: this.lasts });
    return fault;
  }

  private pick(): InjectedFault {
    if (this.faults.length === 1) return this.faults[0]![0];
    let x = this.rand() * this.faultTotal;
    for (const [f, w] of this.faults) if ((x -= w) < 0) return f;
    return this.faults[this.faults.length - 1]![0]; // rounding left x at 0
  }

  async call(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    this.calls++;
    const fault = this.draw(tool.name);
    if (fault === null) return this.inner.call(tool, args, signal);
    if (fault === 'slow') {
      const slowMs = this.options.slowMs ?? 5000;
      if (this.options.realDelays) {
        const t0 = Date.now();
        await wait(slowMs, signal);
        if (signal?.aborted) return stopped(tool.name, Date.now() - t0);
      }
      const out = await this.inner.call(tool, args, signal);
      return { ...out, durationMs: out.durationMs + slowMs };
    }
    this.failures++;
    const failed = (
      kind: CallFailure['kind'],
      code: string,
      message: string,
      durationMs = 0,
    ): CallOutcome => ({
      ok: false,
      failure: { kind, code, message },
      durationMs,
    });
    switch (fault) {
      case 'unavailable':
        return failed('unavailable', 'injected-outage', 'simulated outage');
      case 'error':
        return failed('error', 'injected-error', 'simulated tool error');
      case 'timeout': {
        const timeoutMs = this.options.timeoutMs ?? 10_000;
        if (this.options.realDelays) {
          // The wait ends early on a Stop; that call was stopped by the user, it did not time out.
          const t0 = Date.now();
          await wait(timeoutMs, signal);
          if (signal?.aborted) return stopped(tool.name, Date.now() - t0);
        }
        return failed('timeout', 'injected-timeout', `no answer within ${timeoutMs} ms`, timeoutMs);
      }
      case 'empty-result':
        return { ok: true, output: {}, source: SIMULATED, durationMs: 0 };
      case 'malformed-result':
        return { ok: true, output: MALFORMED_OUTPUT, source: SIMULATED, durationMs: 0 };
    }
  }
}

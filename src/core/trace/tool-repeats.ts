import type { Trace } from './trace';

/** Traces a tool must appear in before its repeat rate says anything. */
const MIN_PLANS = 5;
/** Below this share of its plans repeating it, a tool is one a task calls once. */
const RARE_REPEAT = 0.1;

/**
 * How often a world's plans call a tool more than once. Worlds differ: in ultratool_graph's plans 1 % of
 * multi-step plans call a tool twice, in bfcl's 53 % ("the weather in Paris and in Rome"). Where a tool
 * is almost never called twice, two sub-intents that chose it are two ways of saying one call.
 */
export class ToolRepeats {
  private readonly plans = new Map<string, number>();
  private readonly repeated = new Map<string, number>();

  constructor(traces: readonly Pick<Trace, 'calls'>[]) {
    for (const t of traces) {
      const seen = new Map<string, number>();
      for (const c of t.calls) if (c.status === 'ok') seen.set(c.tool, (seen.get(c.tool) ?? 0) + 1);
      for (const [tool, n] of seen) {
        this.plans.set(tool, (this.plans.get(tool) ?? 0) + 1);
        if (n > 1) this.repeated.set(tool, (this.repeated.get(tool) ?? 0) + 1);
      }
    }
  }

  /** True when at least MIN_PLANS traces call `tool` and fewer than RARE_REPEAT of them call it twice. */
  rarelyRepeated(tool: string): boolean {
    const n = this.plans.get(tool) ?? 0;
    return n >= MIN_PLANS && (this.repeated.get(tool) ?? 0) / n < RARE_REPEAT;
  }
}

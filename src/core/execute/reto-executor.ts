import type { ChainExecutor, ChainRunRequest, ChainRunResult } from '../agent/chain-executor';
import type { LlmEngine } from '../llm/llm-engine';
import { SchemaGate } from './gate/schema-gate';
import { CallRepairer } from './repair/call-repairer';
import { paramIndexOf, type ParamIndex } from './repair/param-index';
import type { LayerFiller } from './reto/layer-prompt';
import type { ToolLayerPredictor } from './reto/layer-source';
import { RetoRun } from './reto/reto-run';

export interface RetoExecutorOptions {
  /** Calls of one layer running at once (default 4). */
  concurrency?: number;
  /** The schema gate (default: one shared by every executor, so each tool's schema compiles once). */
  gate?: SchemaGate;
  /** Engine for RETO's LLM repair prompt; null or absent (graph-only): deterministic repair only. */
  llm?: LlmEngine | null;
  /** LLM repair prompts per chain (RETO's budget B; default 2). */
  repairBudget?: number;
  /** Detours per chain before giving up (default 3; 0: no recombination, a failure ends the chain). */
  maxDetours?: number;
  /**
   * Calls again after a transient failure (error, timeout, unusable answer) before a detour (default 3,
   * urllib3's and Cargo's default: a transient fault hits one call, so each retry meets the tool
   * afresh; at a 30 % rate of transient faults a call then fails for good 0.8 % of the time, against
   * 2.7 % with 2 retries and 30 % with none). An outage is never retried: it lasts (failure-injection.ts)
   * — unless the tool said when to come back (HTTP Retry-After, at most `maxRetryAfterMs`).
   */
  retries?: number;
  /** Longest Retry-After a busy tool may ask for and still be waited for (default 5 s). */
  maxRetryAfterMs?: number;
  /** Waits before such a retry (default: a timer the turn's Stop cuts short; tests pass their own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Fills each layer's arguments with only that layer in view (RETO §3.3); absent: the plan's. */
  filler?: LayerFiller;
  /** Wall clock for call start times (default Date.now). */
  clock?: () => number;
  /** "Today" for relative dates in repair (default: the clock). */
  today?: () => number;
  /** RETO's learned layer predictor for steps the DAG cannot place (reto/layer-source.ts). */
  layerPredictor?: ToolLayerPredictor;
  /** Whether the Tool World knows toolchain edges of a tool (default: none known). */
  knownTool?: (tool: string) => boolean;
  /** Whether the Tool World knows that `producer` runs before `consumer` (default: every plan edge). */
  knownEdge?: (producer: string, consumer: string) => boolean;
}

const SHARED_GATE = new SchemaGate();

/**
 * The agent's default chain executor: RETO's layered execution with the schema gate, deterministic and
 * LLM repair, output checks and live path recombination (src/core/execute/reto). One `RetoRun` per chain.
 */
export class RetoExecutor implements ChainExecutor {
  private readonly gate: SchemaGate;
  private params: { world: unknown; index: ParamIndex } | null = null;

  constructor(private readonly options: RetoExecutorOptions = {}) {
    this.gate = options.gate ?? SHARED_GATE;
  }

  run(req: ChainRunRequest): Promise<ChainRunResult> {
    const clock = this.options.clock ?? Date.now;
    if (this.params?.world !== req.world) this.params = { world: req.world, index: paramIndexOf(req.world) };
    const repairer = new CallRepairer(this.gate, {
      params: this.params.index,
      now: (this.options.today ?? clock)(),
      llm: this.options.llm ?? null,
      budget: this.options.repairBudget ?? 2,
    });
    return new RetoRun(req, repairer, {
      concurrency: this.options.concurrency ?? 4,
      maxDetours: this.options.maxDetours ?? 3,
      retries: this.options.retries ?? 3,
      clock,
      ...(this.options.maxRetryAfterMs !== undefined
        ? { maxRetryAfterMs: this.options.maxRetryAfterMs }
        : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
      ...(this.options.filler ? { filler: this.options.filler } : {}),
      ...(this.options.layerPredictor ? { layerPredictor: this.options.layerPredictor } : {}),
      ...(this.options.knownTool ? { knownTool: this.options.knownTool } : {}),
      ...(this.options.knownEdge ? { knownEdge: this.options.knownEdge } : {}),
    }).run();
  }
}

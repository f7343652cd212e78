import type { ChainExecutor, ChainRunRequest, ChainRunResult } from '../agent/chain-executor';
import type { LlmEngine } from '../llm/llm-engine';
import { SchemaGate } from './gate/schema-gate';
import { CallRepairer } from './repair/call-repairer';
import { paramIndexOf, type ParamIndex } from './repair/param-index';
import type { LayerFiller } from './reto/layer-prompt';
import type { ToolLayerPredictor } from './reto/layer-source';
import { DEFAULT_BACKOFF, MAX_WAIT_PER_TURN_MS, WaitBudget, type BackoffPolicy } from './reto/backoff';
import { RetoRun } from './reto/reto-run';
import { mulberry32, type Random } from '../util/prng';

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
   * 2.7 % with 2 retries and 30 % with none). An outage is retried under `backoff` instead, or after the
   * wait the tool asked for (HTTP Retry-After, at most `maxRetryAfterMs`), which counts here.
   */
  retries?: number;
  /** Longest Retry-After a busy tool may ask for and still be waited for (default 5 s). */
  maxRetryAfterMs?: number;
  /**
   * Calls again after an outage that gave no Retry-After, with exponential backoff and jitter, before
   * routing around it; the chat says "X is unavailable, trying again in N s" and a Stop ends the wait.
   * Given: `DEFAULT_BACKOFF` (reto/backoff.ts: 2 retries after 0.5 s and 0.75 s, each ±50 %) with these
   * fields changed — the browser session and eval:agent pass `{}`. Absent: an outage is routed around at
   * once, as before (the agent's built-in executor, the benches and the tests that count calls).
   */
  backoff?: Partial<BackoffPolicy>;
  /** Total wait per turn for tools to come back, backoff and Retry-After together (default 10 s). */
  maxWaitPerTurnMs?: number;
  /** The backoff's jitter (default: mulberry32 seeded from the clock; evals and tests pass a seeded one). */
  random?: Random;
  /** Waits before a retry (default: a timer the turn's Stop cuts short; tests and evals pass their own). */
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
  private readonly backoff: BackoffPolicy | undefined;
  private readonly random: Random;
  /**
   * Each turn's wait budget, keyed by the turn's set of failed tools: the agent hands every chain of a
   * turn that same set (chain-executor.ts), so the budget spans the turn's chains and ends with it.
   */
  private readonly budgets = new WeakMap<ReadonlySet<string>, WaitBudget>();

  constructor(private readonly options: RetoExecutorOptions = {}) {
    this.gate = options.gate ?? SHARED_GATE;
    this.backoff = options.backoff ? { ...DEFAULT_BACKOFF, ...options.backoff } : undefined;
    this.random = options.random ?? mulberry32((options.clock ?? Date.now)());
  }

  /** The wait budget of the turn `failedApis` belongs to. */
  private budgetOf(failedApis: ReadonlySet<string>): WaitBudget {
    let budget = this.budgets.get(failedApis);
    if (!budget) {
      budget = new WaitBudget(this.options.maxWaitPerTurnMs ?? MAX_WAIT_PER_TURN_MS);
      this.budgets.set(failedApis, budget);
    }
    return budget;
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
      ...(this.backoff ? { backoff: this.backoff } : {}),
      random: this.random,
      waitBudget: this.budgetOf(req.failedApis),
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

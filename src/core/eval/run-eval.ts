import { Agent } from '../agent/agent';
import { SequentialExecutor, type ChainExecutor } from '../agent/chain-executor';
import type { InertiaAdvisor } from '../agent/inertia-advisor';
import type { AgentEvent } from '../agent/agent-events';
import { SchemaGate } from '../execute/gate/schema-gate';
import { repairArguments } from '../execute/repair/deterministic-repair';
import { RetoExecutor } from '../execute/reto-executor';
import { DEFAULT_BACKOFF } from '../execute/reto/backoff';
import { mulberry32 } from '../util/prng';
import { AutoToolAdvisor } from '../inertia/autotool-advisor';
import type { DecisionPolicy } from '../agent/decision-policy';
import { GraphPolicy } from '../agent/graph-policy';
import { LlmPolicy } from '../agent/llm-policy';
import type { Embedder } from '../embed/embedder';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { FailureInjector, type FailureInjectionOptions } from '../execute/failure-injection';
import { ApiSimulator, argumentProblem, inputSchemaIndex, type SimulationLevel } from '../execute/simulator';
import { outputFieldsByTool } from '../execute/world-simulator';
import { referencesIn } from '../plan/references';
import type { ToolRuntime } from '../execute/tool-runtime';
import { worldFromPlans } from '../linkpred/dataset-world';
import type { ChatRequest, ChatResponse, LlmEngine } from '../llm/llm-engine';
import { NoisyOracleEngine } from '../llm/noisy-oracle';
import { OracleEngine, type OracleWorld } from '../llm/oracle-engine';
import { throwIfAborted } from '../util/cancelled-error';
import { ToolWorld } from '../world/world';
import { CONFIGS, type ConfigId, type EngineChoice, type EvalPlugins } from './configs';
import type { EvalDataset } from './dataset';
import { DIFFICULTIES, type Difficulty, type EvalTask } from './eval-task';
import { EvalAgentWorld, EvalRetrieval } from './eval-world';
import { trainHgtWeights, type HgtWeights } from './hgt-weights';
import { runGreedy } from './greedy';
import type { RunRecord } from './run-record';
import { SimulatedUser } from './simulated-user';
import { mean, pairedInterval, type PairedInterval } from './stats';
import { reactSystemPrompt, runToolLoop, TransitionGraph } from './tool-loop';
import { matchPlan, toolF1, type MismatchKind } from './tsr';
import { argumentAccuracy, planExact } from './plan-accuracy';

/** The clock every run sees, so dates in requests ("tomorrow") resolve the same way each time. */
export const EVAL_TODAY = Date.UTC(2024, 0, 15, 9, 0, 0);

export interface EvalOptions {
  engine: EngineChoice;
  configs: readonly ConfigId[];
  /** The LLM for `endpoint` (required then); for the oracles the runner builds its own unless given. */
  llm?: LlmEngine;
  /** Token counter of the oracle engines (default chars/4; the CLI passes the Qwen3 tokenizer). */
  count?: (text: string) => number;
  /** Mistake rate of the noisy oracle (default 0.2). */
  noise?: number;
  seed?: number;
  /** Share of calls that fail (FailureInjector). */
  failRate?: number;
  /**
   * What a failure is: `outage` (default) — the tool is unreachable for the rest of the task; `mixed` —
   * one of the five kinds at equal odds (outage, error, timeout, empty result, malformed result), only
   * the outage lasting, the others hitting that one call.
   */
  faults?: 'outage' | 'mixed';
  /**
   * How long an injected outage lasts: 'task' (default, the figures before this option) or n further
   * calls of that tool, after which it is up again (FailureInjector's `outageCalls`).
   */
  outageCalls?: number | 'task';
  /**
   * Calls again after an outage, with backoff, before routing around it (RetoExecutor's `backoff.retries`;
   * default 2, `DEFAULT_BACKOFF`; 0: the executor before backoff). The waits are counted, not slept.
   */
  outageRetries?: number;
  /**
   * N test tasks, evenly spread over the split (the files are sorted by source and difficulty, so the first
   * N would be all of one kind).
   */
  limit?: number;
  /** Decisions per task (default 12). */
  maxSteps?: number;
  /** HGT training epochs for the +H configurations (default 20; 0 skips them). */
  hgtEpochs?: number;
  /** Plan extraction may take producers from the whole graph (default: the product's, true). */
  fallbackToGraph?: boolean;
  /** Oracle: call a step in the same decision as its producers when the agent carries the value. */
  earlyCalls?: boolean;
  embedder?: Embedder;
  plugins?: EvalPlugins;
  onProgress?: (p: EvalProgress) => void;
  /** Every agent event of every task, for tracing one task (`eval:agent --trace <task id>`). */
  onTaskEvent?: (taskId: string, config: ConfigId, event: AgentEvent) => void;
  signal?: AbortSignal;
}

export interface EvalProgress {
  dataset: string;
  stage: 'world' | 'retrieval' | 'hgt' | 'run' | 'done';
  config?: ConfigId;
  /** Tasks done of `total` in this stage (runs), or epochs (hgt). */
  done: number;
  total: number;
  label: string;
}

export interface TaskScore {
  id: string;
  difficulty: Difficulty;
  tsr: number;
  tcr: number;
  f1: number;
  /** 1 when the successful calls' tools are the gold plan's (any order). */
  planExact: number;
  /** Gold arguments with a value to compare, and how many of them the calls got right. */
  argsRight: number;
  argsTotal: number;
  steps: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  clarifications: number;
  calls: number;
  failedCalls: number;
  inertial: number;
  /** Time the executor would have waited for tools to come back (backoff, Retry-After), not slept. */
  waitedMs: number;
  /** Why the task was not solved (empty when it was), and as a category. */
  reason: string;
  failure: MismatchKind | null;
}

export const METRICS = [
  'tsr',
  'tcr',
  'f1',
  'steps',
  'llmCalls',
  'promptTokens',
  'completionTokens',
  'ms',
  'n',
] as const;

export interface Metrics {
  n: number;
  /** Task success rate (share). */
  tsr: number;
  tcr: number;
  f1: number;
  /** Tool-plan exact match: share of tasks whose successful calls' tools are the gold plan's. */
  plan: number;
  /** Argument accuracy: gold arguments got right over all tasks' gold arguments; null when none has any. */
  args: number | null;
  /** Decisions + clarifications per SOLVED task (NaviAgent's Steps); null when none was solved. */
  steps: number | null;
  llmCalls: number;
  /** LLM calls per solved task (the issue's ≤ 2.5 goal); null when none was solved. */
  llmCallsSolved: number | null;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  clarifications: number;
  calls: number;
  inertial: number;
  /** Mean time per task the executor waited for tools to come back (counted, not slept). */
  waitedMs: number;
  /** Unsolved tasks by why (shares of all tasks). */
  failures: Record<MismatchKind, number>;
}

export interface ConfigResult {
  config: ConfigId;
  label: string;
  /** False when the configuration could not run with this engine (ReAct needs an LLM). */
  ran: boolean;
  /** Switches that are no-ops here and why, and other caveats. */
  notes: string[];
  metrics: Metrics;
  byDifficulty: Partial<Record<Difficulty, Metrics>>;
  tasks: TaskScore[];
  /** Wall time of the configuration, and the parts of it spent in retrieval and toolchain search. */
  timing: { ms: number; retrieveMs: number; searchMs: number };
}

export interface PairedDiff {
  a: ConfigId;
  b: ConfigId;
  metric: 'tsr' | 'tcr' | 'llmCalls' | 'promptTokens';
  interval: PairedInterval;
}

export interface DatasetResult {
  dataset: string;
  engine: EngineChoice;
  zeroShot: boolean;
  tools: number;
  trainPlans: number;
  /** Test tasks run (after --limit) and in the split. */
  tasks: number;
  testTasks: number;
  failRate: number;
  /** With injected outages: the expected share of tasks none of whose tools is hit. */
  outageCeiling: number | null;
  /**
   * Share of the tasks run whose gold plan gives a literal argument of another JSON type than its tool's
   * schema says (nestful: "optimize_route": "time" for a boolean): a schema gate refuses such a call, so
   * the gold plan itself cannot pass it.
   */
  goldTypeErrors: number;
  /**
   * Tasks whose gold plan itself does not pass RETO's schema gate (a literal of the wrong type, a value
   * outside an enum, a key the tool does not declare): a gated executor cannot reproduce those plans, so
   * `tsrFit` (TSR over the other tasks) compares executors on what a schema allows.
   */
  goldMisfits: string[];
  configs: ConfigResult[];
  diffs: PairedDiff[];
  simulator: Record<SimulationLevel, number> & { refused: number };
  timing: { worldMs: number; retrievalMs: number; hgtMs: number; totalMs: number };
  notes: string[];
}

const emptyMetrics = (): Metrics => ({
  n: 0,
  tsr: 0,
  tcr: 0,
  f1: 0,
  plan: 0,
  args: null,
  steps: null,
  llmCalls: 0,
  llmCallsSolved: null,
  promptTokens: 0,
  completionTokens: 0,
  ms: 0,
  clarifications: 0,
  calls: 0,
  inertial: 0,
  waitedMs: 0,
  failures: { 'no-call': 0, 'missing-tool': 0, 'extra-calls': 0, order: 0, arguments: 0 },
});

export function summarize(scores: readonly TaskScore[]): Metrics {
  if (scores.length === 0) return emptyMetrics();
  const solved = scores.filter((s) => s.tsr === 1);
  const m = (k: keyof TaskScore) => mean(scores.map((s) => s[k] as number));
  return {
    n: scores.length,
    tsr: m('tsr'),
    tcr: m('tcr'),
    f1: m('f1'),
    plan: m('planExact'),
    args: argsShare(scores),
    steps: solved.length ? mean(solved.map((s) => s.steps)) : null,
    llmCalls: m('llmCalls'),
    llmCallsSolved: solved.length ? mean(solved.map((s) => s.llmCalls)) : null,
    promptTokens: m('promptTokens'),
    completionTokens: m('completionTokens'),
    ms: m('ms'),
    clarifications: m('clarifications'),
    calls: m('calls'),
    inertial: m('inertial'),
    waitedMs: m('waitedMs'),
    failures: failureShares(scores),
  };
}

/** Micro-averaged: every gold argument counts once, whichever task it is in. */
function argsShare(scores: readonly TaskScore[]): number | null {
  const total = scores.reduce((a, s) => a + s.argsTotal, 0);
  return total > 0 ? scores.reduce((a, s) => a + s.argsRight, 0) / total : null;
}

function failureShares(scores: readonly TaskScore[]): Record<MismatchKind, number> {
  const out: Record<MismatchKind, number> = {
    'no-call': 0,
    'missing-tool': 0,
    'extra-calls': 0,
    order: 0,
    arguments: 0,
  };
  for (const s of scores) if (s.failure) out[s.failure] += 1 / scores.length;
  return out;
}

export function scoreRun(task: EvalTask, run: RunRecord): TaskScore {
  const match = matchPlan(task.plan, run.calls);
  const args = argumentAccuracy(task.plan, run.calls);
  return {
    id: task.id,
    difficulty: task.difficulty,
    tsr: match.solved ? 1 : 0,
    tcr: run.completed ? 1 : 0,
    f1: toolF1(task.plan, run.calls),
    planExact: planExact(task.plan, run.calls) ? 1 : 0,
    argsRight: args.matched,
    argsTotal: args.total,
    steps: run.decisions + run.clarifications,
    llmCalls: run.llmCalls,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    ms: run.ms,
    clarifications: run.clarifications,
    calls: run.calls.length,
    failedCalls: run.calls.filter((c) => c.status === 'error').length,
    inertial: run.inertial,
    waitedMs: 0,
    reason: match.solved ? '' : match.reason,
    failure: match.kind,
  };
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** `--faults mixed`: the five failure kinds at equal odds; only an outage lasts for the task. */
const MIXED_FAULTS = {
  faults: { unavailable: 1, error: 1, timeout: 1, 'empty-result': 1, 'malformed-result': 1 },
  sticky: ['unavailable'],
} satisfies Partial<FailureInjectionOptions>;

function goldMisfits(tasks: readonly EvalTask[], world: ToolWorld): string[] {
  const gate = new SchemaGate();
  return tasks
    .filter((t) =>
      t.plan.some((s) => {
        const tool = world.catalogue.get(s.tool);
        if (!tool) return false;
        const literal = Object.fromEntries(
          Object.entries(s.args).filter(([, v]) => referencesIn(v).length === 0),
        );
        // References are filled at run time: only the literals are judged, and a missing key is not. What
        // deterministic repair fixes ("" for an optional input, "3" for 3) fits; a dropped key does not.
        const first = gate.check(tool, literal);
        if (first.issues.every((i) => i.rule === 'required')) return false;
        const fixed = gate.check(tool, repairArguments(tool, literal, first).args);
        return first.dropped.length > 0 || fixed.errors.some((i) => i.rule !== 'required');
      }),
    )
    .map((t) => t.id);
}

/** TSR over the tasks whose gold plan passes the schema gate (null when none does). */
export function tsrFit(c: ConfigResult, misfits: readonly string[]): number | null {
  const out = new Set(misfits);
  const fit = c.tasks.filter((t) => !out.has(t.id));
  return fit.length ? mean(fit.map((t) => t.tsr)) : null;
}

function goldTypeErrors(tasks: readonly EvalTask[], world: ToolWorld): number {
  const bad = tasks.filter((t) =>
    t.plan.some((s) => {
      const tool = world.catalogue.get(s.tool);
      if (!tool) return false;
      const literal = Object.fromEntries(
        Object.entries(s.args).filter(([, v]) => referencesIn(v).length === 0),
      );
      return argumentProblem(tool.parameters, literal, true, false) !== null;
    }),
  );
  return tasks.length ? bad.length / tasks.length : 0;
}

/** `limit` items evenly spread over `items` (all of them without a limit). */
export function spread<T>(items: readonly T[], limit?: number): T[] {
  if (limit === undefined || limit >= items.length) return [...items];
  if (limit <= 0) return [];
  return Array.from({ length: limit }, (_, i) => items[Math.floor((i * items.length) / limit)]!);
}

const yieldNow = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Runs the agent evaluation on one dataset (issue 15's protocol): the world from the tools and the train
 * split's gold plans (as traces; schemas only for a zero-shot dataset), each test task's query to every
 * configuration, the tools in the API simulator (which knows the train world only), clarifications
 * answered by the simulated user from the gold arguments, and TSR / TCR / F1 / Steps / LLM calls / tokens
 * / time per configuration, by difficulty, with paired intervals against the first configuration.
 */
export async function evaluateDataset(ds: EvalDataset, options: EvalOptions): Promise<DatasetResult> {
  const started = performance.now();
  const progress = (p: Omit<EvalProgress, 'dataset'>) => options.onProgress?.({ dataset: ds.name, ...p });
  const check = () => throwIfAborted(options.signal);
  const embedder = options.embedder ?? new LexicalEmbedder();
  const seed = options.seed ?? 1;
  const notes: string[] = [];
  const tasks = spread(ds.test, options.limit);

  progress({ stage: 'world', done: 0, total: 1, label: `Building the Tool World of ${ds.name}` });
  const t0 = performance.now();
  const built = await worldFromPlans(ds.tools, ds.train, embedder);
  if (built.skipped) notes.push(`${built.skipped} train plans could not be ingested`);
  if (ds.zeroShot) notes.push('zero-shot: no train split, the world has the schemas only');
  const snapshot = built.world.snapshot(0);
  const outputFields = outputFieldsByTool(built.world);
  const inputSchema = inputSchemaIndex(built.world.catalogue.tools());
  const transitions = new TransitionGraph(built.world.graph);
  const worldMs = performance.now() - t0;
  check();

  const specs = options.configs.map((c) => CONFIGS[c]);
  const needHybrid = specs.some((s) => s.switches?.dtdr || s.system === 'greedy');
  progress({
    stage: 'retrieval',
    done: 0,
    total: 1,
    label: needHybrid ? 'Training the DTDR hybrid' : 'Indexing tools',
  });
  const retrieval = await EvalRetrieval.build(built.world, embedder, { hybrid: needHybrid });
  check();

  let hgt: HgtWeights | null = null;
  let hgtNote: string | null = null;
  const needHgt = specs.some((s) => s.switches?.hgt);
  const hgtEpochs = options.hgtEpochs ?? 20;
  if (needHgt) {
    if (hgtEpochs <= 0) hgtNote = 'HGT weights skipped (--hgt-epochs 0): +H runs on w̃';
    else {
      progress({ stage: 'hgt', done: 0, total: hgtEpochs, label: 'Training the HGT link model' });
      const got = await trainHgtWeights(built.world, {
        epochs: hgtEpochs,
        ...(options.signal ? { signal: options.signal } : {}),
        onEpoch: (e) =>
          progress({ stage: 'hgt', done: e, total: hgtEpochs, label: 'Training the HGT link model' }),
      });
      if ('unavailable' in got) hgtNote = `${got.unavailable}; +H runs on w̃`;
      else hgt = got;
    }
  }
  check();

  // The LLM, built once: the oracle needs the gold plan per task and the world per configuration.
  let oracle: OracleEngine | null = null;
  let noisy: NoisyOracleEngine | null = null;
  let llm: LlmEngine | null = null;
  if (options.engine === 'oracle' || options.engine === 'noisy-oracle') {
    oracle = new OracleEngine({
      ...(options.count ? { count: options.count } : {}),
      ...(options.earlyCalls !== undefined ? { earlyCalls: options.earlyCalls } : {}),
    });
    if (options.engine === 'noisy-oracle')
      noisy = new NoisyOracleEngine(oracle, { rate: options.noise ?? 0.2, seed });
    llm = noisy ?? oracle;
  } else if (options.engine === 'endpoint') {
    if (!options.llm) throw new Error('The endpoint engine needs an LLM (options.llm).');
    llm = options.llm;
  }
  // The tools an agent can call: the catalogue, plus tools the train plans use that it lacks (inferred
  // from the calls; restbench's catalogue rejects 12 Spotify entries its plans use).
  const tools = built.world.catalogue.tools();
  const reactSystem = specs.some((s) => s.system === 'react') ? reactSystemPrompt(tools) : undefined;

  const simulatorCounts = { recorded: 0, cloned: 0, schema: 0, refused: 0 };
  const results: ConfigResult[] = [];
  for (const spec of specs) {
    const cfgStart = performance.now();
    const configNotes: string[] = [];
    if (spec.system === 'react' && !llm) {
      results.push({
        config: spec.id,
        label: spec.label,
        ran: false,
        notes: ['not run: ReAct is defined by its LLM prompt and the graph-only engine has no LLM'],
        metrics: emptyMetrics(),
        byDifficulty: {},
        tasks: [],
        timing: { ms: 0, retrieveMs: 0, searchMs: 0 },
      });
      continue;
    }
    const world = await ToolWorld.fromSnapshot(snapshot, embedder, { now: () => 0 });
    const sw = spec.switches;
    if (sw?.hgt && !hgt) configNotes.push(hgtNote ?? 'HGT weights unavailable: +H runs on w̃');
    if (sw?.dtdr && !retrieval.hybrid)
      configNotes.push('DTDR: no-op, zero-shot dataset (no plans to learn from)');
    const agentWorld = new EvalAgentWorld(world, retrieval, {
      dtdr: sw?.dtdr ?? false,
      weights: sw?.weights ?? 'static',
      hgt: sw?.hgt && hgt ? hgt.scorerFor(world) : null,
      method: sw?.method ?? 'alpha-beta',
      ...(options.fallbackToGraph !== undefined ? { fallbackToGraph: options.fallbackToGraph } : {}),
    });
    // Repair prompts of the layered executor go to the same LLM; they are counted with the task's calls.
    const repairLlm = llm ? new CountingEngine(llm) : null;
    const pluginCtx = { world: agentWorld, toolWorld: world };
    const inertia: InertiaAdvisor | undefined = sw?.inertia
      ? (options.plugins?.inertia?.(pluginCtx) ?? new AutoToolAdvisor({ world: () => world }))
      : undefined;
    if (sw?.inertia && !llm)
      configNotes.push('inertia: no-op with the graph-only engine (AutoTool saves LLM calls; llmOnly)');
    // Waits for a tool to come back are added up per task instead of slept (the cost of backoff).
    const waited = { ms: 0 };
    const executor: ChainExecutor = sw?.layers
      ? (options.plugins?.layeredExecutor?.(pluginCtx) ??
        new RetoExecutor({
          today: () => EVAL_TODAY,
          llm: repairLlm,
          ...(sw.detours ? {} : { maxDetours: 0 }),
          backoff: { retries: options.outageRetries ?? DEFAULT_BACKOFF.retries },
          random: mulberry32(seed),
          sleep: async (ms) => void (waited.ms += ms),
        }))
      : new SequentialExecutor();
    const simulator = new ApiSimulator({
      seed,
      knowledge: {
        traces: () => world.traces,
        outputFields: (t) => outputFields.get(t) ?? [],
        inputSchema,
      },
    });
    if (oracle) oracle.world = agentWorld as OracleWorld;
    const policy: DecisionPolicy | null =
      spec.system === 'agent' ? (llm ? new LlmPolicy(llm) : new GraphPolicy()) : null;

    const scores: TaskScore[] = [];
    const crashes: string[] = [];
    for (let i = 0; i < tasks.length; i++) {
      check();
      const task = tasks[i]!;
      progress({
        stage: 'run',
        config: spec.id,
        done: i,
        total: tasks.length,
        label: `${spec.label}: ${task.id}`,
      });
      simulator.beginTask(task.id);
      const runtime: ToolRuntime =
        options.failRate && options.failRate > 0
          ? new FailureInjector(simulator, {
              seed: hash32(`${seed}|${task.id}`),
              rate: options.failRate,
              ...(options.faults === 'mixed' ? MIXED_FAULTS : {}),
              ...(options.outageCalls !== undefined ? { outageCalls: options.outageCalls } : {}),
            })
          : simulator;
      (noisy ?? oracle)?.beginTask(task);
      // Each task is its own conversation: no values carried over from another task's turn.
      inertia?.resetConversation?.();
      repairLlm?.reset();
      const user = new SimulatedUser(task.plan);
      const attempt = async (): Promise<RunRecord> => {
        if (spec.system === 'agent') {
          const run = await runAgent(task, {
            world: agentWorld,
            runtime,
            policy: policy!,
            learn: sw!.learn,
            method: sw!.method,
            maxSteps: options.maxSteps ?? 12,
            ...(inertia ? { inertia } : {}),
            executor,
            detours: sw!.detours,
            user,
            ...(options.onTaskEvent
              ? { onEvent: (e: AgentEvent) => options.onTaskEvent!(task.id, spec.id, e) }
              : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          });
          if (repairLlm) {
            run.llmCalls += repairLlm.calls;
            run.promptTokens += repairLlm.promptTokens;
            run.completionTokens += repairLlm.completionTokens;
          }
          return run;
        }
        if (spec.system === 'greedy')
          return runGreedy(
            task.query,
            { world: agentWorld, retrieval, runtime, today: EVAL_TODAY },
            user,
            options.signal,
          );
        return runToolLoop(
          task.query,
          {
            mode: spec.system,
            engine: llm,
            tools,
            world: agentWorld,
            retrieval,
            transitions,
            runtime,
            maxSteps: options.maxSteps ?? 12,
            today: EVAL_TODAY,
            ...(reactSystem ? { reactSystem } : {}),
          },
          user,
          options.signal,
        );
      };
      let run: RunRecord;
      const taskStart = performance.now();
      try {
        run = await attempt();
      } catch (error) {
        // A cancel ends the evaluation; anything else the system threw fails this task only, and is counted.
        check();
        const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        crashes.push(`${task.id}: ${text}`);
        run = { ...emptyRun(), ms: performance.now() - taskStart, note: text };
      }
      scores.push({ ...scoreRun(task, run), waitedMs: waited.ms });
      waited.ms = 0;
      if (i % 8 === 7) await yieldNow();
    }
    if (crashes.length)
      configNotes.push(
        `${crashes.length} task${crashes.length === 1 ? '' : 's'} ended in an exception, scored as failed (first: ${crashes[0]})`,
      );
    for (const k of ['recorded', 'cloned', 'schema'] as const) simulatorCounts[k] += simulator.counts[k];
    simulatorCounts.refused += simulator.refused;
    const byDifficulty: Partial<Record<Difficulty, Metrics>> = {};
    for (const d of DIFFICULTIES) {
      const sub = scores.filter((s) => s.difficulty === d);
      if (sub.length) byDifficulty[d] = summarize(sub);
    }
    results.push({
      config: spec.id,
      label: spec.label,
      ran: true,
      notes: configNotes,
      metrics: summarize(scores),
      byDifficulty,
      tasks: scores,
      timing: {
        ms: performance.now() - cfgStart,
        retrieveMs: agentWorld.retrieveMs,
        searchMs: agentWorld.searchMs,
      },
    });
    progress({
      stage: 'run',
      config: spec.id,
      done: tasks.length,
      total: tasks.length,
      label: `${spec.label} done`,
    });
  }

  let outageCeiling: number | null = null;
  if (options.failRate) {
    // An outage of the only tool that can do a step cannot be routed around: with outages that last the
    // task, a plan whose k distinct tools all stay up happens with (1 − rate)^k (mixed faults: a fifth of
    // the hits are outages).
    const outageRate = options.faults === 'mixed' ? options.failRate / 5 : options.failRate;
    outageCeiling = mean(tasks.map((t) => (1 - outageRate) ** new Set(t.plan.map((s) => s.tool)).size));
    const lasting =
      (options.outageCalls ?? 'task') === 'task'
        ? 'lasting the task'
        : `lasting ${options.outageCalls} further call${options.outageCalls === 1 ? '' : 's'} of the tool`;
    notes.push(
      `${Math.round(100 * options.failRate)} % of calls hit by ${options.faults === 'mixed' ? `mixed faults (a fifth of them outages ${lasting})` : `outages ${lasting}`}: ` +
        `all of a plan's tools stay up in ${(100 * outageCeiling).toFixed(1)} % of the tasks (expected)`,
    );
  }
  const diffs = pairedDiffs(results);
  if (noisy)
    notes.push(`noisy oracle mistakes: ${JSON.stringify(noisy.injected)} in ${noisy.replies} replies`);
  progress({ stage: 'done', done: 1, total: 1, label: `${ds.name} done` });
  return {
    dataset: ds.name,
    engine: options.engine,
    zeroShot: ds.zeroShot,
    tools: ds.tools.length,
    trainPlans: ds.train.length,
    tasks: tasks.length,
    testTasks: ds.test.length,
    failRate: options.failRate ?? 0,
    outageCeiling,
    goldTypeErrors: goldTypeErrors(tasks, built.world),
    goldMisfits: goldMisfits(tasks, built.world),
    configs: results,
    diffs,
    simulator: simulatorCounts,
    timing: {
      worldMs,
      retrievalMs: retrieval.fitMs,
      hgtMs: hgt?.trainMs ?? 0,
      totalMs: performance.now() - started,
    },
    notes,
  };
}

/**
 * Paired differences between the full agent (else the first configuration that ran) and each other one
 * (TSR, TCR, LLM calls, prompt tokens), with 95 % intervals over the same tasks.
 */
export function pairedDiffs(configs: readonly ConfigResult[]): PairedDiff[] {
  const ran = configs.filter((r) => r.ran);
  const diffs: PairedDiff[] = [];
  const ref = ran.find((r) => r.config === 'full') ?? ran[0];
  if (!ref) return diffs;
  for (const other of ran.filter((r) => r !== ref))
    for (const metric of ['tsr', 'tcr', 'llmCalls', 'promptTokens'] as const)
      diffs.push({
        a: ref.config,
        b: other.config,
        metric,
        interval: pairedInterval(
          ref.tasks.map((t) => t[metric]),
          other.tasks.map((t) => t[metric]),
        ),
      });
  return diffs;
}

/**
 * One dataset's result from parts that ran different configurations on the same tasks (the CLI runs them
 * in parallel threads): configurations in `order`, intervals recomputed, counts summed, each one-off
 * cost (world, retrieval fit, HGT) the longest any part paid.
 */
export function mergeResults(parts: readonly DatasetResult[], order: readonly ConfigId[]): DatasetResult {
  const first = parts[0];
  if (!first) throw new RangeError('mergeResults: no parts');
  const configs = parts
    .flatMap((p) => p.configs)
    .sort((a, b) => order.indexOf(a.config) - order.indexOf(b.config));
  const simulator = { recorded: 0, cloned: 0, schema: 0, refused: 0 };
  for (const p of parts)
    for (const k of Object.keys(simulator) as (keyof typeof simulator)[]) simulator[k] += p.simulator[k];
  const max = (f: (p: DatasetResult) => number) => Math.max(...parts.map(f));
  return {
    ...first,
    configs,
    diffs: pairedDiffs(configs),
    simulator,
    timing: {
      worldMs: max((p) => p.timing.worldMs),
      retrievalMs: max((p) => p.timing.retrievalMs),
      hgtMs: max((p) => p.timing.hgtMs),
      totalMs: max((p) => p.timing.totalMs),
    },
    notes: [...new Set(parts.flatMap((p) => p.notes))],
  };
}

/** Relative cost of a configuration and of the one-off fits it needs, for splitting a run over threads. */
export function configCost(id: ConfigId): { run: number; hybrid: boolean; hgt: boolean } {
  const spec = CONFIGS[id];
  return {
    run: spec.system === 'agent' ? 1 : 0.1,
    hybrid: Boolean(spec.switches?.dtdr) || spec.system === 'greedy',
    hgt: Boolean(spec.switches?.hgt),
  };
}

/**
 * Splits configurations into `jobs` groups of about equal cost, counting a group's retrieval fit (DTDR
 * hybrid) and HGT training once (they are paid per group): exhaustive for 2 groups, greedy beyond.
 */
export function splitConfigs(configs: readonly ConfigId[], jobs: number): ConfigId[][] {
  const n = Math.max(1, Math.min(jobs, configs.length));
  const cost = (group: readonly ConfigId[]) => {
    const c = group.map(configCost);
    return (
      c.reduce((t, x) => t + x.run, 0) +
      (c.some((x) => x.hybrid) ? 1.2 : 0) +
      (c.some((x) => x.hgt) ? 0.8 : 0)
    );
  };
  if (n === 1) return [[...configs]];
  if (n === 2 && configs.length <= 16) {
    let best: ConfigId[][] = [[...configs], []];
    let bestCost = cost(configs);
    for (let mask = 1; mask < 1 << configs.length; mask++) {
      const a = configs.filter((_, i) => mask & (1 << i));
      const b = configs.filter((_, i) => !(mask & (1 << i)));
      if (b.length === 0) continue;
      const c = Math.max(cost(a), cost(b));
      if (c < bestCost - 1e-9) {
        best = [a, b];
        bestCost = c;
      }
    }
    return best.filter((g) => g.length > 0);
  }
  const groups: ConfigId[][] = Array.from({ length: n }, () => []);
  for (const id of [...configs].sort((a, b) => configCost(b).run - configCost(a).run)) {
    const target = groups.reduce((lo, g) => (cost([...g, id]) < cost([...lo, id]) ? g : lo), groups[0]!);
    target.push(id);
  }
  return groups.filter((g) => g.length > 0);
}

interface AgentRunSetup {
  world: EvalAgentWorld;
  runtime: ToolRuntime;
  policy: DecisionPolicy;
  learn: boolean;
  method: 'alpha-beta' | 'ga-sa';
  maxSteps: number;
  inertia?: InertiaAdvisor;
  executor: ChainExecutor;
  detours: boolean;
  user: SimulatedUser;
  onEvent?: (e: AgentEvent) => void;
  signal?: AbortSignal;
}

async function runAgent(task: EvalTask, s: AgentRunSetup): Promise<RunRecord> {
  const agent = new Agent({
    world: s.world,
    runtime: s.runtime,
    policy: s.policy,
    now: () => EVAL_TODAY,
    maxSteps: s.maxSteps,
    method: s.method,
    learn: s.learn,
    ...(s.inertia ? { inertia: s.inertia } : {}),
    executor: s.executor,
    detours: s.detours,
  });
  let decisions = 0;
  let inertial = 0;
  let clarifications = 0;
  const result = await agent.runTurn(task.query, {
    turnId: task.id,
    onEvent: (e) => {
      s.onEvent?.(e);
      if (e.type === 'decision') {
        decisions++;
        if (e.inertial) inertial++;
      }
    },
    ask: async (q) => {
      clarifications++;
      return s.user.answer(q);
    },
    ...(s.signal ? { signal: s.signal } : {}),
  });
  return {
    calls: result.calls.map((c) => ({
      tool: c.tool,
      args: c.args,
      status: c.status,
      ...(c.output !== undefined ? { output: c.output } : {}),
    })),
    completed: result.status === 'answered',
    llmCalls: result.llmCalls,
    promptTokens: result.promptTokens,
    completionTokens: result.completionTokens,
    decisions,
    clarifications,
    inertial,
    ms: result.ms,
  };
}

const emptyRun = (): RunRecord => ({
  calls: [],
  completed: false,
  llmCalls: 0,
  promptTokens: 0,
  completionTokens: 0,
  decisions: 0,
  clarifications: 0,
  inertial: 0,
  ms: 0,
});

/** An engine that counts the calls and tokens going through it (the executor's repair prompts). */
class CountingEngine implements LlmEngine {
  calls = 0;
  promptTokens = 0;
  completionTokens = 0;

  constructor(private readonly inner: LlmEngine) {}

  get info() {
    return this.inner.info;
  }

  reset(): void {
    this.calls = this.promptTokens = this.completionTokens = 0;
  }

  countTokens(text: string): number | Promise<number> {
    return this.inner.countTokens ? this.inner.countTokens(text) : Math.ceil(text.length / 4);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const r = await this.inner.chat(request);
    this.calls++;
    this.promptTokens += r.usage.promptTokens;
    this.completionTokens += r.usage.completionTokens;
    return r;
  }
}

// npm run bench:inertia -- [--data <dataset dir>]... [--limit N] [--json <file>]
// AutoTool's tool inertia (issue 14) measured with a scripted LLM that answers every decision from the
// gold plan ("gold-oracle"): LLM calls and prompt tokens per task without and with inertia, the share of
// calls inertia made, and its precision (inertial calls that are the gold next call with the gold
// arguments). Without --data: the built-in world (its 48 demonstration traces) against 40 new
// demonstration tasks (another seed) replayed with their recorded outputs, and the graph-only agent on
// the request fixture with and without inertia. With --data (shared format): the train split's plans
// build the world, the first N test tasks are the requests, a synthetic runtime answers every call.

import { parseArgs } from 'node:util';
import { Agent } from '../src/core/agent/agent';
import type { AgentAction } from '../src/core/agent/agent-action';
import type { AgentEvent, CallView, TurnResult } from '../src/core/agent/agent-events';
import type { AgentWorld } from '../src/core/agent/agent-world';
import { SequentialExecutor } from '../src/core/agent/chain-executor';
import { checkCase } from '../src/core/agent/fixtures/check-case';
import { GRAPH_ONLY_REQUESTS, REFERENCE_DAY } from '../src/core/agent/fixtures/graph-only-requests';
import { builtInAgentWorld } from '../src/core/agent/fixtures/run-fixture';
import { GraphPolicy } from '../src/core/agent/graph-policy';
import { LlmPolicy } from '../src/core/agent/llm-policy';
import { LocalAgentWorld } from '../src/core/agent/local-agent-world';
import { TERMINAL, type TurnState } from '../src/core/agent/turn-state';
import { outputFieldIndex, syntheticOutput } from '../src/core/bench/search-bench';
import { demoTraces } from '../src/core/demo/demo-traces';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import type { CallOutcome } from '../src/core/execute/call-outcome';
import type { ToolRuntime } from '../src/core/execute/tool-runtime';
import { AutoToolAdvisor } from '../src/core/inertia/autotool-advisor';
import type { InertiaSettings } from '../src/core/inertia/inertia-settings';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import type { ChatRequest, LlmEngine } from '../src/core/llm/llm-engine';
import { OracleEngine } from '../src/core/llm/oracle-engine';
import { ScriptedEngine } from '../src/core/llm/scripted-engine';
import { referencesIn, substituteReferences } from '../src/core/plan/references';
import type { PlanStep, PlanTask } from '../src/core/plan/plan-step';
import { createSandboxRuntime } from '../src/core/sandbox';
import { outputNames, type Tool } from '../src/core/tools/tool';
import type { ToolWorld } from '../src/core/world/world';
import { loadDatasetFolder, warnSkippedPlans } from './dataset-folder';
import { ProgressLine } from './progress-line';
import { FigureSheet, intOption, printRows, runCli } from './figures';

const USAGE = `Usage: npm run bench:inertia -- [--data <dataset dir>]... [--limit N] [--json <file>]

  Without --data: the built-in world (demonstration traces) against 40 new demonstration tasks, and
  the graph-only request fixture with and without inertia. With --data (a folder in the shared format,
  repeatable): its train plans build the world, N test tasks spread evenly over its test split
  (default 60) are the requests.
  Keys: <dataset>.<engine>.<config>.<metric>.`;
/**
 * The engines: `gold-oracle` (here: one call per decision, each sub-intent's text the request itself, so
 * Score_ctx gets no hint the user did not give) and `oracle` (issue 15's OracleEngine: sub-intents named
 * by the tool's purpose, independent steps and steps the graph carries called in one decision).
 */
const ENGINES = ['gold-oracle', 'oracle'] as const;
type EngineName = (typeof ENGINES)[number];

interface BenchEngine {
  engine: LlmEngine;
  begin(task: GoldTask): void;
}

function makeEngine(name: EngineName, world: AgentWorld): BenchEngine {
  if (name === 'oracle') {
    const engine = new OracleEngine();
    engine.world = world;
    return { engine, begin: (t) => engine.beginTask({ id: t.id, query: t.query, plan: t.steps }) };
  }
  const oracle = new GoldOracle((n) => world.tool(n));
  const engine = new ScriptedEngine({ replies: oracle.reply, model: 'gold-oracle' });
  return { engine, begin: (t) => (oracle.task = t) };
}

/** The configurations compared: no inertia, the paper's defaults, and the paper's per-task 30 % cap. */
const CONFIGS: { name: string; settings: Partial<InertiaSettings> | null }[] = [
  { name: 'no-inertia', settings: null },
  { name: 'inertia', settings: {} },
  { name: 'inertia-turn-cap', settings: { capScope: 'turn' } },
  ...(process.env.INERTIA_VARIANTS
    ? [
        { name: 'inertia-leave-last', settings: { leaveLastToLlm: true } },
        { name: 'inertia-sub-intent', settings: { candidateScope: 'sub-intent' as const } },
        { name: 'inertia-catalogue', settings: { candidateScope: 'catalogue' as const } },
        { name: 'inertia-free-text', settings: { heuristicFreeText: true } },
        { name: 'inertia-generalized', settings: { generalizeParams: true } },
      ]
    : []),
];

interface GoldTask {
  id: string;
  query: string;
  steps: PlanStep[];
  /** Recorded outputs by step (built-in tasks replay them; datasets have none). */
  outputs?: unknown[];
  /** The task's own clock ("tomorrow" in a demonstration task means the day after it was recorded). */
  now?: number;
}

// ---------------------------------------------------------------------------------------------
// The gold-plan oracle: a scripted LLM that answers each decision from the task's gold plan.

/** A canonical text of a value: keys sorted, numbers and booleans as text (a schema gate may coerce 1 ↔ "1"). */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : typeof x === 'number' || typeof x === 'boolean'
        ? String(x)
        : x,
  );

/** Which gold steps the calls made so far carried out exactly (tool and arguments), and their outputs. */
function progress(task: GoldTask, calls: readonly CallView[]) {
  const done = new Map<number, CallView>();
  const outputs: Record<number, unknown> = {};
  for (const c of calls) {
    if (c.status !== 'ok') continue;
    const i = task.steps.findIndex(
      (s, k) => !done.has(k) && s.tool === c.tool && argsMatch(task, k, outputs, c),
    );
    if (i < 0) continue;
    done.set(i, c);
    outputs[task.steps[i]!.step] = c.output;
  }
  return { done, outputs };
}

/** The gold arguments of step `k` with references filled from the outputs of the calls that did them. */
function goldArgs(task: GoldTask, k: number, outputs: Record<number, unknown>): Record<string, unknown> {
  try {
    return substituteReferences(task.steps[k]!.args, outputs) as Record<string, unknown>;
  } catch {
    return task.steps[k]!.args;
  }
}

function argsMatch(task: GoldTask, k: number, outputs: Record<number, unknown>, c: CallView): boolean {
  return covers(goldArgs(task, k, outputs), c.args);
}

/**
 * The call has every gold argument, with the gold value. Arguments the gold plan does not state are
 * tolerated: the agent's planner adds known values to optional inputs (a route's default mode, today's
 * date), with or without inertia.
 */
function covers(gold: Record<string, unknown>, args: Record<string, unknown>): boolean {
  return Object.entries(gold).every(([k, v]) => k in args && stable(v) === stable(args[k]));
}

/**
 * The gold calls that may come next given the calls made (any valid order: a step not done yet whose
 * referenced and dependency steps are done), with their resolved arguments.
 */
function validNext(task: GoldTask, calls: readonly CallView[]) {
  const { done, outputs } = progress(task, calls);
  const doneSteps = new Set([...done.keys()].map((k) => task.steps[k]!.step));
  return task.steps
    .map((s, k) => ({ s, k }))
    .filter(
      ({ s, k }) =>
        !done.has(k) &&
        [...s.deps, ...referencesIn(s.args).map((r) => r.step)].every((d) => doneSteps.has(d)),
    )
    .map(({ s, k }) => ({ k, tool: s.tool, args: goldArgs(task, k, outputs) }));
}

/** The gold call due next given the calls made: its index, tool and (resolved) arguments. */
function nextGold(task: GoldTask, calls: readonly CallView[]) {
  const { done, outputs } = progress(task, calls);
  const k = task.steps.findIndex((_s, i) => !done.has(i));
  return k < 0 ? null : { k, tool: task.steps[k]!.tool, args: goldArgs(task, k, outputs) };
}

class GoldOracle {
  task: GoldTask | null = null;
  constructor(private readonly tool: (name: string) => Tool | undefined) {}

  reply = (request: ChatRequest): string => {
    const { state, callable } = request.context as { state: TurnState; callable: readonly string[] };
    const task = this.task!;
    const out: AgentAction[] = [];
    if (state.subIntents.length === 0) {
      // The first decision splits the request: one sub-intent per gold step, each retrieving its API.
      // The intent is the request itself (no hint of the tool for Score_ctx beyond what the user said).
      task.steps.forEach((s, i) =>
        out.push({
          dependency_rank: i + 1,
          intent: task.query,
          action: 'retrieve_api',
          recall_description: `${s.tool}: ${this.tool(s.tool)?.description ?? ''}`,
        }),
      );
      return JSON.stringify(out);
    }
    const next = nextGold(task, state.calls);
    const open = state.subIntents.filter((s) => !TERMINAL.has(s.status));
    if (!next) {
      for (const s of open)
        out.push({ dependency_rank: s.rank, intent: s.text, action: 'direct_answer', answer: 'Done.' });
      return JSON.stringify(
        out.length ? out : [{ dependency_rank: 1, intent: 'x', action: 'direct_answer', answer: 'Done.' }],
      );
    }
    if (!callable.includes(next.tool)) {
      // Not among the candidates yet (the schema would refuse it): retrieve it by name.
      const rank = open[0]?.rank ?? Math.max(...state.subIntents.map((s) => s.rank)) + 1;
      return JSON.stringify([
        { dependency_rank: rank, intent: task.query, action: 'retrieve_api', recall_description: next.tool },
      ]);
    }
    // The gold step's own sub-intent, or a new one when inertia settled it with something else.
    const own = state.subIntents.find((s) => s.rank === next.k + 1);
    const rank =
      own && !TERMINAL.has(own.status) ? own.rank : Math.max(...state.subIntents.map((s) => s.rank)) + 1;
    return JSON.stringify([
      {
        dependency_rank: rank,
        intent: task.query,
        action: 'call_api',
        target_api: next.tool,
        params: next.args,
      },
    ]);
  };
}

// ---------------------------------------------------------------------------------------------
// Runtimes: replay recorded outputs (built-in) or synthesize them (datasets).

class ReplayRuntime implements ToolRuntime {
  task: GoldTask | null = null;
  private used = new Set<number>();
  start(task: GoldTask): void {
    this.task = task;
    this.used = new Set();
  }
  canExecute(): boolean {
    return true;
  }
  async call(tool: Tool, args: Record<string, unknown>): Promise<CallOutcome> {
    const steps = this.task!.steps;
    let i = steps.findIndex(
      (s, k) => !this.used.has(k) && s.tool === tool.name && stable(s.args) === stable(args),
    );
    if (i < 0) i = steps.findIndex((s, k) => !this.used.has(k) && s.tool === tool.name);
    if (i >= 0) this.used.add(i);
    // A tool the task never called answers like the synthetic runtime (every declared output field).
    const output =
      i >= 0 ? this.task!.outputs?.[i] : syntheticOutput(tool.name, this.used.size, outputNames(tool));
    return { ok: true, output, source: { kind: 'simulated', label: 'replayed' }, durationMs: 0 };
  }
}

/**
 * Datasets: every call succeeds with a synthetic output holding the tool's fields and every field (and
 * nested path: `$0.location.locationId`) the gold plan reads from a step of that tool.
 */
class GoldSyntheticRuntime implements ToolRuntime {
  private calls = 0;
  private reads = new Map<string, { field: string; path: readonly string[] }[]>();
  constructor(private readonly fields: ReadonlyMap<string, readonly string[]>) {}
  start(task: GoldTask): void {
    this.calls = 0;
    this.reads = new Map();
    const toolOf = new Map(task.steps.map((s) => [s.step, s.tool]));
    for (const s of task.steps)
      for (const r of referencesIn(s.args)) {
        const tool = toolOf.get(r.step);
        if (!tool || r.field === null) continue;
        const list = this.reads.get(tool) ?? [];
        list.push({ field: r.field, path: r.path });
        this.reads.set(tool, list);
      }
  }
  canExecute(): boolean {
    return true;
  }
  async call(tool: Tool): Promise<CallOutcome> {
    const n = this.calls++;
    const reads = this.reads.get(tool.name) ?? [];
    const output: Record<string, unknown> = syntheticOutput(
      tool.name,
      n,
      this.fields.get(tool.name) ?? [],
      reads.map((r) => r.field),
    );
    for (const r of reads) {
      if (r.path.length === 0) continue;
      let at = (output[r.field] =
        output[r.field] && typeof output[r.field] === 'object'
          ? output[r.field]
          : /^\d+$/.test(r.path[0]!)
            ? []
            : {}) as Record<string, unknown>;
      r.path.forEach((seg, i) => {
        if (i === r.path.length - 1) at[seg] ??= `${tool.name}.${r.field}.${r.path.join('.')}#${n}`;
        else at = (at[seg] ??= /^\d+$/.test(r.path[i + 1]!) ? [] : {}) as Record<string, unknown>;
      });
    }
    return { ok: true, output, source: { kind: 'simulated', label: 'synthetic output' }, durationMs: 0 };
  }
}

// ---------------------------------------------------------------------------------------------

interface Totals {
  tasks: number;
  llmCalls: number;
  promptTokens: number;
  toolCalls: number;
  inertialCalls: number;
  inertialExact: number;
  inertialTool: number;
  saved: number;
  tokensSaved: number;
  success: number;
  ms: number;
}

async function runConfig(
  engineName: EngineName,
  tasks: GoldTask[],
  agentWorld: AgentWorld,
  toolWorld: ToolWorld,
  runtime: ToolRuntime & { start?: (t: GoldTask) => void },
  settings: Partial<InertiaSettings> | null,
): Promise<Totals> {
  const { engine, begin } = makeEngine(engineName, agentWorld);
  // One advisor for the run: it learns online from its own turns (the world stays as trained).
  const advisor = settings ? new AutoToolAdvisor({ world: () => toolWorld, settings }) : null;
  const t: Totals = {
    tasks: 0,
    llmCalls: 0,
    promptTokens: 0,
    toolCalls: 0,
    inertialCalls: 0,
    inertialExact: 0,
    inertialTool: 0,
    saved: 0,
    tokensSaved: 0,
    success: 0,
    ms: 0,
  };
  const t0 = performance.now();
  for (const task of tasks) {
    begin(task);
    // Each task is a conversation of its own: no values carried over from the one before.
    advisor?.resetConversation();
    runtime.start?.(task);
    const agent = new Agent({
      world: agentWorld,
      runtime,
      policy: new LlmPolicy(engine, { maxPromptTokens: 1000 }),
      // The plain executor: what is measured is the decision loop, not execution-time repair (a schema
      // gate would refuse the synthetic outputs' strings for typed inputs, in both configurations).
      executor: new SequentialExecutor(),
      learn: false,
      maxSteps: 4 + 2 * task.steps.length,
      ...(task.now !== undefined ? { now: () => task.now! } : {}),
      ...(advisor ? { inertia: advisor } : {}),
    });
    // Each inertial call is judged against the gold call due when it was made.
    const calls: CallView[] = [];
    let inertialNow = false;
    let before: CallView[] = [];
    const onEvent = (e: AgentEvent) => {
      if (e.type === 'decision') inertialNow = Boolean(e.inertial);
      if (process.env.INERTIA_DEBUG === '2') {
        if (e.type === 'decision')
          console.log(
            `  [${task.id}] decision${e.inertial ? ' (inertial)' : ''}: ${e.actions.map((a) => `${a.action} #${a.dependency_rank} ${a.target_api ?? ''}`).join(', ')}`,
          );
        if (e.type === 'toolchain') console.log(`     chain ${e.chain.steps.map((s) => s.tool).join(' > ')}`);
        if (e.type === 'notice') console.log(`     notice ${e.text}`);
      }
      if (e.type === 'call-start') before = [...calls];
      if (e.type === 'call-end') {
        calls.push(e.call);
        if (!inertialNow) return;
        t.inertialCalls++;
        const valid = validNext(task, before);
        const gold =
          valid.find((g) => g.tool === e.call.tool && covers(g.args, e.call.args)) ??
          valid.find((g) => g.tool === e.call.tool) ??
          nextGold(task, before);
        if (process.env.INERTIA_DEBUG === '3' && advisor?.lastAttempt?.sense)
          console.log(
            `  scores after [${advisor.lastAttempt.sense.sequence.join(', ')}]: ${advisor.lastAttempt.sense.candidates
              .slice(0, 6)
              .map(
                (c) => `${c.tool} cips ${c.cips.toFixed(3)} ics ${c.ics.toFixed(3)} ctx ${c.ctx.toFixed(3)}`,
              )
              .join(' | ')}`,
          );
        if (process.env.INERTIA_DEBUG)
          console.log(
            `  inertial ${e.call.tool} ${stable(e.call.args)} | gold ${gold?.tool} ${stable(gold?.args)} | ${JSON.stringify(e.call.argSources)}`,
          );
        if (gold && gold.tool === e.call.tool) {
          t.inertialTool++;
          if (covers(gold.args, e.call.args)) t.inertialExact++;
        }
      }
    };
    let r: TurnResult;
    try {
      r = await agent.runTurn(task.query, { onEvent });
    } catch (e) {
      console.error(`${task.id}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    t.tasks++;
    t.llmCalls += r.llmCalls;
    t.promptTokens += r.promptTokens;
    t.toolCalls += r.calls.length;
    t.saved += r.inertia?.llmCallsSaved ?? 0;
    t.tokensSaved += r.inertia?.promptTokensSaved ?? 0;
    if (progress(task, r.calls).done.size === task.steps.length) t.success++;
    else if (process.env.INERTIA_DEBUG)
      console.log(
        `FAIL ${task.id} ${settings ? 'inertia' : 'llm'}: gold ${task.steps.map((s) => `${s.tool}${stable(s.args)}`).join(' ; ')}\n   got ${r.calls.map((c) => `${c.tool}${stable(c.args)}${c.status}`).join(' ; ')}`,
      );
  }
  t.ms = performance.now() - t0;
  return t;
}

function record(
  sheet: FigureSheet,
  dataset: string,
  engine: EngineName,
  results: Map<string, Totals>,
  rows: string[][],
): void {
  const base = results.get('no-inertia')!;
  for (const [config, t] of results) {
    const k = (m: string) => `${dataset}.${engine}.${config}.${m}`;
    const per = (x: number) => x / Math.max(1, t.tasks);
    sheet.record(k('tasks'), t.tasks, '', undefined, false);
    sheet.record(k('llmCallsPerTask'), per(t.llmCalls), '');
    sheet.record(k('promptTokensPerTask'), per(t.promptTokens), 'tokens');
    sheet.record(k('toolCallsPerTask'), per(t.toolCalls), '', undefined, false);
    sheet.record(k('success'), t.success / Math.max(1, t.tasks), '');
    if (config !== 'no-inertia') {
      const fewer = 1 - t.llmCalls / Math.max(1, base.llmCalls);
      sheet.record(k('llmCallsFewer'), fewer, '');
      sheet.record(k('promptTokensFewer'), 1 - t.promptTokens / Math.max(1, base.promptTokens), '');
      sheet.record(k('inertialShare'), t.inertialCalls / Math.max(1, t.toolCalls), '', {
        kind: 'range',
        lo: 0,
        hi: 0.3,
      });
      sheet.record(k('inertialPrecision'), t.inertialExact / Math.max(1, t.inertialCalls), '');
      sheet.record(
        k('inertialToolPrecision'),
        t.inertialTool / Math.max(1, t.inertialCalls),
        '',
        undefined,
        false,
      );
      sheet.record(k('inertialCalls'), t.inertialCalls, '', undefined, false);
      sheet.record(k('llmCallsSavedPerTask'), per(t.saved), '', undefined, false);
      sheet.record(k('promptTokensSavedPerTask'), per(t.tokensSaved), 'tokens', undefined, false);
    }
    rows.push([
      dataset,
      engine,
      config,
      String(t.tasks),
      per(t.llmCalls).toFixed(2),
      per(t.promptTokens).toFixed(0),
      (t.success / Math.max(1, t.tasks)).toFixed(3),
      config === 'no-inertia' ? '' : (1 - t.llmCalls / Math.max(1, base.llmCalls)).toFixed(3),
      config === 'no-inertia' ? '' : (t.inertialCalls / Math.max(1, t.toolCalls)).toFixed(3),
      config === 'no-inertia' ? '' : (t.inertialExact / Math.max(1, t.inertialCalls)).toFixed(3),
      config === 'no-inertia' ? '' : (t.inertialTool / Math.max(1, t.inertialCalls)).toFixed(3),
      `${Math.round(t.ms / 1000)} s`,
    ]);
  }
}

async function compare(
  name: string,
  tasks: GoldTask[],
  agentWorld: AgentWorld,
  toolWorld: ToolWorld,
  runtime: () => ToolRuntime & { start?: (t: GoldTask) => void },
  sheet: FigureSheet,
  rows: string[][],
): Promise<void> {
  // Each (engine, configuration) runs every task: seconds on a real dataset, so say which one is running.
  const progress = new ProgressLine();
  for (const engine of ENGINES) {
    const results = new Map<string, Totals>();
    for (const c of CONFIGS) {
      progress.update(`${name}: ${engine} ${c.name} (${tasks.length} tasks)`, `${engine} ${c.name}`);
      results.set(c.name, await runConfig(engine, tasks, agentWorld, toolWorld, runtime(), c.settings));
    }
    record(sheet, name, engine, results, rows);
  }
  progress.clear();
}

/** Built-in: the demo world against 40 new demonstration tasks (seed 8), replayed. */
async function builtin(sheet: FigureSheet, rows: string[][]): Promise<void> {
  const agentWorld = await builtInAgentWorld(() => REFERENCE_DAY);
  const tasks: GoldTask[] = demoTraces(40, 8)
    .map((t) => {
      const ok = t.calls.filter((c) => c.status === 'ok');
      return {
        id: t.id,
        query: t.query,
        steps: ok.map((c, i) => ({ step: i, tool: c.tool, args: c.args, deps: [] })),
        outputs: ok.map((c) => c.output),
        now: t.calls[0]!.startedAt,
      };
    })
    .filter((t) => t.steps.length > 0);
  await compare('builtin', tasks, agentWorld, agentWorld.world, () => new ReplayRuntime(), sheet, rows);
}

/** Graph-only planning with inertia's next-tool predictions (llmOnly off) against without, on the fixture. */
async function graphOnly(sheet: FigureSheet): Promise<void> {
  const now = () => REFERENCE_DAY;
  const out: string[][] = [];
  for (const withInertia of [false, true]) {
    const world = await builtInAgentWorld(now);
    const advisor = withInertia
      ? new AutoToolAdvisor({ world: () => world.world, settings: { llmOnly: false } })
      : null;
    let solved = 0;
    let inertial = 0;
    for (const c of GRAPH_ONLY_REQUESTS) {
      const runtime = await createSandboxRuntime({ now });
      const agent = new Agent({
        world,
        runtime,
        policy: new GraphPolicy(),
        now,
        learn: false,
        ...(advisor ? { inertia: advisor } : {}),
      });
      const o = await checkCase(agent, c);
      if (o.solved) solved++;
      inertial += o.result.inertia?.calls ?? 0;
    }
    const config = withInertia ? 'inertia' : 'no-inertia';
    sheet.record(`builtin.graph-only.${config}.fixtureSolved`, solved / GRAPH_ONLY_REQUESTS.length, '');
    if (withInertia)
      sheet.record(`builtin.graph-only.${config}.inertialCalls`, inertial, '', undefined, false);
    out.push([config, `${solved}/${GRAPH_ONLY_REQUESTS.length}`, withInertia ? String(inertial) : '']);
  }
  printRows(['graph-only fixture', 'solved', 'inertial calls'], out, new Set([1, 2]));
}

async function dataset(dir: string, limit: number, sheet: FigureSheet, rows: string[][]): Promise<void> {
  const ds = loadDatasetFolder(dir);
  if (!ds) return;
  const { name, tools, tasks: all } = ds;
  const usable = (t: PlanTask) => Array.isArray(t.plan) && t.plan.length > 0;
  const train = all.filter((t) => t.split === 'train' && usable(t));
  // An even spread over the test split (files are often sorted by difficulty: the first N are all easy).
  const pool = all.filter((t) => t.split === 'test' && usable(t));
  const stride = Math.max(1, pool.length / limit);
  const test = Array.from({ length: Math.min(limit, pool.length) }, (_, i) => pool[Math.floor(i * stride)]!);
  if (test.length === 0)
    return void console.log(`Skipping ${name}: no test tasks with a plan (split "test").`);
  const t0 = performance.now();
  const { world, skipped } = await worldFromPlans(tools, train, new LexicalEmbedder());
  warnSkippedPlans(name, skipped, train.length);
  const agentWorld = new LocalAgentWorld(world);
  console.log(
    `${name}: ${tools.length} tools, ${train.length} train plans, ${test.length} test tasks (world in ${Math.round(performance.now() - t0)} ms)`,
  );
  const fields = outputFieldIndex(world);
  const tasks: GoldTask[] = test.map((t) => ({ id: t.id, query: t.query, steps: t.plan }));
  await compare(name, tasks, agentWorld, world, () => new GoldSyntheticRuntime(fields), sheet, rows);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      data: { type: 'string', multiple: true },
      limit: { type: 'string', default: '60' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const sheet = new FigureSheet();
  sheet.meta.engines =
    'gold-oracle: scripted from the gold plan, one call per decision, the request as every sub-intent; oracle: issue 15 OracleEngine';
  sheet.meta.tokenCounter = 'chars/4 (ScriptedEngine)';
  const rows: string[][] = [];
  if (values.data?.length) {
    for (const dir of values.data) await dataset(dir, intOption('limit', values.limit, 1), sheet, rows);
  } else {
    await builtin(sheet, rows);
    await graphOnly(sheet);
  }
  printRows(
    [
      'dataset',
      'engine',
      'config',
      'tasks',
      'LLM calls/task',
      'prompt tok/task',
      'success',
      'fewer LLM calls',
      'inertial share',
      'precision',
      'tool precision',
      'time',
    ],
    rows,
    new Set([3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
  sheet.printTable();
  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);

import type { AgentAction } from '../agent/agent-action';
import type { AgentWorld } from '../agent/agent-world';
import { fieldKind } from '../agent/field-kind';
import { TERMINAL, type TurnState } from '../agent/turn-state';
import { goldDependencies, goldOrder, type GoldStep } from '../eval/eval-task';
import { isToolLoopContext, type ToolLoopAction, type ToolLoopContext } from '../eval/tool-loop-protocol';
import { parseReference, referencesIn, substituteReferences } from '../plan/references';
import { doesSameThing } from '../tools/same-purpose';
import { outputNames, type JsonSchemaObject } from '../tools/tool';
import type { ChatMessage, ChatRequest, ChatResponse, EngineInfo, LlmEngine } from './llm-engine';
import { estimateTokens } from './token-estimate';

/** What the oracle knows about a task: the request and its gold plan. */
export interface OracleTask {
  id: string;
  query: string;
  plan: readonly GoldStep[];
}

/** The part of the agent's world the oracle reads (schemas and standardized parameters). */
export type OracleWorld = Pick<AgentWorld, 'tool' | 'paramNodeOf'>;

export interface OracleEngineOptions {
  /** Prompt / completion token count (default chars/4; the CLI passes the Qwen3 tokenizer). */
  count?: (text: string) => number;
  /**
   * Call a step in the same decision as the steps it reads from when the agent will fill the value
   * itself: the reference is a declared output that flows, through one standardized parameter, into an
   * input the agent fills from known values (default true). Off, the oracle waits for every producer's
   * output and passes the value, as a model that does not trust the graph would.
   */
  earlyCalls?: boolean;
  /** Retrievals the oracle asks for one step before it gives up on it (default 2). */
  maxRetrievals?: number;
}

/** Most actions the agent's decision schema accepts in one reply. */
const MAX_ITEMS = 8;
/** Per message: `<|im_start|>role\n … <|im_end|>\n` around the content (Qwen's ChatML). */
const MESSAGE_OVERHEAD = 5;

const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/**
 * A perfect LLM for evaluation: at each decision it answers what the gold plan implies, in the format the
 * caller asked for, reading `request.context` (the agent's TurnState and callable APIs, or a tool loop's
 * calls and offered tools) instead of the prompt. It measures what the scaffolding costs with a model that
 * never errs: how many LLM calls, how many prompt tokens (counted on the real prompt it was sent).
 *
 * In the agent's format (NaviAgent E.3.1): one sub-intent per gold step, in dependency order
 * (dependency_rank = position + 1); `retrieve_api` describing the gold tool while it is not a callable
 * candidate (at most `maxRetrievals` times, then it says the step failed); `call_api` with the gold
 * arguments once the steps it reads from are done, the references replaced by the values those calls
 * returned — or, with `earlyCalls`, in the same decision when the agent carries the value itself. A
 * required input the gold plan leaves out (restbench's plans have no arguments) is filled from the
 * producer's output by name, else with a placeholder of the schema's type. After its tool failed, it calls
 * an API that can stand in for it (`substitute`: the same inputs, mostly the same words; the agent's own
 * detour first), else gives the step up. It never asks the user. In a tool loop (ReAct, ToolNet) it calls
 * the next gold step whose producers are done, and finishes when all are.
 */
export class OracleEngine implements LlmEngine {
  readonly info: EngineInfo = { kind: 'oracle', model: 'oracle', label: 'Oracle (gold plan)' };
  /** Set per configuration: needed for `earlyCalls` and for placeholders of the schema's type. */
  world: OracleWorld | null = null;
  protected task: OracleTask | null = null;
  private retrievals = new Map<number, number>();
  /** Tools the oracle used in place of a failed gold tool, by gold step (tool loops). */
  private substitutes = new Map<number, string>();
  private readonly counts = new Map<string, number>();
  private readonly count: (text: string) => number;

  constructor(private readonly options: OracleEngineOptions = {}) {
    this.count = options.count ?? estimateTokens;
  }

  beginTask(task: OracleTask): void {
    this.task = task;
    this.retrievals = new Map();
    this.substitutes = new Map();
  }

  /** Token count of a text; each distinct text is counted once (prompts repeat their parts). */
  countTokens(text: string): number {
    let c = this.counts.get(text);
    if (c === undefined) {
      c = this.count(text);
      if (this.counts.size > 4000) this.counts.clear();
      this.counts.set(text, c);
    }
    return c;
  }

  /** Tokens of a prompt as ChatML: each message's text plus its role markers. */
  promptTokens(messages: readonly ChatMessage[]): number {
    let n = 0;
    for (const m of messages) n += this.countTokens(m.content) + MESSAGE_OVERHEAD;
    return n + 3; // `<|im_start|>assistant\n`
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    request.signal?.throwIfAborted();
    const text = this.reply(request);
    request.onText?.(text);
    return {
      text,
      usage: { promptTokens: this.promptTokens(request.messages), completionTokens: this.countTokens(text) },
      ms: performance.now() - started,
      constrained: false,
    };
  }

  /** The reply the gold plan implies for this request. */
  reply(request: ChatRequest): string {
    const task = this.task;
    if (!task) throw new Error('OracleEngine: beginTask(task) before the first request.');
    const ctx = request.context;
    if (isToolLoopContext(ctx)) return JSON.stringify(this.loopAction(task, ctx));
    const kind = (ctx as { kind?: unknown } | undefined)?.kind;
    if (kind === 'repair') return JSON.stringify(this.repair(task, ctx as RepairContext));
    // RETO's per-layer filling: keep the planned arguments (the plan already carries the gold ones).
    if (kind === 'layer') return '';
    const agent = ctx as { state?: TurnState; callable?: readonly string[] } | undefined;
    if (agent?.state) return JSON.stringify(this.agentActions(task, agent.state, agent.callable ?? []));
    throw new Error('OracleEngine: the request carries no context it can answer from.');
  }

  // ---- The agent's four-way decision -------------------------------------------------------------

  agentActions(task: OracleTask, state: Readonly<TurnState>, callable: readonly string[]): AgentAction[] {
    const order = goldOrder(task.plan);
    if (order.length === 0)
      return [
        {
          dependency_rank: 1,
          intent: clip(task.query, 400),
          action: 'direct_answer',
          analysis: 'no-tool',
          answer: 'No tool is needed for this request.',
        },
      ];
    const rankOf = new Map(order.map((s, i) => [s.step, i + 1]));
    const byStep = new Map(order.map((s) => [s.step, s]));
    const sub = (step: number) => state.subIntents.find((s) => s.rank === rankOf.get(step));
    const done = (step: number) => sub(step)?.status === 'done';
    const outputs = (): Record<number, unknown> => {
      const out: Record<number, unknown> = {};
      for (const s of order) if (done(s.step)) out[s.step] = sub(s.step)!.result;
      return out;
    };
    const canCall = new Set(callable);
    const maxRetrievals = this.options.maxRetrievals ?? 2;
    const actions: AgentAction[] = [];
    /** Steps called in this decision, with the tool they are called with. */
    const scheduled: { step: GoldStep; tool: string }[] = [];
    for (const step of order) {
      if (actions.length >= MAX_ITEMS) break;
      const rank = rankOf.get(step.step)!;
      const si = sub(step.step);
      if (si && TERMINAL.has(si.status)) continue;
      const base = { dependency_rank: rank, intent: this.intentOf(step) };
      const deps = goldDependencies(step, task.plan);
      if (deps.some((d) => sub(d) && TERMINAL.has(sub(d)!.status) && !done(d))) {
        actions.push({
          ...base,
          action: 'direct_answer',
          analysis: 'failed',
          answer: `Cannot do this: a step it needs (${byStep.get(deps.find((d) => !done(d))!)?.tool}) failed.`,
        });
        continue;
      }
      let tool = step.tool;
      if (state.failedApis.has(step.tool) || !canCall.has(step.tool)) {
        // The gold tool failed this turn (or is not a candidate): an alternative that takes the same
        // inputs and does the same thing, the agent's own detour first; else look again; else give up.
        const failed = state.failedApis.has(step.tool);
        const detour = failed
          ? this.substitute(step, [...(si?.target ? [si.target] : []), ...callable], state.failedApis)
          : null;
        if (detour) tool = detour;
        else {
          const tries = this.retrievals.get(step.step) ?? 0;
          if (tries >= maxRetrievals) {
            actions.push({
              ...base,
              action: 'direct_answer',
              analysis: 'failed',
              answer: failed
                ? `${step.tool} failed and no other API does the same.`
                : `${step.tool} is not among the APIs I can call.`,
            });
            continue;
          }
          this.retrievals.set(step.step, tries + 1);
          actions.push({ ...base, action: 'retrieve_api', recall_description: this.describe(step.tool) });
          continue;
        }
      }
      const pending = deps.filter((d) => !done(d));
      if (pending.length > 0) {
        const early =
          (this.options.earlyCalls ?? true) &&
          this.world !== null &&
          tool === step.tool &&
          pending.every((d) => scheduled.some((s) => s.step.step === d && s.tool === byStep.get(d)?.tool)) &&
          this.graphCarries(step, pending, byStep, scheduled, rankOf);
        if (!early) continue;
      }
      const params = this.arguments(step, tool, outputs(), new Set(pending));
      actions.push({ ...base, action: 'call_api', target_api: tool, params });
      scheduled.push({ step, tool });
    }
    if (actions.length === 0) {
      // Nothing can move (a step waits on something that will not come): say so instead of looping.
      const open = order.find((s) => !sub(s.step) || !TERMINAL.has(sub(s.step)!.status));
      if (open)
        actions.push({
          dependency_rank: rankOf.get(open.step)!,
          intent: this.intentOf(open),
          action: 'direct_answer',
          analysis: 'failed',
          answer: `Cannot continue with ${open.tool}.`,
        });
    }
    return actions;
  }

  /**
   * An API that can stand in for a failed gold step: it takes no required input the gold step does not give
   * (so the gold values can be passed), it has the same effect on the same object (`doesSameThing`), and
   * its name and description share at least a quarter of their words with the gold tool's. The first of `names` that is best wins. Both the
   * agent's decisions and the tool loops use it, so a detour is judged the same way everywhere.
   */
  substitute(step: GoldStep, names: Iterable<string>, exclude: ReadonlySet<string>): string | null {
    const world = this.world;
    const gold = world?.tool(step.tool);
    if (!world || !gold) return null;
    const want = toolWords(gold.name, gold.description);
    const given = new Set(Object.keys(step.args));
    let best: { name: string; score: number } | null = null;
    for (const name of names) {
      if (name === step.tool || exclude.has(name)) continue;
      const t = world.tool(name);
      // The same effect on the same object (same-purpose.ts): a perfect model never deletes a meeting
      // the user wanted moved, however many words the two descriptions share.
      if (!t || !doesSameThing(gold, t)) continue;
      const required = Array.isArray(t.parameters.required) ? t.parameters.required : [];
      if (given.size > 0 && !required.every((r) => given.has(r))) continue;
      const have = toolWords(t.name, t.description);
      const shared = [...want].filter((w) => have.has(w)).length;
      const score = shared / (want.size + have.size - shared || 1);
      if (score >= 0.25 && (!best || score > best.score)) best = { name, score };
    }
    return best?.name ?? null;
  }

  /** What the model would call the sub-intent: the tool's purpose in a few words. */
  private intentOf(step: GoldStep): string {
    const t = this.world?.tool(step.tool);
    const what = (t?.description ?? '').split(/(?<=[.!?])\s/)[0] ?? '';
    return clip(what.trim() || step.tool.replace(/[_.]+/g, ' '), 160);
  }

  /** NaviAgent's recall description: "Name(description: …, input: …; output: …)". */
  private describe(name: string): string {
    const t = this.world?.tool(name);
    if (!t) return name;
    const inputs = Object.keys(t.parameters.properties ?? {}).join(', ');
    return clip(
      `${name}(description: ${clip(t.description, 200)}, input: ${inputs}; output: ${outputNames(t).join(', ')})`,
      600,
    );
  }

  /**
   * Whether every reference of `step` to a producer that has not run yet will be filled by the agent with
   * the right value: the producer's declared output field and the input share one standardized parameter
   * (the agent remembers outputs by it), the input is not free text (free text comes from the sub-intent's
   * words), and no other call scheduled in between returns the same parameter.
   */
  private graphCarries(
    step: GoldStep,
    pending: readonly number[],
    byStep: ReadonlyMap<number, GoldStep>,
    scheduled: readonly { step: GoldStep; tool: string }[],
    rankOf: ReadonlyMap<number, number>,
  ): boolean {
    const world = this.world!;
    const tool = world.tool(step.tool);
    if (!tool) return false;
    for (const [key, value] of Object.entries(step.args)) {
      const refs = referencesIn(value);
      if (!refs.some((r) => pending.includes(r.step))) continue;
      const ref = typeof value === 'string' ? parseReference(value) : null;
      if (!ref || ref.field === null || ref.path.length > 0) return false;
      const producer = byStep.get(ref.step);
      const producerTool = producer && world.tool(producer.tool);
      if (!producerTool || !outputNames(producerTool).includes(ref.field)) return false;
      const node = world.paramNodeOf(step.tool, 'in', key);
      if (!node || node !== world.paramNodeOf(producer.tool, 'out', ref.field)) return false;
      const kind = fieldKind(key, tool.parameters.properties?.[key]);
      if (kind === 'text' || kind === 'title' || kind === 'query') return false;
      const from = rankOf.get(ref.step)!;
      const to = rankOf.get(step.step)!;
      const between = scheduled.filter(
        (s) => rankOf.get(s.step.step)! > from && rankOf.get(s.step.step)! < to,
      );
      for (const s of between) {
        const t = world.tool(s.tool);
        if (t && outputNames(t).some((f) => world.paramNodeOf(s.tool, 'out', f) === node)) return false;
      }
    }
    return true;
  }

  /**
   * The gold arguments with references replaced by what the producers returned; references to `pending`
   * producers are left for the agent to fill. Required inputs the gold plan does not give get a value
   * from a producer's output with the same name, else a placeholder of the schema's type.
   */
  protected arguments(
    step: GoldStep,
    toolName: string,
    outputs: Readonly<Record<number, unknown>>,
    pending: ReadonlySet<number> = new Set(),
  ): Record<string, unknown> {
    const tool = this.world?.tool(toolName);
    const args: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(step.args)) {
      const refs = referencesIn(value);
      if (refs.length === 0) {
        args[key] = value;
        continue;
      }
      if (refs.some((r) => pending.has(r.step) || !(r.step in outputs))) continue;
      try {
        args[key] = substituteReferences(value, outputs);
      } catch {
        // The producer's output lacks the field: nothing to pass.
      }
    }
    if (tool) {
      const schema = tool.parameters;
      const required = Array.isArray(schema.required) ? schema.required : [];
      const producers = Object.values(outputs);
      for (const r of required) {
        if (args[r] !== undefined) continue;
        if (referencesIn(step.args[r]).some((ref) => pending.has(ref.step))) continue; // the agent fills it
        args[r] = fromOutputs(r, producers) ?? placeholder(schema.properties?.[r], r);
      }
    }
    return args;
  }

  /**
   * The executor's repair prompt (RETO's reflect-and-repair): the gold arguments of the step this call
   * stands for (the gold step of the same tool whose arguments it shares most), keeping the values the
   * call already has for inputs that read earlier outputs.
   */
  repair(
    task: OracleTask,
    ctx: RepairContext,
  ): { tool_calls: { name: string; arguments: Record<string, unknown> }[] } {
    const same = task.plan.filter((s) => s.tool === ctx.tool);
    const shared = (s: GoldStep) =>
      Object.entries(s.args).filter(([k, v]) => JSON.stringify(ctx.args[k]) === JSON.stringify(v)).length;
    const step = [...same].sort((a, b) => shared(b) - shared(a))[0];
    if (!step) return { tool_calls: [{ name: ctx.tool, arguments: { ...ctx.args } }] };
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(step.args)) {
      if (referencesIn(v).length === 0) args[k] = v;
      else if (ctx.args[k] !== undefined) args[k] = ctx.args[k];
    }
    const required = this.world?.tool(ctx.tool)?.parameters.required;
    for (const r of Array.isArray(required) ? required : [])
      if (args[r] === undefined && ctx.args[r] !== undefined) args[r] = ctx.args[r];
    return { tool_calls: [{ name: ctx.tool, arguments: args }] };
  }

  // ---- Baseline tool loops (ReAct, ToolNet) -------------------------------------------------------

  loopAction(task: OracleTask, ctx: ToolLoopContext): ToolLoopAction {
    const order = goldOrder(task.plan);
    const matched = new Map<number, number>();
    const used = new Set<number>();
    for (const s of order) {
      const alt = this.substitutes.get(s.step);
      const i = ctx.calls.findIndex(
        (c, j) => !used.has(j) && c.status === 'ok' && (c.tool === s.tool || c.tool === alt),
      );
      if (i >= 0) {
        matched.set(s.step, i);
        used.add(i);
      }
    }
    const next = order.find(
      (s) => !matched.has(s.step) && goldDependencies(s, task.plan).every((d) => matched.has(d)),
    );
    if (!next) return { thought: 'Every step is done.', action: 'finish', answer: 'Done.' };
    const failedTools = new Set(ctx.calls.filter((c) => c.status === 'error').map((c) => c.tool));
    let tool = next.tool;
    if (failedTools.has(tool)) {
      const alt = this.substitute(next, ctx.offered, failedTools);
      if (!alt) return { thought: `${tool} failed.`, action: 'finish', answer: `${tool} is not working.` };
      this.substitutes.set(next.step, alt);
      tool = alt;
    }
    if (!ctx.offered.includes(tool))
      return { thought: `${tool} is not offered.`, action: 'finish', answer: 'No suitable tool.' };
    const outputs: Record<number, unknown> = {};
    for (const [step, i] of matched) outputs[step] = ctx.calls[i]!.output;
    return { thought: `Next: ${tool}.`, action: 'call', tool, args: this.arguments(next, tool, outputs) };
  }
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'and',
  'or',
  'in',
  'on',
  'by',
  'with',
  'get',
  'api',
]);

/** Content words of a tool's name and description (split names, lower case, no stopwords). */
function toolWords(name: string, description: string): Set<string> {
  return new Set(
    `${name} ${description}`
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !STOP.has(w)),
  );
}

/** `ChatRequest.context` of the executor's LLM repair (src/core/execute/repair/llm-repair.ts). */
interface RepairContext {
  kind: 'repair';
  tool: string;
  args: Record<string, unknown>;
  error: string;
}

/** A value for a required input from the producers' outputs: the same key, or `id` for a `…_id` input. */
function fromOutputs(field: string, outputs: readonly unknown[]): unknown {
  const want = field.toLowerCase();
  const alt = /(_id|id)$/i.test(field) ? 'id' : null;
  const visit = (v: unknown, depth: number): unknown => {
    if (depth > 3 || v === null || typeof v !== 'object') return undefined;
    if (Array.isArray(v)) return v.length ? visit(v[0], depth + 1) : undefined;
    const o = v as Record<string, unknown>;
    for (const [k, x] of Object.entries(o))
      if (k.toLowerCase() === want && (x === null || typeof x !== 'object')) return x;
    for (const x of Object.values(o)) {
      const got = visit(x, depth + 1);
      if (got !== undefined) return got;
    }
    if (alt)
      for (const [k, x] of Object.entries(o)) if (k.toLowerCase() === alt && typeof x !== 'object') return x;
    return undefined;
  };
  for (const o of [...outputs].reverse()) {
    const got = visit(o, 0);
    if (got !== undefined && got !== null) return got;
  }
  return undefined;
}

function placeholder(schema: JsonSchemaObject | undefined, name: string): unknown {
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return schema.enum[0];
  const t = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (t) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return name.replace(/[_-]+/g, ' ');
  }
}

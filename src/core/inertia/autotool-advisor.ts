import type { AgentAction } from '../agent/agent-action';
import type { CallView, InertiaTurnStats, TurnResult } from '../agent/agent-events';
import type { DecisionInput } from '../agent/decision-policy';
import { fillArguments } from '../agent/fill-args';
import type { InertiaAdvisor, InertialDecision } from '../agent/inertia-advisor';
import { TERMINAL, type SubIntentState, type TurnState } from '../agent/turn-state';
import { cosine } from '../embed/embedder';
import { leaves, valueKey } from '../graph/value-flow';
import type { EngineInfo } from '../llm/llm-engine';
import type { Trace } from '../trace/trace';
import type { ToolWorld } from '../world/world';
import { ToolInertiaGraph } from './inertia-graph';
import { inertiaSettings, type InertiaSettings } from './inertia-settings';
import { fillParameters, type FilledParams, type FillRecord } from './param-filling';
import { senseInertia, type InertiaSense } from './sensing';

/** Why the advisor did or did not act at one decision (for tests, the CLI and the benchmark). */
export interface InertiaAttempt {
  turnId: string;
  step: number;
  acted: boolean;
  /** Which guard or stage stopped it, or "acted". */
  reason: string;
  sense?: InertiaSense;
  fill?: FilledParams;
}

interface TurnTrack {
  turnId: string;
  engine: EngineInfo | null;
  calls: number;
  inertialCalls: number;
  inertialDecisions: number;
  /** Inertial decisions whose target call succeeded. */
  inertialOk: number;
  lastDecisionInertial: boolean;
  lastCallFailed: boolean;
  /** The inertial decision being carried out: its tool, the window it was predicted from. */
  pending: { tool: string; window: string[]; seen: boolean } | null;
  inertialIndices: Set<number>;
}

export interface AutoToolAdvisorOptions {
  /** The Tool World whose traces the inertia graph is built from (read anew each time: it may be replaced). */
  world: () => ToolWorld;
  settings?: Partial<InertiaSettings>;
}

const EMBED_CACHE_LIMIT = 4000;
/** Sources of the agent's literal filling that compose text from the request's words (or from it). */
const FREE_TEXT_SOURCES = new Set(['request text', 'derived']);

/**
 * AutoTool (Jia & Li) as the agent's inertia advisor. Before each decision: the guards (engine, share of
 * inertial calls, never two in a row, no inertia right after a failed call), the current sub-intent and
 * the current sequence (the turn's last `window` successful tools), inertia sensing (ICF / ICS / CIPS over
 * the ToolPaths), then hierarchical parameter filling; only when every stage succeeds is the call made
 * without the policy. Each inertial call's outcome is fed back (eq. 3); every finished turn's trace
 * extends the paths (split at its inertial calls), so later decisions change with experience.
 */
export class AutoToolAdvisor implements InertiaAdvisor {
  readonly graph: ToolInertiaGraph;
  private settingsValue: InertiaSettings;
  private readonly world: () => ToolWorld;
  private track: TurnTrack | null = null;
  private readonly session = { calls: 0, inertialCalls: 0, llmCalls: 0, promptTokens: 0 };
  /** Values earlier turns of the conversation produced or used, by standardized parameter node. */
  private readonly conversation = new Map<string, { value: unknown; field: string }>();
  private readonly inertialByTrace = new Map<string, Set<number>>();
  private readonly vectors = new Map<string, Float32Array>();
  private vectorsFor = '';
  /** Every attempt of the current turn, oldest first; the last one of all in `lastAttempt`. */
  attempts: InertiaAttempt[] = [];
  lastAttempt: InertiaAttempt | null = null;

  constructor(options: AutoToolAdvisorOptions) {
    this.world = options.world;
    this.settingsValue = inertiaSettings(options.settings);
    this.graph = new ToolInertiaGraph(
      options.world,
      () => this.settingsValue,
      (id) => this.inertialByTrace.get(id),
    );
  }

  get settings(): Readonly<InertiaSettings> {
    return this.settingsValue;
  }

  setSettings(partial: Partial<InertiaSettings>): void {
    this.settingsValue = inertiaSettings({ ...this.settingsValue, ...partial });
  }

  /** Share of the calls this advisor saw that inertia made (session-wide). */
  get sessionShare(): number {
    return this.session.calls === 0 ? 0 : this.session.inertialCalls / this.session.calls;
  }

  /** A trace to learn from that the world does not hold (the world's own traces are read by `sync`). */
  ingest(trace: Trace): boolean {
    this.graph.sync();
    return this.graph.ingest(trace, this.inertialByTrace.get(trace.id));
  }

  /** Forgets the conversation's values (a new chat). The graph and the session's share stay. */
  resetConversation(): void {
    this.conversation.clear();
  }

  startTurn(info: { turnId: string; engine: EngineInfo }): void {
    this.track = newTrack(info.turnId, info.engine);
    this.attempts = [];
  }

  async propose(input: DecisionInput): Promise<InertialDecision | null> {
    const { state } = input;
    if (!this.track || this.track.turnId !== state.turnId) {
      this.track = newTrack(state.turnId, null);
      this.attempts = [];
    }
    const track = this.track;
    this.settlePending(track);
    const decision = await this.attempt(input, track);
    track.lastDecisionInertial = decision !== null;
    return decision;
  }

  observeCall(call: CallView, inertial: boolean): void {
    const track = this.track;
    if (!track) return;
    track.calls += 1;
    this.session.calls += 1;
    const cancelled = call.failure?.kind === 'cancelled';
    track.lastCallFailed = call.status === 'error' && !cancelled;
    if (!inertial) return;
    track.inertialCalls += 1;
    this.session.inertialCalls += 1;
    track.inertialIndices.add(call.index);
    const p = track.pending;
    if (p && !p.seen && call.tool === p.tool) {
      p.seen = true;
      if (!cancelled) this.graph.feedback(p.window, p.tool, call.status === 'ok');
      if (call.status === 'ok') track.inertialOk += 1;
    }
  }

  endTurn(result: TurnResult): InertiaTurnStats {
    const track =
      this.track && this.track.turnId === result.turnId ? this.track : newTrack(result.turnId, null);
    this.settlePending(track);
    // The turn's path: the world ingested it (then `sync` reads it, split at the inertial calls), or not.
    const traceId = result.traceId ?? `agent-${result.turnId}`;
    this.inertialByTrace.set(traceId, new Set(track.inertialIndices));
    this.graph.sync();
    if (!result.traceId && this.settingsValue.learnOnline && result.calls.length > 0)
      this.graph.ingest(traceOf(traceId, result), track.inertialIndices);
    for (const c of result.calls) if (c.status === 'ok') this.rememberCall(c);

    const llm = track.engine?.kind !== 'graph-only';
    const saved = llm ? track.inertialOk : 0;
    const mean =
      result.llmCalls > 0
        ? result.promptTokens / result.llmCalls
        : this.session.llmCalls > 0
          ? this.session.promptTokens / this.session.llmCalls
          : 0;
    this.session.llmCalls += result.llmCalls;
    this.session.promptTokens += result.promptTokens;
    this.track = null;
    return {
      decisions: track.inertialDecisions,
      calls: track.inertialCalls,
      llmCallsSaved: saved,
      promptTokensSaved: Math.round(saved * mean),
    };
  }

  /** An inertial decision that made no call of its tool (refused, not feasible) was an invalid action. */
  private settlePending(track: TurnTrack): void {
    const p = track.pending;
    if (!p) return;
    if (!p.seen) {
      this.graph.feedback(p.window, p.tool, false);
      track.lastCallFailed = true;
    }
    track.pending = null;
  }

  private async attempt(input: DecisionInput, track: TurnTrack): Promise<InertialDecision | null> {
    const { state, world } = input;
    const s = this.settingsValue;
    const record = (reason: string, extra: Partial<InertiaAttempt> = {}): null => {
      const a: InertiaAttempt = { turnId: state.turnId, step: state.step, acted: false, reason, ...extra };
      this.attempts.push(a);
      this.lastAttempt = a;
      return null;
    };
    if (!s.enabled) return record('disabled');
    if (s.llmOnly && track.engine?.kind === 'graph-only') return record('graph-only engine (llmOnly)');
    if (s.noConsecutive && track.lastDecisionInertial) return record('previous decision was inertial');
    if (s.fallbackAfterFailure && track.lastCallFailed) return record('last call failed: the LLM decides');
    const counted = s.capScope === 'turn' ? track : this.session;
    if ((counted.inertialCalls + 1) / (counted.calls + 1) > s.maxShare)
      return record(`cap: ${counted.inertialCalls}/${counted.calls} calls inertial`);
    const si = currentSubIntent(state);
    if (!si) return record('no open sub-intent');
    if (s.leaveLastToLlm && state.subIntents.filter((x) => !TERMINAL.has(x.status)).length <= 1)
      return record('last open sub-intent: the LLM decides');
    const ok = state.calls.filter((c) => c.status === 'ok');
    const sequence = ok.slice(-s.window).map((c) => c.tool);
    if (sequence.length < s.minSequence) return record('too few calls for the window');

    this.graph.sync();
    // The action space an LLM decision has (feasibility masking): the turn's callable candidates, or
    // the current sub-intent's own; 'catalogue' lets inertia name any tool, as in the paper's fixed set.
    const scope =
      s.candidateScope === 'sub-intent'
        ? new Set((si.candidates ?? []).map((c) => c.tool))
        : s.candidateScope === 'turn'
          ? new Set(input.callable)
          : null;
    const inScope = (t: string) => scope === null || scope.has(t);
    const intuition = si.text;
    const sense = await senseInertia({
      sequence,
      paths: this.graph.paths,
      settings: s,
      allowed: (t) => world.tool(t) !== undefined && !state.failedApis.has(t) && inScope(t),
      ctx: async (t) => {
        const tool = world.tool(t);
        if (!tool || !intuition.trim()) return 0;
        const [a, b] = await this.embed([intuition, `${tool.name}: ${tool.description}`]);
        return cosine(a!, b!);
      },
    });
    if (!sense.best) return record('no path continues the sequence', { sense });
    if (!sense.confident) return record(`CIPS ${sense.best.cips.toFixed(3)} ≤ θ ${s.theta}`, { sense });

    const best = sense.best;
    if (s.agreeWithTarget && si.target && best.tool !== si.target)
      return record(`inertia's ${best.tool} is not the planned target ${si.target}: the LLM decides`, {
        sense,
      });
    const tool = world.tool(best.tool)!;
    const used = new Set<string>();
    for (const c of state.calls) for (const v of leaves(c.args)) used.add(valueKey(v));
    const records: FillRecord[] = ok
      .slice(-s.backtrackRecords)
      .reverse()
      .map((c) => ({ index: c.index, tool: c.tool, args: c.args, output: c.output }));
    const fill = fillParameters({
      tool,
      records,
      nodeOf: (t, d, f) => world.paramNodeOf(t, d, f),
      sourcesOf: (t, f) => this.graph.paramSources(t, f),
      environment: (field, node) => this.environment(si, state, field, node),
      heuristic: () => {
        const h = fillArguments({
          tool,
          intent: si.text,
          intentLiterals: si.literals,
          requestLiterals: state.requestLiterals,
          inherit: si.dependsOn.length > 0,
          known: () => undefined,
          today: state.today,
        });
        if (s.heuristicFreeText) return h;
        // Values the request states (dates, numbers, names, enums), not text composed from its words.
        const keep = Object.keys(h.args).filter((f) => !FREE_TEXT_SOURCES.has(h.sources[f] ?? ''));
        return {
          args: Object.fromEntries(keep.map((f) => [f, h.args[f]])),
          sources: Object.fromEntries(keep.map((f) => [f, h.sources[f]!])),
        };
      },
      used,
    });
    if (!fill.ok) return record(`no value for ${fill.missing.join(', ')}`, { sense, fill });

    const scores = {
      cips: best.cips,
      ics: best.ics,
      ctx: best.ctx,
      icf: best.icf,
      w: best.w,
      wTotal: best.wTotal,
      theta: s.theta,
    };
    const action: AgentAction = {
      dependency_rank: si.rank,
      intent: si.text,
      // AutoTool's memory note for an inertial action (Appendix J).
      analysis: `Using graph inertia to predict next action ${best.tool} with parameters ${JSON.stringify(fill.args)}.`,
      action: 'call_api',
      target_api: best.tool,
      params: fill.args,
    };
    track.pending = { tool: best.tool, window: sequence, seen: false };
    track.inertialDecisions += 1;
    const a: InertiaAttempt = {
      turnId: state.turnId,
      step: state.step,
      acted: true,
      reason: 'acted',
      sense,
      fill,
    };
    this.attempts.push(a);
    this.lastAttempt = a;
    return {
      actions: [action],
      llm: null,
      note:
        `by inertia: ${best.tool} after ${sequence.join(' → ')} · CIPS ${best.cips.toFixed(2)} > θ ${s.theta}` +
        ` (ICS ${best.ics.toFixed(2)}, ctx ${best.ctx.toFixed(2)}, w ${fmt(best.w)}/${fmt(best.wTotal)})`,
      scores,
      argSources: fill.sources,
    };
  }

  /**
   * Environment state: the sub-intent's answers, what the turn knows from outside its own calls (the
   * user's answers), then the conversation's values (earlier turns), by standardized parameter. This
   * turn's call outputs are backtracking's to use, along observed ParamEdges only: matched by
   * standardized parameter alone they fill a route's origin with the place just found.
   */
  private environment(
    si: SubIntentState,
    state: Readonly<TurnState>,
    field: string,
    node: string | null,
  ): { value: unknown; source: string } | undefined {
    if (si.answers[field] !== undefined) return { value: si.answers[field], source: 'user' };
    if (!node) return undefined;
    const k = state.known.get(node);
    if (k && k.call === undefined && k.source !== 'earlier call')
      return { value: k.value, source: `known value (${k.source})` };
    const c = this.conversation.get(node);
    if (c) return { value: c.value, source: `conversation (${c.field})` };
    return undefined;
  }

  private rememberCall(c: CallView): void {
    const world = this.world();
    const nodeOf = (direction: 'in' | 'out', field: string) => {
      const cl = world.standardizer.clusterOf({ tool: c.tool, direction, field });
      return cl ? `param:${cl.id}` : null;
    };
    for (const [field, value] of Object.entries(c.args)) {
      const n = nodeOf('in', field);
      if (n && value !== undefined && value !== null) this.conversation.set(n, { value, field });
    }
    if (c.output && typeof c.output === 'object' && !Array.isArray(c.output)) {
      for (const [field, value] of Object.entries(c.output as Record<string, unknown>)) {
        const n = nodeOf('out', field);
        if (n && value !== undefined && value !== null) this.conversation.set(n, { value, field });
      }
    }
  }

  /** The world's embedder, with vectors cached by text (tool texts repeat at every decision). */
  private async embed(texts: string[]): Promise<Float32Array[]> {
    const embedder = this.world().embedder;
    if (embedder.id !== this.vectorsFor) {
      this.vectors.clear();
      this.vectorsFor = embedder.id;
    }
    const missing = [...new Set(texts.filter((t) => !this.vectors.has(t)))];
    if (missing.length > 0) {
      if (this.vectors.size + missing.length > EMBED_CACHE_LIMIT) this.vectors.clear();
      const vs = await embedder.embed(missing);
      missing.forEach((t, i) => this.vectors.set(t, vs[i]!));
    }
    return texts.map((t) => this.vectors.get(t)!);
  }
}

function newTrack(turnId: string, engine: EngineInfo | null): TurnTrack {
  return {
    turnId,
    engine,
    calls: 0,
    inertialCalls: 0,
    inertialDecisions: 0,
    inertialOk: 0,
    lastDecisionInertial: false,
    lastCallFailed: false,
    pending: null,
    inertialIndices: new Set(),
  };
}

/** The first open sub-intent (by rank) whose dependencies are settled: what the next step is about. */
export function currentSubIntent(state: Readonly<TurnState>): SubIntentState | undefined {
  const settled = (rank: number) =>
    TERMINAL.has(state.subIntents.find((x) => x.rank === rank)?.status ?? 'done');
  return [...state.subIntents]
    .sort((a, b) => a.rank - b.rank)
    .find((s) => !TERMINAL.has(s.status) && s.dependsOn.every(settled));
}

/** A finished turn as a trace (for turns the world did not keep). */
function traceOf(id: string, result: TurnResult): Trace {
  return {
    id,
    query: result.request,
    calls: result.calls.map((c) => ({
      tool: c.tool,
      args: c.args,
      status: c.status === 'ok' ? ('ok' as const) : ('error' as const),
      ...(c.output !== undefined ? { output: c.output } : {}),
      ...(c.failure ? { failure: c.failure, error: c.failure.message } : {}),
      startedAt: 0,
      durationMs: c.ms ?? 0,
    })),
  };
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

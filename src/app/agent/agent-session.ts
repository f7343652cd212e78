import { Agent, type AgentDeps } from '../../core/agent/agent';
import type { AgentEvent, ChainView, QuestionView, TurnResult } from '../../core/agent/agent-events';
import type { AgentWorld } from '../../core/agent/agent-world';
import { FOLLOW_UP_TURNS } from '../../core/agent/follow-ups';
import { GraphPolicy } from '../../core/agent/graph-policy';
import { LlmPolicy } from '../../core/agent/llm-policy';
import { HostAllowList } from '../../core/execute/http/host-allow-list';
import { HttpRuntime } from '../../core/execute/http/http-runtime';
import { withHttpTools } from '../../core/execute/http/with-http-tools';
import { CompositeRuntime } from '../../core/execute/composite-runtime';
import type { ApiSimulator } from '../../core/execute/simulator';
import { worldSimulator } from '../../core/execute/world-simulator';
import { RetoExecutor } from '../../core/execute/reto-executor';
import type { ToolLayerPredictor } from '../../core/execute/reto/layer-source';
import { loadLayerPredictor } from '../layer-predictor';
import { ToolBreaker } from '../../core/execute/tool-breaker';
import type { ToolRuntime } from '../../core/execute/tool-runtime';
import { AutoToolAdvisor } from '../../core/inertia/autotool-advisor';
import type { InertiaSettings } from '../../core/inertia/inertia-settings';
import type { EngineInfo, LlmEngine } from '../../core/llm/llm-engine';
import type { ToolWorld } from '../../core/world/world';
import { toolEdgeKnown, toolHasKnownEdges } from '../../core/graph/known-tool-edges';
import { framesOfTurn, storedFrames } from '../graph-playback';
import { applyEvent, summarizeStep, type ChatStep } from './chat-steps';
import { SimulationSwitch } from './simulation-switch';
import type { ConversationRecord, ConversationStore } from './conversation-store';

/** One request and what the agent did with it, live while it runs. */
export interface TurnView {
  id: string;
  request: string;
  /** The engine's label when the turn started. */
  engine: string;
  startedAt: number;
  status: 'running' | TurnResult['status'] | 'error';
  steps: ChatStep[];
  /** The turn's result once it ended (answer, calls, LLM calls, tokens, ms). */
  result: TurnResult | null;
  /** An unexpected failure of the turn itself (not of a tool call). */
  error: string | null;
}

/** What the graph view lights up: the chain being run and the call in flight. */
export interface ChainHighlight {
  target: string;
  /** Node ids of the searched (pruned) subgraph. */
  subgraph: string[];
  /** API node ids of the chain's steps. */
  plan: string[];
  /** API node id of the call running now, if any. */
  active: string | null;
  /** API node ids of the calls that failed in this turn (drawn in red). */
  failed?: string[];
}

export interface AgentSessionState {
  /** This session's turns, oldest first. */
  turns: TurnView[];
  running: boolean;
  /** The question the running turn waits on, answered inline. */
  pending: { turnId: string; question: QuestionView } | null;
  highlight: ChainHighlight | null;
  /** Past conversations, newest first. */
  conversations: ConversationRecord[];
  conversationsError: string | null;
}

/** The engine side the session needs (EngineManager in the app). */
export interface EngineSource {
  activeLlm(): LlmEngine | null;
}

export interface AgentSessionDeps {
  world: AgentWorld;
  /** The tool runtime (the sandbox), opened on first use. */
  runtime: () => Promise<ToolRuntime>;
  engines: EngineSource;
  conversations: ConversationStore;
  now?: () => number;
  /** Passed through to `Agent` (step limit, top-k, …). */
  agentOptions?: Omit<AgentDeps, 'world' | 'runtime' | 'policy'>;
  /** How many past conversations the list shows. */
  listLimit?: number;
  /**
   * The Tool World behind `world`, whose traces tool inertia learns from; default: `world.toolWorld()`
   * when the agent's world has one (the app's does). Without it the session runs without inertia.
   */
  toolWorld?: () => ToolWorld;
  /** AutoTool's settings (the paper's defaults otherwise); `{ enabled: false }` turns inertia off. */
  inertia?: Partial<InertiaSettings>;
  /** Loads RETO's layer predictor on the first turn (default: the shipped model); null = none. */
  layerModel?: () => Promise<ToolLayerPredictor | null>;
  /** A layer model retrained on this world and promoted (LayerTraining); used instead when not null. */
  retrainedLayerModel?: () => ToolLayerPredictor | null;
  /** Whether tools without an implementation answer from the API simulator (default: on, not kept). */
  simulation?: SimulationSwitch;
}

/**
 * The chat outside React: runs a turn of the agent on the chosen engine, keeps its events as a list of
 * steps, holds the inline question until the user answers it, stops a turn on request, and keeps each
 * finished turn in the conversation store.
 */
export class AgentSession {
  private state: AgentSessionState = {
    turns: [],
    running: false,
    pending: null,
    highlight: null,
    conversations: [],
    conversationsError: null,
  };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private answerPending: ((answer: string | null) => void) | null = null;
  private stepId = 0;
  private turnSeq = 0;
  /** Tools broken on purpose (the chat's Tools panel): every turn's runtime goes through it. */
  readonly breaker = new ToolBreaker();
  /** Hosts HTTP tools (imported from OpenAPI) may call: none until the user allows one. */
  readonly hosts = new HostAllowList();
  private readonly http = new HttpRuntime({ lookup: (n) => this.deps.world.tool(n), allowList: this.hosts });
  /** The chat's "simulate tools that have no implementation" switch (Tools tab). */
  readonly simulation: SimulationSwitch;
  /** The API simulator over the current Tool World, made again when the world is replaced. */
  private simulator: { world: ToolWorld; sim: ApiSimulator } | null = null;
  private readonly toolWorld: (() => ToolWorld) | undefined;
  /**
   * AutoTool's tool inertia for this session's world: asked before every LLM decision, it makes routine
   * calls itself (the graph-only engine has no LLM call to save: `llmOnly` keeps it out of those turns).
   */
  readonly inertia: AutoToolAdvisor | null;
  /** RETO's learned layer predictor (models/reto-layers.onnx), loaded on the first turn; null when absent. */
  private layerModel: Promise<ToolLayerPredictor | null> | null = null;
  /** The executor's view of it: without a model it fails, and the executor keeps the DAG's layers. */
  private readonly layerPredictor: ToolLayerPredictor = async (query, tools) => {
    const retrained = this.deps.retrainedLayerModel?.();
    if (retrained) return retrained(query, tools);
    const predict = await (this.layerModel ??= (this.deps.layerModel ?? loadLayerPredictor)());
    if (!predict) throw new Error('no layer model under /models/');
    return predict(query, tools);
  };

  /**
   * Whether the Tool World knows a tool's toolchain edges (traces linked it to others): such a step's
   * layer comes from the DAG, the others' from the layer predictor. Without a Tool World none is known.
   */
  private readonly knownTool: (tool: string) => boolean;
  /** Whether traces ran one tool before another: a plan's dependency is the graph's only then. */
  private readonly knownEdge: (producer: string, consumer: string) => boolean;

  constructor(private readonly deps: AgentSessionDeps) {
    const toolWorld = deps.toolWorld ?? toolWorldOf(deps.world);
    this.toolWorld = toolWorld;
    this.simulation = deps.simulation ?? new SimulationSwitch();
    this.knownTool = toolWorld ? (tool) => toolHasKnownEdges(toolWorld().graph, tool) : () => false;
    this.knownEdge = toolWorld ? (a, b) => toolEdgeKnown(toolWorld().graph, a, b) : () => false;
    this.inertia = toolWorld ? new AutoToolAdvisor({ world: toolWorld, settings: deps.inertia ?? {} }) : null;
  }

  /** Changes tool inertia's settings for the next turns (e.g. `{ enabled: false }`). */
  configureInertia(settings: Partial<InertiaSettings>): void {
    this.inertia?.setSettings(settings);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): AgentSessionState => this.state;

  private set(patch: Partial<AgentSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Reads the past conversations (newest first). */
  async loadConversations(): Promise<void> {
    try {
      const conversations = await this.deps.conversations.list(this.deps.listLimit ?? 50);
      this.set({ conversations, conversationsError: null });
    } catch (e) {
      this.set({ conversationsError: `Past conversations could not be read: ${message(e)}` });
    }
  }

  /** Runs one turn for `request`; resolves with its result when it ended (null if it could not start). */
  async send(request: string): Promise<TurnResult | null> {
    const text = request.trim();
    if (!text || this.state.running) return null;
    const llm = this.deps.engines.activeLlm();
    const policy = llm ? new LlmPolicy(llm) : new GraphPolicy();
    const now = this.deps.now ?? Date.now;
    const startedAt = now();
    const id = `chat-${startedAt.toString(36)}-${(++this.turnSeq).toString(36)}`;
    const controller = new AbortController();
    this.controller = controller;
    this.set({
      running: true,
      highlight: null,
      turns: [
        ...this.state.turns,
        {
          id,
          request: text,
          engine: policy.engine.label,
          startedAt,
          status: 'running',
          steps: [],
          result: null,
          error: null,
        },
      ],
    });
    // Kept before it runs: a reload or a closed tab mid-turn lost the request without a trace (second QA
    // pass). The finished turn's record replaces this one (same id); until then it says what happened.
    void this.deps.conversations
      .put({
        ...recordOf(this.state.turns[this.state.turns.length - 1]!, policy.engine),
        answer: INTERRUPTED,
      })
      .catch(() => undefined);
    let result: TurnResult | null = null;
    try {
      const runtime = await this.deps.runtime();
      const agent = new Agent({
        ...this.deps.agentOptions,
        world: this.deps.world,
        // Broken tools fail as set; HTTP tools reach allowed hosts only; everything else stays local.
        runtime: this.breaker.wrap(this.withSimulator(withHttpTools(runtime, this.http), id)),
        policy,
        ...(this.deps.now ? { now: this.deps.now } : {}),
        // RETO execution, with the turn's LLM (if any) for repair prompts.
        ...(this.deps.agentOptions?.executor
          ? {}
          : {
              executor: new RetoExecutor({
                llm,
                layerPredictor: this.layerPredictor,
                knownTool: this.knownTool,
                knownEdge: this.knownEdge,
                // An unreachable tool is tried again twice with backoff (0.5 s, 0.75 s ±50 %) before
                // the detour: short outages end; the chat says so and Stop ends the wait.
                backoff: {},
                ...(this.deps.now ? { today: this.deps.now } : {}),
              }),
            }),
        ...(this.inertia && !this.deps.agentOptions?.inertia ? { inertia: this.inertia } : {}),
      });
      result = await agent.runTurn(text, {
        turnId: id,
        // "text her too", "what about Tuesday?": the chat's earlier turns, for a follow-up to lean on.
        earlier: this.state.turns
          .filter((t) => t.id !== id && t.result)
          .slice(-FOLLOW_UP_TURNS)
          .map((t) => t.result!),
        signal: controller.signal,
        onEvent: (e) => this.onEvent(id, e),
        ask: (q) => this.ask(id, q),
      });
      this.updateTurn(id, { status: result.status, result });
    } catch (e) {
      this.updateTurn(id, { status: 'error', error: message(e) });
    } finally {
      this.controller = null;
      this.answerPending = null;
      this.set({
        running: false,
        pending: null,
        highlight: this.state.highlight && { ...this.state.highlight, active: null },
      });
    }
    await this.remember(id, policy.engine);
    return result;
  }

  /** Answers the question the running turn waits on. */
  answer(text: string): void {
    const resolve = this.answerPending;
    if (!resolve) return;
    this.answerPending = null;
    this.set({ pending: null });
    resolve(text);
  }

  /** Stops the running turn: the call in flight is aborted and a pending question goes unanswered. */
  stop(): void {
    this.controller?.abort(new DOMException('Stopped by the user.', 'AbortError'));
    const resolve = this.answerPending;
    this.answerPending = null;
    if (resolve) {
      this.set({ pending: null });
      resolve(null);
    }
  }

  /** Names of the tools the agent can call (the Tools panel breaks one of them on purpose). */
  toolNames(): string[] {
    return this.deps.world
      .tools()
      .map((t) => t.name)
      .sort();
  }

  /**
   * `real` first; with the simulation switch on, a tool none of them can execute answers from the API
   * simulator over the world's traces (recorded > cloned > schema mock; each result labelled simulated).
   */
  private withSimulator(real: ToolRuntime, turnId: string): ToolRuntime {
    const world = this.toolWorld?.();
    if (!world || !this.simulation.getState()) return real;
    if (this.simulator?.world !== world) this.simulator = { world, sim: worldSimulator(world) };
    this.simulator.sim.beginTask(turnId);
    return new CompositeRuntime([real], this.simulator.sim);
  }

  /** The catalogue's tools nothing here can really run (sorted): the simulator answers for them when on. */
  async toolsWithoutImplementation(): Promise<string[]> {
    const real = withHttpTools(await this.deps.runtime(), this.http);
    return this.toolNames().filter((n) => !real.canExecute(n));
  }

  /** HTTP tools (from OpenAPI) whose document named no server URL: nothing can call them. */
  httpToolsWithoutServer(): number {
    return this.deps.world.tools().filter((t) => t.http && !t.http.baseUrl).length;
  }

  /** Hosts the HTTP tools of the catalogue would call, allowed or not. */
  httpHosts(): string[] {
    const hosts = new Set<string>();
    for (const t of this.deps.world.tools()) {
      if (!t.http?.baseUrl) continue;
      try {
        hosts.add(new URL(t.http.baseUrl).host);
      } catch {
        // a tool whose server URL does not parse cannot be called anyway
      }
    }
    return [...hosts].sort();
  }

  /** Forgets the chat shown (past conversations stay in the list). */
  clearChat(): void {
    if (this.state.running) return;
    this.inertia?.resetConversation();
    this.set({ turns: [], highlight: null });
  }

  async deleteConversation(id: string): Promise<void> {
    await this.deps.conversations.delete(id).catch(() => undefined);
    await this.loadConversations();
  }

  private ask(turnId: string, question: QuestionView): Promise<string | null> {
    if (this.controller?.signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.answerPending = resolve;
      this.set({ pending: { turnId, question } });
    });
  }

  private onEvent(turnId: string, event: AgentEvent): void {
    const turn = this.state.turns.find((t) => t.id === turnId);
    if (!turn) return;
    const steps = applyEvent(turn.steps, event, ++this.stepId);
    this.updateTurn(turnId, { steps });
    const highlight = nextHighlight(this.state.highlight, event);
    if (highlight !== this.state.highlight) this.set({ highlight });
  }

  private updateTurn(id: string, patch: Partial<TurnView>): void {
    this.set({ turns: this.state.turns.map((t) => (t.id === id ? { ...t, ...patch } : t)) });
  }

  /** Keeps the finished turn in the conversation store and refreshes the list. */
  private async remember(id: string, engine: EngineInfo): Promise<void> {
    const turn = this.state.turns.find((t) => t.id === id);
    if (!turn) return;
    try {
      await this.deps.conversations.put(recordOf(turn, engine));
      await this.loadConversations();
    } catch (e) {
      this.set({ conversationsError: `This conversation could not be saved: ${message(e)}` });
    }
  }
}

/** What a turn's record says when the page went away before the turn ended. */
export const INTERRUPTED =
  'Interrupted: the page was reloaded or closed before this turn ended. Changes its calls already made stay (see Sandbox).';

/** A finished turn as the conversation list keeps it. */
export function recordOf(turn: TurnView, engine: EngineInfo): ConversationRecord {
  const r = turn.result;
  return {
    id: turn.id,
    request: turn.request,
    answer: r?.answer ?? turn.error ?? '',
    status: turn.status === 'running' ? 'error' : turn.status,
    engine: engine.label,
    startedAt: turn.startedAt,
    ms: r?.ms ?? 0,
    steps: turn.steps.map(summarizeStep),
    calls: (r?.calls ?? []).map((c) => ({
      tool: c.tool,
      args: c.args,
      ok: c.status === 'ok',
      ...(c.output !== undefined ? { output: c.output } : {}),
      ...(c.failure ? { error: c.failure.message } : {}),
      ...(c.source ? { source: c.source.label } : {}),
      ...(c.ms !== undefined ? { ms: c.ms } : {}),
    })),
    llmCalls: r?.llmCalls ?? 0,
    promptTokens: r?.promptTokens ?? 0,
    completionTokens: r?.completionTokens ?? 0,
    // So the graph view can replay a past conversation's turn after a reload (issue 19).
    playback: storedFrames(framesOfTurn(turn.steps)),
  };
}

function nextHighlight(current: ChainHighlight | null, event: AgentEvent): ChainHighlight | null {
  switch (event.type) {
    case 'toolchain':
      return { ...highlightOf(event.chain, current?.active ?? null), failed: current?.failed ?? [] };
    case 'call-start': {
      if (!current) return current;
      // A detour runs tools the chain did not plan: they join the lit-up plan.
      const id = `api:${event.call.tool}`;
      return {
        ...current,
        active: id,
        plan: current.plan.includes(id) ? current.plan : [...current.plan, id],
      };
    }
    case 'call-end': {
      if (!current) return current;
      const id = `api:${event.call.tool}`;
      const failed = current.failed ?? [];
      return {
        ...current,
        active: null,
        failed: event.call.status === 'error' && !failed.includes(id) ? [...failed, id] : failed,
      };
    }
    default:
      return current;
  }
}

function highlightOf(chain: ChainView, active: string | null): ChainHighlight {
  return {
    target: chain.target,
    subgraph: chain.subgraph.nodes,
    plan: chain.steps.map((s) => `api:${s.tool}`),
    active,
  };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The Tool World an agent world exposes (`AppAgentWorld.toolWorld`), if any. */
function toolWorldOf(world: AgentWorld): (() => ToolWorld) | undefined {
  const w = world as AgentWorld & { toolWorld?: () => ToolWorld };
  return typeof w.toolWorld === 'function' ? () => w.toolWorld!() : undefined;
}

import { Agent, type AgentDeps } from '../../core/agent/agent';
import type { AgentEvent, ChainView, QuestionView, TurnResult } from '../../core/agent/agent-events';
import type { AgentWorld } from '../../core/agent/agent-world';
import { GraphPolicy } from '../../core/agent/graph-policy';
import { LlmPolicy } from '../../core/agent/llm-policy';
import type { ToolRuntime } from '../../core/execute/tool-runtime';
import type { EngineInfo, LlmEngine } from '../../core/llm/llm-engine';
import { applyEvent, summarizeStep, type ChatStep } from './chat-steps';
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

  constructor(private readonly deps: AgentSessionDeps) {}

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
    let result: TurnResult | null = null;
    try {
      const runtime = await this.deps.runtime();
      const agent = new Agent({
        ...this.deps.agentOptions,
        world: this.deps.world,
        runtime,
        policy,
        ...(this.deps.now ? { now: this.deps.now } : {}),
      });
      result = await agent.runTurn(text, {
        turnId: id,
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

  /** Forgets the chat shown (past conversations stay in the list). */
  clearChat(): void {
    if (this.state.running) return;
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
  };
}

function nextHighlight(current: ChainHighlight | null, event: AgentEvent): ChainHighlight | null {
  switch (event.type) {
    case 'toolchain':
      return highlightOf(event.chain, current?.active ?? null);
    case 'call-start':
      return current ? { ...current, active: `api:${event.call.tool}` } : current;
    case 'call-end':
      return current ? { ...current, active: null } : current;
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

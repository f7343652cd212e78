import type { CallFailure, ResultSource } from '../execute/call-outcome';
import type { GateReport } from '../execute/gate/gate-report';
import type { DetourView } from '../execute/reto/detour';
import type { EngineInfo } from '../llm/llm-engine';
import type { PlanStep } from '../plan/plan-step';
import type { SearchStep } from '../search/search-step';
import type { AgentAction } from './agent-action';

/**
 * What a turn reports while it runs, in order: the chat view draws each event as a step, the graph view
 * highlights candidates and the chain, the CLI prints them. Plain data (structured-clone safe) so events
 * can cross a worker boundary.
 */
export type AgentEvent =
  | { type: 'turn-start'; turnId: string; request: string; engine: EngineInfo }
  | { type: 'sub-intents'; items: SubIntentView[] }
  | {
      type: 'decision';
      step: number;
      actions: AgentAction[];
      llm: LlmCallView | null;
      note?: string;
      /** Made by tool inertia instead of the policy, with the scores behind it. */
      inertial?: { scores: Record<string, number> };
    }
  | { type: 'candidates'; rank: number; query: string; candidates: CandidateView[]; ms: number }
  | { type: 'toolchain'; rank: number; chain: ChainView }
  | { type: 'call-start'; rank: number; call: CallView }
  | { type: 'call-end'; rank: number; call: CallView }
  | { type: 'question'; rank: number; question: QuestionView }
  | { type: 'user-answer'; rank: number; field: string; answer: string | null }
  | { type: 'sub-intent-done'; item: SubIntentView }
  | { type: 'notice'; level: 'info' | 'warning' | 'error'; text: string }
  | { type: 'answer'; text: string }
  | { type: 'turn-end'; result: TurnResult };

export type SubIntentStatus =
  'pending' | 'planned' | 'done' | 'answered' | 'failed' | 'unanswered' | 'no-tool';

export interface SubIntentView {
  rank: number;
  text: string;
  status: SubIntentStatus;
  /** The API that serves it, once chosen. */
  target?: string;
  /** For direct answers, failures and "no tool": what to tell the user. */
  note?: string;
  /** "if it is sunny": done only when that holds on what an earlier part returned. */
  condition?: string;
}

export interface LlmCallView {
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /** The prompt as sent (system + user), so a person can read what the model saw. */
  prompt: string;
  /** The raw reply. */
  reply: string;
  constrained: boolean;
}

export interface CandidateView {
  tool: string;
  score: number;
  why?: string;
}

export interface ChainView {
  target: string;
  steps: PlanStep[];
  /** Required inputs nothing can supply yet: each becomes a question. */
  missing: { tool: string; field: string; description: string }[];
  /** Node and edge ids of the pruned subgraph (for the graph view). */
  subgraph: { nodes: string[]; edges: string[]; pruned: number };
  /** The subgraph as tree text, as the LLM sees it. */
  tree: string;
  /** Alpha-Beta's decisions in the order made (the graph view replays them); absent for other methods. */
  search?: SearchStep[];
  method: string;
  ms: number;
}

export interface CallView {
  /** Index of the call in the turn's trace. */
  index: number;
  tool: string;
  args: Record<string, unknown>;
  status: 'running' | 'ok' | 'error';
  output?: unknown;
  failure?: CallFailure;
  source?: ResultSource;
  ms?: number;
  /** Which filling level or engine gave each argument ("request", "earlier call", "user", "llm", …). */
  argSources?: Record<string, string>;
  /** What the schema gate found and repair changed (absent when the arguments passed as given). */
  gate?: GateReport;
  /** For a failed call: the way around it that was taken (absent when there was none). */
  detour?: DetourView;
  /** Layer of the chain the call ran in (RETO; calls of one layer run at the same time). */
  layer?: number;
  /** Where that layer came from: the toolchain DAG, or the learned layer predictor (RETO §3.2). */
  layerSource?: 'graph' | 'predictor';
}

export interface QuestionView {
  tool: string;
  field: string;
  text: string;
}

export interface TurnResult {
  turnId: string;
  request: string;
  /** The request spelt out with the conversation's earlier turns, when it leaned on them ("text her too"). */
  readAs?: string;
  status: 'answered' | 'needs-input' | 'failed' | 'stopped';
  answer: string;
  /** Questions left unanswered (the turn can go on when the user answers them). */
  questions: QuestionView[];
  calls: CallView[];
  subIntents: SubIntentView[];
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /** Id of the trace the world ingested, when any call ran. */
  traceId: string | null;
  engine: EngineInfo;
  /** What tool inertia did in this turn (AutoTool), when an inertia advisor took part. */
  inertia?: InertiaTurnStats;
}

/** A turn's inertial steps and what they saved (src/core/inertia). */
export interface InertiaTurnStats {
  /** Decisions inertia made in the policy's place. */
  decisions: number;
  /** Tool calls those decisions made. */
  calls: number;
  /** LLM decisions skipped: inertial decisions whose call succeeded, with an LLM policy. */
  llmCallsSaved: number;
  /**
   * Estimate: saved calls × the turn's mean prompt size (the session's mean when the turn asked the LLM
   * nothing).
   */
  promptTokensSaved: number;
}

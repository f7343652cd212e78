import type { EngineInfo } from '../llm/llm-engine';
import type { AgentAction } from './agent-action';
import type { LlmCallView } from './agent-events';
import type { AgentWorld } from './agent-world';
import type { TurnState } from './turn-state';

/**
 * Chooses the next actions of a turn: F(H_t, O_t, G'_{t-1}) of NaviAgent eq. 2. The graph-only policy
 * decides from retrieval, the graph and the request's literals; the LLM policy asks a model with the
 * paper's prompt. The loop that carries the actions out is the same for both.
 */
export interface DecisionPolicy {
  readonly engine: EngineInfo;
  /**
   * True when the policy splits the request into sub-intents itself (an LLM does, in its first reply);
   * otherwise the loop splits it with `splitSubIntents` before the first decision.
   */
  readonly decomposes: boolean;
  decide(input: DecisionInput): Promise<Decision>;
}

export interface DecisionInput {
  state: Readonly<TurnState>;
  world: AgentWorld;
  /** APIs a call_api may name now (candidates that have not failed). */
  callable: readonly string[];
  signal?: AbortSignal;
}

export interface Decision {
  actions: AgentAction[];
  /** The model call behind the decision; null when none was made. */
  llm: LlmCallView | null;
  /** Why the policy decided as it did, when it is worth showing (e.g. "reply was not valid JSON"). */
  note?: string;
}

import type { EngineInfo } from '../llm/llm-engine';
import type { CallView, InertiaTurnStats, TurnResult } from './agent-events';
import type { Decision, DecisionInput } from './decision-policy';

/**
 * The seam for AutoTool's tool inertia (src/core/inertia): before each decision the advisor may act in
 * the policy's place when the graph already knows the next step and its arguments. It enforces its own
 * guards (share of inertial calls, never two in a row, fall back after an invalid inertial action) and
 * learns from each outcome.
 */
export interface InertiaAdvisor {
  /** A turn begins on this engine (the advisor acts only for LLM engines unless told otherwise). */
  startTurn?(info: { turnId: string; request: string; engine: EngineInfo }): void;
  /** A decision made by inertia (its `note` says so and gives the scores), or null to ask the policy. */
  propose(input: DecisionInput): Promise<InertialDecision | null>;
  /** Every call the turn made, as it ends (success or failure feeds the inertia graph). */
  observeCall?(call: CallView, inertial: boolean): void;
  /** The turn is over; what inertia did in it goes into the turn's result. */
  endTurn?(result: TurnResult): InertiaTurnStats | void;
  /** A new conversation: values of earlier turns are no longer the user's context (what was learnt stays). */
  resetConversation?(): void;
}

export interface InertialDecision extends Decision {
  /** Scores behind the choice, shown beside the step ("by inertia: CIPS 0.42 …"). */
  scores: Record<string, number>;
  /** Which filling level gave each argument of the call ("backtracking · contacts_search.email"). */
  argSources?: Record<string, string>;
}

import type { ExecutedCall } from './tsr';

/** What one system did on one task, whatever the system (the agent, a tool loop, the greedy planner). */
export interface RunRecord {
  calls: ExecutedCall[];
  /** Finished normally, with no call failure left unrecovered (TCR). */
  completed: boolean;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Decisions taken (LLM, graph-only or inertial). */
  decisions: number;
  /** Questions the simulated user was asked (each costs a turn). */
  clarifications: number;
  /** Decisions tool inertia took instead of the policy. */
  inertial: number;
  ms: number;
  /** Why it ended early, when it did. */
  note?: string;
}

/** A failed call after which no call succeeded: the run did not recover from it. */
export function unrecovered(calls: readonly ExecutedCall[]): boolean {
  const lastFail = calls.map((c) => c.status).lastIndexOf('error');
  return lastFail >= 0 && !calls.slice(lastFail + 1).some((c) => c.status === 'ok');
}

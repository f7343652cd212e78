/**
 * What one tool call came back with. Every runtime (the built-in sandbox, the simulator, HTTP and MCP
 * tools) returns this shape, and every trace call keeps it, so a failure's kind survives from the call
 * to the graph instead of being squashed into a string.
 */

/**
 * Why a call failed. `blame` below says whose fault it is: the graph counts a failure against a tool
 * (eq. 4's n_fail) only when the tool failed, never when the caller's arguments did.
 */
export type FailureKind =
  /** The tool could not be reached (down, refused, network). */
  | 'unavailable'
  /** The tool ran and reported an error. */
  | 'error'
  /** No answer within the time limit. */
  | 'timeout'
  /** The tool answered with something that is not what its schema promises (or nothing usable). */
  | 'invalid-output'
  /** The schema gate refused the arguments before the call (the caller's fault). */
  | 'rejected-by-gate'
  /** The tool itself refused the arguments (e.g. "no contact named X"; the caller's fault). */
  | 'invalid-arguments'
  /** Nothing can execute this tool here (an imported tool with no implementation, no simulator). */
  | 'not-executable'
  /** The user (or a Stop) aborted the call. */
  | 'cancelled';

export interface CallFailure {
  kind: FailureKind;
  /** Stable, machine-readable detail, e.g. `contact-not-found`, `http-503`. */
  code: string;
  /** What happened, in words a user can act on. */
  message: string;
  /**
   * When the tool said to come back (HTTP `Retry-After` on a 429 or 503): a busy tool, not a dead one,
   * so the executor waits this long and calls it again instead of routing around it at once.
   */
  retryAfterMs?: number;
}

/** Failure kinds that are the caller's fault or nobody's: they must not lower a tool's weights. */
const NOT_THE_TOOLS_FAULT: ReadonlySet<FailureKind> = new Set([
  'rejected-by-gate',
  'invalid-arguments',
  'not-executable',
  'cancelled',
]);

/** True when the failure counts against the tool (eq. 4 n_fail, eq. 11 pruning). */
export function isToolFault(failure: Pick<CallFailure, 'kind'>): boolean {
  return !NOT_THE_TOOLS_FAULT.has(failure.kind);
}

/**
 * The tool found nothing the arguments name (`file-not-found`, `contact-not-found`): the thing asked for
 * does not exist, which is an answer about it, not a broken tool to route around.
 */
export function isNothingFound(failure: Pick<CallFailure, 'kind' | 'code'>): boolean {
  return failure.kind === 'invalid-arguments' && /-not-found$/.test(failure.code);
}

/** Where a result came from, shown beside it in the UI and kept in the trace. */
export interface ResultSource {
  kind: 'sandbox' | 'bundled-data' | 'simulated' | 'remote';
  /** Short label for the user, e.g. "sandbox (IndexedDB)", "bundled rates of 2026-11-01", "simulated". */
  label: string;
}

export type CallOutcome =
  | { ok: true; output: unknown; source: ResultSource; durationMs: number }
  | { ok: false; failure: CallFailure; durationMs: number };

export const callFailed = (failure: CallFailure, durationMs = 0): CallOutcome => ({
  ok: false,
  failure,
  durationMs,
});

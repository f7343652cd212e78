import type { FailureKind } from '../../execute/call-outcome';

/** The kinds an expected failure of a sandbox tool can have: the caller's arguments, or the tool. */
export type ToolCallErrorKind = Extract<FailureKind, 'invalid-arguments' | 'error'>;

/**
 * An expected failure of a tool call (no such contact, unknown city, bad date…). `RegistryRuntime` turns
 * it into `{ok: false, failure: {kind, code, message}}`, so its `kind` decides whether the failure counts
 * against the tool in the graph (eq. 4's n_fail): a bad argument never does. Each subclass lives in its
 * own file with a stable `name` and `code`; the message says what to do instead.
 */
export class ToolCallError extends Error {
  readonly kind: ToolCallErrorKind;
  readonly code: string;

  constructor(name: string, kind: ToolCallErrorKind, code: string, message: string) {
    super(message);
    this.name = name;
    this.kind = kind;
    this.code = code;
  }

  /** True for any tool-call error, also one rebuilt as `{name, kind, code, message}` in another realm. */
  static isInstance(error: unknown): error is ToolCallError {
    if (!(error instanceof Error)) return false;
    const { kind, code } = error as Partial<ToolCallError>;
    return (kind === 'invalid-arguments' || kind === 'error') && typeof code === 'string';
  }
}

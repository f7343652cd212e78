const NAME = 'UnresolvedReferenceError';

/**
 * An argument references an output that is not there: the step has not run, or its output lacks the
 * field. The caller decides whose fault it is (a plan that reads a step it did not run, or a tool whose
 * output lacks what its schema promised).
 */
export class UnresolvedReferenceError extends Error {
  readonly code = 'unresolved-reference';

  constructor(
    readonly step: number,
    readonly field: string | null,
    message: string,
  ) {
    super(message);
    this.name = NAME;
  }

  /** True for this error, also when it was rebuilt from `{name, code, message}` in another realm. */
  static isInstance(error: unknown): error is UnresolvedReferenceError {
    return error instanceof Error && error.name === NAME;
  }
}

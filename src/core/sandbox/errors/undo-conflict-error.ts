const NAME = 'UndoConflictError';

/**
 * A later change touched the same record, so undoing this one alone would throw that change away too.
 * The message names the later change to undo first.
 */
export class UndoConflictError extends Error {
  readonly code = 'undo-conflict';

  constructor(
    readonly changeId: string,
    readonly laterChangeId: string,
    laterSummary: string,
  ) {
    super(
      `Change "${changeId}" cannot be undone on its own: a later change ("${laterSummary}", ${laterChangeId}) ` +
        'touched the same record. Undo that one first.',
    );
    this.name = NAME;
  }

  static isInstance(error: unknown): error is UndoConflictError {
    return error instanceof Error && error.name === NAME;
  }
}

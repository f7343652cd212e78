const NAME = 'ChangeNotFoundError';

/** `undo` was asked for a change the log does not hold (already undone, or dropped after a reset). */
export class ChangeNotFoundError extends Error {
  readonly code = 'change-not-found';

  constructor(readonly changeId: string) {
    super(`The sandbox has no change "${changeId}" to undo; it may have been undone already or reset away.`);
    this.name = NAME;
  }

  static isInstance(error: unknown): error is ChangeNotFoundError {
    return error instanceof Error && error.name === NAME;
  }
}

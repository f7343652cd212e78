import { ToolCallError } from './tool-call-error';

const NAME = 'SandboxSaveError';

/**
 * The change could not be saved, so it was taken back: the call fails instead of leaving a change that
 * a reload would lose. Counted against the tool (kind `error`): the caller did nothing wrong.
 */
export class SandboxSaveError extends ToolCallError {
  constructor(cause: unknown) {
    super(
      NAME,
      'error',
      'sandbox-save-failed',
      `The sandbox could not save the change, so it was not made: ${describe(cause)}. ` +
        'Check that the browser allows site storage, then try again.',
    );
    this.cause = cause;
  }

  static override isInstance(error: unknown): error is SandboxSaveError {
    return error instanceof Error && error.name === NAME;
  }
}

const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

import { ToolCallError } from './tool-call-error';

const NAME = 'InvalidArgumentError';

/** An argument has the wrong type, is empty, or is out of range (end before start, a 30-hour slot…). */
export class InvalidArgumentError extends ToolCallError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(NAME, 'invalid-arguments', 'invalid-argument', `Argument "${field}" ${problem}`);
  }

  static override isInstance(error: unknown): error is InvalidArgumentError {
    return error instanceof Error && error.name === NAME;
  }
}

import { ToolCallError } from './tool-call-error';

const NAME = 'UnknownUnitError';

/** A unit the converter does not know. The message lists the units it does. */
export class UnknownUnitError extends ToolCallError {
  constructor(
    readonly unit: string,
    known: string[],
  ) {
    super(
      NAME,
      'invalid-arguments',
      'unknown-unit',
      `Unknown unit "${unit}". Known units: ${known.join(', ')}.`,
    );
  }

  static override isInstance(error: unknown): error is UnknownUnitError {
    return error instanceof Error && error.name === NAME;
  }
}

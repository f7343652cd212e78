import { ToolCallError } from './tool-call-error';

const NAME = 'InvalidDateError';

/** A date or date-time argument is not a real calendar date in the format the tool asks for. */
export class InvalidDateError extends ToolCallError {
  constructor(
    readonly field: string,
    readonly value: string,
    expected: string,
  ) {
    super(
      NAME,
      'invalid-arguments',
      'invalid-date',
      `"${value}" is not a valid ${field}: give ${expected}, e.g. ${example(expected)}.`,
    );
  }

  static override isInstance(error: unknown): error is InvalidDateError {
    return error instanceof Error && error.name === NAME;
  }
}

const example = (expected: string): string =>
  expected.includes('time') ? '"2026-11-25T14:30:00"' : '"2026-11-25"';

import { ToolCallError } from './tool-call-error';

const NAME = 'IncompatibleUnitsError';

/** Both units are known but measure different things (kilometres to kilograms). */
export class IncompatibleUnitsError extends ToolCallError {
  constructor(from: string, fromDimension: string, to: string, toDimension: string) {
    super(
      NAME,
      'invalid-arguments',
      'incompatible-units',
      `Cannot convert ${fromDimension} ("${from}") to ${toDimension} ("${to}"): pick two units of the same kind.`,
    );
  }

  static override isInstance(error: unknown): error is IncompatibleUnitsError {
    return error instanceof Error && error.name === NAME;
  }
}

import { errorGuard } from '../util/error-guard';

const NAME = 'WorldFileError';

/** A world file that cannot be imported; the message says what is wrong and what to do. */
export class WorldFileError extends Error {
  static readonly isInstance = errorGuard<WorldFileError>(NAME);
  readonly code = 'world-file';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

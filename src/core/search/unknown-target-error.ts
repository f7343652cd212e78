import { errorGuard } from '../util/error-guard';

const NAME = 'UnknownTargetError';

/** A toolchain was asked for a target that is not an API of the world. */
export class UnknownTargetError extends Error {
  static readonly isInstance = errorGuard<UnknownTargetError>(NAME);
  readonly code = 'unknown-target';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

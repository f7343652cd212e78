import { errorGuard } from '../core/util/error-guard';

const NAME = 'HgtNotReadyError';

/** The link model cannot do what was asked yet: no world, no model store, a job already running. */
export class HgtNotReadyError extends Error {
  static readonly isInstance = errorGuard<HgtNotReadyError>(NAME);
  readonly code = 'hgt-not-ready';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

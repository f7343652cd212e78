import { errorGuard } from '../util/error-guard';

const NAME = 'TooFewLinksError';

/** A graph has too few behavioural edges to hold any out. */
export class TooFewLinksError extends Error {
  static readonly isInstance = errorGuard<TooFewLinksError>(NAME);
  readonly code = 'too-few-links';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

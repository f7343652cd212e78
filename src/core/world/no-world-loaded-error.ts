import { errorGuard } from '../util/error-guard';

const NAME = 'NoWorldLoadedError';

/** Search, retrieval or the world worker was asked something before a world was loaded. */
export class NoWorldLoadedError extends Error {
  static readonly isInstance = errorGuard<NoWorldLoadedError>(NAME);
  readonly code = 'no-world-loaded';

  constructor() {
    super('No Tool World is loaded yet: load a world snapshot first.');
    this.name = NAME;
  }
}

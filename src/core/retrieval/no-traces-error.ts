import { errorGuard } from '../util/error-guard';

const NAME = 'NoTracesError';

/** DTDR-L (and the hybrid) were asked to train on a world without a complete trace. */
export class NoTracesError extends Error {
  static readonly isInstance = errorGuard<NoTracesError>(NAME);
  readonly code = 'no-traces';

  constructor() {
    super(
      'DTDR-L learns from completed traces and this Tool World has none: import a world with traces or ' +
        'run tasks first. Zero-shot methods (query–tool similarity, BM25) work without traces.',
    );
    this.name = NAME;
  }
}

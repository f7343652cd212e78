import { errorGuard } from '../util/error-guard';

const NAME = 'CatalogueFormatError';

/** A file that is not a tool catalogue at all (as opposed to one with some bad entries). */
export class CatalogueFormatError extends Error {
  static readonly isInstance = errorGuard<CatalogueFormatError>(NAME);
  readonly code = 'catalogue-format';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

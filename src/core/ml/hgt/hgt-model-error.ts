import { errorGuard } from '../../util/error-guard';

const NAME = 'HgtModelError';

/** The bytes are not a model `exportHgt` wrote (or one of another format version). */
export class HgtModelError extends Error {
  static readonly isInstance = errorGuard<HgtModelError>(NAME);
  readonly code = 'hgt-model';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

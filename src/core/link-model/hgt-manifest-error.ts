import { errorGuard } from '../util/error-guard';

const NAME = 'HgtManifestError';

/** The manifest cannot be used: the message says what is wrong and how to get a usable one. */
export class HgtManifestError extends Error {
  static readonly isInstance = errorGuard<HgtManifestError>(NAME);
  readonly code = 'hgt-manifest';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { errorGuard } from '../util/error-guard';

const NAME = 'HgtShapeError';

/** The HGT's inputs, parameters or config do not agree (the message says which), so callers can show it. */
export class HgtShapeError extends Error {
  static readonly isInstance = errorGuard<HgtShapeError>(NAME);
  readonly code = 'hgt-shape';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { errorGuard } from '../core/util/error-guard';

const NAME = 'StoreBlockedError';

/** Another tab keeps an older schema open, so this one cannot upgrade the database. */
export class StoreBlockedError extends Error {
  static readonly isInstance = errorGuard<StoreBlockedError>(NAME);
  readonly code = 'store-blocked';

  constructor(readonly database: string) {
    super(
      `Another NaviAgent Web tab is using "${database}" with an older version of the app, so the saved Tool World ` +
        'cannot be upgraded. Close or reload the other tabs, then reload this one. Nothing was changed.',
    );
    this.name = NAME;
  }
}

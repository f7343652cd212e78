import { errorGuard } from '../core/util/error-guard';

const NAME = 'StoreClosedError';

/** The connection is gone: closed by the app, or given up so another tab could upgrade the schema. */
export class StoreClosedError extends Error {
  static readonly isInstance = errorGuard<StoreClosedError>(NAME);
  readonly code = 'store-closed';

  constructor(readonly database: string) {
    super(
      `The saved Tool World "${database}" is closed, possibly because a newer NaviAgent Web opened it in another ` +
        'tab. Reload this tab to keep working; changes made since are not saved.',
    );
    this.name = NAME;
  }
}

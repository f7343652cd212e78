import { errorGuard } from '../core/util/error-guard';

const NAME = 'StoreTooNewError';

/**
 * The database on disk has a schema version newer than this build knows. Nothing was changed: reading
 * it with an old schema could lose what the newer version stored.
 */
export class StoreTooNewError extends Error {
  static readonly isInstance = errorGuard<StoreTooNewError>(NAME);
  readonly code = 'store-too-new';

  constructor(
    readonly database: string,
    readonly knownVersion: number,
    readonly foundVersion?: number,
  ) {
    const found =
      foundVersion === undefined ? '' : ` (schema ${foundVersion}; this version knows up to ${knownVersion})`;
    super(
      `The saved Tool World in "${database}" was written by a newer version of NaviAgent Web${found}. ` +
        'It was NOT changed. Update NaviAgent Web to open it, or export the world from the newer version ' +
        'and import that file here.',
    );
    this.name = NAME;
  }
}

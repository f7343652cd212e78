/**
 * The database on disk has a schema version newer than this build knows. Nothing was changed: reading
 * it with an old schema could lose what the newer version stored.
 */
export class StoreTooNewError extends Error {
  override readonly name = 'StoreTooNewError';

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
  }
}

/** Another tab keeps an older schema open, so this one cannot upgrade the database. */
export class StoreBlockedError extends Error {
  override readonly name = 'StoreBlockedError';

  constructor(readonly database: string) {
    super(
      `Another NaviAgent Web tab is using "${database}" with an older version of the app, so the saved Tool World ` +
        'cannot be upgraded. Close or reload the other tabs, then reload this one. Nothing was changed.',
    );
  }
}

/** The connection is gone: closed by the app, or given up so another tab could upgrade the schema. */
export class StoreClosedError extends Error {
  override readonly name = 'StoreClosedError';

  constructor(readonly database: string) {
    super(
      `The saved Tool World "${database}" is closed, possibly because a newer NaviAgent Web opened it in another ` +
        'tab. Reload this tab to keep working; changes made since are not saved.',
    );
  }
}

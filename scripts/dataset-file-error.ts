import { errorGuard } from '../src/core/util/error-guard';

const NAME = 'DatasetFileError';

/**
 * A dataset file that cannot be read as the shared format says (not JSON, cut short, not a catalogue); the
 * message starts with the file's path and, when known, `:line:column`, so a person can open it there.
 */
export class DatasetFileError extends Error {
  static readonly isInstance = errorGuard<DatasetFileError>(NAME);
  readonly code = 'dataset-file';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { errorGuard } from '../util/error-guard';

const NAME = 'TaskFormatError';

/** A `tasks.jsonl` line that is not a task in the shared format; the message names the line. */
export class TaskFormatError extends Error {
  static readonly isInstance = errorGuard<TaskFormatError>(NAME);
  readonly code = 'task-format';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { ToolCallError } from './tool-call-error';

const NAME = 'FileNotFoundError';

/** No file matches the keywords, or no file has the id. */
export class FileNotFoundError extends ToolCallError {
  constructor(
    readonly query: string,
    how: 'keywords' | 'id',
  ) {
    super(
      NAME,
      'invalid-arguments',
      'file-not-found',
      how === 'id'
        ? `No file has the id "${query}". Use a file_id from files_search.`
        : `No file matches "${query}". Try fewer or other keywords from the file's name or text.`,
    );
  }

  static override isInstance(error: unknown): error is FileNotFoundError {
    return error instanceof Error && error.name === NAME;
  }
}

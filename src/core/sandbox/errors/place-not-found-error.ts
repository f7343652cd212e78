import { ToolCallError } from './tool-call-error';

const NAME = 'PlaceNotFoundError';

/** No bundled place matches the query (in the city, when one was given). */
export class PlaceNotFoundError extends ToolCallError {
  constructor(
    readonly query: string,
    where: string,
    kinds: string[],
  ) {
    super(
      NAME,
      'invalid-arguments',
      'place-not-found',
      `No place matches "${query}" ${where}. Search for a kind of place (${kinds.join(', ')}) or a place's name.`,
    );
  }

  static override isInstance(error: unknown): error is PlaceNotFoundError {
    return error instanceof Error && error.name === NAME;
  }
}

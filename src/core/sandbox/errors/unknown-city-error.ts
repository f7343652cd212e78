import { ToolCallError } from './tool-call-error';

const NAME = 'UnknownCityError';

/** The bundled places and weather data do not cover the city. The message lists the cities they cover. */
export class UnknownCityError extends ToolCallError {
  constructor(
    readonly city: string,
    known: string[],
  ) {
    super(
      NAME,
      'invalid-arguments',
      'unknown-city',
      `The bundled data has no city "${city}". Known cities: ${known.join(', ')}.`,
    );
  }

  static override isInstance(error: unknown): error is UnknownCityError {
    return error instanceof Error && error.name === NAME;
  }
}

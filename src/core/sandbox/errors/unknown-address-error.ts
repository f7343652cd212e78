import { ToolCallError } from './tool-call-error';

const NAME = 'UnknownAddressError';

/** An address names no street (or place) the bundled map knows, so no route can be computed. */
export class UnknownAddressError extends ToolCallError {
  constructor(
    readonly field: string,
    readonly address: string,
    hint: string,
  ) {
    super(
      NAME,
      'invalid-arguments',
      'unknown-address',
      `The bundled map cannot locate ${field} "${address}": ${hint} ` +
        'Use an address from contacts_get, places_search or a calendar event, e.g. "27 Upper Street, London".',
    );
  }

  static override isInstance(error: unknown): error is UnknownAddressError {
    return error instanceof Error && error.name === NAME;
  }
}

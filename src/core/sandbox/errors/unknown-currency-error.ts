import { ToolCallError } from './tool-call-error';

const NAME = 'UnknownCurrencyError';

/** The bundled rates have no rate for the currency. The message lists the currencies they cover. */
export class UnknownCurrencyError extends ToolCallError {
  constructor(
    readonly currency: string,
    known: string[],
    ratesDate: string,
  ) {
    super(
      NAME,
      'invalid-arguments',
      'unknown-currency',
      `No rate for "${currency}" in the bundled rates of ${ratesDate}. ` +
        `Use an ISO 4217 code of: ${known.join(', ')}.`,
    );
  }

  static override isInstance(error: unknown): error is UnknownCurrencyError {
    return error instanceof Error && error.name === NAME;
  }
}

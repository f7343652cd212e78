import { errorGuard } from '../util/error-guard';

const NAME = 'OpenApiImportError';

/** A document that says it is OpenAPI but cannot be imported as a whole (version 2, no paths). */
export class OpenApiImportError extends Error {
  static readonly isInstance = errorGuard<OpenApiImportError>(NAME);
  readonly code = 'openapi-import';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

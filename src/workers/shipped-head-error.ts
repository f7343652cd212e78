import { errorGuard } from '../core/util/error-guard';

/** What went wrong with a shipped model file; the UI shows the message and trains in the browser instead. */
export type ShippedHeadProblem = 'missing' | 'invalid' | 'runtime';

const NAME = 'ShippedHeadError';

/**
 * A shipped model (ONNX + manifest under /models/: the DTDR-L head, the HGT link model) could not be used.
 * The message names the file, what was wrong and how to fix it (usually `npm run train`); the app falls
 * back (DTDR-L trains in the browser, the search uses statistical weights), never fails.
 */
export class ShippedHeadError extends Error {
  static readonly isInstance = errorGuard<ShippedHeadError>(NAME);
  readonly code = 'shipped-model-unusable';

  constructor(
    readonly problem: ShippedHeadProblem,
    message: string,
  ) {
    super(message);
    this.name = NAME;
  }
}

/** What went wrong with a shipped model file; the UI shows the message and trains in the browser instead. */
export type ShippedHeadProblem = 'missing' | 'invalid' | 'runtime';

/**
 * A shipped model (ONNX + manifest under /models/: the DTDR-L head, the HGT link model) could not be used.
 * The message names the file, what was wrong and how to fix it (usually `npm run train`); the app falls
 * back (DTDR-L trains in the browser, the search uses statistical weights), never fails.
 */
export class ShippedHeadError extends Error {
  override readonly name = 'ShippedHeadError';
  constructor(
    readonly code: ShippedHeadProblem,
    message: string,
  ) {
    super(message);
  }
}

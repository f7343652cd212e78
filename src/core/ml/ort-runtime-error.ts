import { errorGuard } from '../util/error-guard';

const NAME = 'OrtRuntimeError';

/** onnxruntime-web could not be set up or refused a model or an input (the message says which). */
export class OrtRuntimeError extends Error {
  static readonly isInstance = errorGuard<OrtRuntimeError>(NAME);
  readonly code = 'ort-runtime';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { errorGuard } from '../../util/error-guard';

const NAME = 'AutogradShapeError';

/** Operands whose shapes do not fit the op: a programming error in the model code, never a data error. */
export class AutogradShapeError extends Error {
  static readonly isInstance = errorGuard<AutogradShapeError>(NAME);
  readonly code = 'autograd-shape';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

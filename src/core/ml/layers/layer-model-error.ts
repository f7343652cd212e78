import { errorGuard } from '../../util/error-guard';

const NAME = 'LayerModelError';

/** The bytes are not a layer predictor `exportLayerPredictor` wrote, or one of another format or input width. */
export class LayerModelError extends Error {
  static readonly isInstance = errorGuard<LayerModelError>(NAME);
  readonly code = 'layer-model';

  constructor(message: string) {
    super(message);
    this.name = NAME;
  }
}

import { errorGuard } from '../../util/error-guard';

const NAME = 'ToolEncoderMissingError';

/** The trained tool encoder's model file is not served where the app looked. */
export class ToolEncoderMissingError extends Error {
  static readonly isInstance = errorGuard<ToolEncoderMissingError>(NAME);
  readonly code = 'tool-encoder-missing';

  constructor(readonly lookedAt: string) {
    super(
      `The trained tool encoder is missing: "${lookedAt}" did not answer with the model file. ` +
        'Rebuild it with `npm run train -- --only encoder` (needs the shared datasets) and reload, ' +
        'or pick the lexical embedder, which needs no model file.',
    );
    this.name = NAME;
  }
}

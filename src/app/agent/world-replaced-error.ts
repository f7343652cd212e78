import { errorGuard } from '../../core/util/error-guard';

const NAME = 'WorldReplacedError';

/**
 * A turn ended after its world was replaced (a world file loaded, Reset to demo) and called tools the new
 * world does not have: its trace is not learned, or it would put them back into the world just loaded.
 */
export class WorldReplacedError extends Error {
  static readonly isInstance = errorGuard<WorldReplacedError>(NAME);
  readonly code = 'world-replaced';

  constructor(readonly missing: readonly string[]) {
    super(
      `the world was replaced while this turn ran, and the new one has no ${missing.join(', ')}; ` +
        'this turn was not added to it.',
    );
    this.name = NAME;
  }
}

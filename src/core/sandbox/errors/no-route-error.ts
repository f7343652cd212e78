import { ToolCallError } from './tool-call-error';

const NAME = 'NoRouteError';

/** The two addresses cannot be joined by this means of travel (an ocean between them, a 900 km walk). */
export class NoRouteError extends ToolCallError {
  constructor(from: string, to: string, why: string) {
    super(NAME, 'invalid-arguments', 'no-route', `No route from "${from}" to "${to}": ${why}`);
  }

  static override isInstance(error: unknown): error is NoRouteError {
    return error instanceof Error && error.name === NAME;
  }
}

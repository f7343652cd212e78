import { errorGuard } from '../util/error-guard';

const NAME = 'InputRejectedError';

/** Which entry point an input came through (issue 21): named in every rejection. */
export type Door =
  'catalogue' | 'world-file' | 'trace' | 'settings' | 'model-manifest' | 'llm-output' | 'tool-output';

/**
 * An input refused at one of the app's doors, before anything stored changed. The message says where (a JSON
 * path such as `calls[3].args.city`), why, and what to do.
 */
export class InputRejectedError extends Error {
  static readonly isInstance = errorGuard<InputRejectedError>(NAME);
  readonly code = 'input-rejected';

  constructor(
    readonly door: Door,
    /** JSON path of the offending value (`$` for the input as a whole). */
    readonly path: string,
    readonly reason: string,
    readonly advice: string,
  ) {
    super(`${WHAT[door]} rejected at ${path}: ${reason}. ${advice}`);
    this.name = NAME;
  }
}

const WHAT: Record<Door, string> = {
  catalogue: 'Tool catalogue',
  'world-file': 'World file',
  trace: 'Trace',
  settings: 'Setting',
  'model-manifest': 'Model manifest',
  'llm-output': "The model's answer",
  'tool-output': 'Tool output',
};

import { ToolCallError } from './tool-call-error';

const NAME = 'InvalidEmailError';

/** An email-address argument is not an address (a name was passed where the email belongs, typically). */
export class InvalidEmailError extends ToolCallError {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {
    super(
      NAME,
      'invalid-arguments',
      'invalid-email',
      `"${value}" is not an email address (${field}). Look the person up with contacts_search and use its email.`,
    );
  }

  static override isInstance(error: unknown): error is InvalidEmailError {
    return error instanceof Error && error.name === NAME;
  }
}

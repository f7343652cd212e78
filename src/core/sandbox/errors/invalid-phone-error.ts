import { ToolCallError } from './tool-call-error';

const NAME = 'InvalidPhoneError';

/** A phone-number argument has too few digits or characters a number cannot have. */
export class InvalidPhoneError extends ToolCallError {
  constructor(readonly value: string) {
    super(
      NAME,
      'invalid-arguments',
      'invalid-phone',
      `"${value}" is not a phone number. Use digits with an optional leading + (e.g. "+1 555 0110"); ` +
        "contacts_search gives a contact's phone.",
    );
  }

  static override isInstance(error: unknown): error is InvalidPhoneError {
    return error instanceof Error && error.name === NAME;
  }
}

import { ToolCallError } from './tool-call-error';

const NAME = 'ContactNotFoundError';

/** No contact matches the name or id. The message names a few contacts so the caller can pick one. */
export class ContactNotFoundError extends ToolCallError {
  constructor(
    readonly query: string,
    someNames: string[],
  ) {
    super(
      NAME,
      'invalid-arguments',
      'contact-not-found',
      `No contact matches "${query}". Contacts include ${someNames.join(', ')}; ` +
        'search by a full or partial name, or use a contact_id from contacts_search.',
    );
  }

  static override isInstance(error: unknown): error is ContactNotFoundError {
    return error instanceof Error && error.name === NAME;
  }
}

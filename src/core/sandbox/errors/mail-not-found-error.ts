import { ToolCallError } from './tool-call-error';

const NAME = 'MailNotFoundError';

/** No email, received or sent, has this id. */
export class MailNotFoundError extends ToolCallError {
  constructor(readonly messageId: string) {
    super(
      NAME,
      'invalid-arguments',
      'mail-not-found',
      `No email has the id "${messageId}". Use a message_id from mail_search (or from mail_send).`,
    );
  }

  static override isInstance(error: unknown): error is MailNotFoundError {
    return error instanceof Error && error.name === NAME;
  }
}

import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import { InvalidPhoneError } from '../errors/invalid-phone-error';
import type { SandboxAccess } from '../sandbox-access';
import type { TextMessage } from '../sandbox-state';

/** Digits with an optional leading +, spaces, dashes, dots and brackets; 6 to 15 digits (E.164's limit). */
function phoneArgument(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(value) || digits.length < 6 || digits.length > 15)
    throw new InvalidPhoneError(value);
  return value;
}

export function messagesTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const messages_send: ToolImplementation = {
    source,
    async run(args, signal) {
      const phone = phoneArgument(requireString(args, 'phone'));
      const text = requireString(args, 'text');
      const sent = await sandbox.create({
        collection: 'messages',
        tool: 'messages_send',
        idPrefix: 'sms',
        build: (id): TextMessage => ({ id, phone, text, sentAt: sandbox.now() }),
        summary: (m) => `Sent text to ${m.phone}: "${m.text}" (kept in the local outbox)`,
        signal,
      });
      return { message_id: sent.id };
    },
  };
  return { messages_send };
}

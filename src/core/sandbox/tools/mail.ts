import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireString } from '../args';
import { dayOfInstant } from '../dates';
import { MailNotFoundError } from '../errors/mail-not-found-error';
import type { SandboxAccess } from '../sandbox-access';
import type { InboxMail, SentMail } from '../sandbox-state';
import { asksForEverything, keywords, matchCount } from '../text/normalize';
import { emailArgument } from './email-address';
import { OWNER } from './owner';

const newestFirst = (a: InboxMail, b: InboxMail): number =>
  a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? 1 : -1;

/**
 * Inbox mails that match the most query words (sender name or address, subject, body), newest first.
 * Keeping only the best-matching group lets "Eve budget" find Eve's budget mail, not every budget mail,
 * while words no mail has ("latest", "email") do not hide the ones that match the rest.
 */
export function searchInbox(inbox: readonly InboxMail[], query: string): InboxMail[] {
  if (asksForEverything(query)) return [...inbox].sort(newestFirst);
  const words = keywords(query);
  const scored = inbox.map((m) => ({
    m,
    s: matchCount(words, `${m.fromName} ${m.fromEmail} ${m.subject} ${m.body}`),
  }));
  const best = Math.max(0, ...scored.map((x) => x.s));
  if (best === 0) return [];
  return scored
    .filter((x) => x.s === best)
    .map((x) => x.m)
    .sort(newestFirst);
}

export function mailTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const mail_search: ToolImplementation = {
    source,
    async run(args) {
      const found = searchInbox(sandbox.state().inbox, requireString(args, 'query'));
      const messages = found.map((m) => ({
        message_id: m.id,
        from_email: m.fromEmail,
        subject: m.subject,
        date: m.date,
      }));
      return { messages, count: messages.length };
    },
  };

  const mail_read: ToolImplementation = {
    source,
    async run(args) {
      const id = requireString(args, 'message_id');
      const { inbox, outbox } = sandbox.state();
      const received = inbox.find((m) => m.id === id);
      if (received) return { from_email: received.fromEmail, subject: received.subject, body: received.body };
      const sent = outbox.find((m) => m.id === id);
      if (sent) return { from_email: OWNER.email, subject: sent.subject, body: sent.body };
      throw new MailNotFoundError(id);
    },
  };

  const mail_send: ToolImplementation = {
    source,
    async run(args, signal) {
      const toEmail = emailArgument(requireString(args, 'to_email'), 'to_email');
      const subject = requireString(args, 'subject');
      const body = requireString(args, 'body');
      const sent = await sandbox.create({
        collection: 'outbox',
        tool: 'mail_send',
        idPrefix: 'sent',
        build: (id): SentMail => ({ id, toEmail, subject, body, sentAt: sandbox.now() }),
        summary: (m) =>
          `Sent email "${m.subject}" to ${m.toEmail} on ${dayOfInstant(m.sentAt)} (kept in the local outbox)`,
        signal,
      });
      return { message_id: sent.id };
    },
  };

  return { mail_search, mail_read, mail_send };
}

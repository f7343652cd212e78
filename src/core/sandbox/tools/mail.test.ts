import { describe, expect, it } from 'vitest';
import { NOW, callFails, callOk, openSandbox } from '../sandbox.test-util';

describe('mail tools', () => {
  it('mail_search finds the best-matching inbox mails, newest first', async () => {
    const sandbox = await openSandbox();
    // Eve's budget mail matches both words; other budget mails only one, so they are left out.
    expect(await callOk(sandbox, 'mail_search', { query: 'Eve budget' })).toEqual({
      messages: [
        {
          message_id: 'msg-2003',
          from_email: 'eve.novak@example.com',
          subject: 'Re: budget',
          date: '2026-11-24',
        },
      ],
      count: 1,
    });
    const offsite = await callOk(sandbox, 'mail_search', { query: 'offsite' });
    expect(
      (offsite.messages as { message_id: string; date: string }[]).map((m) => [m.message_id, m.date]),
    ).toEqual([
      ['msg-2001', '2026-11-25'],
      ['msg-2005', '2026-11-23'],
    ]);
    // Words no mail has ("latest", "email") do not hide the match on the sender.
    const anna = await callOk(sandbox, 'mail_search', { query: "Anna's latest email" });
    expect((anna.messages as { from_email: string }[])[0]?.from_email).toBe('anna.keller@example.com');
    expect(await callOk(sandbox, 'mail_search', { query: 'zeppelin' })).toEqual({ messages: [], count: 0 });
  });

  it('mail_read reads a found mail: search → read by message_id', async () => {
    const sandbox = await openSandbox();
    const found = await callOk(sandbox, 'mail_search', { query: 'invoice' });
    const id = (found.messages as { message_id: string }[])[0]!.message_id;
    const mail = await callOk(sandbox, 'mail_read', { message_id: id });
    expect(mail.from_email).toBe('grace.kim@example.com');
    expect(mail.subject).toBe('Invoice 1042');
    expect(mail.body).toContain('total 3230 EUR');
  });

  it('mail_send keeps the mail in the local outbox, readable by its id', async () => {
    const sandbox = await openSandbox();
    const sent = await callOk(sandbox, 'mail_send', {
      to_email: 'Anna.Keller@example.com',
      subject: 'Notes on the offsite',
      body: 'See you in Sintra.',
    });
    expect(sent.message_id).toBe('sent-6001');
    expect(sandbox.state().outbox).toEqual([
      {
        id: 'sent-6001',
        toEmail: 'anna.keller@example.com',
        subject: 'Notes on the offsite',
        body: 'See you in Sintra.',
        sentAt: NOW,
      },
    ]);
    expect(sandbox.changes()[0]?.summary).toBe(
      'Sent email "Notes on the offsite" to anna.keller@example.com on 2026-11-25 (kept in the local outbox)',
    );
    expect(await callOk(sandbox, 'mail_read', { message_id: 'sent-6001' })).toEqual({
      from_email: 'me@example.com',
      subject: 'Notes on the offsite',
      body: 'See you in Sintra.',
    });
  });

  it('fails on an unknown message id and a recipient that is not an address', async () => {
    const sandbox = await openSandbox();
    expect(await callFails(sandbox, 'mail_read', { message_id: 'msg-1' })).toMatchObject({
      kind: 'invalid-arguments',
      code: 'mail-not-found',
    });
    const failure = await callFails(sandbox, 'mail_send', {
      to_email: 'Anna Keller',
      subject: 's',
      body: 'b',
    });
    expect(failure).toMatchObject({ kind: 'invalid-arguments', code: 'invalid-email' });
    expect(failure.message).toContain('contacts_search');
    expect(sandbox.state().outbox).toEqual([]);
  });
});

describe('messages tools', () => {
  it('messages_send sends to a contact’s phone: search → send, kept in the outbox', async () => {
    const sandbox = await openSandbox();
    const contact = await callOk(sandbox, 'contacts_search', { name: 'Dan' });
    const sent = await callOk(sandbox, 'messages_send', {
      phone: contact.phone,
      text: 'Running 10 minutes late',
    });
    expect(sent).toEqual({ message_id: 'sms-6001' });
    expect(sandbox.state().messages).toEqual([
      { id: 'sms-6001', phone: '+1 555 0131', text: 'Running 10 minutes late', sentAt: NOW },
    ]);
  });

  it('refuses something that is not a phone number', async () => {
    const sandbox = await openSandbox();
    for (const phone of ['Dan', '12', '+1 555 01 abc'])
      expect((await callFails(sandbox, 'messages_send', { phone, text: 'hi' })).code).toBe('invalid-phone');
  });
});

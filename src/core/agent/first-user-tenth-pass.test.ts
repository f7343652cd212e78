import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';

// Requests from two sets written by people who saw only the tool list and the sandbox's data (tenth QA
// pass, the first on requests the project did not write itself); each was answered wrongly, or with
// something done that nobody asked for, before.

const run = async (request: string) =>
  (await graphOnlySandboxAgent(() => Date.parse('2026-12-06T10:00:00Z'))).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);

describe('a question about what happened asks; it does not act', () => {
  it('"Any emails from Anna about …?" searches the inbox (it sent Anna an email)', async () => {
    const r = await run('Any emails from Anna about the Christmas party?');
    expect(tools(r)).toEqual(['mail_search']);
  });

  it('"Did Hannah send over the slides yet?" searches the inbox and says what it did not find', async () => {
    const r = await run('Did Hannah send over the slides yet?');
    expect(tools(r)).toEqual(['mail_search']);
    expect(r.answer).toBe('• mail_search found no messages, so there is no message id for mail_read.');
  });

  it('"What did I write down about …?" searches the notes (it made a note)', async () => {
    const r = await run('What did I write down about the kitchen renovation quotes?');
    expect(tools(r)).toEqual(['notes_search']);
  });

  it('"Can you send …?" still asks for the act', async () => {
    const r = await run('Can you send Bob a text saying I am late?');
    expect(tools(r)).toContain('messages_send');
  });
});

describe('an email from someone is a message, not their address', () => {
  it('"What did Grace say in her invoice email?" searches the inbox (it looked Grace up)', async () => {
    const r = await run('What did Grace say in her invoice email?');
    expect(tools(r)).toEqual(['mail_search']);
    expect(r.answer).toMatch(/Invoice 1042/);
  });

  it('"What\'s Anna\'s email?" is still her address', async () => {
    const r = await run("What's Anna's email?");
    expect(tools(r)).toEqual(['contacts_search']);
  });
});

describe('a recipient given as an email address is written to by email', () => {
  const sent = (r: Awaited<ReturnType<typeof run>>) => r.calls.find((c) => c.tool === 'mail_send');

  it('"Send a short message to billing@… asking why …" emails the question (it asked for a phone number)', async () => {
    const r = await run(
      'Please send a short message to billing@acmehosting.com asking why I was charged twice this month',
    );
    expect(tools(r)).toEqual(['mail_send']);
    expect(sent(r)?.args).toMatchObject({
      to_email: 'billing@acmehosting.com',
      body: 'Why was I charged twice this month?',
    });
  });

  it('"Shoot a quick email to …: <text>" sends the text, not the framing, as subject and body', async () => {
    const r = await run(
      'Shoot a quick email to landlord@flatsrus.co.uk: the boiler is broken again, can someone come Monday?',
    );
    expect(tools(r)).toEqual(['mail_send']);
    expect(String(sent(r)?.args.subject)).not.toMatch(/shoot|quick/i);
    expect(String(sent(r)?.args.body)).toMatch(/^the boiler is broken again/);
  });

  it('"Write to hr@… letting them know …" is an email (it made a calendar event)', async () => {
    const r = await run("Write to hr@company.com letting them know I'll be out sick today");
    expect(tools(r)).toEqual(['mail_send']);
    expect(sent(r)?.args.body).toBe("I'll be out sick today");
  });
});

describe('what the person written to is asked or told is the message', () => {
  it('"Email hello@… and ask whether they make …" is one email with the question', async () => {
    const r = await run('Please email hello@ferreira-bakery.pt and ask whether they make gluten-free cakes.');
    expect(tools(r)).toEqual(['mail_send']);
    expect(r.calls[0]!.args.body).toBe('Do you make gluten-free cakes?');
  });

  it('"Text Olivia and ask if she\'s free …" texts her the question (it read a file for "text")', async () => {
    const r = await run("Text Olivia and ask if she's free to show me around Lisbon next week.");
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(r.calls[1]!.args.text).toBe('Are you free to show me around Lisbon next week?');
  });

  it('"Could you please email Alice and tell her …" is one email (it asked for the body)', async () => {
    const r = await run(
      "Could you please email Alice Martin and tell her I'd love to do lunch tomorrow? Thanks!",
    );
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(r.calls[1]!.args.body).toMatch(/^I'd love to do lunch tomorrow/);
  });
});

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

import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { linesAbout } from './lines-about';
import { withoutFillers } from './spoken';

// Requests from sets written without the agent in view (thirteenth QA pass: requests that read the user's
// data before acting on it, requests said in many voices, and the twelfth pass's held-out-5 set, read
// this time); each was answered wrongly, or with something done that nobody asked for, before.

const TODAY = Date.parse('2026-12-06T10:00:00Z');
const run = async (request: string) => (await graphOnlySandboxAgent(() => TODAY)).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const args = (r: Awaited<ReturnType<typeof run>>, tool: string) =>
  r.calls.find((c) => c.tool === tool)?.args as Record<string, unknown> | undefined;

describe("a question about one of the user's own papers", () => {
  it('"When is invoice 1042 due?" reads the invoice file (it said "None of my tools can do this")', async () => {
    const r = await run('When is invoice 1042 due?');
    expect(tools(r)).toEqual(['files_search', 'files_read']);
    expect(r.answer).toMatch(/due in 30 days/);
  });

  it('"which flight did I take to Lisbon" reads the itinerary (it gave Lisbon\'s weather)', async () => {
    const r = await run('And which flight did I take to Lisbon last time?');
    expect(tools(r)).toEqual(['files_search', 'files_read']);
    expect(r.answer).toMatch(/TP1351/);
  });

  it('"how long does my passport renewal take" is no route (it asked for an address to go to)', async () => {
    const r = await run('how long does my passport renewal take');
    expect(tools(r)).toEqual(['files_search', 'files_read']);
    expect(r.answer).toMatch(/about 6 weeks/);
  });

  it('a question no paper of the user\'s answers is left alone: "What time is it in Tokyo?"', async () => {
    const r = await run('What time is it in Tokyo?');
    expect(tools(r)).not.toContain('files_search');
  });
});

describe('amounts said in thousands', () => {
  it('"9k eur", "€1.5k" and "2k USD" are money; "a 24k run" is not', () => {
    expect(withoutFillers('convert 9k eur to gbp')).toBe('convert 9000 eur to gbp');
    expect(withoutFillers('how much is €1.5k in dollars')).toBe('how much is €1500 in dollars');
    expect(withoutFillers("what's 2k USD in yen")).toBe("what's 2000 USD in yen");
    expect(withoutFillers('log a 24k sunday run')).toBe('log a 24k sunday run');
  });

  it('"sintra place quoted 3400 eur total, whats that in gbp" converts (it searched for a place)', async () => {
    const r = await run('sintra place quoted 3400 eur total, whats that in gbp');
    expect(tools(r)).toEqual(['currency_convert']);
    expect(args(r, 'currency_convert')).toEqual({ amount: 3400, from_currency: 'EUR', to_currency: 'GBP' });
  });
});

describe('what is sent of a note', () => {
  it("the lines a thing names, with the note's title; all of it when every line or none names it", () => {
    const note = 'Product launch: Launch checklist: press kit.\nLaunch risks: payment review pending.';
    expect(linesAbout(note, 'get the launch risks from my product launch note')).toBe(
      'Product launch: Launch risks: payment review pending.',
    );
    expect(linesAbout(note, 'the launch notes')).toBe(note); // every line says "launch"
    expect(linesAbout(note, 'the headline figures')).toBe(note); // no line names them
  });

  it('"text bob the launch risks from my product launch note" texts the risks (it emailed the words)', async () => {
    const r = await run('text bob the launch risks from my product launch note');
    expect(tools(r)).toEqual(['notes_search', 'contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe(
      'Product launch: Launch risks: payment provider review still pending, docs missing for the API.',
    );
  });

  it('"Put the launch checklist from my notes into an email to Noah" emails it (it made a note)', async () => {
    const r = await run('Put the launch checklist from my notes into an email to Noah');
    expect(tools(r)).toEqual(['contacts_search', 'notes_search', 'mail_send']);
    expect(args(r, 'mail_send')?.subject).toBe('Launch checklist');
    expect(args(r, 'mail_send')?.body).toMatch(/press kit, pricing page/);
  });

  it('"text Anna the offsite agenda" texts the note, not today\'s calendar; "the agenda for tomorrow" is the calendar', async () => {
    const r = await run('text Anna the offsite agenda');
    expect(tools(r)).toEqual(['notes_search', 'contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toMatch(/day 1 roadmap/);
    const day = await run('text Anna the agenda for tomorrow');
    expect(tools(day)[0]).toBe('calendar_list_events');
  });

  it('"send carol my gift ideas" sends the note (it asked for the body)', async () => {
    const r = await run('send carol my gift ideas');
    expect(tools(r)).toEqual(['notes_search', 'contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.body).toMatch(/concert tickets/);
  });
});

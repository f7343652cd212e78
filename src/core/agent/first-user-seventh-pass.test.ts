import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { findLiterals } from './literals';

// Requests a first-time user typed into the graph-only agent on the built-in tools (seventh QA pass); each
// got a wrong tool, a wrong value or nothing done before.

const run = async (request: string) => (await graphOnlySandboxAgent()).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const call = (r: Awaited<ReturnType<typeof run>>, tool: string) => r.calls.find((c) => c.tool === tool);

describe('values as people type them', () => {
  it('"2026-12-10 09:00" is a date and a time, not a phone number; "09:00 in Lisbon" is no 0 inches', () => {
    const kinds = findLiterals('from 2026-12-10 09:00 to 2026-12-10 17:00 in Lisbon', 0).map((l) => [
      l.kind,
      l.value,
    ]);
    expect(kinds).toEqual([
      ['date', '2026-12-10'],
      ['time', '09:00'],
      ['date', '2026-12-10'],
      ['time', '17:00'],
    ]);
  });

  it('"Make a calendar event for the team offsite from … to …" creates it, ending at the second time', async () => {
    const r = await run(
      'Make a calendar event for the team offsite from 2026-12-10 09:00 to 2026-12-10 17:00 in Lisbon',
    );
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(r.calls[0]!.args).toMatchObject({
      start_time: '2026-12-10T09:00:00',
      end_time: '2026-12-10T17:00:00',
    });
    expect(r.calls[0]!.args.title).toMatch(/^team offsite\b/);
  });

  it('"tell bob i\'ll be late", all in lower case, sends Bob the words', async () => {
    const r = await run("tell bob i'll be late");
    expect(call(r, 'messages_send')?.args.text).toBe("i'll be late");
  });

  it('"send him a message that the train is delayed" sends the words after "that"', async () => {
    const r = await run("Find Hugo's email address and send him a message that the train is delayed");
    expect(call(r, 'messages_send')?.args.text).toBe('the train is delayed');
  });

  it('two addresses get an email each, with the topic as the subject', async () => {
    const r = await run('Email anna@example.com and bob@example.com about the offsite agenda');
    expect(r.calls.map((c) => [c.tool, c.args.to_email, c.args.subject])).toEqual([
      ['mail_send', 'anna@example.com', 'offsite agenda'],
      ['mail_send', 'bob@example.com', 'offsite agenda'],
    ]);
  });
});

describe('a part that refers to the place the part before found', () => {
  it('"… and remind me to go there" says where', async () => {
    const r = await run('Search for a gym in Toronto and remind me to go there on 2026-12-10 at 18:00');
    const gym = call(r, 'places_search')?.output as { name: string; address: string };
    expect(call(r, 'reminders_create')?.args.text).toBe(`go to ${gym.name}, ${gym.address}`);
  });

  it('"I need a pharmacy in Madrid, and tell me how to get there from …" finds one, then routes to it', async () => {
    const r = await run(
      'I need a pharmacy in Madrid, and tell me how to get there from 12 Calle Mayor, Madrid',
    );
    expect(tools(r)).toEqual(['places_search', 'places_directions']);
    const pharmacy = r.calls[0]!.output as { address: string };
    expect(r.calls[0]!.args.query).toBe('pharmacy Madrid');
    expect(r.calls[1]!.args).toMatchObject({
      origin_address: '12 Calle Mayor, Madrid',
      destination_address: pharmacy.address,
    });
  });
});

describe('words a person uses for numbers, fields and acts', () => {
  it('"in two days" and "twenty dollars" are numbers; the date to add to is today', async () => {
    const days = await run("What's the date in two days?");
    expect(days.calls.map((c) => [c.tool, c.args.days])).toEqual([['date_add', 2]]);
    expect(days.calls[0]!.args.date).not.toBe((days.calls[0]!.output as { date: string }).date);
    const money = await run('Convert twenty dollars to euros');
    expect(call(money, 'currency_convert')?.args).toEqual({
      amount: 20,
      from_currency: 'USD',
      to_currency: 'EUR',
    });
  });

  it('"the address of Grace" reads her contact record, which has the address', async () => {
    const r = await run('Find the address of Grace');
    expect(tools(r).at(-1)).toBe('contacts_get');
  });

  it('"Read the note about …" makes no note; "Write an email to anna …" sends one', async () => {
    const read = await run('Read the note about the offsite');
    expect(tools(read)).toEqual(['notes_search']);
    const write = await run('Write an email to anna about the trip');
    expect(tools(write)).toEqual(['contacts_search', 'mail_send']);
    expect(call(write, 'mail_send')?.args.subject).toBe('trip');
  });

  it('a street address ends with its city, not "by bike"; "anything" is no search word', async () => {
    const route = await run(
      'Find a museum in London and get directions there from 27 Upper Street, London by bike',
    );
    expect(call(route, 'places_directions')?.args).toMatchObject({
      origin_address: '27 Upper Street, London',
      mode: 'cycling',
    });
    const mail = await run('Search my emails for anything from Alice about lunch');
    expect(call(mail, 'mail_search')?.args.query).toBe('Alice lunch');
  });
});

describe('what one message says', () => {
  it('"… with subject Invoice and tell her the invoice is paid" is one email with that body', async () => {
    const r = await run('Send an email to Carol with subject Invoice and tell her the invoice is paid');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(call(r, 'mail_send')?.args).toMatchObject({ subject: 'Invoice', body: 'the invoice is paid' });
  });

  it('"Create a note with the title Ideas" asks what the note says: its title is no content', async () => {
    const r = await run('Create a note with the title Ideas');
    expect(tools(r)).toEqual([]);
    expect(r.questions.map((q) => [q.tool, q.field])).toEqual([['notes_create', 'content']]);
  });
});

describe('what a later part sends or goes to', () => {
  it('"Search notes for the offsite and email them to Carol" sends the notes themselves', async () => {
    const r = await run('Search notes for the offsite and email them to Carol');
    const mail = call(r, 'mail_send');
    expect(mail?.args.to_email).toBe('carol.diaz@example.com');
    expect(mail?.args.subject).toBe('Offsite');
    expect(String(mail?.args.body)).toMatch(/^Offsite: Offsite shortlist/);
  });

  it('"… email it to Anna" sends what the file says, named by it; "Who emailed me about …" searches the topic', async () => {
    const file = await run('Find the file about banana bread and email it to Anna');
    // The file is read and what it says is sent (fifteenth QA pass; it sent the file's path before).
    const read = call(file, 'files_read')?.output as { content: string };
    expect(call(file, 'mail_send')?.args.body).toBe(read.content);
    expect(call(file, 'mail_send')?.args.subject).toBe('Banana bread');
    const who = await run('Who emailed me about the invoice?');
    expect(call(who, 'mail_search')?.args.query).toBe('invoice');
  });

  it('"there", two parts after the place was found, is that place', async () => {
    const r = await run(
      'Look up a cafe in Berlin, email its address to Anna and add a reminder to go there on 2026-12-12 at 11:00',
    );
    const cafe = call(r, 'places_search')?.output as { name: string; address: string };
    expect(call(r, 'reminders_create')?.args.text).toBe(`go to ${cafe.name}, ${cafe.address}`);
  });
});

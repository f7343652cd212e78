import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';

// Requests a first-time user typed into the graph-only agent on the built-in tools (fifth QA pass); each
// got a wrong tool, a wrong value or a wrong "done" before.

const run = async (request: string) => (await graphOnlySandboxAgent()).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);

describe('the tool a request asks for', () => {
  it('a question about a meeting never creates one', async () => {
    const r = await run('When is my next meeting with Carol?');
    expect(tools(r)).not.toContain('calendar_create_event');
    expect(r.questions.map((q) => q.text).join(' ')).not.toMatch(/start/i);
  });

  it('"my emails from Anna" searches the mail for her, not the contact list', async () => {
    const r = await run('Show me my emails from Anna');
    expect(tools(r)[0]).toBe('mail_search');
    expect(r.calls[0]!.args).toEqual({ query: 'Anna' });
  });

  it('"find the phone number of a pharmacy" sends no text message and takes no city for a name', async () => {
    const r = await run('Find the phone number of a pharmacy in London');
    expect(tools(r)).toEqual(['places_search']);
    expect(r.calls[0]!.args.city).toBe('London');
  });

  it('"email Anna with the subject …" sends, with each labelled part in its own input', async () => {
    const r = await run('Email Anna with the subject: Offsite, body: we moved it to Friday');
    const sent = r.calls.find((c) => c.tool === 'mail_send');
    expect(tools(r)).not.toContain('mail_read');
    expect(sent?.args).toMatchObject({ subject: 'Offsite', body: 'we moved it to Friday' });
  });

  it('"… and open the first one" reads the file the search found, not an email', async () => {
    const r = await run('Find files about the quarterly report and open the first one');
    expect(tools(r)).toEqual(['files_search', 'files_read']);
    expect(r.calls[1]!.args.file_id).toBe((r.calls[0]!.output as { file_id: string }).file_id);
  });

  it('"is it cold in …" asks the weather, of a city no lexicon knows', async () => {
    const r = await run('Is it cold in Oslo right now?');
    expect(tools(r)).toEqual(['places_weather']);
    expect(r.calls[0]!.args.city).toBe('Oslo');
  });

  it('"Dave\'s email" looks up a contact, and says when there is none', async () => {
    const r = await run("Look up Dave's email and send him a message saying the report is ready");
    expect(tools(r)).toEqual(['contacts_search']);
    expect(r.calls[0]!.args).toEqual({ name: 'Dave' });
    expect(r.answer).toMatch(/No contact matches "Dave"/);
  });
});

describe('values and follow-on calls', () => {
  it('"… to pounds and then to ounces" converts the first result again, not reports it twice', async () => {
    const r = await run('convert 5 kg to pounds and then to ounces');
    expect(r.calls.map((c) => [c.tool, c.args.from_unit, c.args.to_unit])).toEqual([
      ['units_convert', 'kg', 'pounds'],
      ['units_convert', 'pounds', 'ounces'],
    ]);
    expect(r.calls[1]!.args.value).toBe((r.calls[0]!.output as { value: number }).value);
  });

  it('"with subject Hello and body See you soon" splits at the second label', async () => {
    const r = await run('Send an email to bob@example.com with subject Hello and body See you soon');
    expect(r.calls.at(-1)?.args).toMatchObject({ subject: 'Hello', body: 'See you soon' });
  });

  it('"write down that …" and "a reminder for …" keep only what is said', async () => {
    const note = await run('Write down that the wifi password is sunflower42');
    expect(note.calls[0]!.args.content).toBe('the wifi password is sunflower42');
    const reminder = await run('Add a reminder for my dentist appointment on March 3rd');
    expect(reminder.calls[0]!.args.text).toBe('my dentist appointment');
  });
});

describe('the second batch of the fifth pass', () => {
  it('"where is the nearest museum in Madrid" searches places, not the weather', async () => {
    const r = await run('Where is the nearest museum in Madrid?');
    expect(tools(r)).toEqual(['places_search']);
  });

  it('"anything scheduled on Friday" lists the calendar', async () => {
    const r = await run('Could you check whether I have anything scheduled on Friday?');
    expect(tools(r)).toEqual(['calendar_list_events']);
  });

  it('"search for emails about …" neither looks up a contact nor sends a mail', async () => {
    const r = await run('Search for emails about the product launch');
    expect(tools(r)).toEqual(['mail_search']);
    expect(r.calls[0]!.args).toEqual({ query: 'product launch' });
  });

  it('"Bob\'s address … directions there from <address>": the record, then from the given address to his', async () => {
    const r = await run("Find Bob's address and get directions there from 10 Rue de Rivoli, Paris");
    expect(tools(r)).toEqual(['contacts_search', 'contacts_get', 'places_directions']);
    const home = (r.calls[1]!.output as { address: string }).address;
    expect(r.calls[2]!.args).toMatchObject({
      origin_address: '10 Rue de Rivoli, Paris',
      destination_address: home,
    });
  });

  it('"walk there from Gare du Nord" goes to the place found before', async () => {
    const r = await run('Find the Louvre and tell me how long it takes to walk there from Gare du Nord');
    const found = (r.calls[0]!.output as { address: string }).address;
    expect(r.calls.at(-1)?.args).toMatchObject({
      origin_address: 'Gare du Nord',
      destination_address: found,
    });
  });

  it('"send its address to Bob" sends the address of the place found before', async () => {
    const r = await run('Look up the Louvre and send its address to Bob by email');
    const sent = r.calls.find((c) => c.tool === 'mail_send');
    expect(sent?.args.body).toContain((r.calls[0]!.output as { address: string }).address);
    expect(sent?.args.subject).not.toMatch(/\bits\b/);
  });

  it('"an event called Team sync next Monday from 10:00 to 11:00" has the title without the times', async () => {
    const r = await run('Create an event called Team sync next Monday from 10:00 to 11:00');
    expect(r.calls[0]!.args.title).toBe('Team sync');
  });

  it('"invite Anna to lunch" looks her up for the optional attendee, and titles the lunch', async () => {
    const r = await run('Invite Anna to lunch on Friday at 1pm');
    expect(tools(r)).toEqual(['contacts_search', 'calendar_create_event']);
    expect(r.calls[1]!.args).toMatchObject({
      title: 'Lunch with Anna',
      attendee_email: (r.calls[0]!.output as { email: string }).email,
    });
  });
});

describe('the third batch of the fifth pass', () => {
  it('"Tell Carol I\'ll be there at 5" sends the words as said, the time included', async () => {
    const r = await run("Tell Carol I'll be there at 5");
    expect(r.calls.at(-1)?.args.text).toBe("I'll be there at 5");
    const full = await run('Tell Anna Keller the meeting moved to Friday');
    expect(full.calls.at(-1)?.args.text).toBe('the meeting moved to Friday');
  });

  it('"read my notes about …" searches the notes, "check my inbox" lists the newest mail', async () => {
    expect(tools(await run('Read my notes about the offsite'))).toEqual(['notes_search']);
    const inbox = await run('Please check my inbox');
    expect(inbox.calls[0]?.tool).toBe('mail_search');
    expect(inbox.questions).toEqual([]);
  });

  it('a route end written as a street address keeps the street, not only its city', async () => {
    const r = await run('How long does it take to drive from 27 Upper Street, London to the Louvre?');
    expect(r.calls.at(-1)?.args.origin_address).toBe('27 Upper Street, London');
  });

  it('"2 weeks from next Friday" is date arithmetic', async () => {
    const r = await run('What is 2 weeks from next Friday?');
    expect(r.calls.map((c) => [c.tool, c.args.days])).toEqual([['date_add', 14]]);
  });

  it('an email "saying …" takes its subject from what it says; "set up a meeting" is no title "up …"', async () => {
    const mail = await run('Send Bob an email saying thanks for the report');
    expect(mail.calls.at(-1)?.args).toMatchObject({
      subject: 'thanks for the report',
      body: 'thanks for the report',
    });
    const meeting = await run('Set up a meeting with Carol and Bob next Wednesday at 11');
    expect(meeting.calls.at(-1)?.args.title).toBe('Meeting with Carol and Bob');
  });

  it('a file "called q3-report" is searched by its name, and a reminder has no question mark', async () => {
    expect((await run('Open the file called q3-report')).calls[0]?.args).toEqual({ query: 'q3-report' });
    const reminder = await run('Can you remind me to call the bank on Monday morning?');
    expect(reminder.calls[0]?.args.text).toBe('call the bank');
  });
});

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
    expect(r.answer).toMatch(/mail_search: no messages/);
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
  it('"What did Grace say in her invoice email?" reads it from the inbox (it looked Grace up)', async () => {
    const r = await run('What did Grace say in her invoice email?');
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(r.answer).toMatch(/subject Invoice 1042, body/);
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

describe('calendar entries as people ask for them', () => {
  it('"Block out 2 to 4 pm tomorrow as \'Focus time\'" makes the event (it looked for a free slot)', async () => {
    const r = await run("Block out 2 to 4 pm tomorrow as 'Focus time'.");
    expect(r.calls.map((c) => [c.tool, c.args.start_time, c.args.end_time, c.args.title])).toEqual([
      ['calendar_create_event', '2026-12-07T14:00:00', '2026-12-07T16:00:00', 'Focus time'],
    ]);
  });

  it('"Put \'Christmas shopping\' in my calendar on the 19th from 10 to 1" (it asked for the start)', async () => {
    const r = await run("Put 'Christmas shopping' in my calendar on the 19th from 10 to 1.");
    expect(r.calls.map((c) => [c.tool, c.args.start_time, c.args.end_time])).toEqual([
      ['calendar_create_event', '2026-12-19T10:00:00', '2026-12-19T13:00:00'],
    ]);
  });

  it('"Add dinner with Priya on Thursday at 7 and invite her" is one event (date_add asked for days)', async () => {
    const r = await run('Add dinner with Priya on Thursday at 7 and invite her.');
    expect(r.calls.map((c) => [c.tool, c.args.title, c.args.start_time])).toEqual([
      ['calendar_create_event', 'dinner with Priya', '2026-12-10T19:00:00'],
    ]);
  });

  it('"… and invite her" invites the contact the event is with', async () => {
    const r = await run("Add a 1-hour 'Call with Grace' on Friday at 3pm and invite her.");
    expect(r.calls.map((c) => c.tool)).toEqual(['contacts_search', 'calendar_create_event']);
    expect(r.calls[1]!.args).toMatchObject({
      title: 'Call with Grace',
      attendee_email: 'grace.kim@example.com',
      start_time: '2026-12-11T15:00:00',
      end_time: '2026-12-11T16:00:00',
    });
  });

  it('"Move my lunch with Alice to 13:00" still makes nothing new', async () => {
    const r = await run('Move my lunch with Alice to 13:00');
    expect(r.calls.map((c) => c.tool)).not.toContain('calendar_create_event');
  });
});

describe('the other branch of a condition', () => {
  it('"If it\'s sunny, text Lucia …; if not, text her …" sends the second when it is not sunny', async () => {
    const r = await run(
      "What's the weather in Madrid on the 10th? If it's sunny, text Lucia to book the terrace; if not, text her to book inside",
    );
    const weather = r.calls.find((c) => c.tool === 'places_weather');
    expect(weather?.args).toMatchObject({ city: 'Madrid', date: '2026-12-10' });
    const sunny = /sunny/.test(String((weather?.output as { condition?: string })?.condition));
    const texts = r.calls.filter((c) => c.tool === 'messages_send').map((c) => c.args.text);
    expect(texts).toEqual([sunny ? 'Book the terrace' : 'Book inside']);
    // Nothing learnt from the demonstrations runs first for a request unlike them.
    expect(r.calls[0]!.tool).toBe('places_weather');
  });

  it('"…; otherwise remind me …" is the same', async () => {
    const r = await run(
      "If it's going to rain in London tomorrow, remind me at 8am to take an umbrella; otherwise remind me to bring sunglasses",
    );
    const reminders = r.calls.filter((c) => c.tool === 'reminders_create');
    expect(reminders).toHaveLength(1);
  });
});

describe('documents, paths and what they say', () => {
  it('"Find the passport renewal doc" searches the files (it asked for a contact\'s name)', async () => {
    const r = await run('Find the passport renewal doc');
    expect(r.calls.map((c) => [c.tool, c.args.query])).toEqual([['files_search', 'passport renewal doc']]);
  });

  it('"What\'s in /Documents/Finance/invoice-1042.txt?" reads the file the path names', async () => {
    const r = await run("What's in /Documents/Finance/invoice-1042.txt?");
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([
      ['files_search', 'ok'],
      ['files_read', 'ok'],
    ]);
    expect(r.calls[0]!.args.query).toBe('invoice 1042');
  });

  it('"What does my lease say about …?" finds the lease and reads it', async () => {
    const r = await run('What does my lease say about the notice period?');
    expect(r.calls.map((c) => [c.tool, c.args.query ?? c.args.file_id])).toEqual([
      ['files_search', 'lease'],
      ['files_read', 'f-5002'],
    ]);
  });

  it('a document kept in the inbox is searched there; "What\'s in my inbox?" lists it', async () => {
    expect(tools(await run('Search my inbox for the contract from Lumen Studios.'))).toEqual(['mail_search']);
    expect(tools(await run("What's in my inbox?"))).toEqual(['mail_search']);
  });

  it('"Open my notes on the book club" searches the notes (it made a note, then listed the calendar)', async () => {
    expect(tools(await run('Open my notes on the book club.'))).toEqual(['notes_search']);
  });

  it('"Make a packing list note for Berlin: …" makes the note with the list (it searched the notes)', async () => {
    const r = await run('Make a packing list note for Berlin: coat, scarf, charger, passport.');
    expect(r.calls.map((c) => [c.tool, c.args.content])).toEqual([
      ['notes_create', 'coat, scarf, charger, passport'],
    ]);
  });
});

describe('amounts and dashes as people type them', () => {
  it('"Make sure I don\'t forget … - remind me tomorrow at 10am" reminds (it searched for a dentist)', async () => {
    const r = await run("Make sure I don't forget to call the dentist back - remind me tomorrow at 10am.");
    expect(r.calls.map((c) => [c.tool, c.args.due_time])).toEqual([
      ['reminders_create', '2026-12-07T10:00:00'],
    ]);
    expect(String(r.calls[0]!.args.text)).toMatch(/call the dentist back/);
  });

  it('"Thirty degrees C - what\'s that in F?" converts 30 °C (it asked for the unit)', async () => {
    const r = await run("Thirty degrees C - what's that in F?");
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['units_convert', { value: 30, from_unit: 'celsius', to_unit: 'fahrenheit' }],
    ]);
  });

  it('"… 2,000 Canadian dollars … - what\'s that in euros?" converts 2000 CAD (it looked Maya up; 2 USD before)', async () => {
    const r = await run("Maya's sending me 2,000 Canadian dollars for the deposit - what's that in euros?");
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['currency_convert', { amount: 2000, from_currency: 'CAD', to_currency: 'EUR' }],
    ]);
  });
});

describe('more of the independent sets', () => {
  it('"… set up coffee with him Thursday at 10 and send him the invite" is one event with Dan invited', async () => {
    const r = await run(
      "What's Dan's email address? Then set up coffee with him Thursday at 10 and send him the invite.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'contacts_get', 'calendar_create_event']);
    expect(r.calls[2]!.args).toMatchObject({
      attendee_email: 'dan.okafor@example.com',
      start_time: '2026-12-10T10:00:00',
    });
  });

  it('"Reply to Bob\'s question … and tell him …" emails Bob the words (it texted him)', async () => {
    const r = await run(
      "Reply to Bob's question about the product launch and tell him the launch date is still January 15.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(r.calls[1]!.args.body).toBe('the launch date is still January 15');
  });

  it('"Look up the offsite menu Ines sent …" searches the inbox, not the contacts', async () => {
    const r = await run('Look up the offsite menu Ines sent and save it as a note.');
    expect(r.calls[0]!.tool).toBe('mail_search');
  });

  it('"Ines sent something … - could you read it and email her back saying …" reads that mail and replies', async () => {
    const r = await run(
      "Oh and Ines sent something about the offsite menu - could you read it and email her back saying it all looks lovely and I can't wait?",
    );
    expect(tools(r)).toEqual(['mail_search', 'mail_read', 'mail_send']);
    expect(r.calls[2]!.args).toMatchObject({
      to_email: 'ines.silva@example.com',
      body: "it all looks lovely and I can't wait",
    });
  });

  it('"Write a note with title \'Words to learn\': schedule, appointment, …" is a note with that title', async () => {
    const r = await run("Write a note with title 'Words to learn': schedule, appointment, receipt, although");
    expect(r.calls.map((c) => [c.tool, c.args.title, c.args.content])).toEqual([
      ['notes_create', 'Words to learn', 'schedule, appointment, receipt, although'],
    ]);
  });

  it('"What does my marathon training note say …?" searches the notes; "What did Grace say in her … email?" reads it', async () => {
    expect(tools(await run('What does my marathon training note say about long runs?'))).toEqual([
      'notes_search',
    ]);
    const grace = await run('What did Grace say in her invoice email?');
    expect(grace.calls.map((c) => [c.tool, c.args.query ?? c.args.message_id])).toEqual([
      ['mail_search', 'Grace invoice'],
      ['mail_read', 'msg-2007'],
    ]);
  });

  it('"How\'s Monday looking?" lists Monday (no tool before)', async () => {
    const r = await run("How's Monday looking?");
    expect(r.calls.map((c) => [c.tool, c.args.date])).toEqual([['calendar_list_events', '2026-12-07']]);
  });
});

describe('keeping what a part found', () => {
  it('"Read Jonas\'s marathon email and save his tips as a new note" keeps the mail (it kept "his tips as a new note")', async () => {
    const r = await run("Read Jonas's marathon email and save his tips as a new note.");
    const note = r.calls.find((c) => c.tool === 'notes_create');
    expect(note?.args.title).toBe('Marathon training');
    expect(String(note?.args.content)).toMatch(/Long run Sunday 24 km/);
  });

  it('"… and save them to a file" with no tool that writes files says so (it asked for a file id to read)', async () => {
    const r = await run('Find my notes about the budget and save them to a file');
    expect(tools(r)).toEqual(['notes_search']);
    expect(r.answer).toMatch(/None of my tools can do this: "save them to a file"/);
  });
});

describe('a third set, typed in a hurry or said aloud', () => {
  it('"Um, hey, can you uh, can you email Alice and tell her …, and, um, yeah that\'s it" emails her (it texted)', async () => {
    const r = await run(
      "Um, hey, can you uh, can you email Alice and tell her that I'm still good for lunch tomorrow and, um, yeah that's it",
    );
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(r.calls[1]!.args.body).toBe("I'm still good for lunch tomorrow");
  });

  it('"Um hi, so I\'m meeting Bob on Tuesday and I wanted to, uh, find a café …" makes no event', async () => {
    const r = await run(
      "Um hi, so I'm meeting Bob on Tuesday and I wanted to, uh, find a café near where he lives in Paris",
    );
    expect(tools(r)).not.toContain('calendar_create_event');
  });

  it('"gimme the phone # and email for kenji" looks him up and sends nothing (it texted and emailed him)', async () => {
    const r = await run('gimme the phone # and email for kenji');
    expect(tools(r)).toEqual(['contacts_search']);
  });

  it('"check my notes for …" and "get the key points from my offsite note" search, never make a note', async () => {
    expect(tools(await run('check my notes for anything about the garden'))).toEqual(['notes_search']);
    const r = await run(
      "Please schedule 'Offsite prep' on 9 December at 15:00 for 45 minutes, invite Anna Keller, and email her the key points from my offsite note.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'calendar_create_event', 'notes_search', 'mail_send']);
    expect(r.calls[1]!.args).toMatchObject({
      title: 'Offsite prep',
      attendee_email: 'anna.keller@example.com',
    });
    expect(String(r.calls[3]!.args.body)).toMatch(/Offsite shortlist/);
  });

  it('"create a reminder … for the dinner with Hugo" is a reminder (the dinner made it an event)', async () => {
    const r = await run(
      'Please create a reminder for 8 December at 18:00 to buy flowers for the dinner with Hugo.',
    );
    expect(r.calls.map((c) => [c.tool, c.args.due_time])).toEqual([
      ['reminders_create', '2026-12-08T18:00:00'],
    ]);
  });

  it('"Give me the date 45 days after …" still adds days', async () => {
    const r = await run('Give me the date 45 days after 2026-12-10.');
    expect(r.calls.map((c) => [c.tool, c.output])).toEqual([['date_add', { date: '2027-01-24' }]]);
  });
});

describe('what stays one thing, and light verbs', () => {
  it('"… search for Italian restaurants" after a comma is still a part of its own (the noun rule is for "email for")', async () => {
    const { splitSubIntents } = await import('./sub-intents');
    expect(
      splitSubIntents(
        'Encrypt the joke with the key "secret", search for Italian restaurants in New York',
      ).map((p) => p.text),
    ).toEqual(['Encrypt the joke with the key "secret"', 'search for Italian restaurants in New York']);
    expect(splitSubIntents('give me the phone # and email for kenji').map((p) => p.text)).toEqual([
      'give me the phone # and email for kenji',
    ]);
  });

  it('"make a reservation" reserves, "make a note" creates', async () => {
    const { relevance } = await import('./target-choice');
    const { catalogueTool, stringField } = await import('./agent-fixtures.test-util');
    const reserve = catalogueTool(
      'Hotels.ReserveHotel',
      'Reserve a hotel room',
      { hotel_name: stringField('The hotel') },
      ['hotel_name'],
      { booking_id: stringField('The booking') },
    );
    const event = catalogueTool(
      'create_calendar_event',
      'Create a calendar event',
      { title: stringField('The title') },
      ['title'],
      { event_id: stringField('The event') },
    );
    expect(relevance('make a reservation', reserve)).toBeGreaterThan(relevance('make a reservation', event));
    expect(relevance('make a note of it', event)).toBeGreaterThan(0);
  });
});

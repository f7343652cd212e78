import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { withCountedItems, withRecordsListed } from './counted-items';
import { withMisspeltWordsCorrected } from './misspelt-words';
import { heldDraft, withoutRetracted } from './retractions';
import { withSharedMessage } from './shared-message';
import { recurrenceSaid, withoutTrailingRecurrence } from './recurrence';

// Requests from sets written without the agent in view (fourteenth QA pass: requests about several people
// or things at once, and requests that ask rather than do); each was answered wrongly, or with something
// done that nobody asked for, before.

const TODAY = Date.parse('2026-12-06T10:00:00Z');
const run = async (request: string) => (await graphOnlySandboxAgent(() => TODAY)).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const args = (r: Awaited<ReturnType<typeof run>>, tool: string, nth = 0) =>
  r.calls.filter((c) => c.tool === tool)[nth]?.args as Record<string, unknown> | undefined;

describe('a draft the user reads first is never sent', () => {
  it('"Draft a message to Hugo … - but don\'t send it, I want to read it first" sends nothing, shows the draft', async () => {
    const r = await run(
      "Draft a short message to Hugo saying I'm looking forward to dinner on Tuesday - but don't send it, I want to read it first",
    );
    expect(tools(r)).toEqual([]);
    expect(r.answer).toBe(
      'Nothing was sent. Here is the draft: "I\'m looking forward to dinner on Tuesday".',
    );
  });

  it('the hold said in a sentence of its own, or as "for me to check", holds too', () => {
    expect(withoutRetracted("Draft an email to Anna about the offsite. Don't send it yet.")).toBe('');
    expect(withoutRetracted('Write an email to Eve confirming the budget review for me to check')).toBe('');
    expect(heldDraft('Write a text to Dan saying running late, do not send it')).toBe('running late');
    expect(heldDraft('Email Dan saying running late')).toBeNull();
  });

  it('a long pasted text is not read for a draft, and costs no more than before (it took 160 ms at 10k characters)', () => {
    const long = Array.from(
      { length: 1500 },
      (_, i) => ['draft', 'a', 'message', 'to', 'Hugo', "don't", 'send'][i % 7],
    ).join(' ');
    const t0 = performance.now();
    expect(heldDraft(long)).toBeNull();
    withoutRetracted(long);
    expect(performance.now() - t0).toBeLessThan(100);
  });

  it('"Draft an email to Anna saying yes to Sintra and send it" sends the draft (the body was her contact record)', async () => {
    const r = await run('Draft an email to Anna saying yes to Sintra and send it');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')).toMatchObject({
      to_email: 'anna.keller@example.com',
      body: 'yes to Sintra',
    });
  });
});

describe("what the user will do is no act of the agent's", () => {
  it('"Before I invite Alice to anything, could you check which email I\'ve got for her?" only looks her up', async () => {
    const r = await run("Before I invite Alice to anything, could you check which email I've got for her?");
    expect(tools(r)).toEqual(['contacts_search']);
    expect(r.questions).toEqual([]);
  });

  it('"I\'m wondering whether to invite Carol along … - does she still live in London?" asks no start time', async () => {
    const r = await run(
      "I'm wondering whether to invite Carol along to the museum visit - does she still live in London?",
    );
    expect(tools(r)).toEqual(['contacts_search']);
    expect(r.questions).toEqual([]);
  });
});

describe('a wish put as a question', () => {
  it('"Is it possible to block out Saturday 8 till 10 for my long run?" books it, titled "long run"', async () => {
    const r = await run('Is it possible to block out Saturday 8 till 10 for my long run?');
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(args(r, 'calendar_create_event')).toEqual({
      title: 'long run',
      start_time: '2026-12-12T08:00:00',
      end_time: '2026-12-12T10:00:00',
    });
  });

  it('"is it possible to walk from … to …" is still a question about the world', () => {
    expect(withoutRetracted("is it possible to walk from Alice's to the museum?")).toBe(
      "is it possible to walk from Alice's to the museum?",
    );
  });
});

describe('an event asked about by its short name', () => {
  it('"tell me when the dentist is" reads the calendar (it searched for a dentist)', async () => {
    const r = await run('tell me when the dentist is');
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(args(r, 'calendar_list_events')).toEqual({ date: '2026-12-07' });
    expect(r.answer).toMatch(/Dentist appointment.*16:00/);
  });

  it('"where the call with Anna on Friday is meant to be" is the video call\'s place (it looked Anna up)', async () => {
    const r = await run('Would you mind checking where the call with Anna on Friday is meant to be?');
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(r.answer).toMatch(/27 Upper Street/);
  });

  it('"Tell me where the museum visit is" is a question, not a message (it also gave the weather)', async () => {
    const r = await run('Tell me where the museum visit is');
    expect(tools(r)).toEqual(['calendar_list_events']);
  });

  it('"when is the museum open" is not the museum visit', async () => {
    const r = await run('when is the museum open');
    expect(tools(r)).not.toContain('calendar_list_events');
  });
});

describe('several people or things at once', () => {
  it('"email kenji and text maya: happy new year in advance!!" says it to both (the email asked for a body)', async () => {
    const r = await run('email kenji and text maya: happy new year in advance!!');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send', 'contacts_search', 'messages_send']);
    expect(args(r, 'mail_send')?.body).toBe('happy new year in advance');
    expect(args(r, 'messages_send')?.text).toBe('happy new year in advance');
  });

  it('a send naming only its recipient takes what the next send says, and only then', () => {
    const part = (rank: number, text: string) => ({ rank, text, dependsOn: [] });
    expect(
      withSharedMessage([part(0, 'text carol'), part(1, 'email alice that we are hiring')]).map(
        (p) => p.text,
      ),
    ).toEqual(['text carol that we are hiring', 'email alice that we are hiring']);
    expect(withSharedMessage([part(0, 'text carol'), part(1, "what's the weather")])[0]!.text).toBe(
      'text carol',
    );
  });

  it('"Two reminders: pay rent on the 11th, and start my passport renewal on 5 January." sets two', async () => {
    const r = await run('Two reminders: pay rent on the 11th, and start my passport renewal on 5 January.');
    expect(tools(r)).toEqual(['reminders_create', 'reminders_create']);
    expect(args(r, 'reminders_create', 0)).toEqual({ text: 'pay rent', due_time: '2026-12-11' });
    expect(args(r, 'reminders_create', 1)).toEqual({
      text: 'start my passport renewal',
      due_time: '2027-01-05',
    });
  });

  it("\"Make two notes: 'A' saying …, and 'B' saying …\" makes two, their commas kept", async () => {
    const r = await run(
      "Make two notes: 'Offsite menu' saying ask Ines about a vegetarian menu, and 'Launch blockers' saying payment review pending, API docs missing.",
    );
    expect(tools(r)).toEqual(['notes_create', 'notes_create']);
    expect(args(r, 'notes_create', 1)).toEqual({
      title: 'Launch blockers',
      content: 'payment review pending, API docs missing',
    });
  });

  it('a list that does not have as many items as counted is left as said', () => {
    expect(withCountedItems('Three reminders: pay rent, and call Mum')).toBe(
      'Three reminders: pay rent, and call Mum',
    );
  });
});

describe('words typed without their apostrophe', () => {
  it('"whats on today" lists today (it said "None of my tools can do this")', async () => {
    const r = await run('whats on today');
    expect(tools(r)).toEqual(['calendar_list_events']);
  });

  it('"dont", "im", "wheres", "isnt" are read as said; "wont" only before a verb', () => {
    expect(withMisspeltWordsCorrected('dont text dan im late, wheres the lease, isnt it due')).toBe(
      "don't text dan I'm late, where's the lease, isn't it due",
    );
    expect(withMisspeltWordsCorrected('the wont of it')).toBe('the wont of it');
  });
});

describe('how often, said as a word', () => {
  it('"the quarterly planning notes" is no recurrence; "remind me weekly to …" and a trailing "daily" are', () => {
    expect(recurrenceSaid('text Carol that the quarterly planning notes say we are hiring')).toBeUndefined();
    expect(recurrenceSaid('remind me weekly to water the plants')).toBe('weekly');
    expect(withoutTrailingRecurrence('text Bob good morning daily')).toBe('text Bob good morning');
  });
});

describe('questions the apostrophe fix let through to the tools', () => {
  it('"whats the address for hugo" reads his record (it stopped at the contact search, which has no address)', async () => {
    const r = await run('whats the address for hugo');
    expect(tools(r)).toEqual(['contacts_search', 'contacts_get']);
    expect(r.answer).toMatch(/80 Rue de Rivoli/);
  });

  it('"what\'s the address of the museum" is one place search, not two', async () => {
    const r = await run("what's the address of the museum");
    expect(tools(r)).toEqual(['places_search']);
  });

  it('"hows ur day goin lol" is small talk (it asked for a date to add days to)', async () => {
    const r = await run('hows ur day goin lol');
    expect(tools(r)).toEqual([]);
    expect(r.questions).toEqual([]);
    expect(r.answer).toMatch(/^All well here/);
  });
});

describe('an act no tool can do, and a message saying it is done', () => {
  it('"Pay Grace\'s invoice … and then tell her it\'s been paid" does neither (the text went)', async () => {
    const r = await run("Pay Grace's invoice 1042 from my bank account and then tell her it's been paid.");
    expect(tools(r)).toEqual([]);
    expect(r.answer).toBe(
      '✗ None of my tools can do this: "Pay Grace\'s invoice 1042 from my bank account and then tell her it\'s been paid".',
    );
  });

  it('"Buy concert tickets for Bob, then email him that I\'ve bought them": no email; "concert" stays', async () => {
    const r = await run("Buy concert tickets for Bob, then email him that I've bought them");
    expect(tools(r)).toEqual([]);
    expect(r.answer).toMatch(/Buy concert tickets/);
  });

  it('a message that claims nothing is still sent after a refused act', async () => {
    const r = await run('Pay the invoice and text Carol that I am running late');
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });
});

describe("someone's details sent to someone else", () => {
  it('"text Bob the address of Anna" goes to Bob (it went to Anna, whose record was read for her address)', async () => {
    const r = await run('text Bob the address of Anna');
    expect(args(r, 'messages_send')).toEqual({
      phone: '+1 555 0117',
      text: 'Anna Keller: 14 Kastanienallee, Berlin',
    });
  });

  it('"send Anna\'s address to Bob" emails Bob (it emailed Anna)', async () => {
    const r = await run("send Anna's address to Bob");
    expect(args(r, 'mail_send')?.to_email).toBe('bob.chen@example.com');
    expect(args(r, 'mail_send')?.body).toMatch(/14 Kastanienallee, Berlin/);
  });

  it('"text Bob Anna\'s phone number" sends her number (it sent the words "Anna\'s phone number")', async () => {
    const r = await run("text Bob Anna's phone number");
    expect(args(r, 'messages_send')).toEqual({
      phone: '+1 555 0117',
      text: 'Anna Keller: +49 151 5550 1234',
    });
  });

  it('"email Carol Hugo\'s address" sends the email (it read Carol\'s record and sent nothing)', async () => {
    const r = await run("email Carol Hugo's address");
    expect(args(r, 'mail_send')).toMatchObject({
      to_email: 'carol.diaz@example.com',
      body: 'Hugo Laurent: 80 Rue de Rivoli, Paris',
    });
  });

  it('"find Anna\'s number and text her that I\'m late" still texts Anna', async () => {
    const r = await run("find Anna's number and text her that I'm late");
    expect(args(r, 'messages_send')).toEqual({ phone: '+49 151 5550 1234', text: "I'm late" });
  });

  it('"Forward Frank\'s hiring plan email to Anna" forwards the email, not a note', async () => {
    const r = await run("Forward Frank's hiring plan email to Anna.");
    expect(tools(r)).toEqual(['contacts_search', 'mail_search', 'mail_read', 'mail_send']);
  });
});

describe('one verb, two records', () => {
  it('"Add an event … called \'Garden: tulips\' and a reminder on Friday at 6pm to buy compost" makes both', async () => {
    const r = await run(
      "Add an event next Saturday 10:00-12:00 called 'Garden: tulips' and a reminder on Friday at 6pm to buy compost.",
    );
    expect(tools(r)).toEqual(['calendar_create_event', 'reminders_create']);
    expect(args(r, 'calendar_create_event')).toEqual({
      title: 'Garden: tulips',
      start_time: '2026-12-12T10:00:00',
      end_time: '2026-12-12T12:00:00',
    });
    expect(args(r, 'reminders_create')).toEqual({ text: 'buy compost', due_time: '2026-12-11T18:00:00' });
  });

  it('"a cake and a card" are no records; an "and a" inside quotes splits nothing', () => {
    expect(withRecordsListed('Add a reminder to buy a cake and a card tomorrow')).toBe(
      'Add a reminder to buy a cake and a card tomorrow',
    );
    expect(withRecordsListed("Add an event called 'Lunch and a note' at 1pm")).toBe(
      "Add an event called 'Lunch and a note' at 1pm",
    );
  });

  it('"Email Hugo and text Bob to confirm our plans …" writes to both', async () => {
    const r = await run('Email Hugo and text Bob to confirm our plans in Paris on Tuesday.');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send', 'contacts_search', 'messages_send']);
  });
});

describe('questions about a meeting', () => {
  it('"What came out of the last quarterly planning meeting?" reads its notes (it listed today\'s events)', async () => {
    const r = await run('What came out of the last quarterly planning meeting?');
    expect(tools(r)).toEqual(['files_search', 'files_read']);
    expect(r.answer).toMatch(/ship the API docs before launch/);
  });

  it('"if I pushed dinner with Hugo to 8pm, would that clash with anything?" lists that day (it looked Hugo up)', async () => {
    const r = await run(
      'Hypothetically, if I pushed dinner with Hugo to 8pm, would that clash with anything?',
    );
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(args(r, 'calendar_list_events')).toEqual({ date: '2026-12-08' });
    expect(r.answer).toMatch(/Catch-up with Bob.*Dinner with Hugo/);
  });
});

describe('a condition on a calendar event', () => {
  it('"If the dentist is on Wednesday, set a reminder for the evening before" checks Wednesday: not done', async () => {
    const r = await run('If the dentist is on Wednesday, set a reminder for the evening before.');
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(args(r, 'calendar_list_events')).toEqual({ date: '2026-12-09' });
    expect(r.questions).toEqual([]);
    expect(r.answer).toMatch(/Not done/);
  });

  it('"If the dentist appointment is on Monday, remind me to floss the evening before" holds: Sunday 19:00', async () => {
    const r = await run('If the dentist appointment is on Monday, remind me to floss the evening before');
    expect(tools(r)).toEqual(['calendar_list_events', 'reminders_create']);
    expect(args(r, 'reminders_create')).toEqual({ text: 'floss', due_time: '2026-12-06T19:00:00' });
  });

  it('"If lunch with Alice tomorrow is at 1, text her …": it is at 12:30, so nothing is sent; at 12:30 it is', async () => {
    const no = await run("If lunch with Alice tomorrow is at 1, text her that I'll be 15 minutes late.");
    expect(tools(no)).toEqual(['calendar_list_events']);
    const yes = await run("If lunch with Alice tomorrow is at 12:30, text her that I'll be 15 minutes late.");
    expect(args(yes, 'messages_send')).toEqual({ phone: '+1 555 0110', text: "I'll be 15 minutes late" });
  });

  it('"unless lunch with Alice is tomorrow, text Carol …": it is, so nothing is sent', async () => {
    const r = await run("unless lunch with Alice is tomorrow, text Carol I'm free");
    expect(tools(r)).toEqual(['calendar_list_events']);
  });
});

describe('held-out-8, read this time', () => {
  it('"convert 5 US gallons to litres" and "How many kilos is 12 stone?" convert (each asked for a unit)', async () => {
    const a = await run('convert 5 US gallons to litres');
    expect(args(a, 'units_convert')).toMatchObject({ value: 5, from_unit: 'gallons' });
    const b = await run('How many kilos is 12 stone?');
    expect(args(b, 'units_convert')).toEqual({ value: 12, from_unit: 'stone', to_unit: 'kg' });
  });

  it('"Add Jonas\'s long run … to my calendar" invites nobody (Jonas was looked up to be invited)', async () => {
    const r = await run(
      "Add Jonas's long run next Sunday to my calendar, 8 to 10:30, Hyde Park, 10 Park Lane",
    );
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(args(r, 'calendar_create_event')?.attendee_email).toBeUndefined();
  });

  it('"Budget review is on the 14th now. What date is three weeks after that?" adds 21 days to the 14th', async () => {
    const r = await run('Budget review is on the 14th now. What date is three weeks after that?');
    expect(args(r, 'date_add')).toEqual({ date: '2026-12-14', days: 21 });
    const s = await run("The review is on the 14th. What's 3 weeks after that?");
    expect(args(s, 'date_add')).toEqual({ date: '2026-12-14', days: 21 });
  });

  it('"Make a new note called Q3 summary with the headline numbers from the Q3 report" reads the report first', async () => {
    const r = await run('Make a new note called Q3 summary with the headline numbers from the Q3 report');
    expect(tools(r)).toEqual(['files_search', 'files_read', 'notes_create']);
    expect(args(r, 'notes_create')?.title).toBe('Q3 summary');
    expect(args(r, 'notes_create')?.content).toMatch(/revenue up 8%/);
  });

  it('"I need a free two hour block on Friday the 11th to prep for …. Find one and book it." books it', async () => {
    const r = await run(
      'I need a free two hour block on Friday the 11th to prep for the budget review. Find one and book it.',
    );
    expect(tools(r)).toEqual(['calendar_find_free_slot', 'calendar_create_event']);
    expect(args(r, 'calendar_create_event')?.title).toBe('Prep for the budget review');
  });

  it('"Open Frank\'s email about hiring and copy the interview loop into a new note" reads the mail first', async () => {
    const r = await run("Open Frank's email about hiring and copy the interview loop into a new note");
    expect(tools(r)).toEqual(['mail_search', 'mail_read', 'notes_create']);
  });
});

describe('what someone sent or asked, asked about', () => {
  it('"find out what Grace\'s invoice comes to" reads her email (it looked Grace up)', async () => {
    const r = await run("find out what Grace's invoice comes to");
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(r.answer).toMatch(/total 3230 EUR/);
  });

  it('"tell me what jonas wants to do next sunday" reads his email (it looked Jonas up)', async () => {
    const r = await run('tell me what jonas wants to do next sunday');
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(args(r, 'mail_search')).toEqual({ query: 'Jonas' });
    expect(r.answer).toMatch(/Long run Sunday 24 km/);
  });
});

describe('whether the user wrote to someone', () => {
  it('"did I already email Anna about the offsite?" searches the mail for her and the offsite (it looked her up)', async () => {
    const r = await run('did I already email Anna about the offsite?');
    expect(tools(r)).toEqual(['mail_search']);
    expect(args(r, 'mail_search')).toEqual({ query: 'Anna offsite' });
  });
});

describe('a message saying a doable act is done still goes', () => {
  it('"Book a meeting with Anna tomorrow at 3 and tell her it\'s booked" books it and tells her', async () => {
    const r = await run("Book a meeting with Anna tomorrow at 3 and tell her it's booked");
    expect(tools(r)).toContain('calendar_create_event');
    expect(args(r, 'calendar_create_event')?.title).toBe('Meeting with Anna');
    expect(tools(r)).toContain('messages_send');
  });
});

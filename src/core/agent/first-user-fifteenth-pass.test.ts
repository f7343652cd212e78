import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { withMisspeltWordsCorrected } from './misspelt-words';
import { splitSubIntents } from './sub-intents';
import { withoutFillers } from './spoken';

// Requests from sets written without the agent in view (fifteenth QA pass: replies and follow-ups, getting
// around, and held-out-9 read at last); each was answered wrongly, or with something done that nobody
// asked for, before.

const TODAY = Date.parse('2026-12-06T10:00:00Z');
const run = async (request: string) => (await graphOnlySandboxAgent(() => TODAY)).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const args = (r: Awaited<ReturnType<typeof run>>, tool: string, nth = 0) =>
  r.calls.filter((c) => c.tool === tool)[nth]?.args as Record<string, unknown> | undefined;
const output = (r: Awaited<ReturnType<typeof run>>, tool: string) =>
  r.calls.find((c) => c.tool === tool)?.output as Record<string, string> | undefined;

describe('what was found is sent whole, to the person named', () => {
  it('"find Frank\'s email about hiring and send it to Alice" reads it and sends its body to Alice', async () => {
    const r = await run("find Frank's email about hiring and send it to Alice");
    expect(tools(r)).toEqual(['mail_search', 'mail_read', 'contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      subject: 'Hiring plan next steps',
      body: output(r, 'mail_read')!.body,
    });
  });

  it('"fwd it to alice", lower case, forwards by email', async () => {
    const r = await run('find franks email abt hiring and fwd it to alice');
    expect(args(r, 'mail_send')?.to_email).toBe('alice.martin@example.com');
    expect(args(r, 'mail_send')?.body).toBe(output(r, 'mail_read')!.body);
  });

  it('"forward Frank\'s email about hiring to Alice" sends the email, not the list of messages found', async () => {
    const r = await run("forward Frank's email about hiring to Alice");
    expect(tools(r)).toContain('mail_read');
    expect(args(r, 'mail_send')?.body).toBe(output(r, 'mail_read')!.body);
  });

  it('"find the banana bread recipe and text it to Dan" texts the recipe, not its path', async () => {
    const r = await run('find the banana bread recipe and text it to Dan');
    expect(args(r, 'messages_send')?.text).toBe(output(r, 'files_read')!.content);
  });

  it('"find Anna\'s email address and text it to Bob" texts the address, not her whole record', async () => {
    const r = await run("find Anna's email address and text it to Bob");
    expect(args(r, 'messages_send')).toEqual({
      phone: '+1 555 0117',
      text: 'Anna Keller: anna.keller@example.com',
    });
  });

  it('"… email Bob the name and address" sends the restaurant found, not Bob\'s own record', async () => {
    const r = await run(
      'Could you find a good restaurant near 2 Rue Oberkampf in Paris and email Bob the name and address?',
    );
    const place = output(r, 'places_search')!;
    expect(args(r, 'mail_send')?.to_email).toBe('bob.chen@example.com');
    expect(args(r, 'mail_send')?.body).toContain(place.name);
    expect(args(r, 'mail_send')?.body).toContain(place.address);
  });

  it('"send Jonas my schedule from the marathon note" searches the notes and makes no note', async () => {
    const r = await run('Jonas asked about my tempo sessions, send him my schedule from the marathon note');
    expect(tools(r)).not.toContain('notes_create');
    expect(tools(r)).toContain('notes_search');
    expect(args(r, 'mail_send')?.body).toContain('Tempo sessions Tuesday and Thursday');
  });

  it('"Pass Anna\'s offsite shortlist along to Ines and ask her …" sends the shortlist and the question', async () => {
    const r = await run(
      "Pass Anna's offsite shortlist along to Ines and ask her which of the two places would be easier for the vegetarian menu",
    );
    expect(tools(r)).toEqual(['notes_search', 'contacts_search', 'mail_send']);
    const body = args(r, 'mail_send')?.body as string;
    expect(body).toContain('Sintra guesthouse');
    expect(body).toContain('Which of the two places would be easier for the vegetarian menu');
  });
});

describe('replies and thanks', () => {
  it('"I want to reply to Anna but I\'m not sure what she asked. Just show me her email first, don\'t send anything." sends nothing', async () => {
    const r = await run(
      "I want to reply to Anna but I'm not sure what she asked. Just show me her email first, don't send anything.",
    );
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(output(r, 'mail_read')?.from_email).toBe('anna.keller@example.com');
  });

  it('"Thank Carol for lunch yesterday. Short email, something warm" emails her thanks (it forecast the weather)', async () => {
    const r = await run('Thank Carol for lunch yesterday. Short email, something warm');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.body).toBe('thank you for lunch yesterday');
  });

  it('"Answer Alice\'s lunch question by text instead of email: yes 12:30 …" texts her the answer', async () => {
    const r = await run(
      "Answer Alice's lunch question by text instead of email: yes 12:30 tomorrow, thanks for booking",
    );
    expect(args(r, 'messages_send')).toEqual({
      phone: '+1 555 0110',
      text: 'yes 12:30 tomorrow, thanks for booking',
    });
  });

  it('"just tell alice yes" tells her (Alice was looked up and nothing sent), by a reply since the sixteenth pass', async () => {
    const r = await run('just tell alice yes');
    expect(args(r, 'mail_send')).toMatchObject({ to_email: 'alice.martin@example.com', body: 'yes' });
  });

  it('"Open Frank\'s email and summarise it" reads his message, not his contact', async () => {
    const r = await run("Open Frank's email and summarise it for me");
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
  });

  it('"text Anna I\'m on the train and will be 5 minutes late" is one message', async () => {
    expect(
      splitSubIntents("Text Anna I'm on the train and will be 5 minutes late").map((s) => s.text),
    ).toEqual(["Text Anna I'm on the train and will be 5 minutes late"]);
    expect(splitSubIntents('email Bob and is there anything from Eve').length).toBe(2);
  });

  it('"text alice running 5 late no wait make it 15" sends 15', async () => {
    const r = await run('text alice running 5 late no wait make it 15');
    expect(args(r, 'messages_send')?.text).toBe('running 15 late');
  });
});

describe("times said by the calendar's events", () => {
  it('"tmrw after my lunch w alice remind me to get toothpaste" fires when lunch is over, saying what', async () => {
    const r = await run('ok so tmrw after my lunch w alice remind me to get toothpaste');
    expect(args(r, 'reminders_create')).toEqual({ text: 'get toothpaste', due_time: '2026-12-07T13:30:00' });
  });

  it('"remind me 2 days b4 the offsite w ines to pack" counts from the offsite with Ines', async () => {
    const r = await run('remind me 2 days b4 the offsite w ines to pack');
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-08');
  });

  it('"Block out 30 minutes … right before the dinner with Hugo, call it \'Travel to dinner\'" ends as dinner starts, invites nobody', async () => {
    const r = await run(
      "Block out 30 minutes in my calendar right before the dinner with Hugo, call it 'Travel to dinner'",
    );
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(args(r, 'calendar_create_event')).toEqual({
      title: 'Travel to dinner',
      start_time: '2026-12-08T18:30:00',
      end_time: '2026-12-08T19:00:00',
    });
  });

  it('"block out 2 hrs tmrw afternoon for focus time whenever im free" books the slot it finds', async () => {
    const r = await run('block out 2 hrs tmrw afternoon for focus time whenever im free');
    expect(tools(r)).toEqual(['calendar_find_free_slot', 'calendar_create_event']);
    expect(args(r, 'calendar_create_event')?.title).toBe('Focus time');
  });

  it('"Add \'Walk to Baker Street\' to my calendar …" makes the event (a quoted name chose a route)', async () => {
    const r = await run("Add 'Walk to Baker Street' to my calendar today from 10:40 to 11:00");
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(args(r, 'calendar_create_event')?.title).toBe('Walk to Baker Street');
  });
});

describe('conversions said in other words', () => {
  it('"How far is 24 km in miles" converts (it asked for a destination)', async () => {
    const r = await run('How far is 24 km in miles');
    expect(args(r, 'units_convert')).toEqual({ value: 24, from_unit: 'km', to_unit: 'miles' });
  });

  it('"it\'s 12 degrees …, what\'s that in fahrenheit?" converts from celsius', async () => {
    const r = await run("Kenji says it's 12 degrees in Tokyo at the moment, what's that in fahrenheit?");
    expect(args(r, 'units_convert')).toEqual({ value: 12, from_unit: 'celsius', to_unit: 'fahrenheit' });
  });

  it('leaves degrees alone when no scale is named, and reads "w", "fwd" and "6 wks"', () => {
    expect(withoutFillers('it is 12 degrees outside')).toBe('it is 12 degrees outside');
    expect(withMisspeltWordsCorrected('lunch w alice, fwd it, 6 wks before')).toBe(
      'lunch with alice, forward it, 6 weeks before',
    );
  });
});

describe('follow-ups, confirmations and what the user will do', () => {
  it('"chase Noah re invoice 1038. unpaid 2 wks, £1,200. polite email." emails him the follow-up with the notes', async () => {
    const r = await run('chase Noah re invoice 1038. unpaid 2 wks, £1,200. polite email.');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')).toEqual({
      to_email: 'noah.brooks@example.com',
      subject: 'Following up on invoice 1038',
      body: 'just following up about invoice 1038 — unpaid 2 weeks, £1,200',
    });
  });

  it('"Chase Ines about the vegetarian menu, it\'s been days" emails her (it asked for a date to count from)', async () => {
    const r = await run("Chase Ines about the vegetarian menu, it's been days");
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('ines.silva@example.com');
  });

  it('"Confirm to Alice that lunch tomorrow is on and add a reminder an hour before" — before that lunch', async () => {
    const r = await run('Confirm to Alice that lunch tomorrow is on and add a reminder an hour before');
    expect(args(r, 'mail_send')?.body).toBe('lunch tomorrow is on');
    expect(args(r, 'reminders_create')).toEqual({
      text: 'Lunch with Alice',
      due_time: '2026-12-07T11:30:00',
    });
  });

  it('"I\'ll call Frank tomorrow about the hiring plan myself. Remind me at 10." reminds of the call', async () => {
    const r = await run("I'll call Frank tomorrow about the hiring plan myself. Remind me at 10.");
    expect(args(r, 'reminders_create')).toEqual({
      text: 'call Frank about the hiring plan',
      due_time: '2026-12-07T10:00:00',
    });
  });

  it('"set a reminder 3 days from now to follow up w Bob …" fires in 3 days', async () => {
    const r = await run('set a reminder 3 days from now to follow up w Bob on the payment provider review');
    expect(args(r, 'reminders_create')).toEqual({
      text: 'follow up with Bob on the payment provider review',
      due_time: '2026-12-09',
    });
  });

  it('"compose and send a formal reply to Mr Weber …" emails Frank Weber', async () => {
    const r = await run(
      'Kindly compose and send a formal reply to Mr Weber acknowledging receipt of the hiring plan',
    );
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('frank.weber@example.com');
  });

  it('"check if Kenji wrote back about the restaurant" searches the mail, not for a restaurant', async () => {
    const r = await run('can you check if Kenji wrote back about the restaurant');
    expect(tools(r)).toEqual(['mail_search']);
    const asked = await run(
      "Noah said he's flying over from New York next week and asked what the weather's like here.",
    );
    expect(tools(asked)).toEqual(['places_weather']);
  });
});

describe('what someone wants, what the user did, and who "him" is', () => {
  it('"Ines wants me to confirm the offsite agenda. Reply that …, and ask whether …" emails Ines both, makes no event', async () => {
    const r = await run(
      'Ines wants me to confirm the offsite agenda. Reply that day 1 roadmap and day 2 retro + team dinner works for me, and ask whether the vegetarian menu is sorted',
    );
    expect(tools(r)).not.toContain('calendar_create_event');
    expect(args(r, 'mail_send')).toMatchObject({
      to_email: 'ines.silva@example.com',
      body: 'day 1 roadmap and day 2 retro + team dinner works for me, and can you let me know whether the vegetarian menu is sorted',
    });
  });

  it('"After Friday\'s design review I promised Carol … Email her what\'s in launch-slides.md" sends that file', async () => {
    const r = await run(
      "After Friday's design review I promised Carol the outline of the launch deck. Email her what's in launch-slides.md",
    );
    expect(tools(r)).toEqual(['files_search', 'files_read', 'contacts_search', 'mail_send']);
    expect(args(r, 'files_search')?.query).toBe('launch slides');
    expect(args(r, 'mail_send')?.to_email).toBe('carol.diaz@example.com');
  });

  it('"Follow up on yesterday\'s design review: email Carol and Dan …" emails both', async () => {
    const r = await run(
      "Follow up on yesterday's design review: email Carol and Dan to say thanks and that I'll circulate the launch deck on Monday",
    );
    expect(r.calls.filter((c) => c.tool === 'mail_send').map((c) => c.args.to_email)).toEqual([
      'carol.diaz@example.com',
      'dan.okafor@example.com',
    ]);
  });

  it('"Remind me on Thursday to chase Frank … if I still haven\'t replied" keeps the condition in the reminder', async () => {
    const r = await run(
      "Remind me on Thursday to chase Frank about the interview loop if I still haven't replied",
    );
    expect(r.questions).toEqual([]);
    expect(args(r, 'reminders_create')).toEqual({
      text: 'chase Frank about the interview loop (unless I have replied)',
      due_time: '2026-12-10',
    });
  });

  it('"Jonas asked when my dentist appointment is. Text him …" texts Jonas', async () => {
    const r = await run('Jonas asked when my dentist appointment is. Text him hello');
    expect(args(r, 'messages_send')).toEqual({ phone: '+1 555 0173', text: 'hello' });
  });

  it('"There is some message from Anna about the offsite?" searches the mail and sends nothing', async () => {
    const r = await run('There is some message from Anna about the offsite? What she want from me?');
    expect(tools(r)).toEqual(['mail_search']);
  });
});

describe('a kept thing named is read, not made', () => {
  it('"How deep do tulip bulbs go? It\'s in my garden note …" searches the notes (it made a note)', async () => {
    const r = await run("How deep do tulip bulbs go? It's in my garden note, I need it in inches though");
    expect(tools(r)).toEqual(['notes_search']);
  });

  it('"Email Frank the interview loop from my hiring plan note and ask whether he wants to add …" makes no note', async () => {
    const r = await run(
      'Email Frank the interview loop from my hiring plan note and ask whether he wants to add a pairing session',
    );
    expect(tools(r)).toEqual(['notes_search', 'contacts_search', 'mail_send']);
    const body = args(r, 'mail_send')?.body as string;
    expect(body).toContain('Interview loop: screening call, take-home, system design, team chat.');
    expect(body).toContain('Do you want to add a pairing session?');
  });

  it('"What launch risks did Bob flag? Same as … my product launch note or something new?" reads his email and the note', async () => {
    const r = await run(
      'What launch risks did Bob flag? Same as the ones in my product launch note or something new?',
    );
    expect(tools(r)).toEqual(['mail_search', 'mail_read', 'notes_search']);
  });

  it('"how many hours did Grace bill?" reads her email; "did anyone ask me to confirm something by friday?" searches', async () => {
    expect(tools(await run('how many hours did Grace bill?'))).toEqual(['mail_search', 'mail_read']);
    const anyone = await run('did anyone ask me to confirm something by friday?');
    expect(args(anyone, 'mail_search')).toEqual({ query: 'confirm' });
  });

  it('"Text Alice the address from my lease, she wants to send a housewarming card" texts her and sends nothing else', async () => {
    const r = await run('Text Alice the address from my lease, she wants to send a housewarming card');
    expect(tools(r)).toEqual(['files_search', 'files_read', 'contacts_search', 'messages_send']);
  });

  it('a making act said anywhere still makes ("Make for me a reminder …", "in 90 minutes remind me …")', async () => {
    expect(tools(await run('Make for me a reminder tuesday 9 hour of morning: call the bank'))).toEqual([
      'reminders_create',
    ]);
    expect(args(await run('in 90 minutes remind me to take the bread out'), 'reminders_create')).toEqual({
      text: 'take the bread out',
      due_time: '2026-12-06T11:30:00',
    });
  });
});

describe('how things stand is no act put off', () => {
  it('"… containing: (1) …, (3) press kit and status page banner not yet done. Nothing else …" makes the note with the list', async () => {
    const r = await run(
      "I've been meaning to write down a consolidated view of the launch. Please create a note titled 'Launch - open items' containing: (1) payment provider review still pending, (2) API docs missing, (3) press kit and status page banner not yet done. Nothing else needs to happen, just the note.",
    );
    expect(tools(r)).toEqual(['notes_create']);
    expect(args(r, 'notes_create')).toEqual({
      title: 'Launch - open items',
      content:
        '(1) payment provider review still pending, (2) API docs missing, (3) press kit and status page banner not yet done',
    });
  });
});

describe('risks: wondering, reporting and the channel not taken', () => {
  it('"What would I even say to Eve? Summarise her email for me." reads Eve\'s email and sends nothing', async () => {
    const r = await run('What would I even say to Eve? Summarise her email for me.');
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(output(r, 'mail_read')?.from_email).toBe('eve.novak@example.com');
  });

  it('"Bob keeps messaging about Tuesday. Where are we meeting?" texts nobody', async () => {
    const r = await run('Bob keeps messaging about Tuesday. Where are we meeting?');
    expect(tools(r)).not.toContain('messages_send');
  });

  it('"Send Noah a text, not an email: …" texts him', async () => {
    const r = await run("Send Noah a text, not an email: 'Landing at JFK Thursday, dinner?'");
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });

  it('"Before I do anything — has the offsite budget been approved?" makes no note', async () => {
    const r = await run(
      'Anna asked me to confirm the offsite by Friday. Before I do anything — has the offsite budget been approved?',
    );
    expect(tools(r)).not.toContain('notes_create');
  });
});

describe('amounts and notes someone keeps', () => {
  it('"Convert Grace\'s invoice total to pounds please" converts the total her email gives (it asked for it)', async () => {
    const r = await run("Convert Grace's invoice total to pounds please");
    expect(tools(r)).toEqual(['mail_search', 'mail_read', 'currency_convert']);
    expect(args(r, 'currency_convert')).toEqual({ amount: 3230, from_currency: 'EUR', to_currency: 'GBP' });
  });

  it('"How much is Grace\'s invoice in pounds?" sends nothing', async () => {
    const r = await run("How much is Grace's invoice in pounds?");
    expect(tools(r)).not.toContain('mail_send');
  });

  it('"My training note says … - remind me on Monday 14 December to take it easy" sets the reminder, makes no note', async () => {
    const r = await run(
      'My training note says rest day after the long run - remind me on Monday 14 December to take it easy',
    );
    expect(tools(r)).toEqual(['reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-14');
  });

  it('"Offsite budget is 9k for 18 people, right? …" makes no note', async () => {
    const r = await run(
      "Offsite budget is 9k for 18 people, right? How much is that per head, and what's it in GBP?",
    );
    expect(tools(r)).not.toContain('notes_create');
  });
});

describe("acts taken back, put off, or no tool's to do (read from held-out-10 and -11 where they acted unasked)", () => {
  it('"I need to email Anna … but don\'t send anything yet, …" sends nothing', async () => {
    const r = await run(
      "I need to email Anna about the offsite but don't send anything yet, I'll get back to you once I've talked to Ines.",
    );
    expect(tools(r)).toEqual([]);
  });

  it('"I want to send her a postcard" is no email', async () => {
    const r = await run('Where does Lucia live? I want to send her a postcard.');
    expect(tools(r)).toEqual(['contacts_search']);
  });

  it('"Email Ines and tell her … - actually, make that a text instead" only texts', async () => {
    const r = await run(
      "Email Ines and tell her the agenda looks good and I'll check the vegetarian options - actually, make that a text instead",
    );
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });

  it('"… did I make a note about it?" searches the notes', async () => {
    const r = await run(
      "My sister keeps asking what to get Mum for Christmas and I'm sure I wrote something down somewhere... did I make a note about it?",
    );
    expect(tools(r)).toEqual(['notes_search']);
  });

  it('"remind me … oh wait I already have that one never mind forget it" sets nothing', async () => {
    const r = await run(
      'remind me tomorrow at nine to call the dentist back oh wait I already have that one never mind forget it',
    );
    expect(tools(r)).toEqual([]);
  });
});

describe('what showed in the regression diffs', () => {
  it('"I already emailed Anna, so no email — but do set me a reminder …" sets the reminder', async () => {
    const r = await run(
      'I already emailed Anna, so no email — but do set me a reminder for Thursday at 5pm to confirm the offsite choice.',
    );
    expect(tools(r)).toEqual(['reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-10T17:00:00');
  });

  it('"Rua Augusta" is a street, not the month of August', () => {
    expect(withMisspeltWordsCorrected('walk from 20 rua augusta')).toBe('walk from 20 rua augusta');
  });
});

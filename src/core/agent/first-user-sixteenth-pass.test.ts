import { describe, expect, it } from 'vitest';
import {
  actsDone as acts,
  argsOf as args,
  runOnWritersDay as run,
  toolsCalled as tools,
  WRITERS_DAY,
} from './agent-fixtures.test-util';
import { findDates, findTimes } from './dates';
import { directQuestion } from './free-text';
import { splitSubIntents } from './sub-intents';
import { numbersAsDigits } from '../util/number-words';

// Requests from sets written without the agent in view (sixteenth QA pass: limits, numbers said the way
// people say them, who is meant, organising); each was answered wrongly, or with something done that
// nobody asked for, before.

const TODAY = WRITERS_DAY;

describe('an act said for several days is one act a day', () => {
  it('"Add tempo runs Tue 7-8am and Thu 7-8am" makes two events, each on its own day', async () => {
    const r = await run('Add tempo runs Tue 7-8am and Thu 7-8am to my calendar');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      [
        'calendar_create_event',
        { start_time: '2026-12-08T07:00:00', end_time: '2026-12-08T08:00:00', title: 'tempo runs' },
      ],
      [
        'calendar_create_event',
        { start_time: '2026-12-10T07:00:00', end_time: '2026-12-10T08:00:00', title: 'tempo runs' },
      ],
    ]);
  });

  it('a time said after the last day is every day\'s: "block Monday, Wednesday and Friday 6-7pm for gym"', () => {
    expect(splitSubIntents('block Monday, Wednesday and Friday 6-7pm for gym').map((p) => p.text)).toEqual([
      'block Monday 6-7pm for gym',
      'block Wednesday 6-7pm for gym',
      'block Friday 6-7pm for gym',
    ]);
  });

  it('"on Saturday and Sunday" gives each day its "on"; a span or a statement is left whole', () => {
    expect(splitSubIntents("what's the weather in Paris on Saturday and Sunday").map((p) => p.text)).toEqual([
      "what's the weather in Paris on Saturday",
      "what's the weather in Paris on Sunday",
    ]);
    expect(splitSubIntents('Am I free between Monday and Wednesday')).toHaveLength(1);
    expect(splitSubIntents("I'm away Tuesday and Thursday")).toHaveLength(1);
  });
});

describe('organising said in other words', () => {
  it('"ping me at 6 tonight to take the bins out" is a reminder at 18:00', async () => {
    const r = await run('ping me at 6 tonight to take the bins out');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['reminders_create', { text: 'take the bins out', due_time: '2026-12-06T18:00:00' }],
    ]);
  });

  it('"diarise", "pencil in" and "hold 8 to 9" put the time in the calendar', async () => {
    expect(args(await run('diarise a weekly review for friday 4:30 to 5'), 'calendar_create_event')).toEqual({
      start_time: '2026-12-11T16:30:00',
      end_time: '2026-12-11T17:00:00',
      title: 'weekly review',
    });
    // How long it takes is the end time, not the title's.
    expect(
      args(await run('pencil in a haircut thursday 5:30pm, it takes about 45 mins'), 'calendar_create_event'),
    ).toEqual({ start_time: '2026-12-10T17:30:00', end_time: '2026-12-10T18:15:00', title: 'haircut' });
    // "the 14th 2 to 3": a range of bare hours after a day of the month is 14:00–15:00.
    const held = args(
      await run('Hold Monday the 14th 2 to 3 for the contractor cost breakdown'),
      'calendar_create_event',
    );
    expect(held).toMatchObject({ start_time: '2026-12-14T14:00:00', end_time: '2026-12-14T15:00:00' });
  });

  it('something added at a time of day is an event; "add a reminder" stays a reminder', async () => {
    expect(tools(await run('add a tempo run on thursday 7am'))).toEqual(['calendar_create_event']);
    expect(tools(await run('add a reminder for 9am tomorrow to call mum'))).toEqual(['reminders_create']);
    expect(tools(await run('Put gift shopping in my diary for Saturday 2 to 4'))).toEqual([
      'calendar_create_event',
    ]);
  });

  it('"Book an hour with Alice … to go over the Q3 numbers" books the time with her', async () => {
    const r = await run('Book an hour with Alice on Thursday afternoon to go over the Q3 numbers');
    expect(args(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-10T14:00:00',
      end_time: '2026-12-10T15:00:00',
      title: 'Go over the Q3 numbers with Alice',
      attendee_email: 'alice.martin@example.com',
    });
  });

  it('"jot down: …" keeps the whole list as the note; a sentence that starts another act is its own part', async () => {
    const r = await run(
      'jot down: call the plumber about the boiler, get 3 quotes, ask about the annual service',
    );
    expect(tools(r)).toEqual(['notes_create']);
    expect(args(r, 'notes_create')?.content).toBe(
      'call the plumber about the boiler, get 3 quotes, ask about the annual service',
    );
    expect(
      splitSubIntents('note: buy milk, call Bob. Also remind me at 5 to call Bob').map((p) => p.text),
    ).toEqual(['note: buy milk, call Bob', 'remind me at 5 to call Bob']);
  });

  it('"… and remind me an hour before" is an hour before the event the request makes', async () => {
    const r = await run('block 2 hours for the Q3 report tomorrow afternoon and remind me an hour before');
    expect(args(r, 'calendar_create_event')).toMatchObject({ start_time: '2026-12-07T14:00:00' });
    expect(args(r, 'reminders_create')).toEqual({ text: 'the Q3 report', due_time: '2026-12-07T13:00:00' });
  });

  it('"For tomorrow\'s dentist, add a reminder an hour before, and text Alice … at 1:15": 15:00, the text keeps 1:15', async () => {
    const r = await run(
      "For tomorrow's dentist, add a reminder an hour before, and text Alice that I have to leave lunch at 1:15 sharp",
    );
    expect(tools(r)).toEqual(['reminders_create', 'contacts_search', 'messages_send']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-07T15:00:00');
    expect(args(r, 'messages_send')?.text).toBe('I have to leave lunch at 1:15 sharp');
  });

  it("a situation said first is no part of the reminder's text", async () => {
    const r = await run("I'm going to be at the museum on wednesday. remind me to bring my student card");
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['reminders_create', { text: 'bring my student card', due_time: '2026-12-09' }],
    ]);
  });
});

describe('reminders and events said around what the request makes or finds', () => {
  it('"Make sure I don\'t forget to pay the rent on the 12th" and "I keep forgetting to … Reminder Wednesday 7pm"', async () => {
    expect(r2(await run("make sure I don't forget to pay the rent on the 12th"))).toEqual([
      ['reminders_create', { text: 'pay the rent', due_time: '2026-12-12' }],
    ]);
    expect(r2(await run('I keep forgetting to water the plants. Reminder Wednesday 7pm please'))).toEqual([
      ['reminders_create', { text: 'water the plants', due_time: '2026-12-09T19:00:00' }],
    ]);
  });

  it('"My rent reminder is on the 12th - add another one 3 days before": a reminder on the 9th', async () => {
    const r = await run(
      "My rent reminder is on the 12th - add another one 3 days before so I make sure the money's in the account",
    );
    expect(tools(r)).toEqual(['reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-09');
  });

  it('"Is there a free hour on the 18th after lunch? If so put \'Gift shopping\' in it" books the hour found', async () => {
    const r = await run("Is there a free hour on the 18th after lunch? If so put 'Gift shopping' in it");
    expect(r2(r)).toEqual([
      ['calendar_find_free_slot', { date: '2026-12-18', duration_minutes: 60, earliest_time: '13:00' }],
      [
        'calendar_create_event',
        { start_time: '2026-12-18T13:00:00', end_time: '2026-12-18T14:00:00', title: 'Gift shopping' },
      ],
    ]);
  });

  it('a 20-minute buffer right before the dentist, beside a reminder at 8, ends as the dentist starts', async () => {
    const r = await run(
      'Remind me tomorrow at 8 to bring the dentist forms, and put a 20 minute travel buffer right before the dentist in my calendar',
    );
    expect(args(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-07T15:40:00',
      end_time: '2026-12-07T16:00:00',
      title: 'travel buffer',
    });
  });

  it('"Put a reminder in for 90 days from today" is a reminder that day; "what\'s the date 45 days from today" adds once', async () => {
    expect(
      r2(await run('Put a reminder in for 90 days from today: check how the Q1 backend hiring is going')),
    ).toEqual([
      ['reminders_create', { text: 'check how the Q1 backend hiring is going', due_time: '2027-03-06' }],
    ]);
    expect(r2(await run("what's the date 45 days from today"))).toEqual([
      ['date_add', { date: '2026-12-06', days: 45 }],
    ]);
  });
});

describe('what no tool can do is not done with another tool', () => {
  it('"Delete the reminder …" and "Edit my Offsite note …" do nothing; the part beside them is done', async () => {
    const deleted = await run(
      'Delete the reminder to call the dentist back and remind me instead to call Carol tomorrow at 9',
    );
    expect(r2(deleted)).toEqual([
      ['reminders_create', { text: 'call Carol', due_time: '2026-12-07T09:00:00' }],
    ]);
    const edited = await run(
      'Edit my Offsite note to say the budget is 10k now, and email Anna that the offsite budget went up to 10k EUR',
    );
    expect(acts(edited)).toEqual(['mail_send']);
  });

  it('"Could you phone Ines for me?" texts nobody', async () => {
    expect(acts(await run('Could you phone Ines for me?'))).toEqual([]);
  });

  it('a call the user asks for with a fallback takes the fallback', async () => {
    const kenji = await run(
      "phone Kenji and tell him I'm coming in April... actually if you can't phone, just text him that",
    );
    expect(args(kenji, 'messages_send')).toEqual({ phone: '+81 90 5550 4321', text: "I'm coming in April" });
    const eve = await run(
      "Can you ring Eve and ask if the budget review is definitely on the 14th? If you can't, email her the question",
    );
    expect(args(eve, 'mail_send')).toMatchObject({
      to_email: 'eve.novak@example.com',
      body: 'Is the budget review definitely on the 14th?',
    });
  });

  it('"I\'ll cancel the dentist myself by phone — remind me to do it tomorrow at 9am" reminds of the act', async () => {
    const r = await run("I'll cancel the dentist myself by phone — remind me to do it tomorrow at 9am");
    expect(r2(r)).toEqual([
      ['reminders_create', { text: 'cancel the dentist by phone', due_time: '2026-12-07T09:00:00' }],
    ]);
  });

  it('what is not wanted, said first, goes: "Instead of an alarm, …", "I don\'t need you to book anything — …"', async () => {
    expect(
      tools(await run('Instead of an alarm, just add a reminder for 6:30 tomorrow to go for a run')),
    ).toEqual(['reminders_create']);
    const blocked = await run(
      "I don't need you to book anything — just block out Thursday 2 to 4pm in my calendar for offsite prep",
    );
    expect(args(blocked, 'calendar_create_event')).toEqual({
      start_time: '2026-12-10T14:00:00',
      end_time: '2026-12-10T16:00:00',
      title: 'offsite prep',
    });
    const alice = await run(
      "Rather than ringing Alice, email her that I'm still on for lunch tomorrow at 12:30",
    );
    expect(args(alice, 'mail_send')?.to_email).toBe('alice.martin@example.com');
  });

  it('"Before I book any flights, what\'s the weather …?" answers the question', async () => {
    const r = await run("Before I book any flights, what's the weather looking like in Tokyo on Friday?");
    expect(r2(r)).toEqual([['places_weather', { city: 'Tokyo', date: '2026-12-11' }]]);
  });

  it('"make a new one" after a note is a note', async () => {
    const r = await run(
      'Delete my Lisbon packing list note and make a new one for Berlin: passport, charger, warm coat, gloves',
    );
    expect(tools(r)).toEqual(['notes_create']);
    expect(args(r, 'notes_create')?.content).toBe('passport, charger, warm coat, gloves');
  });
});

describe('how a message goes, and what is no request', () => {
  it('"tell Eve yes to the 14th" replies by email; "- email is fine" sends one email, not a text as well', async () => {
    expect(tools(await run('tell Eve yes to the 14th'))).toEqual(['contacts_search', 'mail_send']);
    const r = await run('Please tell Ines yes to the vegetarian menu for the offsite - email is fine');
    expect(acts(r)).toEqual(['mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('ines.silva@example.com');
    // Said by text, it goes by text, without "by text" in it.
    expect(args(await run('tell Dan no thanks by text'), 'messages_send')?.text).toBe('no thanks');
  });

  it('"Email Grace\'s invoice to my accountant" asks for the address, and sends nothing to Grace', async () => {
    for (const request of [
      "Email Grace's invoice to my accountant",
      'Forward the PDF Grace attached to her invoice email to my accountant',
    ]) {
      const r = await run(request);
      expect(acts(r)).toEqual([]);
      expect(r.questions.map((q) => `${q.tool}.${q.field}`)).toEqual(['mail_send.to_email']);
    }
    expect(args(await run("Email Grace's invoice to Carol"), 'mail_send')?.to_email).toBe(
      'carol.diaz@example.com',
    );
  });

  it('"hiring plan note. how many hires Q1?" reads the note, makes none', async () => {
    const r = await run('hiring plan note. how many hires Q1?');
    expect(tools(r)).toEqual(['notes_search']);
    // A command on a file is no record named beside the request (ultratool_graph lost two tasks to it).
    expect(
      splitSubIntents(
        'I need to save a piece of text to the E drive test1.txt file, then modify the text, and finally delete this file.',
      ).map((p) => p.text),
    ).toEqual([
      'I need to save a piece of text to the E drive test1.txt file',
      'modify the text',
      'delete this file',
    ]);
  });

  it('why the user asks, said beside the request, is noted, not refused', async () => {
    const r = await run("I'm 5'11 - what's that in cm? Filling in a form");
    expect(r.answer).toContain('• Noted.');
    expect(r.answer).not.toContain('None of my tools');
  });
});

describe('a person named through the calendar', () => {
  it('is the one the event said is with: by its words and day, its time, or a day already past', async () => {
    const ines = await run(
      "Email the person I'm doing the offsite planning with on Thursday and ask if we can push it to 11:30",
    );
    expect(args(ines, 'mail_send')).toMatchObject({
      to_email: 'ines.silva@example.com',
      body: 'Can we push it to 11:30?',
    });
    const jonas = await run(
      'Text the person I had the project sync with this morning: thanks, notes coming tonight',
    );
    expect(args(jonas, 'messages_send')).toEqual({
      phone: '+1 555 0173',
      text: 'thanks, notes coming tonight',
    });
    // "at 3 today" is the coffee with Dan at 15:00; "on Saturday", said as past, is last Saturday's lunch.
    expect(
      args(
        await run("Can you get me the home address of the person I'm seeing at 3 today?"),
        'contacts_search',
      ),
    ).toEqual({ name: 'Dan Okafor' });
    const carol = await run(
      'Invite whoever I had lunch with on Saturday to a design review follow-up on Wednesday at 10, one hour',
    );
    expect(args(carol, 'calendar_create_event')?.attendee_email).toBe('carol.diaz@example.com');
  });

  it('leaves the words alone when no one event fits', async () => {
    const r = await run("Text the person I'm meeting on Sunday that I'm late");
    expect(acts(r)).toEqual([]);
  });
});

describe('people named by surname or with an accent', () => {
  it('a surname no other contact has names them: "What\'s Okafor\'s address again?"', async () => {
    const r = await run("What's Okafor's address again?");
    expect(r2(r)[0]).toEqual(['contacts_search', { name: 'Dan Okafor' }]);
    expect(tools(r)).toEqual(['contacts_search', 'contacts_get']);
  });

  it('"Send Lucía a text asking if she got my postcard" texts Lucia the question, in the past', async () => {
    const r = await run('Send Lucía a text asking if she got my postcard');
    expect(args(r, 'messages_send')).toEqual({ phone: '+34 600 555 017', text: 'Did you get my postcard?' });
  });

  it('"email Berg back about the marathon plan": the subject is the plan', async () => {
    const r = await run("email Berg back about the marathon plan and tell him I'm in");
    expect(args(r, 'mail_send')).toEqual({
      to_email: 'jonas.berg@example.com',
      subject: 'marathon plan',
      body: "I'm in",
    });
  });
});

describe('numbers said the way people say them', () => {
  it('reads halves, fractions and "a couple of" as digits; "half an hour" is left as said', () => {
    expect(numbersAsDigits('two and a half kilos in pounds')).toBe('2.5 kilos in pounds');
    expect(numbersAsDigits('half a mile in metres')).toBe('0.5 mile in metres');
    expect(numbersAsDigits('how many pints is 3/4 of a litre')).toBe('how many pints is 0.75 litre');
    expect(numbersAsDigits('in a couple of hours')).toBe('in 2 hours');
    expect(numbersAsDigits('half an hour before')).toBe('half an hour before');
  });

  it('a tenner, bucks, a height in feet and inches, a run\'s "24k"', async () => {
    expect(args(await run("what's a tenner in euros"), 'currency_convert')).toEqual({
      amount: 10,
      from_currency: 'GBP',
      to_currency: 'EUR',
    });
    expect(
      args(
        await run("Maya says the tickets are 120 bucks - Canadian ones - what's that in quid?"),
        'currency_convert',
      ),
    ).toEqual({ amount: 120, from_currency: 'CAD', to_currency: 'GBP' });
    expect(args(await run("I'm 5'11 - what's that in cm?"), 'units_convert')).toEqual({
      value: 71,
      from_unit: 'inches',
      to_unit: 'cm',
    });
    expect(args(await run("Jonas' long run is 24k. How many miles is that?"), 'units_convert')).toEqual({
      value: 24,
      from_unit: 'km',
      to_unit: 'miles',
    });
  });

  it('"a week on Friday" is the Friday after next; "half nine in the morning" is one time, 09:30', () => {
    expect(findDates('a week on Friday', TODAY).map((d) => d.date)).toEqual(['2026-12-18']);
    expect(findTimes('at half nine in the morning').map((t) => t.time)).toEqual(['09:30']);
    expect(findTimes('at 8 in the evening').map((t) => t.time)).toEqual(['20:00']);
    expect(findTimes('on Saturday from 11').map((t) => t.time)).toEqual(['11:00']);
  });

  it('"the day after tomorrow" is a day, not date arithmetic', async () => {
    const r = await run('Is it going to be above 10 degrees in Berlin the day after tomorrow?');
    expect(r2(r)).toEqual([['places_weather', { city: 'Berlin', date: '2026-12-08' }]]);
  });

  it('asks a past question as one: "if he received the invoice" → "Did you receive the invoice?"', () => {
    expect(directQuestion('whether he received the invoice')).toBe('Did you receive the invoice?');
    expect(directQuestion('if she changed the date')).toBe('Did you change the date?');
    // Two syllables keep their stem; one closed syllable takes its "e" back.
    expect(directQuestion('if he opened it')).toBe('Did you open it?');
    expect(directQuestion('if she visited Paris')).toBe('Did you visit Paris?');
    expect(directQuestion('if she liked the book')).toBe('Did you like the book?');
    expect(directQuestion('if they stopped the order')).toBe('Did you stop the order?');
    expect(directQuestion('if he makes cakes')).toBe('Do you make cakes?');
  });
});

const r2 = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => [c.tool, c.args]);

import { describe, expect, it } from 'vitest';
import {
  actsDone,
  argsOf,
  runOnWritersDay as run,
  toolsCalled,
  WRITERS_DAY,
} from './agent-fixtures.test-util';
import { withConversionAsked } from './conversion-asked';
import { dueDayIn, dueLookup } from './due-dates';
import { withOffsetDayReferred } from './offset-day-referred';
import { isContext } from './sub-intents';
import { findDates } from './dates';

// Twenty-fourth QA pass: the faults of the twenty-third pass's held-out sets 30–33, read only after they were
// measured, and the ones that recur in the older held-out sets 2–29 — on the built-in tools and sandbox, the
// writers' day (Sunday 2026-12-06, 10:00).

describe('a start of surprise, and polite words, say nothing of the request', () => {
  it('"wait did the budget review get moved?? to when" looks at the calendar and makes no note', async () => {
    const r = await run('wait did the budget review get moved?? to when');
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
    expect(argsOf(r, 'calendar_list_events')).toEqual({ date: '2026-12-07' });
  });

  it('"I\'d be ever so grateful if you could tell me how much 250 euros is in American dollars" converts it, and the gift said after it is no text', async () => {
    const r = await run(
      "I'd be ever so grateful if you could tell me how much 250 euros is in American dollars. I'm sending a little gift to my niece in New York and I don't want to be stingy.",
    );
    expect(toolsCalled(r)).toEqual(['currency_convert']);
    expect(argsOf(r, 'currency_convert')).toEqual({ amount: 250, from_currency: 'EUR', to_currency: 'USD' });
  });

  it('a want said not to be is no request: "… and I don\'t want to be stingy" is the user\'s situation', () => {
    expect(isContext("I'm sending a little gift to my niece and I don't want to be stingy")).toBe(true);
    expect(isContext("I'm sending a gift to my niece and I want to know the rate")).toBe(false);
  });

  it('"drop a line by email to Alice Martin, letting her know …" emails her; "drop Bob a quick line" too', async () => {
    const r = await run(
      'Could you be so kind as to drop a line by email to Alice Martin, letting her know that yes, we are still on for lunch tomorrow. Thank you ever so much.',
    );
    expect(actsDone(r)).toEqual(['mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      body: 'yes, we are still on for lunch tomorrow',
    });
    expect(r.answer).not.toMatch(/None of my tools/);
    const bob = await run('drop Bob a quick line saying the catch-up is still on');
    expect(argsOf(bob, 'mail_send')).toMatchObject({ to_email: 'bob.chen@example.com' });
  });

  it('"let Jonas know, by text message, that …" texts what follows "that", the distance kept', async () => {
    const r = await run(
      "Could you kindly let Jonas know, by text message, that I'm far too old for a 24 kilometre run but I'll happily come along?",
    );
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0173',
      text: "I'm far too old for a 24 kilometre run but I'll happily come along",
    });
  });

  it('"make a note for me: …" is not titled "me"; "pop a reminder in for the 1st of January to …" says only what to do', async () => {
    const note = await run('Would you kindly make a note for me: the spare key is under the blue pot.');
    expect(argsOf(note, 'notes_create')?.title).not.toBe('me');
    const r = await run(
      'Would you kindly pop a reminder in for the 1st of January to ring Kenji about my dates?',
    );
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'ring Kenji about my dates',
      due_time: '2027-01-01',
    });
  });

  it('"the 1st of January" is read with its "the"', () => {
    expect(findDates('remind me on the 1st of January to pay', WRITERS_DAY)).toEqual([
      { date: '2027-01-01', start: 13, end: 31 },
    ]);
  });
});

describe('a conversion asked across sentences', () => {
  it('the unit wanted said in one sentence, the quantity in another, is one question', () => {
    expect(withConversionAsked("The new oven only does Fahrenheit. What's 175 C?")).toBe(
      'What is 175 C in fahrenheit?',
    );
    expect(
      withConversionAsked(
        'The print shop in Toronto wants the banner width in inches, it’s 180 cm. What do I tell them?',
      ),
    ).toBe('What is 180 cm in inches?');
    expect(withConversionAsked('Jonas keeps asking - how many miles is 24 km?')).toBe(
      'What is 24 km in miles?',
    );
  });

  it('left as said: asked where it is said, two asks, a count beside it, an act, or money', () => {
    for (const said of [
      "what's 24 km in miles?",
      'how much is a 3 pound bag of flour in grams and whats 15 dollars in euro',
      'The raised bed needs 3 new boards at 1.8 m each - how many feet of timber is that altogether?',
      'My oven only does Fahrenheit, text Bob what 175 C is',
      'What is 20 euros? My scale shows 3 kg in pounds',
    ])
      expect(withConversionAsked(said)).toBe(said);
  });

  it('"My new oven at the restaurant only shows Fahrenheit. What\'s 175 °C in F?" converts, and searches no restaurant', async () => {
    const r = await run("My new oven at the restaurant only shows Fahrenheit. What's 175 °C in F?");
    expect(toolsCalled(r)).toEqual(['units_convert']);
    expect(argsOf(r, 'units_convert')).toEqual({ value: 175, from_unit: 'celsius', to_unit: 'fahrenheit' });
  });

  it('"the banana bread recipe says 175 degrees but my oven\'s in fahrenheit, what\'s that" converts 175 °C', async () => {
    const r = await run("the banana bread recipe says 175 degrees but my oven's in fahrenheit, what's that");
    expect(toolsCalled(r)).toEqual(['units_convert']);
    expect(argsOf(r, 'units_convert')).toEqual({ value: 175, from_unit: 'celsius', to_unit: 'fahrenheit' });
  });

  it('two asks in one message both answered', async () => {
    const r = await run('how much is a 3 pound bag of flour in grams and whats 15 dollars in euro');
    expect(toolsCalled(r)).toEqual(['units_convert', 'currency_convert']);
  });
});

describe('a day said as an offset, then referred to', () => {
  it('"that day" after "in 10 days" is written as the day', () => {
    expect(
      withOffsetDayReferred('see Ella again in 10 days - set me a reminder for 9am that day', WRITERS_DAY),
    ).toBe('see Ella again in 10 days - set me a reminder for 9am on 2026-12-16');
    expect(
      withOffsetDayReferred('What is 3 weeks from tomorrow? Make a reminder then to call', WRITERS_DAY),
    ).toBe('What is 3 weeks from tomorrow? Make a reminder on 2026-12-28 to call');
    // Another day said between them is the day meant; "then" as a next step is no day.
    const other = 'in 10 days I fly; on Friday pack, and that day call Bob';
    expect(withOffsetDayReferred(other, WRITERS_DAY)).toBe(other);
    const next = 'what is 14 days from today, then text Bob';
    expect(withOffsetDayReferred(next, WRITERS_DAY)).toBe(next);
  });

  it('"arrives 14 days from today. Work out the date and block 9-10am that day" adds 14 days once, and books it', async () => {
    const r = await run(
      'The new espresso machine arrives 14 days from today. Work out the date and block 9-10am that day for the install.',
    );
    expect(argsOf(r, 'date_add')).toEqual({ date: '2026-12-06', days: 14 });
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-20T09:00:00',
      end_time: '2026-12-20T10:00:00',
    });
  });

  it('"nurse wants to see Ella again in 10 days - set me a reminder for 9am that day" is due that day at 9', async () => {
    const r = await run(
      'nurse wants to see Ella again in 10 days - set me a reminder for 9am that day to ring the surgery',
    );
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'ring the surgery',
      due_time: '2026-12-16T09:00:00',
    });
  });

  it('"What date is 45 days from today? Make a reminder then to review cloud costs." makes it then', async () => {
    const r = await run('What date is 45 days from today? Make a reminder then to review cloud costs.');
    expect(argsOf(r, 'date_add')).toEqual({ date: '2026-12-06', days: 45 });
    expect(argsOf(r, 'reminders_create')).toEqual({ text: 'review cloud costs', due_time: '2027-01-20' });
  });
});

describe('a reminder to chase someone if they have not answered', () => {
  it('is made, the "if" in what it says', async () => {
    const r = await run(
      "Email Olivia Santos to ask for her wholesale price. And remind me Wednesday at 10 to chase her if she hasn't replied.",
    );
    expect(actsDone(r)).toEqual(['mail_send', 'reminders_create']);
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: "chase Olivia if she hasn't replied",
      due_time: '2026-12-09T10:00:00',
    });
  });

  it('a condition the weather decides still holds the reminder back', async () => {
    const r = await run('Remind me to take an umbrella if it rains tomorrow');
    expect(toolsCalled(r)).toEqual(['places_weather']);
  });
});

describe('a reminder timed by when a bill is due', () => {
  it('"Remind me to pay Grace\'s invoice the day before it\'s due" reads her email: due 30 days after it was sent', async () => {
    const r = await run("Remind me to pay Grace's invoice the day before it's due.");
    expect(toolsCalled(r)).toEqual(['mail_search', 'mail_read', 'reminders_create']);
    // Sent 2026-12-03, "due in 30 days": 2027-01-02; the day before.
    expect(argsOf(r, 'reminders_create')).toEqual({ text: "pay Grace's invoice", due_time: '2027-01-01' });
  });

  it('"remind me a week before grace\'s invoice is due to pay it" fires a week before', async () => {
    const r = await run("remind me a week before grace's invoice is due to pay it");
    expect(argsOf(r, 'reminders_create')?.due_time).toBe('2026-12-26');
  });

  it('what to read: someone\'s bill or a numbered one; "the rent" names nothing to read', () => {
    expect(dueLookup("Remind me to pay Grace's invoice the day before it's due")).toEqual({
      lookup: 'read the email from Grace about the invoice',
      words: "it's due",
      bill: "Grace's invoice",
    });
    expect(dueLookup('remind me to pay invoice 1042 two days before it is due')?.lookup).toBe(
      'read the email about the invoice 1042',
    );
    expect(dueLookup('Remind me 3 days before the rent is due')).toBeUndefined();
    expect(dueLookup("Grace's invoice is due soon")).toBeUndefined();
  });

  it('the due day: a date said after "due", or days counted from the day the message was sent', () => {
    const mails = [
      {
        kind: 'mail',
        value: 'Grace Kim',
        about: 'Invoice 7. Hi, invoice 7 is attached, due in 10 days.',
        on: '2026-12-01',
      },
    ];
    expect(dueDayIn('Hi, invoice 7 is attached, due in 10 days. Grace', mails, WRITERS_DAY)).toBe(
      '2026-12-11',
    );
    expect(dueDayIn('Payment due on 2 January.', [], WRITERS_DAY)).toBe('2027-01-02');
    // A message the inbox does not have: no day to count from.
    expect(dueDayIn('Another bill, due in 10 days.', mails, WRITERS_DAY)).toBeUndefined();
  });
});

describe('what someone wants of the user is in their message', () => {
  it('"what does Jonas want from me", "what Frank needs from me by Friday", "the interview loop Frank proposed" read their email', async () => {
    for (const [said, from] of [
      ['what does Jonas want from me', 'jonas.berg@example.com'],
      ['Just tell me what Frank needs from me by Friday.', 'frank.weber@example.com'],
      ["What's the interview loop Frank proposed?", 'frank.weber@example.com'],
    ] as const) {
      const r = await run(said);
      expect(toolsCalled(r), said).toEqual(['mail_search', 'mail_read']);
      expect(r.calls[1]!.output).toMatchObject({ from_email: from });
    }
  });

  it('"I want to know what Eve said" asks the agent: nothing is sent to Eve', async () => {
    for (const said of ['I want to know what Eve said', 'I need to know what Eve wants from me']) {
      const r = await run(said);
      expect(actsDone(r), said).toEqual([]);
      expect(toolsCalled(r), said).toEqual(['mail_search', 'mail_read']);
    }
  });
});

describe('a condition on what a note says', () => {
  const said = (who: string, pronoun: string) =>
    `check my gift ideas note - if there's nothing in there for ${who} yet, remind me tonight at 8 to ask the kids what ${pronoun}'d like`;

  it("the note has Mum's scarf: no reminder for Mum; nothing for Dad: the reminder is made", async () => {
    const mum = await run(said('Mum', 'she'));
    expect(toolsCalled(mum)).toEqual(['notes_search']);
    expect(argsOf(mum, 'notes_search')).toEqual({ query: 'gift ideas' });
    const dad = await run(said('Dad', 'he'));
    expect(argsOf(dad, 'reminders_create')).toEqual({
      text: "ask the kids what he'd like",
      due_time: '2026-12-06T20:00:00',
    });
  });
});

describe('questions said loosely', () => {
  it('"tulips - when do they go in and how deep again?" is one question of the notes', async () => {
    for (const said of [
      'tulips - when do they go in and how deep again?',
      'when do the tulips go in and how deep?',
    ]) {
      const r = await run(said);
      expect(toolsCalled(r), said).toEqual(['notes_search']);
      expect(r.calls[0]!.output).toMatchObject({ count: 1 });
    }
  });

  it('a question about an event beside "and how long …" is not asked of that event\'s words', async () => {
    const r = await run(
      "Where's my dentist appointment tomorrow and how long will it take me to get there from lunch with Alice?",
    );
    expect(argsOf(r, 'places_directions')?.origin_address).not.toBe(
      "Where's my dentist appointment tomorrow",
    );
  });

  it('"Not sure if you can read documents but what\'s in my Q3 report?" reads the report', async () => {
    const r = await run("Not sure if you can read documents but what's in my Q3 report?");
    expect(toolsCalled(r)).toEqual(['files_search', 'files_read']);
  });

  it('"the dentist is tomorrow, right?", "I have the dentist tomorrow, haven\'t I?" list tomorrow\'s calendar', async () => {
    for (const said of [
      'the dentist is tomorrow, right?',
      "I have the dentist tomorrow, haven't I?",
      'dentist tomorrow still happening?',
    ]) {
      const r = await run(said);
      expect(toolsCalled(r), said).toEqual(['calendar_list_events']);
      expect(argsOf(r, 'calendar_list_events'), said).toEqual({ date: '2026-12-07' });
    }
    // A question word asks for more than the day's calendar.
    const notes = await run('Pull up the notes from quarterly planning, what did we agree?');
    expect(toolsCalled(notes)[0]).toBe('notes_search');
  });

  it('"Grace\'s invoice. Total in GBP?" and "convert the total on Grace\'s invoice to USD for me" convert her total', async () => {
    for (const [said, to] of [
      ["Grace's invoice. Total in GBP?", 'GBP'],
      ["Can you convert the total on Grace's invoice to USD for me", 'USD'],
    ] as const) {
      const r = await run(said);
      expect(argsOf(r, 'currency_convert'), said).toEqual({
        amount: 3230,
        from_currency: 'EUR',
        to_currency: to,
      });
    }
  });

  it('"If it\'s nice, text Hugo …" is read on the forecast: sunny is nice', async () => {
    const r = await run(
      "Check the weather in Paris for Tuesday. If it's nice, text Hugo that we should walk to dinner; otherwise text him I'll grab a taxi.",
    );
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0159', text: 'we should walk to dinner' });
    expect(actsDone(r)).toEqual(['messages_send']);
  });

  it('"- put the actual time in so he\'s not confused" makes no event', async () => {
    const r = await run(
      "Text Hugo that I'll be at the restaurant 15 minutes before our dinner starts - put the actual time in so he's not confused",
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')?.text).toMatch(/18:45/);
  });
});

describe("what a quarter's numbers are, and a reminder's words beside an event", () => {
  it('"Pull the Q3 numbers, then email them to Noah" reads the Q3 report and emails it, its name the subject', async () => {
    const r = await run('Pull the Q3 numbers, then email them to Noah.');
    expect(toolsCalled(r)).toEqual(['files_search', 'files_read', 'contacts_search', 'mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'noah.brooks@example.com',
      subject: 'Q3 report',
    });
  });

  it('"the day before the museum thing to charge my camera" says only what to do; a pronoun keeps the event', async () => {
    const r = await run('set a reminder the day before the museum thing to charge my camera');
    expect(argsOf(r, 'reminders_create')).toEqual({ text: 'charge my camera', due_time: '2026-12-08' });
    const hugo = await run('remind me the day after my dinner with Hugo to send him a thank you');
    expect(argsOf(hugo, 'reminders_create')?.text).toMatch(/Hugo/);
  });
});

describe('held-out sets 34–37, read after they were measured', () => {
  it('a statement put as a question makes no note: "budget review moved?", "The offsite budget is 9k euros I think?"', async () => {
    const moved = await run('budget review moved?');
    expect(actsDone(moved)).toEqual([]);
    const budget = await run('The offsite budget is 9k euros I think? How much is that in pounds');
    expect(actsDone(budget)).toEqual([]);
    expect(argsOf(budget, 'currency_convert')).toEqual({
      amount: 9000,
      from_currency: 'EUR',
      to_currency: 'GBP',
    });
    // A request inside the words still asks for its act.
    const twins = await run(
      'Hi! Crazy morning here, the kids are bouncing off the walls already 😅 Can you remind me at 5pm today to pick the twins up from swimming? I ALWAYS forget on Sundays!',
    );
    expect(argsOf(twins, 'reminders_create')).toEqual({
      text: 'pick the twins up from swimming',
      due_time: '2026-12-06T17:00:00',
    });
  });

  it('"remind me to text Hugo about dinner" keeps "text": it is what to do', async () => {
    const r = await run('remind me tomorrow at 9 to text Hugo about dinner');
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'text Hugo about dinner',
      due_time: '2026-12-07T09:00:00',
    });
  });

  it('"find me a free hour … for a haircut and just put it in" books the slot', async () => {
    const r = await run('find me a free hour wednesday afternoon for a haircut and just put it in');
    expect(argsOf(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-09T14:00:00',
      end_time: '2026-12-09T15:00:00',
      title: 'haircut',
    });
  });

  it('"Let Grace and Noah know by text that …" texts both', async () => {
    const r = await run("Let Grace and Noah know by text that I'm landing in NY on the 18th");
    expect(actsDone(r)).toEqual(['messages_send', 'messages_send']);
    expect(argsOf(r, 'messages_send', 1)).toEqual({
      phone: '+1 212 555 0199',
      text: "I'm landing in NY on the 18th",
    });
  });

  it('"Check Bob\'s launch email - if the payment provider review is still pending, text him …" reads it first, and the email says so', async () => {
    const r = await run(
      "Check Bob's launch email - if the payment provider review is still pending, text him and ask for an ETA.",
    );
    expect(toolsCalled(r)).toEqual(['mail_search', 'mail_read', 'contacts_search', 'messages_send']);
    // What it does not say word for word is asked of the user, and nothing is sent.
    const done = await run("Check Bob's launch email - if the docs are finished, text him well done");
    expect(actsDone(done)).toEqual([]);
  });
});

describe('held-out sets 34–37: days, conditions and what is sent on', () => {
  it('"If my dentist appointment is on Tuesday, remind me Monday night …" looks for the dentist on Tuesday: it is on Monday', async () => {
    const r = await run('If my dentist appointment is on Tuesday, remind me Monday night to floss haha');
    expect(actsDone(r)).toEqual([]);
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
  });

  it('"Do I have anything on after 4 today? If not, put in a gym session 5-6pm" books it (nothing after 4)', async () => {
    const r = await run('Do I have anything on after 4 today? If not, put in a gym session 5-6pm');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-06T17:00:00',
      end_time: '2026-12-06T18:00:00',
    });
    const busy = await run('Do I have anything on after 2 today? If not, put in a gym session 5-6pm');
    expect(actsDone(busy)).toEqual([]);
  });

  it('"… is on the 10th. What\'s the date 10 days after that? Set a reminder at 9am that day" is due the 20th', async () => {
    const r = await run(
      "Offsite planning with Ines is on the 10th. What's the date 10 days after that? Set a reminder at 9am that day to send her the follow-up notes.",
    );
    expect(argsOf(r, 'reminders_create')?.due_time).toBe('2026-12-20T09:00:00');
  });

  it('"graces invoice came on the third and its due in thirty days" counts from 3 December', async () => {
    const r = await run('graces invoice came on the third and its due in thirty days so work out the date');
    expect(argsOf(r, 'date_add')).toEqual({ date: '2026-12-03', days: 30 });
  });

  it('"check what time Alice wants to meet … and reply to her email saying yes" reads her email and replies with the words said', async () => {
    const r = await run(
      'Can you check what time Alice wants to meet for lunch and reply to her email saying yes, see you there?',
    );
    expect(toolsCalled(r)).toEqual(['mail_search', 'mail_read', 'mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      body: 'yes, see you there',
    });
  });

  it('what was made is sent as what it says, not its id: "… and text Jonas the details", a second email the same body', async () => {
    const r = await run(
      'Do I have anything on Saturday the 12th? If not, put a long run in Hyde Park from 8 to 10 and text Jonas the details.',
    );
    expect(argsOf(r, 'messages_send')?.text).toBe('long run in Hyde Park, 2026-12-12 08:00–10:00');
    const two = await run(
      'Find a vegetarian restaurant in Lisbon, then email Ines and Olivia the name and address.',
    );
    expect(argsOf(two, 'mail_send', 1)?.body).toBe(argsOf(two, 'mail_send', 0)?.body);
  });
});

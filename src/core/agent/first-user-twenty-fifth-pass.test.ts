import { describe, expect, it } from 'vitest';
import { actsDone, argsOf, runOnWritersDay as run, toolsCalled } from './agent-fixtures.test-util';
import { withConversionAsked } from './conversion-asked';
import { findTimes } from './dates';
import { withPeopleOfTheTurn } from './reminder-people';
import type { LexiconEntry } from '../execute/tool-runtime';

// Twenty-fifth QA pass: the faults of held-out sets 38 (a parent in a hurry) and 39 (a freelancer), read after
// they were measured — on the built-in tools and sandbox, the writers' day (Sunday 2026-12-06, 10:00): Monday
// has the budget review (9:30, 40 Baker Street), lunch with Alice (12:30, 36 Baker Street) and the dentist
// (16:00, 94 Brick Lane); Tuesday the catch-up with Bob and dinner with Hugo in Paris; Wednesday the museum at 10.

describe('a note typed as a heading, times typed with a dot', () => {
  it('"new note shopping list: milk, weetabix, …" makes the note, it searches nothing', async () => {
    const r = await run('new note shopping list: milk, weetabix, bananas x3, nappies, calpol');
    expect(toolsCalled(r)).toEqual(['notes_create']);
    expect(argsOf(r, 'notes_create')).toEqual({
      title: 'shopping list',
      content: 'milk, weetabix, bananas x3, nappies, calpol',
    });
  });

  it('"remind me 3.30 to get leo from swimming" is at 15:30 today, not a question, not 03:30', async () => {
    const r = await run('remind me 3.30 to get leo from swimming');
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'get leo from swimming',
      due_time: '2026-12-06T15:30:00',
    });
  });

  it('a dotted amount or measure stays a number: "3.30 euros", "1.15 km"', () => {
    expect(findTimes('what is 3.30 euros in dollars')).toEqual([]);
    expect(findTimes('leave by 1:15 for pickup').map((t) => t.time)).toEqual(['13:15']);
  });

  it('a time said inside a message is what it says: "reply yes still on but i have to leave by 1.15"', async () => {
    const r = await run('reply to alice yes still on but i have to leave by 1.15 for pickup sorry x');
    expect(argsOf(r, 'mail_send')).toMatchObject({
      body: 'yes still on but i have to leave by 1:15 for pickup sorry x',
    });
    // Said when to send, it is no part of the text.
    const at = await run("text dan at 3pm that I'm late");
    expect(argsOf(at, 'messages_send')).toMatchObject({ text: "I'm late" });
  });
});

describe("temperatures and measures: the scale said, or kept in the user's things", () => {
  it('"thermometer says 38.5 whats that in f" converts 38.5 °C, and the pharmacy asked before is still found', async () => {
    const r = await run(
      "pharmacy near baker st? ella's got a temp, thermometer says 38.5 whats that in f my mum only understands f",
    );
    expect(toolsCalled(r)).toEqual(['places_search', 'units_convert']);
    expect(argsOf(r, 'units_convert')).toEqual({ value: 38.5, from_unit: 'celsius', to_unit: 'fahrenheit' });
  });

  it("a bare number said as an oven's or a fever's is in the other scale", () => {
    expect(withConversionAsked("the oven is at 180, what's that in fahrenheit")).toBe(
      'What is 180 celsius in fahrenheit?',
    );
    expect(withConversionAsked('its 100 degrees, what is that in celsius')).toBe(
      'What is 100 fahrenheit in celsius?',
    );
  });

  it('"making the banana bread … our oven is in fahrenheit, whats the temp" reads the recipe and converts its 175 °C', async () => {
    const r = await run(
      'making the banana bread for the bake sale but our oven is in fahrenheit (dont ask) whats the temp',
    );
    expect(toolsCalled(r)).toContain('files_read');
    expect(argsOf(r, 'units_convert')).toEqual({ value: 175, from_unit: 'celsius', to_unit: 'fahrenheit' });
    expect(toolsCalled(r)).not.toContain('places_weather');
  });

  it('"how deep should I plant tulips in inches" reads the garden note\'s 15 cm', async () => {
    const r = await run('how deep should I plant tulips in inches');
    expect(toolsCalled(r)[0]).toBe('notes_search');
    expect(argsOf(r, 'units_convert')).toEqual({ value: 15, from_unit: 'cm', to_unit: 'inches' });
  });

  it('"what\'s the passport renewal fee in euros?" looks past the empty inbox to the file, and converts 88 GBP', async () => {
    const r = await run("what's the passport renewal fee in euros?");
    expect(toolsCalled(r)).toEqual(['notes_search', 'files_search', 'files_read', 'currency_convert']);
    expect(argsOf(r, 'currency_convert')).toEqual({ amount: 88, from_currency: 'GBP', to_currency: 'EUR' });
  });
});

describe('conditions that are questions, and branches that do nothing', () => {
  it('"Has Lucia sent over the signed contract yet? If she has, text her …": Eve\'s mail is not hers, nothing is sent', async () => {
    const r = await run(
      'Has Lucia sent over the signed contract yet? If she has, text her a quick thank you.',
    );
    expect(toolsCalled(r)).toEqual(['mail_search']);
    expect(actsDone(r)).toEqual([]);
  });

  it('"Has Bob emailed me about the launch? If so, text him thanks" texts him: the mail found is his', async () => {
    const r = await run('Has Bob emailed me about the launch? If so, text him thanks.');
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0117', text: 'thanks' });
  });

  it('"if my dentist tmrw is after 3 text alice and ask if she can do pickup, if not dont bother" sends one question', async () => {
    const r = await run(
      'if my dentist tmrw is after 3 text alice and ask if she can do pickup, if not dont bother',
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0110', text: 'Can you do pickup?' });
  });

  it('"If Wednesday morning is clear, block 9 to 11 …. If not, find me two hours that afternoon and book that": the museum is at 10, so the afternoon', async () => {
    const r = await run(
      'If Wednesday morning is clear, block 9 to 11 for invoicing admin. If not, find me two hours that afternoon instead and book that.',
    );
    expect(argsOf(r, 'calendar_find_free_slot')).toEqual({
      date: '2026-12-09',
      duration_minutes: 120,
      earliest_time: '14:00',
    });
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T14:00:00',
      end_time: '2026-12-09T16:00:00',
      title: 'Invoicing admin',
    });
    expect(actsDone(r)).toEqual(['calendar_create_event']);
  });
});

describe('what a situation said before gives the act after it', () => {
  it('"I need a solid two-hour block tomorrow for client work, sometime after 10. Find a gap and put it in" books 2 hours after 10, titled by what it is for', async () => {
    const r = await run(
      'I need a solid two-hour block tomorrow for client work, sometime after 10. Find a gap and put it in the calendar.',
    );
    expect(argsOf(r, 'calendar_find_free_slot')).toEqual({
      date: '2026-12-07',
      duration_minutes: 120,
      earliest_time: '10:00',
    });
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({ title: 'Client work' });
  });

  it('"Anna needs an answer … Remind me Thursday at 3pm to get back to her" says Anna in the reminder', async () => {
    const r = await run(
      'Anna needs an answer on the offsite by Friday. Remind me Thursday at 3pm to get back to her.',
    );
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'get back to Anna',
      due_time: '2026-12-10T15:00:00',
    });
  });

  it('a pronoun in a reminder is named only when one person was said before it', () => {
    const people: LexiconEntry[] = [
      { kind: 'person', value: 'Anna Keller', aliases: ['anna'] },
      { kind: 'person', value: 'Bob Chen', aliases: ['bob'] },
    ];
    expect(withPeopleOfTheTurn(['Anna wrote', 'remind me to ring her'], people)).toEqual([
      'Anna wrote',
      'remind me to ring Anna',
    ]);
    expect(withPeopleOfTheTurn(['Anna and Bob wrote', 'remind me to ring her'], people)[1]).toBe(
      'remind me to ring her',
    );
    // A message to someone keeps its pronouns: it is the person's own to read.
    expect(withPeopleOfTheTurn(['Anna wrote', 'text Bob to ring her'], people)[1]).toBe(
      'text Bob to ring her',
    );
  });

  it('"Chase Anna for me. Email her asking if she\'s had a chance to look at my quote" sends that question, once', async () => {
    const r = await run(
      "Chase Anna for me. Email her asking if she's had a chance to look at my quote, and set a reminder for Friday at 11 to ring her if she still hasn't answered.",
    );
    expect(actsDone(r)).toEqual(['mail_send', 'reminders_create']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'anna.keller@example.com',
      body: 'Have you had a chance to look at my quote?',
    });
    expect(argsOf(r, 'reminders_create')).toMatchObject({ text: "ring Anna if she still hasn't answered" });
  });
});

describe('several things in one message', () => {
  it('"remind me thurs 8am to … and fri morning buy wrapping paper" sets two reminders, each at its own time', async () => {
    const r = await run(
      'remind me thurs 8am to send in the school trip money and fri morning buy wrapping paper for leos party',
    );
    expect(r.calls.filter((c) => c.tool === 'reminders_create').map((c) => c.args)).toEqual([
      { text: 'send in the school trip money', due_time: '2026-12-10T08:00:00' },
      { text: 'buy wrapping paper for leos party', due_time: '2026-12-11T09:00:00' },
    ]);
  });

  it('"remind me tomorrow at 9 to call Bob and Alice" stays one reminder', async () => {
    const r = await run('remind me tomorrow at 9 to call Bob and Alice');
    expect(actsDone(r)).toEqual(['reminders_create']);
  });

  it('"put leos bday party in the cal sun 2-4 at alices, invite her" invites Alice', async () => {
    const r = await run('put leos bday party in the cal sun 2-4 at alices, invite her');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-13T14:00:00',
      end_time: '2026-12-13T16:00:00',
      attendee_email: 'alice.martin@example.com',
    });
  });

  it('"book the olive table for sun 1pm for 4 of us and put it in my cal" names the event, not "it"', async () => {
    const r = await run('book the olive table for sun 1pm for 4 of us (2 kids) and put it in my cal');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-13T13:00:00',
      title: 'olive table for 4 of us (2 kids)',
    });
  });
});

describe("routes whose ends are events or someone's home", () => {
  it('"how long\'s the walk from my budget review tomorrow to where I\'m having lunch with Alice?" goes from 40 to 36 Baker Street', async () => {
    const r = await run(
      "how long's the walk from my budget review tomorrow to where I'm having lunch with Alice?",
    );
    expect(argsOf(r, 'places_directions')).toEqual({
      origin_address: '40 Baker Street, London',
      destination_address: '36 Baker Street, London',
      mode: 'walking',
    });
  });

  it('"after the dentist tmrw how long will it take me to walk to carols" goes from the dentist to Carol\'s address', async () => {
    const r = await run('after the dentist tmrw how long will it take me to walk to carols to get the kids');
    expect(argsOf(r, 'places_directions')).toEqual({
      origin_address: '94 Brick Lane, London',
      destination_address: '25 Baker Street, London',
      mode: 'walking',
    });
  });

  it('a place taken back is no end: "from the dentist tomorrow to... no wait, from my lunch with Alice to the dentist"', async () => {
    const r = await run(
      'how long is the walk from the dentist tomorrow to... no wait, from my lunch with Alice to the dentist',
    );
    expect(argsOf(r, 'places_directions')).toMatchObject({ origin_address: '36 Baker Street, London' });
  });
});

describe('held-out sets 40 (an older person, long-winded) and 41 (a team lead delegating): acts nobody asked for', () => {
  it('"take tomorrow\'s budget review off my calendar" is a removal, which no tool does; "Eve tells me …" makes no event', async () => {
    const r = await run(
      "Eve tells me the budget review has been moved to the 14th. I'm afraid I haven't the first idea how to change things in this diary. Could you take tomorrow's budget review off my calendar altogether, and also make me a note of what finance want, about the contractor costs, so I don't forget when the day comes?",
    );
    expect(toolsCalled(r)).not.toContain('calendar_create_event');
    expect(actsDone(r)).toEqual(['notes_create']);
    expect(r.answer).toMatch(/None of my tools can do this: "Could you delete tomorrow's budget review/);
  });

  it('"My garden notes say I need compost. Could you order some?" orders nothing and makes no note', async () => {
    const r = await run(
      'My garden notes say I need compost and mulch. Could you order some and have it delivered?',
    );
    expect(actsDone(r)).toEqual([]);
  });

  it('"Forward Grace\'s invoice PDF to accounts" asks whom it goes to: Grace is not sent her own record', async () => {
    const r = await run("Forward Grace's invoice PDF to accounts");
    expect(actsDone(r)).toEqual([]);
    expect(r.questions.map((q) => q.field)).toContain('to_email');
    const bob = await run("send Bob's email to finance");
    expect(actsDone(bob)).toEqual([]);
  });

  it('"send her a link" with no link to send sends nothing; the text to Olivia after it is sent all the same', async () => {
    const r = await run(
      "I'm not flying to Lisbon Saturday after all, so switch the Ines offsite planning to a video call and send her a link. And text Olivia that coffee's off, I won't be in Lisbon this weekend.",
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+351 912 555 088' });
  });
});

describe('held-out sets 40 and 41: acts asked for, in other words', () => {
  it('"I\'d like you to book me a seat on the Eurostar … And please send Bob Chen a text …" texts Bob', async () => {
    const r = await run(
      "I'd like you to book me a seat on the Eurostar to Paris for Thursday morning, something not too early. And please send Bob Chen a text to let him know I'm on my way and very much looking forward to our catch-up.",
    );
    expect(toolsCalled(r)).not.toContain('places_search');
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0117',
      text: "I'm on my way and very much looking forward to our catch-up",
    });
  });

  it('"Could you ring Carol Diaz for me? … If these telephones can\'t manage that, then just send her a text asking her to …" texts her', async () => {
    const r = await run(
      "Could you ring Carol Diaz for me? I'd so much rather hear a friendly voice than fiddle about typing. If these telephones can't manage that by themselves, then just send her a text asking her to give me a call this evening any time after six.",
    );
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0124',
      text: 'Could you give me a call this evening any time after 6?',
    });
  });

  it('"About that invoice from Grace … work out when it\'s actually due and set me a reminder a week before that date" reads her mail', async () => {
    const r = await run(
      "About that invoice from Grace. Could you work out when it's actually due and set me a reminder a week before that date?",
    );
    expect(toolsCalled(r)).toContain('mail_read');
    expect(actsDone(r)).toEqual(['reminders_create']);
  });

  it('"I have the dentist tomorrow … a reminder for an hour before the appointment" is at 15:00 tomorrow', async () => {
    const r = await run(
      'I have the dentist tomorrow and I always get in a state beforehand. Could you set a reminder for an hour before the appointment?',
    );
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-07T15:00:00' });
  });

  it('"Is coffee with Dan still at 3 today? If so text him I\'ll be 10 min late" texts him, no comma needed', async () => {
    const r = await run(
      "Is coffee with Dan still at 3 today? If so text him I'll be 10 min late, planning will overrun.",
    );
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0131',
      text: "I'll be 10 min late, planning will overrun",
    });
  });

  it('"If he hasn\'t, just text him to confirm 7pm at Saffron House" is the other branch, its time kept', async () => {
    const r = await run(
      "If Hugo has emailed about Tuesday's dinner, save what he said in a note. If he hasn't, just text him to confirm 7pm at Saffron House.",
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0159',
      text: 'Confirm 7pm at Saffron House',
    });
  });

  it('"If so text Olivia we can eat outside, if not text her to book a table inside" sends one branch', async () => {
    const r = await run(
      'Is it going to be above 12 degrees in Lisbon on Tuesday? If so text Olivia we can eat outside, if not text her to book a table inside.',
    );
    expect(r.calls.filter((c) => c.tool === 'messages_send')).toHaveLength(1);
  });

  it('"Jonas asked … If my Sunday is clear until the evening, reply to his email saying I\'m in" checks the calendar and says it', async () => {
    const r = await run(
      "Jonas asked if I'll join his Sunday long run. If my Sunday is clear until the evening, reply to his email saying I'm in.",
    );
    expect(toolsCalled(r)).toContain('calendar_list_events');
    expect(argsOf(r, 'mail_send')).toMatchObject({ to_email: 'jonas.berg@example.com', body: "I'm in" });
  });
});

describe('a condition after an act is checked on its own, not on what the act returned', () => {
  it('"Text Dan hello. If it rains tomorrow, remind me at 9 …" texts "hello" and checks the weather for the reminder', async () => {
    const r = await run('Text Dan hello. If it rains tomorrow, remind me at 9 to take an umbrella');
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0131', text: 'hello' });
    expect(toolsCalled(r)).toContain('places_weather');
  });

  it('"… And if the budget review is still in my calendar tomorrow, give me a 9am reminder …" lists tomorrow and reminds at 9', async () => {
    const r = await run(
      'Text Dan hello. And if the budget review is still in my calendar tomorrow, give me a 9am reminder to bring the contractor numbers.',
    );
    expect(argsOf(r, 'calendar_list_events')).toEqual({ date: '2026-12-07' });
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'bring the contractor numbers',
      due_time: '2026-12-07T09:00:00',
    });
  });
});

describe('held-out sets 42-45, read after they were measured: changes of mind, things made elsewhere, asides', () => {
  it('"Text Maya happy Thanksgiving! ...wait no, …, lol. scratch that. what\'s the weather in Toronto" sends nothing', async () => {
    const r = await run(
      "Text Maya happy Thanksgiving! ...wait no, Canadian Thanksgiving was in October, lol. scratch that. what's the weather doing in Toronto tomorrow, just curious",
    );
    expect(toolsCalled(r)).toEqual(['places_weather']);
  });

  it('"Make a note called Lisbon packing list — oh wait, I think I already have one?" looks for it and makes none', async () => {
    const r = await run(
      "Make a note called Lisbon packing list — oh wait, I think I already have one? If I do, just read me what's on it and don't make a new one.",
    );
    expect(toolsCalled(r)[0]).toBe('notes_search');
    expect(actsDone(r)).toEqual([]);
  });

  it('"Set up a poll for Alice, Carol and Dan …, and remind me Thursday at noon …" makes no event, only the reminder', async () => {
    const r = await run(
      'Set up a poll for Alice, Carol and Dan with Friday or Saturday as the options, and remind me Thursday at noon to check the results.',
    );
    expect(actsDone(r)).toEqual(['reminders_create']);
  });

  it('"Is there a pharmacy near Rua Augusta in Lisbon? That\'s where I\'m meeting on Saturday." makes no event', async () => {
    const r = await run(
      "Is there a pharmacy near Rua Augusta in Lisbon? That's where I'm meeting on Saturday.",
    );
    expect(toolsCalled(r)).toEqual(['places_search']);
  });

  it('"if my dentist appt tomorrow is in the morning, text carol …" sends nothing: the dentist is at 4', async () => {
    const r = await run(
      "if my dentist appt tomorrow is in the morning, text carol that i'll miss the 10am seminar. if it's later don't bother",
    );
    expect(actsDone(r)).toEqual([]);
    const afternoon = await run(
      "if my dentist appointment tomorrow is in the afternoon, text carol that i'll miss the seminar",
    );
    expect(argsOf(afternoon, 'messages_send')).toEqual({
      phone: '+1 555 0124',
      text: "i'll miss the seminar",
    });
  });

  it('"quick one: 1,500 plus 20% VAT?" is no date arithmetic', async () => {
    const r = await run('quick one: 1,500 plus 20% VAT?');
    expect(toolsCalled(r)).toEqual([]);
    expect(r.questions).toEqual([]);
  });
});

describe('a contact detail is never what a message spells out', () => {
  it('"drop her an email saying I\'ll bring printed copies of the agenda" says that, not her address', async () => {
    const r = await run("drop Ines an email saying I'll bring printed copies of the agenda.");
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'ines.silva@example.com',
      body: "I'll bring printed copies of the agenda",
    });
  });
});

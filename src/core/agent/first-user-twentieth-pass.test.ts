import { describe, expect, it } from 'vitest';
import type { TurnResult } from './agent-events';
import { actsDone, argsOf, chatOnWritersDay, runOnWritersDay as run } from './agent-fixtures.test-util';
import { findDurations } from './dates';
import { findLiterals } from './literals';

// Twentieth QA pass: conversations written without the agent in view (people carried over, things carried
// over, the same again with a change, a morning's chat), on the built-in tools and sandbox, the writers'
// day (Sunday 2026-12-06). Each message but the first was read on its own before this pass.

/** The last turn of a chat of `messages`. */
const last = async (...messages: string[]): Promise<TurnResult> => (await chatOnWritersDay(messages)).at(-1)!;

describe('people carried over from the turns before', () => {
  it('"who was my lunch with yesterday?" → "text her thanks …" texts Carol', async () => {
    const r = await last('who was my lunch with yesterday?', 'text her thanks, it was lovely catching up');
    expect(r.readAs).toBe('text Carol thanks, it was lovely catching up');
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 555 0124' });
  });

  it('"Who\'s my 3pm with today?" → "email him that …" emails Dan', async () => {
    const r = await last("Who's my 3pm with today?", 'email him that I might be 10 minutes late');
    expect(argsOf(r, 'mail_send')).toMatchObject({ to_email: 'dan.okafor@example.com' });
  });

  it('"email him the same thing too" after a text sends its words by email', async () => {
    const r = await last(
      "Text Bob that I'm running 10 min late for our catch-up on Tuesday",
      'email him the same thing too pls',
    );
    expect(actsDone(r)).toEqual(['mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'bob.chen@example.com',
      body: "I'm running 10 min late for our catch-up on Tuesday",
    });
  });

  it('"ask Noah the same" asks Noah what Maya was asked', async () => {
    const r = await last("Text Maya and ask if she's up for a call tonight", 'ask Noah the same');
    expect(argsOf(r, 'messages_send')).toMatchObject({
      phone: '+1 212 555 0199',
      text: 'Are you up for a call tonight?',
    });
  });

  it('"sorry, I meant Frank, not Jonas" sends Frank what Jonas was sent, as a text again', async () => {
    const r = await last(
      'Send Jonas a text saying the quarterly planning notes are in the meeting-notes file',
      'sorry, I meant Frank, not Jonas — send it to Frank',
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 555 0145' });
  });

  it('"reply yes still on …" after "did alice email me abt lunch" answers Alice', async () => {
    const r = await last('did alice email me abt lunch', 'reply yes still on, see u at 12:30 x');
    expect(argsOf(r, 'mail_send')).toMatchObject({ to_email: 'alice.martin@example.com' });
  });
});

describe('the same again with a change', () => {
  it('"and Tuesday?" lists Tuesday; "and in Lisbon?" searches Lisbon; "and 13.1?" converts 13.1 miles', async () => {
    expect(argsOf(await last('What do I have on Monday?', 'and Tuesday?'), 'calendar_list_events')).toEqual({
      date: '2026-12-08',
    });
    expect(argsOf(await last('find a pharmacy in Paris', 'and in Lisbon?'), 'places_search')).toMatchObject({
      city: 'Lisbon',
    });
    expect(argsOf(await last('how many km is 26.2 miles', 'and 13.1?'), 'units_convert')).toEqual({
      value: 13.1,
      from_unit: 'miles',
      to_unit: 'km',
    });
  });

  it('"in dollars?" converts the same amount into dollars', async () => {
    expect(argsOf(await last('convert 3230 EUR to GBP pls', 'in dollars?'), 'currency_convert')).toEqual({
      amount: 3230,
      from_currency: 'EUR',
      to_currency: 'USD',
    });
  });

  it('"same for Thursday" books the call again on Thursday', async () => {
    const r = await last(
      'Set up a 1 hour call with Frank on Wednesday at 3pm about the hiring plan',
      'same for Thursday',
    );
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-10T15:00:00',
      attendee_email: 'frank.weber@example.com',
    });
  });

  it('"actually make it 8" after the event was made makes no second one', async () => {
    const r = await last('Put a gym session in my calendar tomorrow at 7am', 'actually make it 8');
    expect(actsDone(r)).toEqual([]);
  });

  it('a message that stands on its own is read as it is', async () => {
    const r = await last("Text Bob that I'm running late", 'Remind me to water the plants at 6pm');
    expect(r.readAs).toBeUndefined();
    expect(actsDone(r)).toEqual(['reminders_create']);
  });
});

describe('things carried over from the turns before', () => {
  it('"remind me 45 mins before it" after "when\'s my dentist appointment" fires at 15:15 tomorrow', async () => {
    const r = await last(
      "when's my dentist appointment",
      'cool, remind me 45 mins before it so i can leave work on time',
    );
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-07T15:15:00' });
  });

  it('"What\'s that in US dollars?" after reading Grace\'s invoice converts its total', async () => {
    const r = await last(
      'Can you open the email from Grace about invoice 1042?',
      "What's that in US dollars?",
    );
    expect(argsOf(r, 'currency_convert')).toEqual({ amount: 3230, from_currency: 'EUR', to_currency: 'USD' });
  });

  it('"how much is that in pounds" after the offsite budget converts 9k EUR', async () => {
    const r = await last("check my notes, what's the offsite budget?", 'how much is that in pounds');
    expect(argsOf(r, 'currency_convert')).toEqual({ amount: 9000, from_currency: 'EUR', to_currency: 'GBP' });
  });

  it('"how long would it take to bike there from Eve\'s" routes from her address to the bookshop found', async () => {
    const r = await last('any bookshops in Berlin?', "how long would it take to bike there from Eve's");
    expect(argsOf(r, 'places_directions')).toEqual({
      origin_address: '47 Kastanienallee, Berlin',
      destination_address: 'Chapter & Verse',
      mode: 'cycling',
    });
  });

  it('"text Olivia the address and ask …" sends the address of the place found', async () => {
    const r = await last(
      "where's Saffron House in Lisbon",
      'text Olivia the address and ask if she wants to meet there at 8 tonight',
    );
    expect(String(argsOf(r, 'messages_send')?.text)).toContain('82 Rua da Prata, Lisbon');
  });

  it('"book that as \'Call with Kenji\' and invite him" books the free hour found, with Kenji', async () => {
    const r = await last(
      "what's my first free hour on wednesday?",
      "book that as 'Call with Kenji' and invite him",
    );
    expect(argsOf(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-09T08:00:00',
      end_time: '2026-12-09T09:00:00',
      title: 'Call with Kenji',
      attendee_email: 'kenji.sato@example.com',
    });
  });

  it('"remind me that day" after "6 weeks from today" is on 2027-01-17', async () => {
    const r = await last(
      "what's the date 6 weeks from today",
      'remind me that day to check on the passport renewal',
    );
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2027-01-17' });
  });

  it('"email the gist to frank" after reading the Q3 report emails what it says', async () => {
    const r = await last('whats the q3 report say', 'email the gist to frank');
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'frank.weber@example.com',
      body: expect.stringContaining('revenue up 8%'),
    });
  });

  it('"how long from kings cross by bus" after "where\'s lunch w alice tmrw" routes to the lunch', async () => {
    const r = await last("where's lunch w alice tmrw", 'how long from kings cross by bus');
    expect(argsOf(r, 'places_directions')).toMatchObject({
      origin_address: "King's Cross Station",
      destination_address: '36 Baker Street, London',
      mode: 'transit',
    });
  });

  it('"remind me the night before" after "what do i have on the 12th" fires the evening of the 11th', async () => {
    const r = await last('what do i have on the 12th', 'cool remind me the night before to charge my camera');
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-11T19:00:00' });
  });
});

describe('held-out conversations, read after they were measured', () => {
  it('"What\'s that in Fahrenheit?" after a forecast converts its temperature; "and in miles?" a route\'s distance', async () => {
    const f = await last("What's the forecast for Paris on Christmas Eve?", "What's that in Fahrenheit?");
    expect(argsOf(f, 'units_convert')).toMatchObject({ from_unit: 'celsius', to_unit: 'fahrenheit' });
    const m = await last('how far is it from the Louvre to Gare du Nord by bike', 'and in miles?');
    expect(argsOf(m, 'units_convert')).toEqual({ value: 2.8, from_unit: 'km', to_unit: 'miles' });
  });

  it('"put \'Paris planning with Carol\' in at that time and invite her" books the hour and a half found', async () => {
    const r = await last(
      "I'd like a little planning evening with Carol about Paris. Is there a free hour and a half on Monday evening, from six onwards?",
      "Right then, put 'Paris planning with Carol' in at that time and invite her",
    );
    expect(argsOf(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-07T18:00:00',
      end_time: '2026-12-07T19:30:00',
      title: 'Paris planning with Carol',
      attendee_email: 'carol.diaz@example.com',
    });
  });

  it('"answer him: …" after asking about Kenji emails Kenji; "also to Grace same text, her bday is today too" texts Grace', async () => {
    const a = await last(
      'who is Kenji again? what he wrote me',
      'answer him: I come maybe 10-20 April, arigatou!',
    );
    expect(argsOf(a, 'mail_send')).toMatchObject({ to_email: 'kenji.sato@example.com' });
    const g = await last(
      'sms to Noah: happy birthday bro!! 🎉',
      'also to Grace same text, her bday is today too lol',
    );
    expect(argsOf(g, 'messages_send')).toMatchObject({ phone: '+1 555 0152' });
  });

  it('"Tell him Kenji has offered …" after asking for Jonas\'s number texts Jonas, not Kenji', async () => {
    const r = await last(
      "I'd like to ring Jonas Berg about coming to Tokyo with us, but first, what's his phone number?",
      "Actually I'll text him instead, it's late. Tell him Kenji has offered to book a table near Omotesando in April",
    );
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 555 0173' });
  });
});

describe('held-out conversations E to G, read after they were measured', () => {
  it('"and bob at eight fifteen" after a reminder for Hugo at eight reminds to call Bob at 08:15', async () => {
    const r = await last('remind me to call hugo tomorrow at eight am', 'and bob at eight fifteen');
    expect(argsOf(r, 'reminders_create')).toEqual({ text: 'call Bob', due_time: '2026-12-07T08:15:00' });
  });

  it('"and tuesday? need to know if the kids need wellies" forecasts Tuesday', async () => {
    const r = await last('weather in London tomorrow?', 'and tuesday? need to know if the kids need wellies');
    expect(argsOf(r, 'places_weather')).toEqual({ city: 'London', date: '2026-12-08' });
  });

  it('"… right after the appointment" is after the dentist the chat looked up two turns before', async () => {
    const r = await last(
      "when's my dentist thing",
      'is there a pharmacy close to that in london',
      'ok remind me to pick up ibuprofen there right after the appointment',
    );
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-07T16:30:00' });
  });

  it('"is there a pharmacy near there?" keeps its "is there" and searches near the dentist', async () => {
    const r = await last(
      'anything on tomorrow?',
      "what time's the dentist and where",
      'is there a pharmacy near there? might need to pick something up after',
    );
    expect(r.readAs).toMatch(/^is there a pharmacy near 94 Brick Lane, London\?/);
    expect(argsOf(r, 'places_search')).toMatchObject({ city: 'London' });
  });

  it('"nah forget that, convert twenty two celsius to fahrenheit" converts 22 °C', async () => {
    const r = await run('whats the time in... nah forget that, convert twenty two celsius to fahrenheit');
    expect(argsOf(r, 'units_convert')).toEqual({ value: 22, from_unit: 'celsius', to_unit: 'fahrenheit' });
  });
});

describe('single requests read better too', () => {
  it('"text Noah to say I\'ll sort out the money if he sorts out the hotel" sends it; "text Olivia if she knows …" asks her', async () => {
    const r = await run("text Noah to say I'll sort out the money if he sorts out the hotel");
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 212 555 0199' });
    const o = await run('Text Olivia if she knows a good guesthouse in Sintra');
    expect(argsOf(o, 'messages_send')).toEqual({
      phone: '+351 912 555 088',
      text: 'Do you know a good guesthouse in Sintra?',
    });
  });

  it('"how far is it from Anna place" looks up her address; "a free hour and a half" is 90 minutes', async () => {
    const r = await run('how far is Corner Roast from Anna place, walking');
    expect(argsOf(r, 'places_directions')).toMatchObject({ origin_address: '14 Kastanienallee, Berlin' });
    expect(findDurations('a free hour and a half on Monday')[0]?.minutes).toBe(90);
  });

  it('"from carols", "from Eve\'s": a home said as its owner\'s, looked up for the route', async () => {
    const r = await run("how far is the Natural History Museum from Carol's");
    expect(argsOf(r, 'places_directions')).toMatchObject({ origin_address: '25 Baker Street, London' });
    const s = await run('directions to the museum from olivias, walking');
    expect(argsOf(s, 'places_directions')).toMatchObject({ origin_address: '9 Rua da Prata, Lisbon' });
    // Not a route's end: the reminder is only a reminder.
    expect(
      (await run("remind me at 3:15 today to collect the kids from carol's")).calls.map((c) => c.tool),
    ).toEqual(['reminders_create']);
  });

  it('"how long is the walk from alices place to carols" looks up both homes and walks between them', async () => {
    const r = await run('how long is the walk from alices place to carols');
    expect(argsOf(r, 'places_directions')).toEqual({
      origin_address: '3 Upper Street, London',
      destination_address: '25 Baker Street, London',
      mode: 'walking',
    });
  });

  it('"Now on a different note entirely, do I have a note about the garden?" searches the notes, makes none', async () => {
    const r = await run(
      "Thank you. Now on a different note entirely, do I have a note somewhere about the garden? I can't remember how deep the tulip bulbs go.",
    );
    expect(r.calls.map((c) => c.tool)).toEqual(['notes_search']);
  });

  it('"my first free hour sat after 1pm" looks for an hour on Saturday; "weather paris sat" is Saturday\'s', async () => {
    expect(argsOf(await run("what's my first free hour sat after 1pm"), 'calendar_find_free_slot')).toEqual({
      date: '2026-12-12',
      duration_minutes: 60,
      earliest_time: '13:00',
    });
    expect(argsOf(await run('weather paris sat'), 'places_weather')).toEqual({
      city: 'Paris',
      date: '2026-12-12',
    });
    expect(findDurations('my first free hour')[0]?.minutes).toBe(60);
  });

  it('"9k EUR" is 9,000 euros, not a time', () => {
    const money = findLiterals('budget approved at 9k EUR', Date.parse('2026-12-06T10:00:00Z')).filter(
      (l) => l.kind === 'money',
    );
    expect(money.map((l) => [l.value, l.sub])).toEqual([[9000, 'EUR']]);
  });
});

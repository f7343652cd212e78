import { describe, expect, it } from 'vitest';
import { actsDone, argsOf, runOnWritersDay as run, toolsCalled } from './agent-fixtures.test-util';
import { eventsSaid } from './events-said';
import { isNarration } from './narration';
import { withHomesNamed } from './lookups';
import { createSandboxRuntime } from '../sandbox';

// Twenty-second QA pass: single messages written without the agent in view — questions answered from the
// user's own data, things passed on to someone, the user's things named loosely, requests only partly
// possible — on the built-in tools and sandbox, the writers' day (Sunday 2026-12-06, 10:00).

const DAY = Date.parse('2026-12-06T10:00:00Z');

async function calendarEvents() {
  const runtime = await createSandboxRuntime({ now: () => DAY });
  return ((await runtime.lexicon?.()) ?? []).filter((e) => e.kind === 'event');
}

describe('events named loosely', () => {
  it.each([
    ['the Paris dinner', 'Dinner with Hugo'],
    ['the museum thing', 'Museum visit'],
    ['the thing with Bob', 'Catch-up with Bob'],
    ['my offsite meeting with Ines', 'Offsite planning with Ines'],
    ['my dentist', 'Dentist appointment'],
    ['my long run', 'Long run in Hyde Park'],
  ])('"%s" is %s, whatever day is said', async (words, title) => {
    const found = eventsSaid(`is ${words} on friday?`, await calendarEvents());
    expect(found.map((e) => e.entry.value)).toEqual([title]);
  });

  it.each([
    // Two lunches: "our lunch" is neither.
    'where is our lunch?',
    // A record named after an event's head is that record.
    "what's the travel cap in my budget note?",
    // "my budget" is no budget review: the loose name keeps the head's last word.
    'how much is left in my budget?',
  ])('"%s" names no event', async (text) => {
    expect(eventsSaid(text, await calendarEvents())).toEqual([]);
  });

  it('"is my dentist on tuesday?" asks the calendar, not for a dentist nearby', async () => {
    const r = await run('is my dentist on tuesday?');
    expect(toolsCalled(r)[0]).toBe('calendar_list_events');
  });

  it('"where was my long run on Friday?" lists Friday the 4th, where the run was', async () => {
    const r = await run('where was my long run on Friday?');
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
    expect(argsOf(r, 'calendar_list_events')).toEqual({ date: '2026-12-04' });
  });

  it("the weather for an event is its city's on its day: the dinner with Hugo is in Paris on the 8th", async () => {
    const r = await run("What's the weather looking like for my dinner with Hugo?");
    expect(argsOf(r, 'places_weather')).toEqual({ city: 'Paris', date: '2026-12-08' });
  });

  it('"the evening before the Paris dinner" is the evening of the 7th', async () => {
    const r = await run('remind me the evening before the Paris dinner to book a taxi');
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-07T19:00:00' });
  });
});

describe('questions about the user’s own data', () => {
  it('"Am I meeting Alice tomorrow?" is a question: the day is listed, nothing is booked', async () => {
    const r = await run('Am I meeting Alice tomorrow?');
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
    expect(actsDone(r)).toEqual([]);
  });

  it('"am I seeing Bob this week?" asks the calendar, not his contact record', async () => {
    const r = await run('am I seeing Bob this week?');
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
  });

  it('"What\'s my first meeting tomorrow?" lists the day, not its first free slot', async () => {
    const r = await run("What's my first meeting tomorrow?");
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
  });

  it('"what was my gift idea for Bob" searches the notes; "any idea how cold" is no note', async () => {
    expect(toolsCalled(await run('what was my gift idea for Bob'))).toEqual(['notes_search']);
    expect(toolsCalled(await run("Any idea how cold it'll be in New York?"))).toEqual(['places_weather']);
  });

  it('"What did we agree about cloud costs at quarterly planning?" reads the meeting notes', async () => {
    const r = await run('What did we agree about cloud costs at quarterly planning?');
    expect(toolsCalled(r)).toEqual(['files_search', 'files_read']);
  });

  it('"wen is …" is "when is …"', async () => {
    const r = await run('wen is the budget review?');
    expect(r.request.startsWith('wen')).toBe(true);
    expect(toolsCalled(r)[0]).toBe('calendar_list_events');
  });
});

describe('things passed on', () => {
  it('"Text Bob what time our catch-up is on Tuesday" texts him its start', async () => {
    const r = await run('Text Bob what time our catch-up is on Tuesday');
    expect(toolsCalled(r)).toEqual(['calendar_list_events', 'contacts_search', 'messages_send']);
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0117',
      text: 'Catch-up with Bob: 14:00 on 2026-12-08',
    });
  });

  it('"the time and address of …" sends both', async () => {
    const r = await run('text Alice the time and address of my dentist appointment tomorrow');
    expect(argsOf(r, 'messages_send')).toMatchObject({
      text: 'Dentist appointment: 16:00 on 2026-12-07, 94 Brick Lane, London',
    });
  });

  it('"her place" on a route is the home of the one person named before it', () => {
    expect(withHomesNamed('How long would it take Carol to walk from her place to the museum?')).toBe(
      "How long would it take Carol to walk from Carol's place to the museum?",
    );
    // Off a route, or with two people named, nothing is read into it.
    expect(withHomesNamed('Order a cake for Olivia, delivered to her place')).toBe(
      'Order a cake for Olivia, delivered to her place',
    );
    expect(withHomesNamed('How far is it for Bob or Anna to walk from her place?')).toBe(
      'How far is it for Bob or Anna to walk from her place?',
    );
  });

  it('"How long would it take Carol to walk from her place …? Text her the answer" routes from her address', async () => {
    const r = await run(
      'How long would it take Carol to walk from her place to the Natural History Museum? Text her the answer.',
    );
    expect(argsOf(r, 'places_directions')).toMatchObject({ origin_address: '25 Baker Street, London' });
    expect(actsDone(r)).toEqual(['messages_send']);
  });

  it('a text\'s words after a dash are sent as typed, their "if" too', async () => {
    const r = await run(
      'send carol a txt - happy to swap my thursday late for your saturday early if that still works x',
    );
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0124',
      text: 'happy to swap my thursday late for your saturday early if that still works x',
    });
  });

  it('"meeting frank at harbour kitchen tonight" is how things stand, not an event to make', async () => {
    expect(isNarration('meeting frank at harbour kitchen tonight')).toBe(true);
    expect(isNarration('meeting with Bob tomorrow at 3')).toBe(false);
    const r = await run('meeting frank at harbour kitchen tonight, text him the address');
    expect(toolsCalled(r)).not.toContain('calendar_create_event');
  });
});

describe('what cannot be done is not done another way', () => {
  it.each([
    'ugh wrong address, unsend the text I just sent Hugo',
    'Send flowers to Olivia in Lisbon, she just moved house',
    'Shift the project sync with Jonas to next week',
    'Get rid of the Lisbon packing list note',
  ])('"%s" acts on nothing', async (text) => {
    const r = await run(text);
    expect(actsDone(r)).toEqual([]);
  });

  it.each(['add Hugo to the thing with Bob on Tuesday', 'invite Anna to the budget review'])(
    '"%s" changes an event that exists: no new one is made',
    async (text) => {
      expect(actsDone(await run(text))).toEqual([]);
    },
  );

  it.each([
    // The budget review is on the 7th: one on the 14th is a new event.
    ['Invite Eve to the budget review on the 14th, 9:30 to 10:30', '2026-12-14T09:30:00'],
    ['Invite Carol to a design review follow-up on Wednesday at 10, one hour', '2026-12-09T10:00:00'],
  ])('"%s" makes a new event', async (text, start) => {
    const r = await run(text);
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({ start_time: start });
  });

  it('"Renew my Pulse Fitness membership" is nothing a tool does (it gave the weather)', async () => {
    expect(toolsCalled(await run('Renew my Pulse Fitness membership in London'))).toEqual([]);
  });

  it('"Remind me a week before to post her present" still reminds (a present posted is what it is for)', async () => {
    const r = await run("Anna's birthday is on the 19th. Remind me a week before to post her present");
    expect(actsDone(r)).toEqual(['reminders_create']);
  });

  it('the possible half of "Shift the sync … and remind me at 5pm to reply to his email" is done as said', async () => {
    const r = await run(
      'Shift the project sync with Jonas to next week and remind me at 5pm today to reply to his marathon email',
    );
    expect(toolsCalled(r)).toEqual(['reminders_create']);
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'reply to his marathon email',
      due_time: '2026-12-06T17:00:00',
    });
  });
});

describe('notes named and filled as said', () => {
  it.each([
    [
      "make a new note 'Berlin packing list' with passport, charger, warm coat, gloves.",
      { title: 'Berlin packing list', content: 'passport, charger, warm coat, gloves' },
    ],
    [
      'make a note called Berlin packing list with passport, charger, warm coat, gloves.',
      { title: 'Berlin packing list', content: 'passport, charger, warm coat, gloves' },
    ],
    [
      "make a note called 'Finals plan' - stats monday, econ wednesday, history friday",
      { title: 'Finals plan', content: 'stats monday, econ wednesday, history friday' },
    ],
    ["note 'Plumber': call re kitchen leak", { title: 'Plumber', content: 'call re kitchen leak' }],
  ])('"%s"', async (text, note) => {
    expect(argsOf(await run(text), 'notes_create')).toEqual(note);
  });

  it('"make a note that Maya\'s birthday is 6 December …" keeps the day in the note', async () => {
    const r = await run("make a note that Maya's birthday is 6 December so I don't forget next year");
    expect(argsOf(r, 'notes_create')).toMatchObject({
      content: "Maya's birthday is 6 December so I don't forget next year",
    });
  });

  it('"First, could you check …" is one part, not "First" and the rest', async () => {
    const r = await run(
      "First, could you check what's in my calendar on Thursday the 10th, and then find me a free 90-minute slot that day",
    );
    expect(toolsCalled(r)).toEqual(['calendar_list_events', 'calendar_find_free_slot']);
  });

  it('"… I\'m pretty sure I wrote a note about a scarf for her?" searches the notes, makes none', async () => {
    const r = await run(
      "So my mum's birthday is coming up and I'm pretty sure I wrote a note about a scarf for her?",
    );
    expect(toolsCalled(r)).toEqual(['notes_search']);
  });
});

describe('records named first', () => {
  it('"Bob\'s launch email, the risks bit — put those in a new note …" reads the email into the note', async () => {
    const r = await run(
      "Bob's launch email, the risks bit — put those in a new note called 'Launch risks to chase'",
    );
    expect(toolsCalled(r)).toEqual(['mail_search', 'mail_read', 'notes_create']);
    expect(argsOf(r, 'notes_create')).toMatchObject({ title: 'Launch risks to chase' });
    expect(String(argsOf(r, 'notes_create')?.content)).toContain('payment provider review still pending');
  });

  it('"Frank\'s email about the hiring plan — make me a note from it …" notes what the email says', async () => {
    const r = await run(
      "Frank's email about the hiring plan — make me a note from it that lists the four interview stages as a checklist",
    );
    expect(toolsCalled(r)).toEqual(['mail_search', 'mail_read', 'notes_create']);
    expect(String(argsOf(r, 'notes_create')?.content)).toContain('Interview loop: screening call');
  });

  it('"If I am free, could you put …" after the day is said stays held back on the check (no event today)', async () => {
    const r = await run(
      'I am not sure whether I have anything on next Saturday afternoon. If I am free, could you put Choir practice in the calendar from 2 until 4?',
    );
    expect(argsOf(r, 'calendar_create_event')?.start_time ?? '2026-12-12').toMatch(/^2026-12-12/);
  });

  it('"what exactly did Anna\'s offsite email say?" reads her message, not her contact record', async () => {
    expect(toolsCalled(await run("what exactly did Anna's offsite email say?"))).toEqual([
      'mail_search',
      'mail_read',
    ]);
  });

  it('"What\'s the email of …" is a contact\'s address, not a message', async () => {
    const r = await run("What's the email of Bob?");
    expect(toolsCalled(r)[0]).toBe('contacts_search');
  });
});

describe('questions someone asked, answered and sent on', () => {
  it('"hugo wants to know what time dinner is on tuesday, can u text him" texts him its start', async () => {
    const r = await run('hugo wants to know what time dinner is on tuesday, can u text him');
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0159',
      text: 'Dinner with Hugo: 19:00 on 2026-12-08',
    });
  });

  it('"jonas asked how far 24 km is in miles, text him" converts and texts the result', async () => {
    const r = await run('jonas asked how far 24 km is in miles, text him');
    expect(toolsCalled(r)).toEqual(['units_convert', 'contacts_search', 'messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ text: '14.91 miles' });
  });

  it('"Text Kenji how much 500 euros is in yen" sends the amount, not the question', async () => {
    const r = await run("Text Kenji how much 500 euros is in yen at today's rate.");
    expect(toolsCalled(r)).toEqual(['currency_convert', 'contacts_search', 'messages_send']);
    expect(String(argsOf(r, 'messages_send')?.text)).toMatch(/^\d[\d.]* JPY$/);
  });

  it('"Email Hugo how long it would take him to walk from his flat to Gare du Nord" routes from his address and emails the time', async () => {
    const r = await run('Email Hugo how long it would take him to walk from his flat to Gare du Nord.');
    expect(argsOf(r, 'places_directions')).toMatchObject({ origin_address: '80 Rue de Rivoli, Paris' });
    expect(String(argsOf(r, 'mail_send')?.body)).toMatch(/^duration \d+ min/);
  });

  it('"text it to Eve so she knows if she needs an umbrella" sends the forecast: the "if" is why, not a condition', async () => {
    const r = await run(
      'whats the weather in berlin tomorrow? text it to Eve so she knows if she needs an umbrella',
    );
    expect(actsDone(r)).toEqual(['messages_send']);
  });

  it('"… might overlap?? If they do, email Hugo …" emails nobody when the two events do not overlap', async () => {
    const r = await run(
      "Okay this is a weird one but I think I double booked myself on Tuesday — Bob's catch-up and dinner with Hugo might overlap?? If they do, email Hugo and ask if we can push dinner to 8.",
    );
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
  });

  it('"… — can you just reply to her that yes …, oh and say thanks …" replies with both', async () => {
    const r = await run(
      "Alice emailed about lunch tomorrow and I can't remember if I ever answered — can you just reply to her that yes we're still on, oh and say thanks for booking the table",
    );
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      body: "yes we're still on. thanks for booking the table",
    });
  });
});

describe('messages said as typed', () => {
  it('"text dan ill be there right at 3 …, grab me a flat white if hes first" sends it all, "I\'ll" and its "if"', async () => {
    const r = await run(
      'text dan ill be there right at 3 for our coffee thing, grab me a flat white if hes first',
    );
    expect(argsOf(r, 'messages_send')).toEqual({
      phone: '+1 555 0131',
      text: "I'll be there right at 3 for our coffee thing, grab me a flat white if hes first",
    });
  });

  it('"… that I got the message and will split out the contractor costs" is one message; "so move it" is a move', async () => {
    const r = await run(
      'Eve says the budget review moved to the 14th, so move it in my calendar. And email her back that I got the message and will split out the contractor costs.',
    );
    expect(actsDone(r)).toEqual(['mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      body: 'I got the message and will split out the contractor costs',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { findDates } from './dates';
import { oneSlipFrom, withMisspeltNamesCorrected } from './misspelt-names';
import { withMisspeltWordsCorrected } from './misspelt-words';
import { scalarFromLists } from './list-args';
import { smallTalkAnswer } from './small-talk';
import { stringTool } from '../tools/tool-fixtures.test-util';

// Requests from three sets written without the agent in view (twelfth QA pass: requests that chain two or
// three steps, messy typing, and a held-out mix); each was answered wrongly, or with something done that
// nobody asked for, before.

const TODAY = Date.parse('2026-12-06T10:00:00Z');
const run = async (request: string) => (await graphOnlySandboxAgent(() => TODAY)).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const args = (r: Awaited<ReturnType<typeof run>>, tool: string) =>
  r.calls.find((c) => c.tool === tool)?.args as Record<string, unknown> | undefined;

describe('a name typed with a slip of the finger', () => {
  it('is one keyboard slip away only for a dropped, added, swapped or neighbouring key', () => {
    expect(oneSlipFrom('berln', 'berlin')).toBe(true); // dropped
    expect(oneSlipFrom('aliec', 'alice')).toBe(true); // swapped neighbours
    expect(oneSlipFrom('lisbpn', 'lisbon')).toBe(true); // "p" is next to "o"
    expect(oneSlipFrom('jonah', 'jonas')).toBe(false); // "h" is nowhere near "s"
    expect(oneSlipFrom('parts', 'paris')).toBe(false); // "t" is not next to "i"
    expect(oneSlipFrom('berlin', 'berlin')).toBe(false);
    expect(oneSlipFrom('werlin', 'berlin')).toBe(false); // the first letter is kept
  });

  it('is corrected only where that kind of name goes', () => {
    const lexicon = [
      { kind: 'city', value: 'Berlin', aliases: ['berlin'] },
      { kind: 'person', value: 'Alice Martin', aliases: ['alice', 'alice martin'] },
    ];
    expect(withMisspeltNamesCorrected('weather in berln tomorrow', lexicon)).toBe(
      'weather in Berlin tomorrow',
    );
    expect(withMisspeltNamesCorrected('email aliec that lunch is fine', lexicon)).toBe(
      'email Alice that lunch is fine',
    );
    // Not after a word that takes a person or a place: left as typed.
    expect(withMisspeltNamesCorrected('the aliec berln', lexicon)).toBe('the aliec berln');
  });

  it('"whats the weather in berln tmrw" forecasts Berlin (it asked for the city)', async () => {
    const r = await run('whats the weather in berln tmrw');
    expect(tools(r)).toEqual(['places_weather']);
    expect(args(r, 'places_weather')).toEqual({ city: 'Berlin', date: '2026-12-07' });
  });

  it('"email aliec that lunch is fine" emails Alice (it asked for her address)', async () => {
    const r = await run('email aliec that lunch is fine');
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('alice.martin@example.com');
  });

  it('an unknown name one substitution away is asked about, never sent to someone else', async () => {
    const r = await run("text jonah I'm running late");
    expect(tools(r)).not.toContain('messages_send');
    expect(r.questions.map((q) => q.field)).toEqual(['phone']);
  });
});

describe('an act put off, or done another way, is not done now', () => {
  it('"I\'ll need to text Dan …, but not yet — don\'t send anything until I tell you" sends nothing', async () => {
    const r = await run(
      "I'll need to text Dan that I'm running late, but not yet — don't send anything until I tell you I'm out the door.",
    );
    expect(tools(r)).toEqual([]);
    expect(r.answer).toMatch(/won't do that now/);
  });

  it('"Hold off on emailing Anna until Friday" sends nothing (it said "None of my tools can do this: ".")', async () => {
    const r = await run('Hold off on emailing Anna until Friday.');
    expect(tools(r)).toEqual([]);
    expect(r.answer).not.toMatch(/None of my tools/);
  });

  it('"Can you call Alice and tell her I\'m 10 minutes away?" texts nobody (the telling is on the call)', async () => {
    const r = await run("Can you call Alice and tell her I'm 10 minutes away?");
    expect(tools(r)).not.toContain('messages_send');
  });

  it('"My garden note says …" is what a note says, not a note to make (it made one)', async () => {
    const r = await run(
      'My garden note says the tulips have to go in before the first frost. Check the London forecast for this week.',
    );
    expect(tools(r)).toEqual(['places_weather']);
  });
});

describe('small talk', () => {
  it('thanks, greetings and everything taken back get an answer of their own', () => {
    expect(smallTalkAnswer('thanks!', 'thanks!')).toBe("You're welcome.");
    expect(smallTalkAnswer('ok thanks so much', 'ok thanks so much')).toBe("You're welcome.");
    expect(smallTalkAnswer('Hello', 'Hello')).toMatch(/^Hello!/);
    expect(smallTalkAnswer("Don't text Dan.", '.')).toMatch(/won't do that now/);
    expect(smallTalkAnswer('thanks, now text Dan', 'text Dan')).toBeNull();
  });

  it('"Thanks, now text Dan that I\'m late" texts "I\'m late" (it emailed "Thanks, now text Dan …")', async () => {
    const r = await run("Thanks, now text Dan that I'm late");
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe("I'm late");
  });
});

describe('who a thing goes to, and what goes', () => {
  it('"… Bob\'s launch risks to Carol …" goes to Carol, not the owner of the thing', async () => {
    const r = await run(
      "Forward Bob's launch risks to Carol and tell her we need to chase the payment provider review this week.",
    );
    expect(args(r, 'contacts_search')?.name).toBe('Carol Diaz');
    expect(r.calls.some((c) => c.tool === 'contacts_search' && c.args.name === 'Bob Chen')).toBe(false);
  });

  it('"send Olivia my packing list" sends the note\'s words, not its id (it sent "note-3008")', async () => {
    const r = await run('send Olivia my packing list');
    // The note is read first and sent under its title (thirteenth pass: "my …" is a thing to look up).
    expect(args(r, 'mail_send')?.body).toBe(
      'Lisbon packing list: Passport, charger, rain jacket, walking shoes, printed itinerary, EUR cash.',
    );
  });

  it("a body fed a list of items takes the item's words; an id input its id", () => {
    const tool = stringTool('mail_send', 'Send an email.', ['body', 'note_id']);
    const notes = [{ note_id: 'note-1', title: 'Packing', content: 'Passport, charger' }];
    expect(scalarFromLists(tool, { body: notes, note_id: notes })).toEqual({
      body: 'Passport, charger',
      note_id: 'note-1',
    });
  });

  it('"Find a cafe near Upper Street and text Jonas the address — tell him …" (the search failed on city "Upper Street")', async () => {
    const r = await run(
      "Find a cafe near Upper Street and text Jonas the address — tell him let's meet there Tuesday at 8.",
    );
    expect(r.calls.every((c) => c.status === 'ok')).toBe(true);
    expect(args(r, 'places_search')?.city).toBeUndefined();
    expect(String(args(r, 'messages_send')?.text)).toMatch(/36 Baker Street.*let's meet there Tuesday at 8$/);
  });
});

describe('a date said as an offset from another', () => {
  it('"2 days before Dec 14" is the 12th (the reminder was set on the 14th)', () => {
    expect(findDates('a reminder 2 days before Dec 14 to prep', TODAY).map((d) => d.date)).toEqual([
      '2026-12-12',
    ]);
    expect(findDates('a week after 2026-12-10', TODAY).map((d) => d.date)).toEqual(['2026-12-17']);
    expect(findDates('the day before the 14th', TODAY).map((d) => d.date)).toEqual(['2026-12-13']);
  });

  it('"Rent is due on the 12th. Set a reminder three days before …" fires on the 9th (it asked when)', async () => {
    const r = await run(
      'Rent is due on the 12th. Set a reminder three days before so I remember to move money across.',
    );
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-09');
  });

  it('"Remind me the day before the dentist to floss" fires the day before the appointment', async () => {
    const r = await run('Remind me the day before the dentist to floss');
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-06');
  });
});

describe('words typed in a hurry or by ear', () => {
  it('are the words they stand for, nothing inside an address touched', () => {
    expect(withMisspeltWordsCorrected('remnd me tmrow at 8 to bring the printouts')).toBe(
      'remind me tomorrow at 8 to bring the printouts',
    );
    expect(withMisspeltWordsCorrected('whats on my calender on the 9th')).toBe(
      "what's on my calendar on the 9th",
    );
    expect(withMisspeltWordsCorrected('txt dan running late n also remind me 2 buy milk')).toBe(
      'txt dan running late and also remind me to buy milk',
    );
    expect(withMisspeltWordsCorrected('what r the interview steps')).toBe('what are the interview steps');
    // Words the agent knows, with their endings, and numbers of things stay.
    expect(withMisspeltWordsCorrected('the meetings and emails on mondays')).toBe(
      'the meetings and emails on mondays',
    );
    expect(withMisspeltWordsCorrected('book 2 tickets')).toBe('book 2 tickets');
    expect(withMisspeltWordsCorrected('write to bob.calender@x.com')).toBe('write to bob.calender@x.com');
  });

  it('"txt dan running late n also remind me 2 buy milk at 6pm" does both (the reminder was lost)', async () => {
    const r = await run('txt dan running late n also remind me 2 buy milk at 6pm');
    expect(tools(r)).toEqual(['contacts_search', 'messages_send', 'reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-06T18:00:00');
  });

  it('"what did eve say about the budget" searches the inbox (it searched the files for "eve")', async () => {
    const r = await run('what did eve say about the budget');
    // Found, then read: what she said is the message's text (thirteenth pass).
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
  });

  it('"what r the interview steps in franks hiring plan" reads Frank\'s, with the apostrophe put back', async () => {
    const lexicon = [{ kind: 'person', value: 'Frank Weber', aliases: ['frank', 'frank weber'] }];
    expect(withMisspeltNamesCorrected('the steps in franks hiring plan', lexicon)).toBe(
      "the steps in Frank's hiring plan",
    );
  });
});

describe('asking someone, and sending a document', () => {
  it('"Could you ask Hugo whether dinner is still on?" texts him the question', async () => {
    const r = await run('Could you ask Hugo whether dinner is still on?');
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe('Is dinner still on?');
  });

  it('"email dan the meeting notes from quarterly planning" reads the notes file and sends its text', async () => {
    const r = await run('email dan the meeting notes from quarterly planning');
    expect(tools(r)).toEqual(['files_search', 'files_read', 'contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.body).toMatch(/^Quarterly planning: ship the API docs/);
  });

  it('"read the budget file" with no such file says so (it asked for the file\'s identifier)', async () => {
    const r = await run('read the budget file');
    expect(r.questions).toEqual([]);
    expect(r.answer).toMatch(/files_search found nothing: No file matches "budget"/);
  });
});

describe('where the user lives, and what the calendar holds', () => {
  it('"Will it rain tomorrow?" forecasts the home city and says so (it asked for the city)', async () => {
    const r = await run('Will it rain tomorrow?');
    expect(args(r, 'places_weather')).toEqual({ city: 'London', date: '2026-12-07' });
    expect(r.calls[0]?.argSources?.city).toBe('home city');
    expect(r.answer).toMatch(/in London, where you live/);
  });

  it('a city the request names wins over the home city', async () => {
    const r = await run('weather in Paris on Friday');
    expect(args(r, 'places_weather')?.city).toBe('Paris');
  });

  it('"Do I have anything on Monday?" lists Monday (it said no tool could)', async () => {
    const r = await run('Do I have anything on Monday?');
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(args(r, 'calendar_list_events')?.date).toBe('2026-12-07');
  });

  it('"If I\'ve got anything on Friday afternoon, text Dan …" checks the afternoon and sends nothing when it is free', async () => {
    const free = await run("If I've got anything on Friday afternoon, text Dan that I can't make it");
    expect(tools(free)).toEqual(['calendar_list_events']);
    expect(free.answer).toMatch(/Not done: you asked for "text Dan that I can't make it" only if/);
    // Monday afternoon has the dentist at 16:00: the text goes.
    const busy = await run("If I've got anything on Monday afternoon, text Dan that I can't make it");
    expect(tools(busy)).toEqual(['calendar_list_events', 'contacts_search', 'messages_send']);
  });
});

describe('where and when a calendar event is', () => {
  it('"text hugo the address for our dinner tuesday" texts the dinner\'s address (it texted a restaurant\'s)', async () => {
    const r = await run('text hugo the address for our dinner tuesday');
    expect(tools(r)).toEqual(['calendar_list_events', 'contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe('Dinner with Hugo: 31 Rue de Rivoli, Paris');
  });

  it('"where is dinner with Hugo?" answers with that event (it looked Hugo up)', async () => {
    const r = await run('where is dinner with Hugo?');
    expect(tools(r)).toEqual(['calendar_list_events']);
    expect(r.answer).toMatch(/title Dinner with Hugo.*location 31 Rue de Rivoli, Paris/);
    expect(r.answer).not.toMatch(/Catch-up with Bob/);
  });

  it('a route from or to an event goes from or to where it is', async () => {
    const lunch = await run(
      "How long does it take to walk from where I'm having lunch with Alice tomorrow to the dentist?",
    );
    expect(args(lunch, 'places_directions')?.origin_address).toBe('36 Baker Street, London');
    const museum = await run(
      'For the museum visit on Wednesday — how long does it take by public transport from 27 Upper Street?',
    );
    expect(args(museum, 'places_directions')).toMatchObject({
      origin_address: '27 Upper Street',
      destination_address: '1 Cromwell Road, London',
      mode: 'transit',
    });
  });
});

describe('a thing someone has, or the user keeps, asked about', () => {
  it('"what are the interview steps in Frank\'s hiring plan" searches his mail, not his contact record', async () => {
    const r = await run("what are the interview steps in Frank's hiring plan");
    // Read too since the fourteenth pass: the steps are in the message's text, not its subject.
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(r.answer).toMatch(/screening call, take-home/);
  });

  it('"how much do I owe Grace for that invoice again" finds her invoice email', async () => {
    const r = await run('how much do I owe Grace for that invoice again');
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
    expect(r.answer).toMatch(/total 3230 EUR/);
  });

  it('"What\'s Frank\'s address?" is still his contact record', async () => {
    const r = await run("What's Frank's address?");
    expect(tools(r)[0]).toBe('contacts_search');
  });

  it('"what are my gift ideas for Bob" and "whats the offsite budget again" search the notes', async () => {
    const gifts = await run('what are my gift ideas for Bob');
    expect(tools(gifts)).toEqual(['notes_search']);
    expect(gifts.answer).toMatch(/Gift ideas/);
    const budget = await run('whats the offsite budget again');
    expect(tools(budget)).toEqual(['notes_search']);
  });

  it('"Find an hour … for Frank to go over the hiring plan and send him an invite" still starts from Frank', async () => {
    const r = await run(
      'Find an hour on Tuesday afternoon for Frank to go over the hiring plan and send him an invite.',
    );
    expect(tools(r)[0]).not.toBe('mail_search');
  });
});

describe('a note made of a document', () => {
  it('"Put the Q3 report numbers into a note called …" reads the report into the note (the note said its title)', async () => {
    const r = await run("Put the Q3 report numbers into a note called 'Q3 quick stats'");
    expect(tools(r)).toEqual(['files_search', 'files_read', 'notes_create']);
    expect(args(r, 'notes_create')).toEqual({
      title: 'Q3 quick stats',
      content:
        'Q3 report: revenue up 8% quarter on quarter, churn down to 2.1%, two enterprise deals closed.',
    });
  });

  it('"Save the lease details as a note" is titled by the thing, not by how it was asked', async () => {
    const r = await run('Save the lease details as a note');
    expect(args(r, 'notes_create')?.title).toBe('Lease details');
    expect(String(args(r, 'notes_create')?.content)).toMatch(/^Lease for 27 Upper Street/);
  });
});

describe('regressions the held-out set showed (checked, not tuned)', () => {
  it('"whats annas email say abt the offsite? …" reads her email, not her contact record', async () => {
    const r = await run('whats annas email say abt the offsite? when do i need to confirm by');
    expect(tools(r)[0]).toBe('mail_search');
  });

  it('a route from an event whose address is said goes there without listing the day', async () => {
    const r = await run(
      'How long does it take by public transport to get from the catch-up with Bob at 2 Rue Oberkampf to 31 Rue de Rivoli?',
    );
    expect(tools(r)).toEqual(['places_directions']);
  });
});

describe('acts only reported, thought about or asked advice on are not done (act-risk set)', () => {
  it('"Bob texted that he\'s running late … What time was that meant to start again?" texts nobody', async () => {
    const r = await run(
      "Bob texted that he's running late for our catch-up on Tuesday. What time was that meant to start again?",
    );
    expect(tools(r)).not.toContain('messages_send');
  });

  it('"Dan just messaged saying he can\'t make coffee today. … What else have I got on this afternoon?" texts nobody', async () => {
    const r = await run(
      "Dan just messaged saying he can't make coffee today. Ugh. What else have I got on this afternoon then?",
    );
    expect(tools(r)).not.toContain('messages_send');
  });

  it('"Should I email Frank or just call him …? What did he actually ask me?" reads his mail, sends nothing', async () => {
    const r = await run(
      'Should I email Frank or just call him about the hiring plan? What did he actually ask me?',
    );
    expect(tools(r)).toEqual(['mail_search', 'mail_read']);
  });

  it('"Just thinking out loud — I should probably send Ines a thank-you … Nothing to do now, thanks." does nothing', async () => {
    const r = await run(
      'Just thinking out loud — I should probably send Ines a thank-you after the offsite planning. Nothing to do now, thanks.',
    );
    expect(tools(r)).toEqual([]);
  });

  it('"Write me a two-line text I could send Dan … I\'ll send it from my phone." saves and sends nothing', async () => {
    const r = await run(
      "Write me a two-line text I could send Dan saying I'm stuck on the tube and will be 10 minutes late. I'll send it from my phone.",
    );
    expect(tools(r)).toEqual([]);
  });

  it('"I might email Frank later, but for now just set a reminder …" sets the reminder only', async () => {
    const r = await run(
      'I might email Frank later, but for now just set a reminder for Monday 2pm to go through his hiring plan.',
    );
    expect(tools(r)).toEqual(['reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-07T14:00:00');
  });

  it('"Forget the reminder, I\'ll remember. But do message Bob …" messages Bob only', async () => {
    const r = await run(
      "Forget the reminder, I'll remember. But do message Bob that I'm fine moving our catch-up to 3pm.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });

  it('"… just remind me what the launch risks are" tells, it sets no reminder', async () => {
    const r = await run(
      "Don't email Bob, I'll see him Tuesday anyway — just remind me what the launch risks are.",
    );
    expect(tools(r)).not.toContain('reminders_create');
    expect(tools(r)).not.toContain('mail_send');
  });
});

describe('answering someone back', () => {
  it('"Alice just asked if we\'re still on … Text her back: yes, see you at 12:30!" texts Alice (nothing was sent)', async () => {
    const r = await run(
      "Alice just asked if we're still on for lunch tomorrow. Text her back: yes, see you at 12:30!",
    );
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe('yes, see you at 12:30');
  });

  it('"Eve says finance wants … Email her back that I\'ll have them ready by Thursday." sends only the reply\'s words', async () => {
    const r = await run(
      "Eve says finance wants the contractor costs as separate line items. Email her back that I'll have them ready by Thursday.",
    );
    expect(args(r, 'mail_send')).toMatchObject({
      to_email: 'eve.novak@example.com',
      body: "I'll have them ready by Thursday",
    });
  });
});

import { describe, expect, it } from 'vitest';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { chooseTarget } from './target-choice';

// Requests from two sets written without the agent in view (eleventh QA pass: everyday requests of six
// people, and wording that is hard for software — negations, corrections, polite wishes, notes to self);
// each was answered wrongly, or with something done that nobody asked for, before.

const run = async (request: string) =>
  (await graphOnlySandboxAgent(() => Date.parse('2026-12-06T10:00:00Z'))).runTurn(request);
const tools = (r: Awaited<ReturnType<typeof run>>) => r.calls.map((c) => c.tool);
const args = (r: Awaited<ReturnType<typeof run>>, tool: string) =>
  r.calls.find((c) => c.tool === tool)?.args as Record<string, unknown> | undefined;

describe('an act the request takes back is not done', () => {
  it('"No need to set a reminder — just jot down in a note …" makes the note only (it set a reminder)', async () => {
    const r = await run(
      'No need to set a reminder for this — just jot down in a note that the boiler guy is coming Thursday morning.',
    );
    expect(tools(r)).toEqual(['notes_create']);
  });

  it('"Text Alice … — no need to answer her email as well" texts only (it emailed her too)', async () => {
    const r = await run(
      'Text Alice that yes, lunch tomorrow still stands — no need to answer her email as well.',
    );
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });

  it('"Email – no, text – Carol …" texts her (it did both)', async () => {
    const r = await run('Email – no, text – Carol that the design review notes are ready.');
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe('the design review notes are ready');
  });

  it('"Don\'t email Bob about it, just text him …" texts Bob', async () => {
    const r = await run("Don't email Bob about it, just text him that I'll be 10 minutes late");
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'contacts_search')?.name).toBe('Bob Chen');
  });

  it('"I don\'t want a calendar entry for this, only a reminder: …" sets the reminder (it listed the day)', async () => {
    const r = await run(
      "I don't want a calendar entry for this, only a reminder: call Mum on Wednesday at 6pm.",
    );
    expect(tools(r)).toEqual(['reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-09T18:00:00');
  });
});

describe('what a request says in other words', () => {
  it('"Could you drop Hugo a quick text to say …" sends it, the day kept in the text (it did nothing)', async () => {
    const r = await run('Could you drop Hugo a quick text to say dinner on Tuesday is moved to 8?');
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
    expect(args(r, 'messages_send')?.text).toBe('dinner on Tuesday is moved to 8');
  });

  it('"Pull the launch risks out of my … note and email them to Bob so he has them …" reads and sends the note (it made a note)', async () => {
    const r = await run(
      'Pull the launch risks out of my product launch note and email them to Bob so he has them before Tuesday.',
    );
    expect(tools(r)).not.toContain('notes_create');
    expect(tools(r)).toContain('notes_search');
    expect(String(args(r, 'mail_send')?.body)).toMatch(/Launch risks/);
  });

  it('"Convert 1.5k EUR to quid" converts 1500 EUR to GBP (it asked for the amount)', async () => {
    const r = await run('Convert 1.5k EUR to quid.');
    expect(args(r, 'currency_convert')).toEqual({ amount: 1500, from_currency: 'EUR', to_currency: 'GBP' });
  });

  it('"What\'s on next Tue?" lists Tuesday (it said no tool could)', async () => {
    const r = await run("What's on next Tue?");
    expect(args(r, 'calendar_list_events')).toEqual({ date: '2026-12-08' });
  });

  it('"Our new oven … only shows Fahrenheit - what\'s 175 °C?" converts to the unit the situation names (it listed the day)', async () => {
    const r = await run("Our new oven is American and only shows Fahrenheit - what's 175 °C?");
    expect(args(r, 'units_convert')).toEqual({ value: 175, from_unit: 'celsius', to_unit: 'fahrenheit' });
    const b = await run(
      "How many grams would there be in a pound of butter? My mother's old recipe is all in pounds and ounces.",
    );
    expect(tools(b)).toEqual(['units_convert']);
  });

  it('"How many pints is 1.5 litres?" and "… grams in a pound of butter" convert (it asked for the unit)', async () => {
    const r = await run('How many pints is 1.5 litres?');
    expect(args(r, 'units_convert')).toEqual({ value: 1.5, from_unit: 'liters', to_unit: 'pints' });
    const b = await run('How many grams would there be in a pound of butter?');
    expect(args(b, 'units_convert')).toEqual({ value: 1, from_unit: 'pounds', to_unit: 'g' });
  });
});

describe('who said or sent something, and the situation beside a question', () => {
  it('"What\'s Kenji asking about in his Tokyo email?" searches the inbox (it gave Tokyo\'s weather)', async () => {
    const r = await run("What's Kenji asking about in his Tokyo email?");
    expect(tools(r)[0]).toBe('mail_search');
  });

  it('"Did Grace ever actually send me that invoice …?" searches the inbox (it looked Grace up)', async () => {
    const r = await run('Did Grace ever actually send me that invoice, or am I imagining it?');
    expect(tools(r)).toEqual(['mail_search']);
  });

  it('"Have I ever written anything down about tulip bulbs?" searches the notes (it searched the inbox)', async () => {
    const r = await run('Have I ever written anything down about tulip bulbs?');
    expect(tools(r)).toEqual(['notes_search']);
  });

  it('"Just landed in Tokyo. What\'s 12,000 yen in pounds?" only converts (it gave the weather too)', async () => {
    const r = await run("Just landed in Tokyo. What's 12,000 yen in pounds?");
    expect(tools(r)).toEqual(['currency_convert']);
  });
});

describe('"to say" is a message\'s text only after something sent', () => {
  it('"Tell me how to say … in Amharic" keeps its words for the tool choice (seal_tools lost two translations)', async () => {
    const tools = [
      stringTool('translateAmharic', 'Translate a text into Amharic.', ['text']),
      stringTool('sendMessage', 'Send a message to a person.', ['text']),
    ];
    const choice = chooseTarget(
      'Tell me how to say "Today is a beautiful day" in Amharic.',
      tools.map((t) => ({ tool: t.name, score: 1 })),
      (n) => tools.find((t) => t.name === n),
      new Set(),
    );
    expect(choice?.tool).toBe('translateAmharic');
  });
});

describe('an event of the calendar named by its title', () => {
  it('"Is dinner with Hugo still on?" lists the day of that dinner (it listed today)', async () => {
    const r = await run('Is dinner with Hugo still on?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([['calendar_list_events', { date: '2026-12-08' }]]);
  });

  it('"Was the long run in Hyde Park on Friday …?" asks the calendar, not the places (it searched a park)', async () => {
    const r = await run('Was the long run in Hyde Park on Friday, or was it Saturday?');
    expect(tools(r)[0]).toBe('calendar_list_events');
  });

  it('"… on for Tuesday? Text him …" still texts Hugo, and a command about an event makes none', async () => {
    const r = await run("Is dinner with Hugo still on for Tuesday? Text him I'll bring the wine.");
    expect(tools(r)).toEqual(['calendar_list_events', 'contacts_search', 'messages_send']);
    const t = await run('Could you set me a reminder an hour before my video call with Anna on Friday?');
    expect(tools(t)).not.toContain('calendar_create_event');
    const b = await run("Buy two tickets for Wednesday's museum visit.");
    expect(tools(b)).toEqual([]);
  });
});

describe('calendar wording', () => {
  it('"block fri 2-4 \'deep work\'" blocks 14:00–16:00 on Friday (it was 09:00–10:00)', async () => {
    const r = await run("block fri 2-4 'deep work'");
    expect(args(r, 'calendar_create_event')).toEqual({
      title: 'deep work',
      start_time: '2026-12-11T14:00:00',
      end_time: '2026-12-11T16:00:00',
    });
  });

  it('"Pop the school nativity into the calendar please - Thursday …" makes the event with a clean title', async () => {
    const r = await run(
      "Pop the school nativity into the calendar please - Thursday 10 December, 2 till 3:30, at St Mary's, 5 Church Lane, London.",
    );
    expect(tools(r)).toEqual(['calendar_create_event']);
    expect(String(args(r, 'calendar_create_event')?.title)).toMatch(/^school nativity, at St Mary's/);
    expect(args(r, 'calendar_create_event')?.start_time).toBe('2026-12-10T14:00:00');
  });

  it('"the first 45-minute opening on Monday after 2pm" is a free slot (it asked for directions)', async () => {
    const r = await run(
      "Grab the first 45-minute opening on Monday after 2pm and block it as 'Investor call prep'.",
    );
    expect(r.calls[0]?.tool).toBe('calendar_find_free_slot');
    expect(r.calls[0]?.args).toEqual({ date: '2026-12-07', duration_minutes: 45, earliest_time: '14:00' });
  });
});

describe('short names of events, lists kept, and messages by their senders', () => {
  it('"the dentist tomorrow" is the dentist appointment; "the nearest dentist" is still a place', async () => {
    const r = await run('What time is the dentist tomorrow?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([['calendar_list_events', { date: '2026-12-07' }]]);
    const p = await run('Where is the nearest dentist?');
    expect(tools(p)).toEqual(['places_search']);
  });

  it('"What did I put on my Lisbon packing list?" searches the notes (Lisbon chose the place search)', async () => {
    const r = await run('What did I put on my Lisbon packing list?');
    expect(tools(r)).toEqual(['notes_search']);
  });

  it('"… email it to Olivia, she\'s helping me shop …" sends the list, not who she is', async () => {
    const r = await run(
      "Pull up my Lisbon packing list and email it to Olivia, she's helping me shop for the trip.",
    );
    expect(String(args(r, 'mail_send')?.body)).toMatch(/^Lisbon packing list: Passport/);
  });

  it('"Kenji\'s email about Tokyo" is his message, not his address (it looked him up)', async () => {
    const r = await run(
      "It would really help to have Kenji's email about Tokyo saved in my notes, the bit about April and the table near Omotesando.",
    );
    expect(tools(r)[0]).toBe('mail_search');
    const a = await run("What's Kenji's email?");
    expect(tools(a)).toEqual(['contacts_search']);
  });
});

describe('telling someone, notes to self, what someone said', () => {
  it('"Let Dan know I\'m running late" texts him (it looked him up and sent nothing)', async () => {
    const r = await run("Let Dan know I'm running late");
    expect(args(r, 'messages_send')).toEqual({ phone: '+1 555 0131', text: "I'm running late" });
    const e = await run('Let Anna know by email that the offsite is confirmed');
    expect(tools(e)).toEqual(['contacts_search', 'mail_send']);
  });

  it('"dentist thu 3pm rem" sets a reminder for Thursday 15:00 (it searched for a dentist)', async () => {
    const r = await run('dentist thu 3pm rem');
    expect(args(r, 'reminders_create')).toEqual({ text: 'dentist', due_time: '2026-12-10T15:00:00' });
  });

  it('"What did Bob say about the launch?" searches the inbox (it read a file)', async () => {
    const r = await run('What did Bob say about the launch — did he mention the API docs at all?');
    expect(tools(r)[0]).toBe('mail_search');
  });
});

describe('a question and an act in one sentence, with where the thing is kept said before', () => {
  it('"Some time ago I wrote a note about … What was it I wanted for Mum, and would you remind me on Saturday to go and buy it?"', async () => {
    const r = await run(
      'Some time ago I wrote a note about what to get everyone for Christmas. What was it I wanted for Mum, and would you remind me on Saturday to go and buy it?',
    );
    // It asked for a day to search for a free slot; "buy it?" was a part of its own.
    expect(tools(r)).toEqual(['notes_search', 'reminders_create']);
    expect(args(r, 'reminders_create')?.due_time).toBe('2026-12-12');
  });
});

describe('what a found document says, sent on', () => {
  it('"Grab the Q3 report and email the headline figures to Noah Brooks" reads the report and sends what it says', async () => {
    const r = await run('Grab the Q3 report and email the headline figures to Noah Brooks.');
    // It asked for the body; the query was "Grab Q3 report".
    expect(tools(r)).toEqual(['files_search', 'files_read', 'contacts_search', 'mail_send']);
    expect(args(r, 'files_search')?.query).toBe('Q3 report');
    expect(String(args(r, 'mail_send')?.body)).toMatch(/^Q3 report: revenue up 8%/);
  });

  it('"Dig out the launch slides and send the outline to hello@brightpixel.studio" sends the deck\'s outline', async () => {
    const r = await run('Dig out the launch slides and send the outline to hello@brightpixel.studio');
    expect(tools(r)).toEqual(['files_search', 'files_read', 'mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('hello@brightpixel.studio');
  });
});

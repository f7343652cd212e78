import { describe, expect, it } from 'vitest';
import type { LexiconEntry } from '../execute/tool-runtime';
import { type EarlierTurn, withFollowUpRead } from './follow-ups';

const TODAY = Date.parse('2026-12-06T10:00:00Z');
const person = (value: string): LexiconEntry => ({
  kind: 'person',
  value,
  aliases: [value.split(' ')[0]!.toLowerCase(), value.toLowerCase()],
});
const LEXICON: LexiconEntry[] = [
  person('Lucia Fernandez'),
  person('Kenji Sato'),
  person('Alice Martin'),
  person('Bob Chen'),
  person('Carol Diaz'),
  { kind: 'city', value: 'Paris', aliases: ['paris'] },
  { kind: 'city', value: 'Berlin', aliases: ['berlin'] },
  { kind: 'currency', value: 'USD', aliases: ['usd', 'dollars'] },
  { kind: 'currency', value: 'GBP', aliases: ['gbp', 'pounds'] },
];
const EVENTS: LexiconEntry[] = [
  { kind: 'event', value: 'Dentist appointment', aliases: ['dentist appointment'] },
];

const turn = (request: string, calls: EarlierTurn['calls'] = []): EarlierTurn => ({ request, calls });
const ok = (tool: string, output: unknown, args: Record<string, unknown> = {}) => ({
  tool,
  args,
  status: 'ok' as const,
  output,
});
const read = (request: string, ...earlier: EarlierTurn[]) =>
  withFollowUpRead(request, earlier, TODAY, LEXICON, EVENTS);

describe('a follow-up names the people of the turns before it', () => {
  it('"text her" is the one person the last turn was about; "her number" is hers', () => {
    expect(read('text her thanks', turn('What did Carol say?'))).toBe('text Carol thanks');
    expect(read("what's her number", turn('What did Carol say?'))).toBe("what's Carol's number");
  });

  it('of two people said, "him" is the one read as a man; "them" is both', () => {
    const before = turn('Email Lucia and Kenji about April');
    expect(read('text him the dates', before)).toBe('text Kenji the dates');
    expect(read('text her the dates', before)).toBe('text Lucia the dates');
    expect(read('invite them', before)).toBe('invite Lucia and Kenji');
  });

  it('a person found by the last turn (the one its event is with) is whom "her" means', () => {
    const lunch = turn('who was my lunch with yesterday?', [
      ok('calendar_list_events', {
        events: [
          { title: 'Design review', start_time: '2026-12-05T10:00:00' },
          { title: 'Lunch with Carol', start_time: '2026-12-05T13:00:00' },
        ],
      }),
    ]);
    expect(read('text her thanks', lunch)).toBe('text Carol thanks');
  });

  it('a message that names its own person, or someone of its own ("mum"), keeps its pronouns', () => {
    const before = turn('What did Carol say?');
    expect(read('text Bob and tell him yes', before)).toBe('text Bob and tell him yes');
    expect(read('text mum and tell her yes', before)).toBe('text mum and tell her yes');
  });

  it('"reply …" after a turn about someone answers them', () => {
    expect(read('reply yes still on', turn('did alice email me about lunch'))).toBe(
      'reply to Alice yes still on',
    );
  });
});

describe('a message that only changes values is the turn before with them changed', () => {
  it('a day, a city, an amount, a way to travel', () => {
    expect(read('and Tuesday?', turn('What do I have on Monday?'))).toBe('What do I have Tuesday?');
    expect(read('and in Berlin?', turn("What's the weather in Paris tomorrow?"))).toBe(
      "What's the weather in Berlin tomorrow?",
    );
    expect(read('in dollars?', turn('convert 3230 EUR to GBP'))).toBe('convert 3230 EUR to dollars');
    expect(read('how about by bike?', turn('how long to walk from Bob to Carol?'))).toBe(
      'how long to bike from Bob to Carol?',
    );
  });

  it('"same for Carol", "email him the same": the same words to another person, or another way', () => {
    const text = turn("Text Bob that I'm running late");
    expect(read('same for Carol', text)).toBe("Text Carol that I'm running late");
    expect(read('email him the same', text)).toBe("email Bob that I'm running late");
  });

  it('a message that asks on its own is left alone ("what\'s on Friday?")', () => {
    expect(read("what's on Friday?", turn('convert 12000 EUR to USD'))).toBe("what's on Friday?");
    expect(read('Remind me to water the plants at 6pm', turn("Text Bob that I'm late"))).toBe(
      'Remind me to water the plants at 6pm',
    );
  });

  it('after something was made, a change of mind is no new act; another person is', () => {
    const made = turn('Put a gym session in my calendar tomorrow at 7am', [
      ok('calendar_create_event', { event_id: 'ev-1' }),
    ]);
    expect(read('actually make it 8am', made)).toBe('actually make it 8am');
    const sent = turn('Send Alice a text saying the notes are ready', [
      ok('messages_send', { message_id: 's-1' }),
    ]);
    expect(read('sorry, I meant Bob, not Alice', sent)).toBe('Send Bob a text saying the notes are ready');
  });
});

describe('what counts as made', () => {
  it('a tool of any catalogue that made something counts; one that only worked something out does not', () => {
    const issue = turn('create an issue for the login bug with priority 3', [
      ok('create_issue', { issue_id: 'i-1' }),
    ]);
    // Read again with 2 it would make a second issue; an answer with a status and no id is a creation too.
    expect(read('no wait, 2', issue)).toBe('no wait, 2');
    const status = turn('create an issue for the login bug with priority 3', [
      ok('create_issue', { ok: true }),
    ]);
    expect(read('no wait, 2', status)).toBe('no wait, 2');
    const sum = turn('what date is 30 days from today', [ok('date_add', { date: '2027-01-05' })]);
    expect(read('no wait, 45', sum)).toBe('what date is 45 days from today');
  });
});

describe('things a turn found are named as what they are', () => {
  it('"before it" is the event the last turn listed and spoke of', () => {
    const dentist = turn("when's my dentist appointment", [
      ok('calendar_list_events', {
        events: [
          { title: 'Budget review', start_time: '2026-12-07T09:30:00' },
          { title: 'Dentist appointment', start_time: '2026-12-07T16:00:00' },
        ],
      }),
    ]);
    expect(read('remind me an hour before it', dentist)).toBe(
      'remind me an hour before the Dentist appointment',
    );
  });

  it('"there" is the place found: where to go, where to meet, whose weather', () => {
    const cafe = turn('any bookshops in Berlin?', [
      ok('places_search', { name: 'Chapter & Verse', address: '5 Oranienstrasse, Berlin', city: 'Berlin' }),
    ]);
    expect(read('how long to bike there from Bob', cafe)).toBe(
      'how long to bike to Chapter & Verse in Berlin from Bob',
    );
    expect(read('meet there at 8', cafe)).toBe('meet at Chapter & Verse at 8');
    expect(read("what's the weather like there", cafe)).toBe("what's the weather like in Berlin");
  });

  it('"that" in a conversion is the amount the turn read: a total first', () => {
    const invoice = turn('open the email from Grace about invoice 1042', [
      ok('mail_read', { body: 'Invoice 1042: 38 hours at 85 EUR, total 3230 EUR, due in 30 days.' }),
    ]);
    expect(read("what's that in dollars?", invoice)).toBe("what's 3230 EUR in dollars?");
  });

  it('"that day" is the day worked out; "book it" is the free slot found', () => {
    expect(
      read(
        'remind me that day to renew it',
        turn('6 weeks from today?', [ok('date_add', { date: '2027-01-17' })]),
      ),
    ).toBe('remind me on 2027-01-17 to renew it');
    const slot = turn('first free hour on Wednesday?', [
      ok('calendar_find_free_slot', { start_time: '2026-12-09T08:00:00', end_time: '2026-12-09T09:00:00' }),
    ]);
    expect(read("book it as 'Call with Kenji'", slot)).toBe(
      "schedule 08:00 to 09:00 on 2026-12-09 as 'Call with Kenji'",
    );
    expect(read("ok add 'groceries' then", slot)).toBe(
      "ok schedule 08:00 to 09:00 on 2026-12-09 as 'groceries'",
    );
  });

  it('"email the gist to Frank" sends the document the last turn read', () => {
    const report = turn('whats the q3 report say', [
      ok('files_search', { file_id: 'f-1', path: '/Documents/Reports/q3-report.txt' }),
    ]);
    expect(read('email the gist to frank', report)).toBe('email the q3 report to frank');
  });
});

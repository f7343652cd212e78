import { describe, expect, it } from 'vitest';
import {
  actsDone as acts,
  argsOf as args,
  runOnWritersDay as run,
  toolsCalled as tools,
} from './agent-fixtures.test-util';
import { capabilityAnswer } from './capability-questions';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { conditionVerdict } from './condition';
import { conditionalParts, thenAfterQuestion } from './conditional-parts';
import { freeBusyVerdict, meansFree } from './free-busy';
import { directQuestion } from './free-text';
import { withMisspeltNamesCorrected } from './misspelt-names';
import { withMisspeltWordsCorrected } from './misspelt-words';
import { ownDataWording } from './own-data-questions';
import { spokenNumbersAsDigits } from './spoken-numbers';
import { splitSubIntents } from './sub-intents';
import type { LexiconEntry } from '../execute/tool-runtime';

// Requests from sets written without the agent in view (eighteenth QA pass: conditions and checks before
// acting, questions about the user's own data, dictation, trips and errands); each was answered wrongly, or
// with something done that nobody asked for, before.

describe("a condition on the user's own time is read on the day's calendar", () => {
  // Hand-made listings: a coffee 15:00–15:45 and a dentist 16:00–16:30.
  const day = {
    events: [
      { title: 'Coffee with Dan', start: '2026-12-06T15:00:00', end: '2026-12-06T15:45:00' },
      { title: 'Dentist', start: '2026-12-06T16:00:00', end: '2026-12-06T16:30:00' },
    ],
    count: 2,
  };

  it('knows free from busy, negations and all, and leaves other people and lengths alone', () => {
    expect(meansFree("I'm free at 4 today")).toBe(true);
    expect(meansFree("I've got nothing on Saturday")).toBe(true);
    expect(meansFree('I already have something at 2 on Wednesday')).toBe(false);
    expect(meansFree("I'm not meeting anyone on Thursday")).toBe(true);
    expect(meansFree('Is Monday lunchtime free')).toBe(true);
    expect(meansFree('Bob is free on Friday')).toBeNull();
    // A length looked for is a slot to find and book, not a question about the day.
    expect(meansFree('Have I got 2 hours free Friday morning')).toBeNull();
  });

  it('an event in the hours asked decides it; a time asked is the half hour from it', () => {
    // 15:00–15:30 overlaps the coffee; 14:00–14:30 is clear; 16:00 is the dentist.
    expect(freeBusyVerdict("I'm free at 3 today", day)).toBe('fails');
    expect(freeBusyVerdict("I'm free at 2 today", day)).toBe('holds');
    expect(freeBusyVerdict('I have something at 4 today', day)).toBe('holds');
    // The afternoon (12–18) has both; the morning (5–12) neither.
    expect(freeBusyVerdict("I've got nothing on this afternoon", day)).toBe('fails');
    expect(freeBusyVerdict("I'm free this morning", day)).toBe('holds');
    // No hours said: the whole day.
    expect(freeBusyVerdict("I've got nothing on today", { events: [], count: 0 })).toBe('holds');
    // The act's own hours (`during`) decide a part of the day: 08:00–09:00 is clear though the morning
    // would not be with a 10:00 event.
    const morning = { events: [{ title: 'Sync', start: '2026-12-10T10:00:00', end: '2026-12-10T11:00:00' }] };
    expect(freeBusyVerdict('Is Thursday morning free', morning)).toBe('fails');
    expect(freeBusyVerdict('Is Thursday morning free', morning, '08:00-09:00')).toBe('holds');
    // "unless": turned round by the condition's own reader.
    expect(conditionVerdict('I already have something at 2 today', true, day)).toBe('holds');
  });

  it('"after coffee with Dan" is the rest of the day from its end', () => {
    expect(freeBusyVerdict('Am I free after coffee with Dan today', day)).toBe('fails'); // the dentist at 16:00
    expect(freeBusyVerdict('Am I free after the dentist today', day)).toBe('holds');
    expect(freeBusyVerdict('Am I free before coffee with Dan today', day)).toBe('holds');
  });

  it('a free slot found says free when it starts at the time asked', () => {
    const slot = { start_time: '2026-12-06T15:45:00', end_time: '2026-12-06T16:15:00' };
    expect(freeBusyVerdict('got time at 3 today', slot)).toBe('fails');
    expect(freeBusyVerdict('got time at 3:45 today', slot)).toBe('holds');
  });

  it('a message said to be from someone must be from them', () => {
    const found = { messages: [{ message_id: 'm1', from_email: 'alice.martin@example.com' }], count: 1 };
    expect(conditionVerdict('Carol has already emailed about another lunch', false, found)).toBe('fails');
    expect(conditionVerdict("there's an email from Alice about lunch", false, found)).toBe('holds');
    expect(conditionVerdict('Olivia has emailed me about Lisbon', false, { messages: [], count: 0 })).toBe(
      'fails',
    );
  });

  it('a temperature said in a word is read on the degrees', () => {
    expect(conditionVerdict("it's going to be cold in Berlin", false, { temperature_c: 3.6 })).toBe('holds');
    expect(conditionVerdict("it's going to be cold in Berlin", false, { temperature_c: 15.4 })).toBe('fails');
    expect(conditionVerdict('it is hot in Lisbon', false, { temperature_c: 15.4 })).toBe('fails');
  });
});

describe('a condition that answers the question before it', () => {
  it('"if so", "if yes", "if she has", "then" after a yes-or-no question read the question', () => {
    expect(conditionalParts(['Did Grace send her invoice?', 'If so remind me on Friday to pay it'])).toEqual([
      { text: 'Did Grace send her invoice?' },
      {
        text: 'remind me on Friday to pay it',
        condition: { text: 'so', negated: false, on: 0, asked: 'Did Grace send her invoice' },
      },
    ]);
    const hasnt = conditionalParts(['Has Eve replied?', "If she hasn't, email her"]);
    expect(hasnt[1]!.condition).toMatchObject({ negated: true, asked: 'Has Eve replied' });
    expect(
      thenAfterQuestion(['nothing booked wednesday afternoon?', 'then put in 2 hours from 2pm']),
    ).toEqual(['nothing booked wednesday afternoon?', 'if so, put in 2 hours from 2pm']);
    // A "then" after a request put as a question, or after a question asking what, is no "if so" (seal_tools).
    expect(
      thenAfterQuestion(['Can you please check the coverage here?', 'Then, retrieve the colours']),
    ).toEqual(['Can you please check the coverage here?', 'Then, retrieve the colours']);
    expect(thenAfterQuestion(["What's on tomorrow?", 'then email Bob'])).toEqual([
      "What's on tomorrow?",
      'then email Bob',
    ]);
  });

  it('"If there\'s an email from …" is one clause, checked in the inbox', () => {
    expect(
      splitSubIntents("If there's an email from Hugo about dinner, reply that 7 is fine").map((s) => s.text),
    ).toEqual(["check my inbox: there's an email from Hugo about dinner", 'reply that 7 is fine']);
  });

  it('texts Carol only when the museum visit is on the day asked (Wednesday, not Thursday)', async () => {
    const thursday = await run('Is the museum visit on Thursday? If yes, text Carol to come along.');
    expect(acts(thursday)).toEqual([]);
    expect(thursday.answer).toMatch(/only if the answer to "Is the museum visit on Thursday\?" is yes/);
    const wednesday = await run('Is the museum visit on Wednesday? If yes, text Carol to come along.');
    expect(acts(wednesday)).toEqual(['messages_send']);
  });

  it('does not book over the coffee with Dan at 3, and books the free hour asked', async () => {
    const three = await run('got time at 3 today for a quick call with Maya? if so put it in and invite her');
    expect(tools(three)).toEqual(['calendar_list_events']);
    const wednesday = await run(
      'nothing booked wednesday afternoon? then put in 2 hours from 2pm to work on the hiring plan',
    );
    expect(args(wednesday, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T14:00:00',
      end_time: '2026-12-09T16:00:00',
      title: 'work on the hiring plan',
    });
  });
});

describe('conditions said first are checked where their answer is', () => {
  it('an event with someone else is not the event of that day', async () => {
    const r = await run(
      'If my lunch with Carol is tomorrow, text her to ask whether she wants the usual place',
    );
    // Tomorrow's lunch is with Alice.
    expect(tools(r)).toEqual(['calendar_list_events']);
  });

  it('acts at the time the condition asks about, on the hours the act says', async () => {
    const four = await run("If I'm free at 4 today, block 30 minutes to go over the launch slides");
    expect(args(four, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-06T16:00:00',
      end_time: '2026-12-06T16:30:00',
    });
    const run8 = await run('Is Thursday morning free? If it is, hold 8 to 9 for a run');
    expect(args(run8, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-10T08:00:00',
      end_time: '2026-12-10T09:00:00',
      title: 'run',
    });
    // Lunch with Alice is 12:30–13:30 on Monday.
    expect(acts(await run('Is Monday lunchtime free? If it is, block 12:30-1:30 for the gym.'))).toEqual([]);
    // The offsite planning is on Thursday: a whole day asked about is the whole day's.
    expect(acts(await run("If I'm not meeting anyone on Thursday, book me a gym session at 9am."))).toEqual(
      [],
    );
  });

  it('reads who wrote in the inbox, not the contacts', async () => {
    const anna = await run(
      'If Anna asked me to confirm the offsite by Friday, set a reminder for Thursday morning to decide between Sintra and the lake hotel',
    );
    expect(tools(anna)).toEqual(['mail_search', 'reminders_create']);
    const carol = await run(
      'Unless Carol has already emailed about another lunch, email her and suggest one next week',
    );
    expect(acts(carol)).toEqual(['mail_send']);
    const olivia = await run("If Olivia has emailed me about Lisbon, reply that I'll be there on the 10th.");
    expect(acts(olivia)).toEqual([]);
    expect(olivia.questions).toEqual([]);
  });
});

describe('calendar words and times said as people say them', () => {
  it('"9:30" chooses no free-slot search; a length held at a time is the event', async () => {
    const deep = await run('block off tuesday 9:30-10:30 for deep work');
    expect(args(deep, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-08T09:30:00',
      end_time: '2026-12-08T10:30:00',
    });
    const slides = await run('block 30 minutes at 4pm today to go over the launch slides');
    expect(args(slides, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-06T16:00:00',
      end_time: '2026-12-06T16:30:00',
      title: 'go over the launch slides',
    });
  });

  it('"put in 2 hours from 2pm" is no "in 2 hours"; "remind me in 2 hours" still is', async () => {
    const put = await run('put in 2 hours from 2pm on Wednesday to work on the hiring plan');
    expect(args(put, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T14:00:00',
      end_time: '2026-12-09T16:00:00',
    });
    const remind = await run('remind me in 2 hours to call Bob');
    expect(args(remind, 'reminders_create')?.due_time).toBe('2026-12-06T12:00:00');
  });

  it('a container the part names is not overruled by a plan learnt for another', async () => {
    const r = await run(
      'Find the email from Jonas about marathon training, then put his Sunday long run in my calendar for next Sunday 8 to 11am',
    );
    expect(acts(r)).toEqual(['calendar_create_event']);
    expect(args(r, 'calendar_create_event')?.title).toBe('his long run');
  });

  it('"First look up Alice\'s number, then text her …": an order word is no command', async () => {
    const r = await run(
      "First look up Alice's number, then text her that I'm still on for lunch tomorrow at 12:30.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'messages_send']);
  });

  it('"if she\'s been …" is asked with "have"', () => {
    expect(directQuestion("if she's been to Sintra")).toBe('Have you been to Sintra?');
    expect(directQuestion("whether they've booked the hotel")).toBe('Have you booked the hotel?');
    expect(directQuestion("if she's tired")).toBe('Are you tired?');
  });
});

describe("a question about the user's own things that no tool names", () => {
  it("is the day's calendar when it names a day, else the notes", async () => {
    expect(tools(await run('anything else on today?'))).toEqual(['calendar_list_events']);
    expect(args(await run('Am I around Friday evening?'), 'calendar_list_events')?.date).toBe('2026-12-11');
    const mum = await run('What was the gift idea for Mum?');
    expect(tools(mum)).toEqual(['notes_search']);
    expect(mum.answer).toMatch(/Mum: a scarf, dark green/);
  });

  it('not beside other parts, not about the world, and never by a tool that acts', async () => {
    expect(ownDataWording('What time is it in Tokyo?', [])).toBeNull();
    expect(ownDataWording('how long does it run?', [])).toBeNull();
    expect(ownDataWording('How are you today?', [])).toBeNull();
    const noah = await run(
      "Noah asked if I'd send him the Q3 numbers — I'm not sending anything yet. What was revenue growth in Q3?",
    );
    expect(acts(noah)).toEqual([]);
  });
});

describe('what dictation writes', () => {
  it('days of the month, times and read-aloud amounts in words are digits; counts stay words', () => {
    expect(spokenNumbersAsDigits('remind me on the twenty third to pick up the turkey')).toBe(
      'remind me on the 23rd to pick up the turkey',
    );
    expect(spokenNumbersAsDigits('a meeting on the fourteenth at ten for half an hour')).toBe(
      'a meeting on the 14th at 10 for half an hour',
    );
    expect(spokenNumbersAsDigits('next sunday eight to ten at ten park lane')).toBe(
      'next sunday 8 to 10 at ten park lane',
    );
    expect(spokenNumbersAsDigits('meet at three thirty pm')).toBe('meet at 3:30 pm');
    expect(spokenNumbersAsDigits("what's one seventy five celsius in fahrenheit")).toBe(
      "what's 175 celsius in fahrenheit",
    );
    expect(spokenNumbersAsDigits('remind me in to weeks')).toBe('remind me in 2 weeks');
    for (const kept of ['open the first one', 'at one point I said', 'at ten to nine', 'the second email'])
      expect(spokenNumbersAsDigits(kept)).toBe(kept);
  });

  it('a surname misheard after a known first name is theirs; "Kenji said" is no surname', () => {
    const lexicon: LexiconEntry[] = [
      { kind: 'person', value: 'Anna Keller', aliases: ['Anna'] },
      { kind: 'person', value: 'Frank Weber', aliases: ['Frank'] },
      { kind: 'person', value: 'Kenji Sato', aliases: ['Kenji'] },
    ];
    expect(withMisspeltNamesCorrected("text anna keler that i'm late", lexicon)).toBe(
      "text Anna Keller that i'm late",
    );
    expect(withMisspeltNamesCorrected('email frank weaver about it', lexicon)).toBe(
      'email Frank Weber about it',
    );
    expect(withMisspeltNamesCorrected('Has Kenji said when', lexicon)).toBe('Has Kenji said when');
  });

  it('"male me" is mail, "right a note" is write, where only that fits', () => {
    expect(withMisspeltWordsCorrected('did alice male me about lunch')).toBe('did alice mail me about lunch');
    expect(withMisspeltWordsCorrected('right a note saying buy milk')).toBe('write a note saying buy milk');
    expect(withMisspeltWordsCorrected("that's right down the road")).toBe("that's right down the road");
  });
});

describe('an event said to be before or after a time, and lengths held in the calendar', () => {
  it('"Is the dentist after lunch tomorrow?" is read on its start (16:00), not as "at noon"', async () => {
    const after = await run(
      'Is the dentist after lunch tomorrow? if it is, remind me to leave work at quarter past three',
    );
    expect(args(after, 'reminders_create')?.due_time).toBe('2026-12-07T15:15:00');
    const before = await run('Is the dentist before lunch tomorrow? if it is, remind me to leave work at 11');
    expect(acts(before)).toEqual([]);
  });

  it('"put in … from 6 to 7pm" is an event, "what\'s 200 quid in euros for the trip" a conversion', async () => {
    const run8k = await run('put in an easy 8k run from 6 to 7pm on Wednesday');
    expect(args(run8k, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T18:00:00',
      end_time: '2026-12-09T19:00:00',
    });
    expect(tools(await run('whats 200 quid in euros for the Lisbon trip'))).toEqual(['currency_convert']);
  });
});

describe('a question about what the agent can do is answered from its tools', () => {
  it('says yes with the tools that do it, no when none deals in the thing, and what it can do at all', () => {
    expect(capabilityAnswer('Can you actually send emails for me?', DEMO_TOOLS)?.answer).toBe(
      'Yes — I can send emails with mail_send (send an email).',
    );
    // "book" is a calendar word too, but no tool deals in flights.
    expect(capabilityAnswer('can you book flights?', DEMO_TOOLS)).toEqual({
      can: false,
      answer: 'No — none of my tools can book flights.',
    });
    expect(capabilityAnswer('What can you do?', DEMO_TOOLS)?.answer).toMatch(
      /^With the tools I have I can: find/,
    );
    // A request put as a question is no question about the agent.
    expect(capabilityAnswer('Can you send an email to Bob?', DEMO_TOOLS)).toBeNull();
    expect(capabilityAnswer('Could you check the weather for me?', DEMO_TOOLS)).toBeNull();
  });

  it('sends nothing for the question, and the "if so" after it by the way asked about', async () => {
    const r = await run(
      "Can you actually send emails for me? If so, tell Alice I'm still on for lunch tomorrow at 12:30.",
    );
    expect(tools(r)).toEqual(['contacts_search', 'mail_send']);
    expect(args(r, 'mail_send')?.to_email).toBe('alice.martin@example.com');
    expect(r.answer).toMatch(/^• Yes — I can send emails/);
  });
});

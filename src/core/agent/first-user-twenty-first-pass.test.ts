import { describe, expect, it } from 'vitest';
import { actsDone, argsOf, runOnWritersDay as run, toolsCalled } from './agent-fixtures.test-util';
import { findDates } from './dates';
import { isNarration, withoutSituationRepeats } from './narration';
import { findLiterals } from './literals';
import { measuredResult } from './measured-result';
import { numbersAsDigits } from '../util/number-words';

// Twenty-first QA pass: single messages written without the agent in view — a lookup and an act on what it
// found, the user's situation said before the request, things timed from other things, several people or
// things at once — on the built-in tools and sandbox, the writers' day (Sunday 2026-12-06, 10:00).

const DAY = Date.parse('2026-12-06T10:00:00Z');

describe('how things stand, said before the request (narration)', () => {
  it.each([
    'My train gets into Gare du Nord around 6 on Wednesday.',
    'Eve just told me the budget review got pushed to the 14th',
    'stuck on the tube, gonna be like 15 min late for coffee w Dan',
    "Mum's birthday is next week and I jotted down a gift idea for her somewhere",
    "Press kit is done, so Bob doesn't need to hear from me about that",
    "Told Jonas I'd join his 24k long run next Sunday",
    'Jonas wants me on his long run next Sunday',
    'ugh sick today',
  ])('"%s" is narration', (text) => {
    expect(isNarration(text)).toBe(true);
  });

  it.each([
    'Book dinner with Bob at Saffron House at 8',
    'Order flowers for mum',
    'Dig out the launch slides',
    'My Lisbon packing list',
    'I should like to invite Noah Brooks to a video call on Monday',
    'Lucia asked me what 13.1 miles is in km',
    'What did he say the risks were?',
    'If I do, text him',
    'can u text him',
  ])('"%s" is not', (text) => {
    expect(isNarration(text)).toBe(false);
  });

  it("a request's own time wins over the situation's: the dinner is at 8 on Wednesday, not 8 to 6", () => {
    const text =
      'Book dinner with Bob at Saffron House at 8\nMy train gets into Gare du Nord around 6 on Wednesday';
    const kept = withoutSituationRepeats(text, findLiterals(text, DAY));
    expect(kept.filter((l) => l.kind === 'time').map((l) => l.value)).toEqual(['20:00']);
    expect(kept.filter((l) => l.kind === 'date').map((l) => l.value)).toEqual(['2026-12-09']);
  });

  it('"stuck on the tube … can u text him" texts Dan what the situation says', async () => {
    const r = await run('stuck on the tube, gonna be like 15 min late for coffee w Dan. can u text him');
    expect(toolsCalled(r)).toEqual(['contacts_search', 'messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 555 0131' });
  });

  it('the situation is no part of what a reminder says, nor a search of its own', async () => {
    const r = await run(
      "Press kit is done, so Bob doesn't need to hear from me about that. Remind me tomorrow 9am to send him the launch slides.",
    );
    expect(toolsCalled(r)).toEqual(['reminders_create']);
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'send him the launch slides',
      due_time: '2026-12-07T09:00:00',
    });
  });

  it('"I already emailed Bob …, so don\'t bother with that — just remind me …" only reminds', async () => {
    const r = await run(
      "I already emailed Bob about the launch risks, so don't bother with that — just remind me to call him at 5 today.",
    );
    expect(actsDone(r)).toEqual(['reminders_create']);
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-06T17:00:00' });
  });

  it('"My train gets in around 6 on Wednesday. Book dinner with Bob … at 8" books Wednesday 20:00', async () => {
    const r = await run(
      'My train gets into Gare du Nord around 6 on Wednesday. Book dinner with Bob at Saffron House at 8 and send him the invite.',
    );
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T20:00:00',
      end_time: '2026-12-09T21:00:00',
      attendee_email: 'bob.chen@example.com',
    });
  });

  it('a situation the condition after it checks is kept apart: nothing is texted unasked', async () => {
    const r = await run(
      "I think I've got a call with Frank on Friday. If I do, text him I'll dial in 5 min late.",
    );
    expect(actsDone(r)).toEqual([]);
  });

  it('what a question after a situation points at is read with it ("When is that exactly?")', async () => {
    const r = await run(
      "Grace's invoice is due 30 days after she sent it. When is that exactly? Set me a reminder 3 days before so I can pay it on time",
    );
    expect(toolsCalled(r)[0]).toBe('mail_search');
  });

  it('"A week from Tuesday: dinner with Bob …. Put it in the calendar and invite him" files what was said', async () => {
    const r = await run(
      'A week from Tuesday: dinner with Bob at Saffron House in Paris, 7 to 9pm. Put it in the calendar and invite him',
    );
    expect(toolsCalled(r)).not.toContain('places_weather');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-15T19:00:00',
      end_time: '2026-12-15T21:00:00',
      attendee_email: 'bob.chen@example.com',
    });
  });
});

describe('a lookup and an act on what it found, in one message', () => {
  it('"who did I have coffee with today? text him …" texts Dan, the one the event is with', async () => {
    const r = await run("who did I have coffee with today? text him I'm running 10 min late");
    expect(toolsCalled(r)).toEqual(['calendar_list_events', 'contacts_search', 'messages_send']);
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0131', text: "I'm running 10 min late" });
  });

  it('"Did anyone email me about the invoice? reply that it\'s paid" answers its sender', async () => {
    const r = await run("Did anyone email me about the invoice? reply that it's paid");
    expect(argsOf(r, 'mail_send')).toMatchObject({ to_email: 'grace.kim@example.com', body: "it's paid" });
  });

  it('"email the headline numbers to Eve and Frank" emails them ("numbers" is no phone)', async () => {
    const r = await run(
      'Find the Q3 report and email the headline numbers to Eve and Frank, separately is fine',
    );
    expect(actsDone(r)).toEqual(['mail_send', 'mail_send']);
    expect(toolsCalled(r)).not.toContain('messages_send');
  });

  it('"Anything in my inbox from Lucia? If there is, forward it …" checks the inbox, not the calendar', async () => {
    const r = await run('Anything in my inbox from Lucia? If there is, forward it to Olivia.');
    expect(toolsCalled(r)).toEqual(['mail_search']);
    expect(actsDone(r)).toEqual([]);
  });

  it('"Look for a free 45 min slot on Monday afternoon and set up a call with Lucia then" books the slot', async () => {
    const r = await run(
      'Look for a free 45 min slot on Monday afternoon and set up a call with Lucia then. Also email her the time so she has it.',
    );
    expect(argsOf(r, 'calendar_find_free_slot')).toMatchObject({
      date: '2026-12-07',
      duration_minutes: 45,
      earliest_time: '14:00',
    });
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-07T14:00:00',
      attendee_email: 'lucia.fernandez@example.com',
    });
    expect(actsDone(r)).toEqual(['calendar_create_event', 'mail_send']);
  });

  it('"what do my notes say about marathon training and the budget?" searches those words', async () => {
    const r = await run('what do my notes say about marathon training and the budget?');
    expect(argsOf(r, 'notes_search')).toEqual({ query: 'marathon training budget' });
  });

  it('"Where is City Dental Care?" looks in London, not in a city called "Dental Care"', async () => {
    const r = await run('Where is City Dental Care?');
    expect(argsOf(r, 'places_search')).toEqual({ query: 'City Dental Care', city: 'London' });
  });
});

describe('things timed from other things', () => {
  it('"book lunch with Carol Friday at 1 and remind me an hour before" books it and reminds at 12', async () => {
    const r = await run('book lunch with Carol Friday at 1 and remind me an hour before');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-11T13:00:00',
      attendee_email: 'carol.diaz@example.com',
    });
    expect(argsOf(r, 'reminders_create')).toMatchObject({ due_time: '2026-12-11T12:00:00' });
  });

  it('"If yes, book 2-4pm \'Gift shopping\'" books the hours in the calendar, not a note', async () => {
    const r = await run(
      "Am I free the afternoon after the museum visit? If yes, book 2-4pm 'Gift shopping'.",
    );
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T14:00:00',
      end_time: '2026-12-09T16:00:00',
      title: 'Gift shopping',
    });
    expect(toolsCalled(r)).not.toContain('notes_create');
  });

  it('"Find me a free 45 min the day before" a day said in the situation searches that day before', async () => {
    const r = await run(
      'Jonas wants me on his long run next Sunday. Find me a free 45 min the day before for an easy shakeout and book it',
    );
    expect(argsOf(r, 'calendar_find_free_slot')).toMatchObject({ date: '2026-12-12', duration_minutes: 45 });
    expect(actsDone(r)).toEqual(['calendar_create_event']);
  });

  it('"remind me 15 min before lunch to head over" is before tomorrow\'s lunch, and says what to do', async () => {
    const r = await run('And remind me 15 min before lunch to head over.');
    expect(argsOf(r, 'reminders_create')).toEqual({ text: 'head over', due_time: '2026-12-07T12:15:00' });
  });

  it('"ping me the morning of the catch-up with Bob" is a reminder that morning', async () => {
    const r = await run('ping me the morning of the catch-up with Bob to bring the launch risk list');
    expect(argsOf(r, 'reminders_create')).toEqual({
      text: 'bring the launch risk list',
      due_time: '2026-12-08T09:00:00',
    });
  });

  it('"a week from Tuesday", "the Friday after next" are the days they say', () => {
    expect(findDates('A week from Tuesday: dinner', DAY).map((d) => d.date)).toEqual(['2026-12-15']);
    expect(findDates('the Friday after next', DAY).map((d) => d.date)).toEqual(['2026-12-18']);
    // Asked as a date, the span stays apart for date arithmetic, counted.
    expect(numbersAsDigits('what date is a week from Tuesday?')).toBe('what date is 1 week from Tuesday?');
  });

  it('"what date is a week from Tuesday?" adds 7 days to Tuesday', async () => {
    const r = await run('what date is a week from Tuesday?');
    expect(argsOf(r, 'date_add')).toEqual({ date: '2026-12-08', days: 7 });
  });

  it("a condition on the user's time on a day it does not say is asked, not decided by a contact lookup", async () => {
    const r = await run(
      "If I've got anything else on after dinner with Hugo that night, text him that I need to leave by 8:30",
    );
    expect(toolsCalled(r)).toEqual([]);
    expect(r.questions).toHaveLength(1);
  });
});

describe('what an earlier part found, sent on; records read before acting', () => {
  it('"… asked me what 13.1 miles is in km. Text her the answer" texts Lucia the distance with its unit', async () => {
    const r = await run(
      'Lucia is training for a half marathon in Madrid and asked me what 13.1 miles is in km. Text her the answer pls',
    );
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+34 600 555 017', text: '21.08 km' });
  });

  it("a one-number result goes with the unit its call converted to, from any catalogue's input name", () => {
    expect(measuredResult({ value: 21.0824 }, { value: 13.1, from_unit: 'miles', to_unit: 'km' })).toBe(
      '21.08 km',
    );
    expect(measuredResult({ converted: 92 }, { amount: 100, to: 'EUR' })).toBe('92 EUR');
    // Two numbers, or nothing converted to, is no measured result.
    expect(measuredResult({ value: 1, rate: 2 }, { to_unit: 'km' })).toBeUndefined();
    expect(measuredResult({ value: 1 }, { date: '2026-12-07' })).toBeUndefined();
  });

  it('"Already put lunch with Alice on my calendar so skip that. just reply to her email and say yes, …"', async () => {
    const r = await run(
      'Already put lunch with Alice on my calendar so skip that. just reply to her email and say yes, 12:30 works, see you there',
    );
    expect(actsDone(r)).toEqual(['mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      body: 'yes, 12:30 works, see you there',
    });
  });

  it('"if alice emailed about lunch tomorrow just text her \'…\'" checks the inbox first, a name in lower case', async () => {
    const r = await run("if alice emailed about lunch tomorrow just text her 'yes see you at 12:30'");
    expect(toolsCalled(r)[0]).toBe('mail_search');
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0110', text: 'yes see you at 12:30' });
    const none = await run('if lucia emailed me, text her thanks');
    expect(actsDone(none)).toEqual([]);
  });

  it('"Is there a chemist near Baker Street in London?" searches places', async () => {
    const r = await run('Is there a chemist near Baker Street in London? I need to collect my prescription.');
    expect(toolsCalled(r)).toEqual(['places_search']);
  });

  it('"can you text Dan that I\'m running late?" sends no question mark', async () => {
    const r = await run("can you text Dan that I'm running late?");
    expect(argsOf(r, 'messages_send')).toEqual({ phone: '+1 555 0131', text: "I'm running late" });
  });

  it('"I wrote something down about … Could you look for me please?" searches the notes', async () => {
    const r = await run(
      'Hello, I wrote something down about planting tulip bulbs but I cannot remember how deep they go. Could you look for me please?',
    );
    expect(toolsCalled(r)).toEqual(['notes_search']);
    expect(r.answer).toMatch(/15 cm deep/);
  });

  it('a list said before "Please save it as a note called …" is the note', async () => {
    const r = await run(
      'I want to keep a list of presents for the grandchildren: a jigsaw puzzle for Tom, a paint set for Lily and a football for Sam. Please save it as a note called Christmas presents.',
    );
    expect(toolsCalled(r)).toEqual(['notes_create']);
    expect(argsOf(r, 'notes_create')).toEqual({
      title: 'Christmas presents',
      content: 'a jigsaw puzzle for Tom, a paint set for Lily and a football for Sam',
    });
  });
});

describe('acts nobody asked for, in the held-out sets', () => {
  it('"if im totally free tmrw afternoon set up a 1h call w frank at 3" needs the whole afternoon free', async () => {
    const r = await run('if im totally free tmrw afternoon set up a 1h call w frank at 3');
    expect(actsDone(r)).toEqual([]);
  });

  it('"can you write my 2000 word essay … its due monday" is nothing a reminder does', async () => {
    const r = await run('can you write my 2000 word essay on the french revolution its due monday 😭');
    expect(toolsCalled(r)).toEqual([]);
  });

  it('"put it in my cal 8 to 11am" is the calendar', async () => {
    const r = await run('text jonas yeah im in for the 24k next sunday!! and put it in my cal 8 to 11am');
    expect(actsDone(r)).toEqual(['messages_send', 'calendar_create_event']);
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({ start_time: '2026-12-13T08:00:00' });
  });

  it('"… ask how cold it is in toronto lol, actually nvm just check the weather there" texts nobody', async () => {
    const r = await run(
      'could u text maya and ask how cold it is in toronto lol, actually nvm just check the weather there for me',
    );
    expect(toolsCalled(r)).toEqual(['places_weather']);
    expect(argsOf(r, 'places_weather')).toMatchObject({ city: 'Toronto' });
  });

  it('"put brunch w carol in my cal sat 11 to 12:30" is on Saturday', async () => {
    const r = await run('put brunch w carol in my cal sat 11 to 12:30 at little bean');
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-12T11:00:00',
      end_time: '2026-12-12T12:30:00',
    });
  });
});

describe('who a situation tells of', () => {
  it('"Eve moved the budget review to the 14th. Add it to my calendar …" invites nobody', async () => {
    const r = await run(
      'Eve moved the budget review to the 14th. Add it to my calendar on the 14th at the same time as the old slot.',
    );
    expect(argsOf(r, 'calendar_create_event')).toEqual({
      start_time: '2026-12-14T09:30:00',
      end_time: '2026-12-14T10:30:00',
      title: 'Budget review',
    });
  });

  it('"a video brunch with Grace … Add it and invite her" invites Grace; "Grace\'s invoice" is searched as hers', async () => {
    const brunch = await run(
      "I'm doing a video brunch with Grace on the Saturday after next, 11am my time, 45 mins. Add it and invite her.",
    );
    expect(argsOf(brunch, 'calendar_create_event')).toMatchObject({
      attendee_email: 'grace.kim@example.com',
    });
    const invoice = await run(
      "Grace's invoice is due 30 days after she sent it. What date is that? Email it to Noah.",
    );
    expect(toolsCalled(invoice).slice(0, 2)).toEqual(['mail_search', 'mail_read']);
  });

  it('"I sent Kenji my dates last week. Where did he say …" reads his mail, no contact lookup', async () => {
    const r = await run("I sent Kenji my dates last week. Where did he say he'd book a table?");
    expect(toolsCalled(r)[0]).toBe('mail_search');
  });

  it('"Maya asked for my banana bread recipe. Email it to her" sends the recipe, read', async () => {
    const r = await run('Maya asked for my banana bread recipe. Email it to her pls');
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'maya.patel@example.com',
      body: expect.stringContaining('250 g flour'),
    });
  });

  it('"email Noah …; otherwise send him an invite" is Noah\'s, not whoever Friday\'s events are with', async () => {
    const r = await run(
      "If I've got anything on Friday afternoon, email Noah to move our call to Monday; otherwise send him an invite for a 30-minute call at 3pm Friday.",
    );
    expect(toolsCalled(r)).not.toContain('contacts_search');
  });
});

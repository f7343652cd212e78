import { describe, expect, it } from 'vitest';
import { actsDone, argsOf, runOnWritersDay as run, toolsCalled } from './agent-fixtures.test-util';
import { freeBusyVerdict } from './free-busy';
import { withPeopleSaidTogether } from './people-said-together';
import { heldPartOfDay } from './time-of-day';

// Nineteenth QA pass: requests written without the agent in view (changes of mind, what not to do, a
// working week, several people), on the built-in tools and sandbox, the writers' day (Sunday 2026-12-06).

describe('a change of mind is read as meant', () => {
  it('"email Alice … actually just text her, tell her yes …" texts her that, and sends no email', async () => {
    const r = await run(
      "email Alice about lunch... actually just text her, tell her yes I'm still on for 12:30",
    );
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ text: "yes I'm still on for 12:30" });
  });

  it('"— actually never mind, I\'ll call him myself" does nothing', async () => {
    const r = await run("Text Bob that I'm running late — actually never mind, I'll call him myself");
    expect(actsDone(r)).toEqual([]);
  });

  it('"never mind the reminder, just make a note …" makes only the note', async () => {
    const r = await run(
      'remind me to water the garden tomorrow morning — never mind the reminder, just make a note that the tulip bulbs go in 15 cm deep',
    );
    expect(actsDone(r)).toEqual(['notes_create']);
  });

  it('a doubt beside an act is no part of what is sent', async () => {
    const r = await run('Dunno if Alice is free, email her anyway to ask about lunch tomorrow');
    expect(actsDone(r)).toEqual(['mail_send']);
    expect(argsOf(r, 'mail_send')).toMatchObject({
      to_email: 'alice.martin@example.com',
      body: 'Ask about lunch',
    });
  });
});

describe('what the calendar holds, read on the hours and the people asked', () => {
  it('"block friday afternoon for packing" holds the afternoon, 13:00 to 17:00, and makes no note', async () => {
    const r = await run('block friday afternoon for packing');
    expect(toolsCalled(r)).toEqual(['calendar_create_event']);
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-11T13:00:00',
      end_time: '2026-12-11T17:00:00',
      title: 'packing',
    });
  });

  it('"budget review - which building is that in again?" lists its day, and makes no note', async () => {
    const r = await run('budget review - which building is that in again?');
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
    expect(r.answer).toMatch(/40 Baker Street/);
  });

  it('"anything with Anna on Thursday" counts only what is with her', async () => {
    const anna = await run(
      'If I have anything with Anna on Thursday, email Frank to push our hiring chat to next week',
    );
    expect(actsDone(anna)).toEqual([]);
    const ines = await run(
      'If I have anything with Ines on Thursday, email Frank to push our hiring chat to next week',
    );
    expect(actsDone(ines)).toEqual(['mail_send']);
  });

  it('"nothing on after 4 on Wednesday" is read from 16:00 (the museum at 10 does not count)', async () => {
    const r = await run("If nothing's on after 4 on Wednesday, block 4-6 for writing the report");
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-09T16:00:00',
      end_time: '2026-12-09T18:00:00',
    });
  });

  it('"time … for a quick call with Maya?" is the act asked for, not a filter: the coffee with Dan at 3 says no', async () => {
    const r = await run('got time at 3 today for a quick call with Maya? if so put it in and invite her');
    expect(actsDone(r)).toEqual([]);
  });

  it('"check if X, and if it is, Y" opening a request is a condition on X', async () => {
    const wed = await run(
      "check if my dinner with Hugo is on wednesday, and if it is, text Bob that I'll meet him for drinks after",
    );
    expect(actsDone(wed)).toEqual([]);
    const tue = await run(
      "check if my dinner with Hugo is on tuesday, and if it is, text Bob that I'll meet him for drinks after",
    );
    expect(actsDone(tue)).toEqual(['messages_send']);
  });

  it('"If it\'s clear" after "Have I got anything …?" acts only when the calendar says no', async () => {
    const wed = await run(
      "Have I got anything on Wednesday afternoon? If it's clear, block 2 to 4pm as 'Garden work'.",
    );
    expect(argsOf(wed, 'calendar_create_event')).toMatchObject({
      title: 'Garden work',
      start_time: '2026-12-09T14:00:00',
    });
    const mon = await run(
      "Have I got anything on Monday morning? If it's clear, block 9 to 10 as 'Garden work'.",
    );
    expect(actsDone(mon)).toEqual([]);
  });

  it("an appointment booked is the calendar's; a table is not", async () => {
    const hair = await run('book a haircut on Saturday the 12th from 11:00 to 11:45');
    expect(argsOf(hair, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-12T11:00:00',
      end_time: '2026-12-12T11:45:00',
      title: 'haircut',
    });
    expect(actsDone(await run('Book a table for two at 7 tonight'))).toEqual([]);
  });

  it('"Sat 12pm to Sun 6pm" are the coming Saturday and Sunday', async () => {
    const r = await run("block Sat 12pm to Sun 6pm in my calendar as 'Berlin weekend'");
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-12T12:00:00',
      end_time: '2026-12-13T18:00:00',
    });
  });
});

describe('what is sent, and to whom', () => {
  it('what follows "Message Eve:" is one message', async () => {
    const r = await run("Message Eve: I don't have the contractor numbers yet, will send them Monday");
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({
      text: "I don't have the contractor numbers yet, will send them Monday",
    });
  });

  it('"everyone I\'m meeting …" and "both people I\'m meeting …" are the people of those events', async () => {
    const tomorrow = await run("Text everyone I'm meeting tomorrow that I might be 10 minutes late");
    expect(argsOf(tomorrow, 'messages_send')).toMatchObject({ phone: '+1 555 0110' });
    const tuesday = await run(
      "Email both people I'm meeting on Tuesday to say my train gets into Paris at noon",
    );
    expect(tuesday.calls.filter((c) => c.tool === 'mail_send').map((c) => c.args.to_email)).toEqual([
      'bob.chen@example.com',
      'hugo.laurent@example.com',
    ]);
    expect(argsOf(tuesday, 'mail_send')).toMatchObject({ body: 'my train gets into Paris at noon' });
  });

  it('"let them know by text", "ask Ines and Olivia by text if …" text each one', async () => {
    const museum = await run(
      'Alice and Carol are coming to the museum with me on Wednesday - let them know by text it starts at 10 at 1 Cromwell Road',
    );
    expect(museum.calls.filter((c) => c.tool === 'messages_send').map((c) => c.args.phone)).toEqual([
      '+1 555 0110',
      '+1 555 0124',
    ]);
    const dinner = await run("ask Ines and Olivia by text if they're free for dinner in Lisbon on the 10th");
    expect(dinner.calls.filter((c) => c.tool === 'messages_send').map((c) => c.args.text)).toEqual([
      'Are you free for dinner in Lisbon on the 10th?',
      'Are you free for dinner in Lisbon on the 10th?',
    ]);
    // Named as those a message goes to, "them" is no new group: one email each, as before.
    const moved = await run(
      'Email Lucia and Maya to let them know my new address is 27 Upper Street, London.',
    );
    expect(moved.calls.filter((c) => c.tool === 'mail_send').map((c) => c.args.body)).toEqual([
      'my new address is 27 Upper Street, London',
      'my new address is 27 Upper Street, London',
    ]);
  });

  it('"ask about …" and "ask for …" are questions put to them', async () => {
    const r = await run(
      'Ines emailed about the offsite menu. Text her and ask about the vegetarian option for the team dinner.',
    );
    expect(argsOf(r, 'messages_send')).toMatchObject({
      text: 'Any news on the vegetarian option for the team dinner?',
    });
  });

  it('"draft a reply … in a note - I\'ll send it myself" makes the note and sends nothing', async () => {
    const r = await run("Draft a reply to Anna about the offsite in a note - I'll send it myself");
    expect(actsDone(r)).toEqual(['notes_create']);
  });

  it('a WhatsApp group and a Slack status belong to no tool here', async () => {
    expect(
      actsDone(await run('make a whatsapp group called Sunday Lunch with Dan, Carol and Alice')),
    ).toEqual([]);
    expect(actsDone(await run('set my slack status to OOO until monday'))).toEqual([]);
  });
});

describe('a working week, and what not to do', () => {
  it('"Without bothering Anna, check my calendar for Friday - …" still checks the calendar', async () => {
    const r = await run(
      'Without bothering Anna, check my calendar for Friday - is our video call still there?',
    );
    expect(argsOf(r, 'calendar_list_events')).toEqual({ date: '2026-12-11' });
    expect(actsDone(r)).toEqual([]);
  });

  it('"do NOT email Bob. Text him …" texts Bob (the capitals are no name)', async () => {
    const r = await run('Please do NOT email Bob. Text him the launch risks from my notes instead.');
    expect(actsDone(r)).toEqual(['messages_send']);
    expect(argsOf(r, 'messages_send')).toMatchObject({ phone: '+1 555 0117' });
  });

  it('"EOW reminder: …" is a reminder on Friday; "note down: …" makes a note', async () => {
    const eow = await run('EOW reminder: confirm the offsite venue with Anna');
    expect(argsOf(eow, 'reminders_create')).toMatchObject({
      text: 'confirm the offsite venue with Anna',
      due_time: '2026-12-11',
    });
    expect(actsDone(await run('note down: Maya owes me the pricing numbers by Wed'))).toEqual([
      'notes_create',
    ]);
  });

  it('"What time\'s my standup tomorrow?" lists tomorrow (no free slot is looked for)', async () => {
    const r = await run("What time's my standup tomorrow?");
    expect(toolsCalled(r)).toEqual(['calendar_list_events']);
  });

  it('a slot found and someone invited to it is booked with them; "wherever I\'m free" books the slot found', async () => {
    const sync = await run('Find a 45-minute slot Tuesday morning for a sync with Maya and invite her');
    expect(argsOf(sync, 'calendar_create_event')).toMatchObject({
      start_time: '2026-12-08T09:00:00',
      end_time: '2026-12-08T09:45:00',
      attendee_email: 'maya.patel@example.com',
    });
    const focus = await run("Block 2 hrs of focus time Wed afternoon, wherever I'm free");
    expect(toolsCalled(focus)).toEqual(['calendar_find_free_slot', 'calendar_create_event']);
    expect(argsOf(focus, 'calendar_create_event')).toMatchObject({ title: 'Focus time' });
  });
});

describe('how warm a place is', () => {
  it("is its forecast, even asked in fahrenheit or as a comparison; a child's temperature is not", async () => {
    expect(toolsCalled(await run('temp in New York tomorrow, in fahrenheit please'))).toEqual([
      'places_weather',
    ]);
    expect(toolsCalled(await run('Warmer in Madrid or Lisbon on Thursday?'))).toEqual([
      'places_weather',
      'places_weather',
    ]);
    expect(toolsCalled(await run('Need a pharmacy in London asap, my youngest has a temperature'))).toEqual([
      'places_search',
    ]);
  });
});

describe('conditions read on what the calendar and the message say', () => {
  it('"has been cancelled" holds when the event is not there', async () => {
    const tomorrow = await run(
      "If Alice's lunch tomorrow has been cancelled, remind me to take the kids to the library at 12:30 instead.",
    );
    expect(actsDone(tomorrow)).toEqual([]);
    expect(tomorrow.answer).toMatch(/only if Alice's lunch tomorrow has been cancelled/);
    const tuesday = await run(
      'If my lunch with Alice on Tuesday has been cancelled, remind me at 12 to call her',
    );
    expect(actsDone(tuesday)).toEqual(['reminders_create']);
  });

  it('"If C, don\'t bother with X. Otherwise Y" does Y unless C', async () => {
    expect(
      actsDone(
        await run(
          "If the dentist is tomorrow, don't bother with a reminder, I've got one. Otherwise remind me tonight.",
        ),
      ),
    ).toEqual([]);
    expect(
      actsDone(
        await run(
          "If the dentist is on Friday, don't bother with a reminder. Otherwise remind me tonight to book one.",
        ),
      ),
    ).toEqual(['reminders_create']);
  });

  it('"Check Kenji\'s email — if he mentions May, …" reads his message for May (it says April)', async () => {
    const may = await run(
      "Check Kenji's email — if he mentions May, email him that May doesn't work for me.",
    );
    expect(toolsCalled(may)).toEqual(['mail_search', 'mail_read']);
    const april = await run("Check Kenji's email — if he mentions April, email him that April works for me.");
    expect(actsDone(april)).toEqual(['mail_send']);
  });
});

describe('tonight, and a time said in words before what to do', () => {
  it('"tonight" is 19:00, "this afternoon" 14:00; "at nine to pack" is 21:00 tonight (not "ten to nine")', async () => {
    expect(
      argsOf(await run('put dinner with Maya in my calendar tonight'), 'calendar_create_event'),
    ).toMatchObject({
      start_time: '2026-12-06T19:00:00',
    });
    expect(argsOf(await run('remind me this afternoon to call the bank'), 'reminders_create')).toMatchObject({
      due_time: '2026-12-06T14:00:00',
    });
    expect(argsOf(await run('remind me tonight at nine to pack for paris'), 'reminders_create')).toEqual({
      text: 'pack for paris',
      due_time: '2026-12-06T21:00:00',
    });
  });
});

describe('politeness and invitations', () => {
  it('"I would appreciate it if you could check …" is a request, not a condition', async () => {
    const { splitSubIntents } = await import('./sub-intents');
    const { withoutRetracted } = await import('./retractions');
    const parts = splitSubIntents(
      withoutRetracted(
        "Additionally, I would appreciate it if you could check the status of my MySQL database with the username 'admin'.",
      ),
    );
    expect(parts.map((p) => p.condition)).toEqual([undefined]);
  });

  it('"… and invite Carol Diaz to it" is the event\'s guest, one event titled by what it is', async () => {
    const r = await run(
      "I'd be most grateful if you could put afternoon tea at my house, 27 Upper Street, in the calendar for Sunday the 13th at half past three, for an hour or so, and invite Carol Diaz to it.",
    );
    expect(actsDone(r)).toEqual(['calendar_create_event']);
    expect(argsOf(r, 'calendar_create_event')).toMatchObject({
      title: 'afternoon tea at my house',
      start_time: '2026-12-13T15:30:00',
      attendee_email: 'carol.diaz@example.com',
    });
  });
});

describe('the helpers, on hand-checked examples', () => {
  const people = ['Bob Chen', 'Hugo Laurent', 'Anna Keller', 'Ines Silva'].map((value) => ({
    kind: 'person',
    value,
  }));

  it('withPeopleSaidTogether names the group a pronoun stands for, and only a group said as one', () => {
    expect(withPeopleSaidTogether('Bob and Hugo are in Paris - email both of them', people)).toBe(
      'Bob and Hugo are in Paris - email Bob and Hugo',
    );
    expect(
      withPeopleSaidTogether("Read Anna's email, then text her and Ines that I'll confirm", people),
    ).toBe("Read Anna's email, then text Anna and Ines that I'll confirm");
    // One name before "both of them" is no group; two before "her and Ines" leave "her" undecided.
    expect(withPeopleSaidTogether('Bob is in Paris - email both of them', people)).toBe(
      'Bob is in Paris - email both of them',
    );
    expect(withPeopleSaidTogether('Bob and Hugo: text her and Ines', people)).toBe(
      'Bob and Hugo: text her and Ines',
    );
  });

  it('heldPartOfDay holds a part of the day whole, only for a command that holds time and nothing around an event', () => {
    expect(heldPartOfDay('block friday afternoon for packing', 'afternoon')).toEqual({
      from: '13:00',
      to: '17:00',
    });
    expect(heldPartOfDay('hold tomorrow morning', 'tomorrow morning')).toEqual({
      from: '09:00',
      to: '12:00',
    });
    expect(heldPartOfDay('remind me friday afternoon', 'afternoon')).toBeUndefined();
    expect(heldPartOfDay('block Wednesday morning after the museum', 'morning')).toBeUndefined();
  });

  it('freeBusyVerdict reads "after 4" from 16:00 and "with Anna" on her events only', () => {
    const day = {
      events: [
        { title: 'Museum visit', start_time: '2026-12-09T10:00:00', end_time: '2026-12-09T12:00:00' },
        {
          title: 'Offsite planning with Ines',
          start_time: '2026-12-09T17:00:00',
          end_time: '2026-12-09T18:00:00',
        },
      ],
    };
    expect(freeBusyVerdict("nothing's on after 4 on Wednesday", day)).toBe('fails');
    expect(freeBusyVerdict("nothing's on after 6 on Wednesday", day)).toBe('holds');
    expect(freeBusyVerdict("nothing's on before 10 on Wednesday", day)).toBe('holds');
    expect(freeBusyVerdict('I have anything with Anna on Wednesday', day)).toBe('fails');
    expect(freeBusyVerdict('I have anything with Ines on Wednesday', day)).toBe('holds');
  });
});

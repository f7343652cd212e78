import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { fillArguments } from './fill-args';
import { findLiterals } from './literals';

// Requests a first-time user typed into the graph-only agent on the built-in tools (ninth QA pass); each
// was answered wrongly, or with the wrong thing done, before.

const run = async (request: string, ask?: () => Promise<string | null>) =>
  (await graphOnlySandboxAgent()).runTurn(request, ask ? { ask } : {});

describe('nothing of that name is an answer, not a broken tool', () => {
  it('"Find my files about the budget" says no file matches, without detour talk (it reported a failure)', async () => {
    const r = await run('Find my files about the budget');
    expect(r.status).toBe('answered');
    expect(r.answer).toBe(
      '• files_search found nothing: No file matches "budget". Try fewer or other keywords from the file\'s name or text.',
    );
  });

  it('"Email the budget file to Bob" sends nothing and says why in one line', async () => {
    const r = await run('Email the budget file to Bob');
    expect(r.status).toBe('failed');
    expect(r.calls.map((c) => c.tool)).not.toContain('mail_send');
    expect(r.answer).toMatch(
      /✗ Not done: Email the budget file to Bob — it needs ".*", which found nothing \(files_search\)/,
    );
    expect(r.answer).not.toMatch(/no way around it|stand in|Not done: it needs/);
  });
});

describe('a repeat the tool cannot make is said', () => {
  it('"Remind me every Monday at 9 …" sets one reminder and says it is set once', async () => {
    const r = await run('Remind me every Monday at 9 to send the weekly report');
    expect(r.calls.filter((c) => c.tool === 'reminders_create')).toHaveLength(1);
    expect(r.answer).toMatch(
      /set once \(\d{4}-\d{2}-\d{2} 09:00\): reminders_create cannot repeat it "every Monday"/,
    );
    // A lookup asked for every day shows what it shows, with no such note.
    const weather = await run("What's the weather in Paris every day this week?");
    expect(weather.answer).not.toMatch(/set once/);
  });
});

describe('the part of the day a condition names', () => {
  // Tomorrow (the seed's day 1): Budget review 09:30, Lunch with Alice 12:30, Dentist 16:00–16:30.
  it('"… if I have no meetings tomorrow evening" reminds: the day\'s morning and afternoon do not decide it', async () => {
    const r = await run('Remind me to call mom if I have no meetings tomorrow evening');
    const made = r.calls.find((c) => c.tool === 'reminders_create');
    expect(made?.status).toBe('ok');
    expect(String(made!.args.due_time)).toMatch(/T19:00/);
  });

  it('"… tomorrow morning" does not, and names the one morning event that decided it', async () => {
    const r = await run('Remind me to call mom if I have no meetings tomorrow morning');
    expect(r.calls.map((c) => c.tool)).not.toContain('reminders_create');
    expect(r.answer).toMatch(
      /only if you have no meetings tomorrow morning, and calendar_list_events returned in the morning 1 event: Budget review/,
    );
  });
});

describe('a condition no tool can check holds the act back and is asked', () => {
  it('"Schedule lunch with Grace tomorrow at 12 unless I already have something" asks first (it scheduled it)', async () => {
    const asked: string[] = [];
    const r = await (
      await graphOnlySandboxAgent()
    ).runTurn('Schedule lunch with Grace tomorrow at 12 unless I already have something then', {
      ask: async (q) => {
        asked.push(q.text);
        return 'yes';
      },
    });
    expect(asked).toEqual([
      'I could not check this myself. Is it so that you already have something? (yes or no)',
    ]);
    expect(r.calls.map((c) => c.tool)).not.toContain('calendar_create_event');
    expect(r.answer).toMatch(/unless you already have something, and you said it is so/);
  });

  it('a no lets the act go ahead, its title free of the condition', async () => {
    const r = await (
      await graphOnlySandboxAgent()
    ).runTurn('Schedule lunch with Grace tomorrow at 12 unless I already have something then', {
      ask: async () => 'no',
    });
    const made = r.calls.find((c) => c.tool === 'calendar_create_event');
    expect(made?.status).toBe('ok');
    expect(made!.args.title).toBe('lunch with Grace');
  });
});

describe('a booking is no lookup', () => {
  it('"Book a table for two at 7" has no tool that books: it says so (it asked for a street address)', async () => {
    const r = await run('Book a table for two at 7');
    expect(r.questions).toEqual([]);
    expect(r.calls).toEqual([]);
    expect(r.answer).toBe('✗ None of my tools can do this: "Book a table for two at 7".');
    const search = await run('Reserve a table at the Italian restaurant');
    expect(search.calls).toEqual([]);
  });
});

describe('places and titles as said', () => {
  it('"the museum from the station in Berlin" are Berlin\'s (it routed between two London places)', async () => {
    const r = await run('How far is the museum from the station in Berlin?');
    expect(r.calls.map((c) => [c.tool, c.args.origin_address, c.args.destination_address])).toEqual([
      ['places_directions', 'Berlin Hauptbahnhof', 'Pergamon Museum'],
    ]);
    // With no city named, "the museum" stays the home city's.
    const home = await run('How far is the museum from the station?');
    expect(home.calls[0]?.args.destination_address).toBe('Natural History Museum');
  });

  it('"a note with my shopping list: eggs, milk, bread" is called "shopping list"', async () => {
    const r = await run('Create a note with my shopping list: eggs, milk, bread');
    expect(r.calls.find((c) => c.tool === 'notes_create')?.args).toEqual({
      title: 'shopping list',
      content: 'eggs, milk, bread',
    });
  });
});

describe('days as people ask about them', () => {
  it('"What do I have on Friday?", "What\'s happening tomorrow?" list the day (no tool, before)', async () => {
    for (const request of [
      'What do I have on Friday?',
      "What's happening tomorrow?",
      'What have I got on Monday?',
    ]) {
      const r = await run(request);
      expect(r.calls.map((c) => [c.tool, c.status])).toEqual([['calendar_list_events', 'ok']]);
    }
  });

  it('"this weekend" and "the next 3 days" ask once per day (Saturday only, or one forecast for three days)', async () => {
    // Said on a Wednesday (2026-12-09), "this weekend" is Saturday and Sunday; said on that Sunday, only what
    // is left of it. (The clock is fixed: CI ran this on a Sunday and got one day.)
    const on = (iso: string) => async (request: string) =>
      (await graphOnlySandboxAgent(() => Date.parse(iso))).runTurn(request);
    const weekend = await on('2026-12-09T10:00:00Z')('What am I doing this weekend?');
    const days = weekend.calls.map((c) => String(c.args.date));
    expect(days).toEqual(['2026-12-12', '2026-12-13']);
    const sunday = await on('2026-12-13T10:00:00Z')('What am I doing this weekend?');
    expect(sunday.calls.map((c) => String(c.args.date))).toEqual(['2026-12-13']);
    const tokyo = await run("What's the weather in Tokyo for the next three days?");
    expect(tokyo.calls.map((c) => [c.tool, c.args.city])).toEqual([
      ['places_weather', 'Tokyo'],
      ['places_weather', 'Tokyo'],
      ['places_weather', 'Tokyo'],
    ]);
    expect(new Set(tokyo.calls.map((c) => c.args.date)).size).toBe(3);
    // An act is done once: "schedule a run this weekend" is one event.
    const run1 = await run('Schedule a run this weekend at 9');
    expect(run1.calls.filter((c) => c.tool === 'calendar_create_event')).toHaveLength(1);
  });

  it('"a free slot tomorrow afternoon" starts in the afternoon (it offered 08:00)', async () => {
    const r = await run('Find a free slot tomorrow afternoon for a 1 hour meeting');
    const slot = r.calls.find((c) => c.tool === 'calendar_find_free_slot');
    expect(slot?.args.earliest_time).toBe('14:00');
    // Tomorrow: lunch 12:30–13:30, the dentist at 16:00; 14:00–15:00 is free.
    expect(slot?.output).toMatchObject({ start_time: expect.stringMatching(/T14:00:00$/) });
  });
});

describe("someone's home and someone's address", () => {
  it('"Get directions from my home to Anna\'s address" looks her address up and routes there (it sent "Anna\'s address" to the map)', async () => {
    const r = await run("Get directions from my home to Anna's address");
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([
      ['contacts_search', 'ok'],
      ['contacts_get', 'ok'],
      ['places_directions', 'ok'],
    ]);
    const address = (r.calls[1]!.output as { address: string }).address;
    expect(r.calls[2]!.args).toMatchObject({ origin_address: 'my home', destination_address: address });
    // From someone's house: the origin is theirs.
    const from = await run("Directions from Carol's house to the station");
    const route = from.calls.find((c) => c.tool === 'places_directions');
    expect(route?.args.origin_address).toBe(
      (from.calls.find((c) => c.tool === 'contacts_get')!.output as { address: string }).address,
    );
  });

  it('"What\'s Anna\'s address?" gives her address ("What\'s" hid the field asked: the search, with none)', async () => {
    const r = await run("What's Anna's address?");
    expect(r.calls.map((c) => c.tool)).toEqual(['contacts_search', 'contacts_get']);
    expect(r.answer).toMatch(/address 14 Kastanienallee, Berlin/);
  });
});

describe('pairs, replies and forwards', () => {
  it('"the distance between Paris and Berlin" is one route (it asked two questions, one per city)', async () => {
    const r = await run('What is the distance between Paris and Berlin?');
    expect(r.calls.map((c) => [c.tool, c.args.origin_address, c.args.destination_address])).toEqual([
      ['places_directions', 'Paris', 'Berlin'],
    ]);
  });

  it('"Reply to Bob\'s last email saying I agree" sends him the reply (it looked Bob up and called it done)', async () => {
    const r = await run("Reply to Bob's last email saying I agree");
    expect(r.calls.find((c) => c.tool === 'mail_send')?.args).toMatchObject({
      to_email: 'bob.chen@example.com',
      body: 'I agree',
    });
  });

  it('"Forward the email about the launch to Anna" sends that email\'s text (it sent "about the launch")', async () => {
    const r = await run('Forward the email about the launch to Anna');
    const read = r.calls.find((c) => c.tool === 'mail_read');
    const sent = r.calls.find((c) => c.tool === 'mail_send');
    expect(read?.status).toBe('ok');
    expect(sent?.args.body).toBe((read!.output as { body: string }).body);
  });
});

describe('"between X and Y" as a route', () => {
  it('ends the second place at the next "and then" (nestful: "… and Los Angeles and then convert …")', () => {
    const tool = stringTool('calculate_distance', 'Calculate the distance between two locations', [
      'origin',
      'destination',
    ]);
    const intent =
      'Calculate the distance between New York and Los Angeles and then convert the distance into kilometers.';
    const literals = findLiterals(intent, Date.UTC(2026, 10, 24));
    const filled = fillArguments({
      tool,
      intent,
      intentLiterals: literals,
      requestLiterals: literals,
      inherit: false,
      known: () => undefined,
      today: Date.UTC(2026, 10, 24),
    });
    expect(filled.args).toEqual({ origin: 'New York', destination: 'Los Angeles' });
  });
});

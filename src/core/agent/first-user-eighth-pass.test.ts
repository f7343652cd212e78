import { describe, expect, it } from 'vitest';
import { graphOnlySandboxAgent } from './agent-fixtures.test-util';

// Requests a first-time user typed into the graph-only agent on the built-in tools (eighth QA pass); each
// was answered with a question nobody needed, or with the wrong thing done, before.

const run = async (request: string) => (await graphOnlySandboxAgent()).runTurn(request);

describe('the built-in calendar answers what is asked without a question', () => {
  it('"Show my calendar" lists today\'s events (it asked which day)', async () => {
    const r = await run('Show my calendar');
    expect(r.questions).toEqual([]);
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([['calendar_list_events', 'ok']]);
    expect(r.calls[0]!.args.date).toBeUndefined();
  });

  it('"When am I free on Monday?" finds the first free half hour on a Monday (it asked for a length)', async () => {
    const r = await run('When am I free on Monday?');
    expect(r.questions).toEqual([]);
    const call = r.calls.find((c) => c.tool === 'calendar_find_free_slot');
    expect(call?.status).toBe('ok');
    expect(new Date(`${String(call!.args.date)}T12:00:00Z`).getUTCDay()).toBe(1);
    const slot = call!.output as { start_time: string; end_time: string };
    expect(Date.parse(slot.end_time) - Date.parse(slot.start_time)).toBe(30 * 60_000);
  });
});

describe('what a message says', () => {
  it('"Text Bob to meet at the park" sends what he is asked to do, "Meet at the park" (it sent "to meet …")', async () => {
    const r = await run('Text Bob to meet at the park');
    expect(r.calls.find((c) => c.tool === 'messages_send')?.args.text).toBe('Meet at the park');
    const mail = await run('Email Anna to bring the slides');
    expect(mail.calls.find((c) => c.tool === 'mail_send')?.args).toMatchObject({
      subject: 'Bring the slides',
      body: 'Bring the slides',
    });
  });
});

describe("the bundled map knows each city's best-known sight", () => {
  it('"How do I get to the Eiffel Tower from the Louvre?" gets directions (the map knew no Eiffel Tower)', async () => {
    const r = await run('How do I get to the Eiffel Tower from the Louvre?');
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([['places_directions', 'ok']]);
    const { distance_km } = r.calls[0]!.output as { distance_km: number };
    // 3.3 km in a straight line (48.8606, 2.347 → 48.8584, 2.2945) times the map's detour factor.
    expect(distance_km).toBeGreaterThan(3.3);
    expect(distance_km).toBeLessThan(6);
  });
});

describe('places, times and days as people say them', () => {
  it('"a cafe near Hyde Park" searches cafes in London (it searched for Hyde Park, in a city "Hyde Park")', async () => {
    const r = await run('Find a cafe near Hyde Park');
    expect(r.calls.map((c) => [c.tool, c.args.query, c.args.city, c.status])).toEqual([
      ['places_search', 'cafe', 'London', 'ok'],
    ]);
  });

  it('"What time is it in Tokyo?" is no question for the directions or the weather: no tool tells the time', async () => {
    const r = await run('What time is it in Tokyo?');
    expect(r.calls).toEqual([]);
    expect(r.questions).toEqual([]);
    expect(r.answer).toMatch(/None of my tools can do this/);
  });

  it('"Move my lunch with Alice to 13:00" is not called done after a contact search: no tool moves events', async () => {
    const r = await run('Move my lunch with Alice to 13:00');
    expect(r.calls).toEqual([]);
    expect(r.answer).toMatch(/None of my tools can do this/);
  });

  it('"this weekend" is its Saturday; "every Monday at 9" leaves no "every" in the reminder', async () => {
    const r = await run("What's the weather like in Lisbon this weekend?");
    const date = String(r.calls[0]?.args.date);
    // Saturday, or today when today is Sunday (the weekend has begun).
    expect([6, 0]).toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
    const reminder = await run('Remind me every Monday at 9 to send the weekly report');
    expect(reminder.calls.find((c) => c.tool === 'reminders_create')?.args.text).toBe(
      'send the weekly report',
    );
  });
});

describe('a change is what the request commands, not a word inside it', () => {
  it('"I need the last update date of the airport …" may read: "update" is no command there', async () => {
    const { chooseTarget } = await import('./target-choice');
    const { catalogueTool, stringField } = await import('./agent-fixtures.test-util');
    const tools = [
      catalogueTool(
        'getAirport',
        'Get an airport by its ICAO code: name, country, last update date.',
        { icao_code: stringField('ICAO code.') },
        ['icao_code'],
        { name: stringField('Name.'), last_update: stringField('Last update date.') },
      ),
      catalogueTool('updateDashboard', 'Update the dashboard.', {}, [], { result: stringField('Result.') }),
    ];
    const toolOf = (n: string) => tools.find((t) => t.name === n);
    const candidates = tools.map((t, i) => ({ tool: t.name, score: 1 - i / 10 }));
    expect(
      chooseTarget('I need update date and name of the airport EDDB', candidates, toolOf, new Set())?.tool,
    ).toBe('getAirport');
    // Said as the command, a change is no read: "Update the airport record" is not served by the getter.
    expect(
      chooseTarget('Update the airport record EDDB', candidates.slice(0, 1), toolOf, new Set()),
    ).toBeNull();
  });
});

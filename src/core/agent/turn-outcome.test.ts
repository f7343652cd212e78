import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest, ChatResponse, LlmEngine } from '../llm/llm-engine';
import { ScriptedEngine } from '../llm/scripted-engine';
import { Agent } from './agent';
import type { AgentAction } from './agent-action';
import { ANNA, demoAgentWorld, FakeRuntime, graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { GraphPolicy } from './graph-policy';
import { builtInAgentWorld } from './fixtures/run-fixture';
import { createSandboxRuntime } from '../sandbox';
import { ToolBreaker } from '../execute/tool-breaker';
import { LlmPolicy } from './llm-policy';
import type { LocalAgentWorld } from './local-agent-world';

// What a turn reports when things go wrong or come twice: each found by a first-time user of the app.

const reply = (...actions: Partial<AgentAction>[]) =>
  JSON.stringify(actions.map((a, i) => ({ dependency_rank: i + 1, intent: 'x', ...a })));

let world: LocalAgentWorld;
beforeAll(async () => {
  world = await demoAgentWorld();
}, 60_000);

const runtime = () =>
  new FakeRuntime(
    {
      contacts_search: () => ({ contact_id: 'c1', name: 'Anna Keller', email: 'anna@example.com' }),
      places_weather: (a) => ({
        temperature_c: a.city === 'Paris' ? 9 : 21,
        condition: `sky over ${String(a.city)}`,
      }),
      places_search: () => ({ name: 'Louvre', address: 'Rue de Rivoli, Paris' }),
      mail_send: () => ({ message_id: 'm1' }),
    },
    [ANNA, { kind: 'city', value: 'Paris', aliases: [] }],
  );

describe('the turn says what each part did', () => {
  it('each sub-intent shows its own call result, not the last call of the same tool', async () => {
    const engine = new ScriptedEngine({
      replies: [
        reply(
          { action: 'retrieve_api', intent: 'weather in Paris', recall_description: 'weather forecast' },
          { action: 'retrieve_api', intent: 'weather in Rome', recall_description: 'weather forecast' },
        ),
        reply(
          {
            action: 'call_api',
            intent: 'weather in Paris',
            target_api: 'places_weather',
            params: { city: 'Paris' },
          },
          {
            action: 'call_api',
            intent: 'weather in Rome',
            target_api: 'places_weather',
            params: { city: 'Rome' },
          },
        ),
      ],
    });
    const agent = new Agent({ world, runtime: runtime(), policy: new LlmPolicy(engine), learn: false });
    const r = await agent.runTurn('Weather in Paris, and weather in Rome');
    const lines = r.answer.split('\n');
    expect(lines[0]).toContain('sky over Paris');
    expect(lines[0]).toContain('9 °C');
    expect(lines[1]).toContain('sky over Rome');
    expect(lines[1]).toContain('21 °C');
  });

  it('an engine that cannot be reached fails the turn, with the reason, instead of "Nothing to do."', async () => {
    const down: LlmEngine = {
      info: { kind: 'endpoint', model: 'm', label: 'Endpoint' },
      chat: async (_r: ChatRequest): Promise<ChatResponse> => {
        throw new Error('connection refused (http://127.0.0.1:9/v1)');
      },
    };
    const agent = new Agent({ world, runtime: runtime(), policy: new LlmPolicy(down), learn: false });
    const r = await agent.runTurn('What is the weather in Paris?');
    expect(r.status).toBe('failed');
    expect(r.answer).toBe('✗ The Endpoint engine failed: connection refused (http://127.0.0.1:9/v1)');
  });

  it('graph-only: a step whose source failed is not done with the words in place of the value', async () => {
    const rt = runtime();
    rt.failing.set('places_search', { kind: 'unavailable', code: 'down', message: 'service unavailable' });
    const agent = new Agent({ world, runtime: rt, policy: new GraphPolicy(), learn: false });
    const r = await agent.runTurn('Send Anna the address of the museum');
    expect(rt.calls.map((c) => c.tool)).not.toContain('mail_send');
    expect(r.status).toBe('failed');
    expect(r.answer).toMatch(/✗ Not done: .* — it needs ".*address.*", which could not be done/);
  });

  it('a call tried again after the same failure is one answer line with the number of attempts', async () => {
    const rt = runtime();
    rt.failing.set('places_weather', { kind: 'error', code: 'e500', message: 'internal error' });
    const agent = new Agent({ world, runtime: rt, policy: new GraphPolicy(), learn: false });
    const r = await agent.runTurn('What is the weather in Paris?');
    const failures = r.answer.split('\n').filter((l) => l.startsWith('✗ places_weather failed'));
    expect(rt.calls.filter((c) => c.tool === 'places_weather').length).toBeGreaterThan(1);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/\(\d+ attempts\)\.$/);
  });

  it('a request no tool serves is quoted short, not echoed whole', async () => {
    const agent = new Agent({ world, runtime: runtime(), policy: new GraphPolicy(), learn: false });
    const r = await agent.runTurn(`Juggle ${'zorblax '.repeat(3000)}`);
    expect(r.answer.length).toBeLessThan(400);
    expect(r.answer).toContain('None of my tools can do this');
  });

  it('a failed place search is not stood in for by a tool that only shares its "places" prefix', async () => {
    // In the app: break places_search, ask for a route; "trying places_weather instead" asked which city
    // to forecast. A stand-in must act on nothing the failed tool does not (same-purpose, both ways).
    const breaker = new ToolBreaker();
    breaker.breakTool('places_search', 'unavailable');
    const agent = new Agent({
      world: await builtInAgentWorld(),
      runtime: breaker.wrap(await createSandboxRuntime()),
      policy: new GraphPolicy(),
      learn: false,
    });
    const r = await agent.runTurn('How do I get from the Louvre to the Eiffel Tower?');
    expect(r.calls.map((c) => c.tool)).not.toContain('places_weather');
    expect(r.answer).not.toContain('places_weather');
  });
});

describe('routes and amounts on the built-in tools, found by a first-time user', () => {
  const agentOnSandbox = graphOnlySandboxAgent;

  it('"from A to B" asks for directions between two places, never from a place to itself', async () => {
    const agent = await agentOnSandbox();
    for (const request of [
      'How far is it from the museum to the train station?',
      'How do I get from the Louvre to the train station by metro?',
    ]) {
      const r = await agent.runTurn(request);
      const route = r.calls.find((c) => c.tool === 'places_directions');
      expect(route?.status, request).toBe('ok');
      expect(route!.args.origin_address).not.toEqual(route!.args.destination_address);
      expect((route!.output as { distance_km: number }).distance_km).toBeGreaterThan(1);
    }
  });

  it('"to B from A" asks for directions too, each end on its own side', async () => {
    const r = await (await agentOnSandbox()).runTurn('How do I get to the train station from the Louvre?');
    const route = r.calls.find((c) => c.tool === 'places_directions');
    expect(route?.status).toBe('ok');
    expect(route!.args.destination_address).toBe('train station');
    expect(route!.args.origin_address).toMatch(/Louvre/);
    // A travel mode after the last end is the mode, not part of the address.
    const walk = await (
      await agentOnSandbox()
    ).runTurn('Get directions from Brick Lane to Baker Street walking');
    expect(walk.calls.map((c) => [c.tool, c.status, c.args])).toEqual([
      [
        'places_directions',
        'ok',
        { origin_address: 'Brick Lane', destination_address: 'Baker Street', mode: 'walking' },
      ],
    ]);
  });

  it('"Tell Bob I\'m running late" texts Bob; "Tell me the weather" still asks for the weather', async () => {
    const agent = await agentOnSandbox();
    const told = await agent.runTurn("Tell Bob I'm running late");
    const text = told.calls.find((c) => c.tool === 'messages_send');
    expect(text?.status).toBe('ok');
    expect(told.calls.some((c) => c.tool === 'mail_send')).toBe(false);
    const asked = await agent.runTurn('Tell me the weather in Paris');
    expect(asked.calls.map((c) => c.tool)).toEqual(['places_weather']);
  });

  it('a question about meetings lists the day; "show me my reminders" with no listing tool calls nothing', async () => {
    const agent = await agentOnSandbox();
    const day = await agent.runTurn('Do I have any meetings on Wednesday?');
    expect(day.calls.map((c) => c.tool)).toEqual(['calendar_list_events']);
    const shown = await agent.runTurn('Show me my reminders');
    expect(shown.calls).toEqual([]);
    expect(shown.questions).toEqual([]);
    expect(shown.answer).toMatch(/None of my tools can do this/);
    const notes = await agent.runTurn('Show me my notes about the budget');
    expect(notes.calls.map((c) => [c.tool, c.args])).toEqual([['notes_search', { query: 'budget' }]]);
  });

  it('"an SMS" is a text message, "put … in my calendar" creates an event, "most recent" is the newest', async () => {
    const agent = await agentOnSandbox();
    const sms = await agent.runTurn('Send Hugo an SMS: see you at the station');
    expect(sms.calls.map((c) => c.tool)).toEqual(['contacts_search', 'messages_send']);
    const put = await agent.runTurn('Put a 45 minute gym session in my calendar on Saturday at 8am');
    expect(put.calls.map((c) => [c.tool, c.status])).toEqual([['calendar_create_event', 'ok']]);
    expect(put.calls[0]!.args).toMatchObject({
      start_time: expect.stringMatching(/T08:00:00$/),
      end_time: expect.stringMatching(/T08:45:00$/),
      title: 'gym session',
    });
    const recent = await agent.runTurn('Read my most recent email');
    expect(recent.calls.map((c) => [c.tool, c.status])).toEqual([
      ['mail_search', 'ok'],
      ['mail_read', 'ok'],
    ]);
  });

  it('a place the map does not know is said once, plainly, not renamed', async () => {
    const r = await (await agentOnSandbox()).runTurn('Directions from the Louvre to the Sacre Coeur');
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([['places_directions', 'error']]);
    expect(r.answer.match(/cannot locate destination_address "Sacre Coeur"/g)).toHaveLength(1);
  });

  it('"email Hugo the weather forecast for Paris" mails the forecast, not the words', async () => {
    const r = await (await agentOnSandbox()).runTurn('Email Hugo the weather forecast for Paris tomorrow');
    const weather = r.calls.find((c) => c.tool === 'places_weather');
    const mail = r.calls.find((c) => c.tool === 'mail_send');
    expect(weather?.status).toBe('ok');
    const { temperature_c } = weather!.output as { temperature_c: number };
    expect(mail?.args.body).toContain(`temperature ${temperature_c} °C`);
    expect(mail?.args.to_email).toBe('hugo.laurent@example.com');
  });

  it('two amounts in one question are two conversions, each answered with its own result', async () => {
    const r = await (await agentOnSandbox()).runTurn('What is 3 km in miles and 10 kg in pounds?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['units_convert', { value: 3, from_unit: 'km', to_unit: 'miles' }],
      ['units_convert', { value: 10, from_unit: 'kg', to_unit: 'pounds' }],
    ]);
    expect(r.answer).toContain('value 1.86');
    expect(r.answer).toContain('value 22.05');
  });
});

describe('lists, recipients and results, found by probing the built-in tools', () => {
  const agentOnSandbox = graphOnlySandboxAgent;

  it('"the weather in Paris, Berlin and Lisbon" is three forecasts, not the first one', async () => {
    const r = await (await agentOnSandbox()).runTurn('What is the weather in Paris, Berlin and Lisbon?');
    expect(r.calls.map((c) => [c.tool, c.args.city])).toEqual([
      ['places_weather', 'Paris'],
      ['places_weather', 'Berlin'],
      ['places_weather', 'Lisbon'],
    ]);
  });

  it('"email Anna and Bob that …" mails each at their own address, the whole clause as the body', async () => {
    const r = await (await agentOnSandbox()).runTurn('Email Anna and Bob that the offsite moved to Friday');
    const mails = r.calls.filter((c) => c.tool === 'mail_send');
    expect(mails.map((c) => c.args.to_email)).toEqual(['anna.keller@example.com', 'bob.chen@example.com']);
    expect(mails.every((c) => c.args.body === 'the offsite moved to Friday')).toBe(true);
  });

  it('"… and then email the result to Bob" sends what the first part returned', async () => {
    const r = await (
      await agentOnSandbox()
    ).runTurn('Convert 100 euros to dollars and then email the result to Bob');
    const converted = r.calls.find((c) => c.tool === 'currency_convert')!.output as { amount: number };
    const mail = r.calls.find((c) => c.tool === 'mail_send');
    expect(mail?.args).toMatchObject({
      to_email: 'bob.chen@example.com',
      // The amount with the currency it was converted to (`measuredResult`), not "amount 108.7".
      body: `${converted.amount} USD`,
    });
  });

  it('a question never sends: "What\'s Anna\'s phone number?" looks her up, the text goes only once', async () => {
    const r = await (
      await agentOnSandbox()
    ).runTurn("What's Anna's phone number? Text her that dinner is at 8");
    expect(r.calls.map((c) => c.tool)).toEqual(['contacts_search', 'messages_send']);
    expect(r.calls[1]!.args.text).toBe('dinner is at 8');
  });

  it('"How far is Berlin from Paris by car?" routes between the two cities and says hours', async () => {
    const r = await (await agentOnSandbox()).runTurn('How far is Berlin from Paris by car?');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([
      ['places_directions', { origin_address: 'Paris', destination_address: 'Berlin', mode: 'driving' }],
    ]);
    expect(r.answer).toMatch(/duration \d+ h( \d+ min)?, distance \d+/);
  });

  it('"… and send the address to Anna by email" sends the address the part before found, or nothing', async () => {
    const found = await (
      await agentOnSandbox()
    ).runTurn('Find a restaurant in Paris and send the address to Anna by email');
    const mail = found.calls.find((c) => c.tool === 'mail_send');
    const place = found.calls.find((c) => c.tool === 'places_search')?.output as { address: string };
    expect(mail?.args.to_email).toBe('anna.keller@example.com');
    expect(mail?.args.body).toContain(place.address);
    expect(mail?.args.subject).toBe('address');
    // No restaurant found (the bundled data has no Rome): nothing is sent, least of all Anna's own address.
    const none = await (
      await agentOnSandbox()
    ).runTurn('Find a restaurant in Rome and send the address to Anna by email');
    expect(none.calls.map((c) => c.tool)).not.toContain('mail_send');
  });

  it('"Email Bob the notes about the budget" searches the notes and sends what it found', async () => {
    const r = await (await agentOnSandbox()).runTurn('Please email Bob the notes about the budget');
    const notes = r.calls.find((c) => c.tool === 'notes_search');
    expect(notes?.args.query).toBe('budget');
    expect(r.calls.find((c) => c.tool === 'mail_send')?.args.body).toMatch(/Budget/);
    expect(r.status).toBe('answered');
  });

  it('"Set a reminder for my dentist appointment" sets a reminder, not a calendar look-up', async () => {
    const r = await (
      await agentOnSandbox()
    ).runTurn('Set a reminder for my dentist appointment on Friday at 2pm');
    expect(r.calls.map((c) => c.tool)).toEqual(['reminders_create']);
  });

  it('"Read my latest email" reads the newest mail: no keyword means the newest of everything', async () => {
    const r = await (await agentOnSandbox()).runTurn('Read my latest email');
    expect(r.calls.map((c) => [c.tool, c.status])).toEqual([
      ['mail_search', 'ok'],
      ['mail_read', 'ok'],
    ]);
    const { messages } = r.calls[0]!.output as { messages: { message_id: string; date: string }[] };
    expect(r.calls[1]!.args.message_id).toBe(messages[0]!.message_id);
    expect(messages.map((m) => m.date)).toEqual([...messages.map((m) => m.date)].sort().reverse());
  });

  it('"List my notes" is about notes, not the calendar tool named "list"', async () => {
    const r = await (await agentOnSandbox()).runTurn('List my notes');
    expect(r.calls.map((c) => [c.tool, c.args])).toEqual([['notes_search', { query: 'all' }]]);
    expect((r.calls[0]!.output as { count: number }).count).toBeGreaterThan(3);
  });

  it('"a pharmacy near me" is in the home city; "25 degrees Celsius in Fahrenheit" converts', async () => {
    const agent = await agentOnSandbox();
    const near = await agent.runTurn('Find a pharmacy near me');
    expect((near.calls[0]!.output as { city: string }).city).toBe('London');
    const temp = await agent.runTurn('What is 25 degrees Celsius in Fahrenheit?');
    expect(temp.calls.map((c) => [c.tool, c.output])).toEqual([['units_convert', { value: 77 }]]);
  });

  it('"… to USD and then to JPY" converts the result on, from USD (the first amount\'s target), not from GBP', async () => {
    const agent = await agentOnSandbox();
    // Before: "None of my tools can do this: to JPY"; "… then convert that to JPY" converted 317.93 *GBP*.
    for (const request of [
      'Convert 250 GBP to USD and then to JPY',
      'Convert 250 GBP to USD and then convert that to JPY',
    ]) {
      const r = await agent.runTurn(request);
      expect(r.calls.map((c) => c.args)).toEqual([
        { amount: 250, from_currency: 'GBP', to_currency: 'USD' },
        {
          amount: (r.calls[0]!.output as { amount: number }).amount,
          from_currency: 'USD',
          to_currency: 'JPY',
        },
      ]);
    }
    // Units too: "that" is in km; "to meters" names a unit, so the unit tool serves it (was currency_convert).
    const units = await agent.runTurn('Convert 3 miles to km and then to meters');
    expect(units.calls.map((c) => [c.tool, c.args.from_unit, c.args.to_unit])).toEqual([
      ['units_convert', 'miles', 'km'],
      ['units_convert', 'km', 'm'],
    ]);
    const yen = await agent.runTurn('How much is 40 euros in dollars and then in yen?');
    expect(yen.calls.map((c) => [c.tool, c.args.from_currency, c.args.to_currency])).toEqual([
      ['currency_convert', 'EUR', 'USD'],
      ['currency_convert', 'USD', 'JPY'],
    ]);
    // A second conversion with its own amount and currency keeps them.
    const own = await agent.runTurn('Convert 100 EUR to USD and then convert 50 GBP to JPY');
    expect(own.calls.map((c) => c.args)).toEqual([
      { amount: 100, from_currency: 'EUR', to_currency: 'USD' },
      { amount: 50, from_currency: 'GBP', to_currency: 'JPY' },
    ]);
  });

  it('a route from a place to itself is no answer: "directions there" with no address for "there" asks where to', async () => {
    // Before: places_directions(99 Rue de Rivoli → 99 Rue de Rivoli), "duration 0 min", reported as done.
    const r = await (await agentOnSandbox()).runTurn('Look up Anna and get directions there from the Louvre');
    expect(r.calls.map((c) => c.tool)).not.toContain('places_directions');
    expect(r.status).toBe('needs-input');
    expect(r.questions.map((q) => q.field)).toEqual(['destination_address']);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent';
import { ANNA, demoAgentWorld, FakeRuntime } from './agent-fixtures.test-util';
import { GraphPolicy } from './graph-policy';
import type { LocalAgentWorld } from './local-agent-world';
import { splitSubIntents } from './sub-intents';

// "If …" in a request holds a part back until what it says is checked (seventh QA pass: "Check the
// weather in Paris and if it is sunny, text Bob …" texted Bob under light rain).

const BOB = { kind: 'person' as const, value: 'Bob Chen', aliases: ['bob'] };

function agentFor(condition: string) {
  const runtime = new FakeRuntime(
    {
      places_weather: (a) => ({ temperature_c: 6, condition, city: a.city }),
      contacts_search: (a) => ({
        contact_id: 'c2',
        name: String(a.name),
        email: 'bob@example.com',
        phone: '+15550117',
      }),
      messages_send: () => ({ message_id: 'sms-1' }),
      mail_send: () => ({ message_id: 'mail-1' }),
      reminders_create: () => ({ reminder_id: 'r1' }),
    },
    [ANNA, BOB],
  );
  return { runtime, agent: new Agent({ world, runtime, policy: new GraphPolicy(), learn: false }) };
}

let world: LocalAgentWorld;
beforeAll(async () => {
  world = await demoAgentWorld();
}, 60_000);

describe('splitSubIntents: a condition is put on the part it governs, checked by the part before it', () => {
  const split = (r: string) => splitSubIntents(r).map((s) => [s.text, s.condition ?? null, s.dependsOn]);

  it('"If X, Y": X is checked first; "… and if X, Y": X is on the part before; "Y if X": X is checked first', () => {
    expect(split('If it rains tomorrow, remind me to take an umbrella')).toEqual([
      ['If it rains tomorrow', null, []],
      ['remind me to take an umbrella', { text: 'it rains tomorrow', negated: false, on: 1 }, [1]],
    ]);
    expect(split('Check the weather in Paris and if it is sunny, text Bob to meet at the park')).toEqual([
      ['Check the weather in Paris', null, []],
      ['text Bob to meet at the park', { text: 'it is sunny', negated: false, on: 1 }, [1]],
    ]);
    expect(split('Remind me to take an umbrella unless it is sunny in London tomorrow')).toEqual([
      ['whether it is sunny in London tomorrow', null, []],
      [
        'Remind me to take an umbrella',
        { text: 'it is sunny in London tomorrow', negated: true, on: 1 },
        [1],
      ],
    ]);
    expect(split('Is a table free at 7? If so, book it.')).toEqual([
      ['Is a table free at 7?', null, []],
      // "so" echoes the question, which is what its verdict is read on.
      ['book it', { text: 'so', negated: false, on: 1, asked: 'Is a table free at 7' }, [1]],
    ]);
  });

  it('"if possible", "check if", "calculate … if the population is …" hold nothing back', () => {
    expect(split('Send Bob the weather in Paris if possible')).toEqual([
      ['Send Bob the weather in Paris', null, []],
    ]);
    expect(split('Check if I have any events tomorrow')).toEqual([
      ['Check if I have any events tomorrow', null, []],
    ]);
    expect(split('Calculate the population density if the population is 213 million')).toEqual([
      ['Calculate the population density if the population is 213 million', null, []],
    ]);
  });
});

describe('a conditional request on the built-in tools', () => {
  it('does not text Bob "to meet at the park" when the forecast it was asked to check is rain', async () => {
    const { agent, runtime } = agentFor('light rain');
    const r = await agent.runTurn(
      'Check the weather in Paris and if it is sunny, text Bob to meet at the park',
    );
    expect(runtime.calls.map((c) => c.tool)).toEqual(['places_weather']);
    expect(r.status).toBe('answered');
    expect(r.answer).toMatch(/Not done: .*only if it is sunny.*light rain/);
  });

  it('texts him when it is sunny, and reminds on the day the condition names', async () => {
    const sunny = agentFor('sunny');
    await sunny.agent.runTurn('Check the weather in Paris and if it is sunny, text Bob to meet at the park');
    expect(sunny.runtime.calls.map((c) => c.tool)).toContain('messages_send');
    const rain = agentFor('showers');
    const r = await rain.agent.runTurn('If it rains in London tomorrow, remind me to take an umbrella');
    expect(rain.runtime.calls.map((c) => c.tool)).toEqual(['places_weather', 'reminders_create']);
    expect(r.calls[1]!.args.due_time).toBe(r.calls[0]!.args.date);
  });

  it('asks yes or no when the result does not say, and acts only on a yes', async () => {
    for (const [answer, sent] of [
      ['yes', true],
      ['no', false],
    ] as const) {
      const { agent, runtime } = agentFor('mild');
      const questions: string[] = [];
      // A forecast of "mild" at 6 °C says nothing of wind.
      await agent.runTurn('If it is windy in Berlin tomorrow, text Bob to bring a coat', {
        ask: async (q) => {
          questions.push(q.text);
          return answer;
        },
      });
      expect(questions).toEqual([
        expect.stringMatching(
          /^places_weather returned .*mild.*Does that mean it is windy in Berlin tomorrow\?/,
        ),
      ]);
      expect(runtime.calls.some((c) => c.tool === 'messages_send')).toBe(sent);
    }
  });
});

describe('an "if" that is what a command watches for, not a condition on it', () => {
  it('"set an alert if the rate goes above 0.9" keeps the clause in the request', () => {
    const parts = splitSubIntents(
      'Also, please set an alert for me if the EUR/GBP exchange rate goes above 0.9.',
    );
    expect(parts.map((p) => [p.text, p.condition ?? null])).toEqual([
      ['set an alert for me if the EUR/GBP exchange rate goes above 0.9', null],
    ]);
  });
});

describe('after a part, a condition on what it returned governs any command', () => {
  it('"What\'s the rate …? If it\'s above 150, convert 1000 USD" holds the conversion; "If I have 100 USD, convert …" is a premise', () => {
    const split = (r: string) => splitSubIntents(r).map((s) => [s.text, s.condition?.text ?? null]);
    expect(
      split("What's the exchange rate from USD to JPY? If it's above 150, convert 1000 USD to JPY"),
    ).toEqual([
      ["What's the exchange rate from USD to JPY?", null],
      ['convert 1000 USD to JPY', "it's above 150"],
    ]);
    // Split at the comma as before, but nothing is held back on the premise.
    expect(split('If I have 100 USD and spend 40, convert the rest to EUR')).toEqual([
      ['If I have 100 USD and spend 40', null],
      ['convert the rest to EUR', null],
    ]);
  });
});

describe('the part whose result speaks of the condition decides it', () => {
  it('"Email Bob the weather … and if it snows, remind me …" reads the forecast looked up for the email', async () => {
    const { agent, runtime } = agentFor('sunny');
    const r = await agent.runTurn(
      'Email Bob the weather in Berlin tomorrow and if it snows, remind me to leave early',
    );
    expect(r.questions).toEqual([]);
    expect(runtime.calls.map((c) => c.tool)).not.toContain('reminders_create');
    expect(r.answer).toMatch(/only if it snows, and places_weather returned .*sunny/);
  });

  it('"Remind me … if I have no meetings on Friday" lists Friday first and reminds only when it is empty', () => {
    expect(
      splitSubIntents('Remind me to call mom if I have no meetings on Friday').map((s) => s.text),
    ).toEqual(['list the calendar events on Friday', 'Remind me to call mom']);
  });
});

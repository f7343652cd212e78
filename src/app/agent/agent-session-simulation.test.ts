import { beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../core/tools/tool';
import { AgentSession, type EngineSource } from './agent-session';
import { appFixture, MemoryStorage, NOW, type AppFixture } from './agent-test-fixtures.test-util';
import { MemoryConversationStore } from './conversation-store';
import { SimulationSwitch } from './simulation-switch';

const graphOnly: EngineSource = { activeLlm: () => null };

/** An imported catalogue tool: a schema, no implementation anywhere on the device. */
const STOCK: Tool = {
  name: 'stock_quote_lookup',
  description: 'Look up the current stock quote (share price) of a company by its ticker symbol.',
  category: 'finance',
  source: 'openai',
  parameters: {
    type: 'object',
    properties: { ticker: { type: 'string', description: 'ticker symbol, e.g. ACME' } },
    required: ['ticker'],
  },
  returns: { type: 'object', properties: { price_usd: { type: 'number' }, ticker: { type: 'string' } } },
};

let fx: AppFixture;
beforeEach(async () => {
  fx = await appFixture();
  await fx.owner.world.importTools([STOCK]);
}, 60_000);

function session(simulation?: SimulationSwitch) {
  return new AgentSession({
    world: fx.world,
    runtime: async () => fx.sandbox,
    engines: graphOnly,
    conversations: new MemoryConversationStore(),
    now: () => NOW,
    ...(simulation ? { simulation } : {}),
  });
}

const callOf = (s: AgentSession, tool: string) =>
  s
    .getState()
    .turns.at(-1)!
    .steps.flatMap((st) => (st.kind === 'call' && st.call.tool === tool ? [st.call] : []))[0];

describe('AgentSession: tools without an implementation (issue 13, item 4)', () => {
  it('lists the catalogue tools nothing can run', async () => {
    expect(await session().toolsWithoutImplementation()).toEqual(['stock_quote_lookup']);
  });

  it('answers them from the API simulator by default, labelled simulated in the step, the answer and the trace', async () => {
    const s = session();
    const result = await s.send('Look up the stock quote for ticker ACME');
    const call = callOf(s, 'stock_quote_lookup');
    expect(call?.status).toBe('ok');
    expect(call?.args).toEqual({ ticker: 'ACME' });
    expect(call?.source).toMatchObject({ kind: 'simulated', level: 'schema' });
    expect(typeof (call?.output as { price_usd?: unknown }).price_usd).toBe('number');
    expect(result?.answer).toContain('(simulated: stock_quote_lookup has no implementation here)');
    const trace = fx.owner.ingested.at(-1)!;
    const recorded = trace.calls.find((c) => c.tool === 'stock_quote_lookup');
    expect(recorded?.source?.kind).toBe('simulated');
  });

  it('does not call a sandbox tool unimplemented because its own data is simulated (the weather)', async () => {
    const s = session();
    const result = await s.send('What is the weather in Paris?');
    expect(callOf(s, 'places_weather')?.source?.kind).toBe('simulated');
    expect(result?.answer).toContain('places_weather');
    expect(result?.answer).not.toContain('no implementation');
  });

  it('replays the recorded answer for the same call in a later turn (history match before mock)', async () => {
    const s = session();
    await s.send('Look up the stock quote for ticker ACME');
    const first = callOf(s, 'stock_quote_lookup')?.output;
    await s.send('Look up the stock quote for ticker ACME');
    const again = callOf(s, 'stock_quote_lookup');
    expect(again?.source).toMatchObject({ kind: 'simulated', level: 'recorded' });
    expect(again?.output).toEqual(first);
  });

  it('switched off, the call fails as not executable and nothing is made up; the choice is kept', async () => {
    const storage = new MemoryStorage();
    const off = new SimulationSwitch(storage);
    off.set(false);
    const s = session(off);
    const result = await s.send('Look up the stock quote for ticker ACME');
    const call = callOf(s, 'stock_quote_lookup');
    expect(call?.status).toBe('error');
    expect(call?.failure?.kind).toBe('not-executable');
    expect(result?.answer).not.toContain('simulated');
    expect(new SimulationSwitch(storage).getState()).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import type { Tool } from '../tools/tool';
import { ToolWorld } from '../world/world';
import { Agent } from './agent';
import { FakeRuntime } from './agent-fixtures.test-util';
import { GraphPolicy } from './graph-policy';
import { requestAsksFor } from './learnt-follow-on';
import { FamiliarPlans, travelTool } from './learnt-plans.test-util';

/** Every input required: a call no known value feeds is not made. */
const tool = (name: string, description: string, inputs: string[], outputs: string[]): Tool =>
  travelTool(name, description, inputs, outputs, inputs);

const TOOLS = [
  tool('search_train', 'Search trains between two cities', ['departure', 'destination'], ['train_list']),
  tool('train_ticket_booking', 'Book a train ticket for a passenger', ['passenger'], ['ticket_id']),
  tool('train_ticket_query', 'Look up a booked train ticket', ['ticket_id'], ['ticket_status']),
];

async function run(request: string, plans: Record<string, string | null>, familiar = 0.6) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
  await world.importTools(TOOLS);
  const runtime = new FakeRuntime({
    search_train: () => ({ train_list: 'G123, G456' }),
    train_ticket_booking: () => ({ ticket_id: 'T-1' }),
    train_ticket_query: () => ({ ticket_status: 'confirmed' }),
  });
  const agent = new Agent({
    world: new FamiliarPlans(world, plans, familiar),
    runtime,
    policy: new GraphPolicy(),
    learn: false,
  });
  const notices: string[] = [];
  const result = await agent.runTurn(request, {
    // Any question about the trip is answered with a city.
    ask: async () => 'Tianjin',
    onEvent: (e) => {
      if (e.type === 'notice') notices.push(e.text);
    },
  });
  return { calls: runtime.calls.map((c) => c.tool), notices, result };
}

const byName = (name: string) => TOOLS.find((t) => t.name === name)!;

describe('whether the request asks for what learnt plans do next', () => {
  it('a lookup needs only the thing it deals in named; a tool that acts needs its act named too', () => {
    const booking = byName('train_ticket_booking');
    // Reads a train ticket: the request names one.
    expect(requestAsksFor('Book a train ticket for Zhang Fei', byName('train_ticket_query'), [booking])).toBe(
      true,
    );
    // Books: "search" and "trains" name trains, not a booking.
    expect(requestAsksFor('Search trains from Tianjin to Hangzhou', booking, [byName('search_train')])).toBe(
      false,
    );
    expect(
      requestAsksFor('Search trains from Tianjin to Hangzhou and book a ticket', booking, [
        byName('search_train'),
      ]),
    ).toBe(true);
    const order = tool('place_order', 'Place an order', ['dish'], ['order_id']);
    const checkout = tool('checkout_api', 'Pay for an order', ['order_id'], ['receipt']);
    expect(requestAsksFor('Place my order for table 4', checkout, [order])).toBe(false);
    // "check out" said as two words is the tool's one.
    expect(requestAsksFor('Place my order for table 4 and check out', checkout, [order])).toBe(true);
    // "list" is a reading verb, not what listFunctions deals in.
    const list = tool('listFunctions', 'List the functions', [], ['functions']);
    expect(requestAsksFor('Provide a list of Portuguese authors', list, [])).toBe(false);
  });
});

describe('graph-only planning with a learnt follow-on step', () => {
  it('after the parts are done, calls the lookup learnt plans call next, on what the turn already knows', async () => {
    const r = await run('Book a train ticket for passenger Zhang Fei', {
      '': 'train_ticket_booking',
      train_ticket_booking: 'train_ticket_query',
    });
    expect(r.calls).toEqual(['train_ticket_booking', 'train_ticket_query']);
    expect(r.notices).toContain(
      'Plans learnt from requests like this one call train_ticket_query after train_ticket_booking; calling it too.',
    );
    expect(r.result.subIntents.map((s) => s.status)).toEqual(['done', 'done']);
  });

  it('never books what the request only searched for, and adds nothing for an unfamiliar request', async () => {
    const plans = { '': 'search_train', search_train: 'train_ticket_booking' };
    expect((await run('Search trains from Tianjin to Hangzhou', plans)).calls).toEqual(['search_train']);
    const unfamiliar = await run(
      'Book a train ticket for passenger Zhang Fei',
      { '': 'train_ticket_booking', train_ticket_booking: 'train_ticket_query' },
      0.1,
    );
    expect(unfamiliar.calls).toEqual(['train_ticket_booking']);
  });
});

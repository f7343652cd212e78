import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { ToolWorld } from '../world/world';
import { Agent } from './agent';
import { FakeRuntime, graphOnlySandboxAgent } from './agent-fixtures.test-util';
import { GraphPolicy } from './graph-policy';
import { FamiliarPlans, travelTool } from './learnt-plans.test-util';

const tool = travelTool;

const TOOLS = [
  tool('search_train', 'Search trains between two cities', ['departure', 'destination'], ['train_list']),
  tool('train_ticket_booking', 'Book a train ticket for a passenger', ['passenger'], ['ticket_id']),
  tool('weather_query', 'Weather forecast for a city', ['city'], ['forecast']),
];

// The request is as familiar as can be (1): learnt first steps are read only for requests like the traced
// ones (`FAMILIAR_REQUEST`).
async function run(plans: Record<string, string | null>, learntPlans?: boolean, familiar = 1) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
  await world.importTools(TOOLS);
  const runtime = new FakeRuntime({
    search_train: () => ({ train_list: 'G123, G456' }),
    train_ticket_booking: () => ({ ticket_id: 'T-1' }),
    weather_query: () => ({ forecast: 'sun' }),
  });
  const agent = new Agent({
    world: new FamiliarPlans(world, plans, familiar),
    runtime,
    policy: new GraphPolicy(),
    learn: false,
    ...(learntPlans !== undefined ? { learntPlans } : {}),
  });
  const events: string[] = [];
  await agent.runTurn('Book a train ticket from Tianjin to Hangzhou for passenger Zhang Fei', {
    onEvent: (e) => {
      if (e.type === 'notice') events.push(e.text);
    },
  });
  return { calls: runtime.calls.map((c) => c.tool), events };
}

describe('graph-only planning with learnt precursors', () => {
  it('calls the tool learnt plans take first when they then go straight to the target', async () => {
    const r = await run({ '': 'search_train', search_train: 'train_ticket_booking' });
    expect(r.calls).toEqual(['search_train', 'train_ticket_booking']);
    expect(r.events.some((t) => /call search_train before train_ticket_booking/.test(t))).toBe(true);
  });

  it('adds nothing when the learnt plan does not lead from that tool to the target', async () => {
    const r = await run({ '': 'search_train', search_train: 'weather_query' });
    expect(r.calls).toEqual(['train_ticket_booking']);
  });

  it('adds nothing when plans start with the target itself, or with a tool the request never mentions', async () => {
    expect((await run({ '': 'train_ticket_booking' })).calls).toEqual(['train_ticket_booking']);
    const r = await run({ '': 'weather_query', weather_query: 'train_ticket_booking' });
    expect(r.calls).toEqual(['train_ticket_booking']);
  });

  it('adds nothing for a request unlike the traced ones (plans learnt from others)', async () => {
    const r = await run({ '': 'search_train', search_train: 'train_ticket_booking' }, undefined, 0.2);
    expect(r.calls).toEqual(['train_ticket_booking']);
  });

  it('is off when asked (LLM engines plan their own steps)', async () => {
    const r = await run({ '': 'search_train', search_train: 'train_ticket_booking' }, false);
    expect(r.calls).toEqual(['train_ticket_booking']);
  });
});

describe('graph-only planning: learnt plans choose among look-alike targets', () => {
  const FILES = [
    tool('file_modify', 'Change the text of a file', ['path', 'text'], ['status']),
    tool('file_write', 'Write text into a file', ['path', 'text'], ['status']),
  ];

  async function runFiles(familiar: number) {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
    await world.importTools(FILES);
    const runtime = new FakeRuntime({
      file_modify: () => ({ status: 'ok' }),
      file_write: () => ({ status: 'ok' }),
    });
    const agent = new Agent({
      world: new FamiliarPlans(world, { '': 'file_write' }, familiar),
      runtime,
      policy: new GraphPolicy(),
      learn: false,
    });
    const notices: string[] = [];
    await agent.runTurn('Put the text "Hello" into the file /tmp/a.txt', {
      onEvent: (e) => void (e.type === 'notice' && notices.push(e.text)),
    });
    return { calls: runtime.calls.map((c) => c.tool), notices };
  }

  it('takes the tool the plans expect for a familiar request, and says the words pointed elsewhere', async () => {
    const words = await runFiles(0);
    const plans = await runFiles(1);
    expect(words.calls).toEqual(['file_modify']);
    expect(plans.calls).toEqual(['file_write']);
    expect(plans.notices).toContain(
      'Plans learnt from requests like this one use file_write here; the words alone pointed to file_modify.',
    );
  });
});

describe('a learnt first step runs on what the turn knows, not on any name the request says', () => {
  it('"Find my notes about Trap" searches the notes, not the contacts for "Trap"', async () => {
    const agent = await graphOnlySandboxAgent();
    await agent.runTurn('Create a note called Trap saying remember the milk');
    const r = await agent.runTurn('Find my notes about Trap');
    expect(r.calls.map((c) => c.tool)).toEqual(['notes_search']);
  });
});

describe('a learnt first step that cannot run is left out, and never blocks the target', () => {
  const search = tool('place_search', 'Search places by a query', ['query'], ['address']);
  const PLACES = [
    { ...search, parameters: { ...search.parameters, required: ['query'] } },
    tool('event_create', 'Create a calendar event with a person', ['person'], ['event_id']),
  ];

  it('its own label ("first place search") is no search query; the target runs without it', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
    await world.importTools(PLACES);
    const runtime = new FakeRuntime({
      place_search: (args) => ({ address: `1 ${String(args.query)} Street` }),
      event_create: () => ({ event_id: 'e-1' }),
    });
    const agent = new Agent({
      world: new FamiliarPlans(world, { '': 'place_search', place_search: 'event_create' }, 1),
      runtime,
      policy: new GraphPolicy(),
      learn: false,
    });
    const r = await agent.runTurn('Find time to create an event with person Anna');
    expect(runtime.calls.map((c) => c.tool)).toEqual(['event_create']);
    expect(r.status).toBe('answered');
  });
  it('one that fails is reported, and the target still runs', async () => {
    const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => Date.UTC(2026, 10, 24) });
    await world.importTools([
      tool('person_lookup', 'Look up the record of a person', ['person'], ['record_id']),
      PLACES[1]!,
    ]);
    const runtime = new FakeRuntime({
      person_lookup: () => ({ record_id: 'p-1' }),
      event_create: () => ({ event_id: 'e-1' }),
    });
    runtime.failing.set('person_lookup', {
      kind: 'unavailable',
      code: 'down',
      message: 'person_lookup is down',
    });
    const agent = new Agent({
      world: new FamiliarPlans(world, { '': 'person_lookup', person_lookup: 'event_create' }, 1),
      runtime,
      policy: new GraphPolicy(),
      learn: false,
      detours: false,
    });
    const r = await agent.runTurn('Create an event with person Anna');
    expect(runtime.calls.map((c) => c.tool)).toEqual(['person_lookup', 'event_create']);
    expect(r.calls.find((c) => c.tool === 'event_create')?.status).toBe('ok');
  });
});

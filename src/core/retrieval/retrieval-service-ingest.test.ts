import { describe, expect, it } from 'vitest';
import { demoTraces } from '../demo/demo-traces';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { call, HAND_TOOLS } from '../graph/fixtures.test-util';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import { ToolWorld } from '../world/world';
import { demoLabels, demoWorld, fakeHead } from './retrieval-fixtures.test-util';
import { RetrievalService } from './retrieval-service';

/** "what about Paris": find_city, then get_weather or send_text. */
const trip = (i: number, next: 'get_weather' | 'send_text'): Trace => ({
  id: `${next}-${i}`,
  query: 'what about Paris',
  calls: [
    call('find_city', { query: 'Paris' }, { city: 'Paris' }, true, i),
    next === 'get_weather'
      ? call('get_weather', { city: 'Paris' }, { forecast: 'Rain' }, true, i + 1)
      : call('send_text', { message: 'Paris' }, 'sent', true, i + 1),
  ],
});

async function handWorld(traces: Trace[]) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(HAND_TOOLS);
  for (const t of traces) await world.ingestTrace(t);
  return world;
}

/** What the world worker does with a trace: the world ingests it, then retrieval learns it. */
async function follow(world: ToolWorld, service: RetrievalService, trace: Trace) {
  const out = await world.ingestTrace(trace);
  return service.ingest(
    trace,
    out.change.tools.map((t) => t.tool.name),
  );
}

describe('RetrievalService.ingest: incremental retrieval after a trace', () => {
  it('learns each trace online (DTDR-C) without a reset, and the hybrid keeps serving untouched', async () => {
    const before = [0, 1, 2, 3].map((i) => trip(i, 'get_weather'));
    const world = await handWorld(before);
    const service = new RetrievalService(new LexicalEmbedder(), { policy: { retrainAfter: 0 } });
    service.reset(world);
    const q = { query: 'what about Paris', history: ['find_city'] };
    const c0 = await service.rank({ ...q, method: 'dtdrC' });
    expect(c0.candidates[0]!.tool).toBe('get_weather');
    expect(c0.source).toEqual({ kind: 'fitted', traces: 4 });
    const h0 = await service.rank(q);
    expect(h0.source).toMatchObject({ kind: 'trained', traces: 4 });

    // Six times find_city → send_text: the table now says send_text follows find_city more often.
    const outcomes = [];
    for (let i = 10; i < 16; i++) outcomes.push(await follow(world, service, trip(i, 'send_text')));
    expect(outcomes.every((o) => o.learnt && o.updatedOnline.includes('dtdrC'))).toBe(true);
    expect(outcomes.at(-1)).toMatchObject({ newTraces: 6, retrainStarted: false });

    const c1 = await service.rank({ ...q, method: 'dtdrC' });
    expect(c1.candidates[0]!.tool).toBe('send_text');
    expect(c1.source).toEqual({ kind: 'fitted', traces: 10 });
    // The hybrid was neither reset nor retrained: same model, same ranking, no training on this call.
    const h1 = await service.rank(q);
    expect(h1.source).toEqual(h0.source);
    expect(h1.candidates).toEqual(h0.candidates);
    const status = await service.status();
    expect(status).toMatchObject({ traces: 10, newTraces: 6, training: false });
  });

  it('does not learn an abandoned trace (its last call failed)', async () => {
    const world = await handWorld([trip(0, 'get_weather')]);
    const service = new RetrievalService(new LexicalEmbedder());
    service.reset(world);
    const failed = trip(1, 'get_weather');
    failed.calls[1] = call('get_weather', { city: 'Paris' }, null, false, 2);
    expect(await follow(world, service, failed)).toMatchObject({ learnt: false, updatedOnline: [] });
    expect((await service.status()).traces).toBe(1);
  });

  it('retrains the hybrid in the background after N new traces; the previous model serves meanwhile', async () => {
    const world = await demoWorld();
    let changed: () => void = () => undefined;
    const service = new RetrievalService(new LexicalEmbedder(), {
      policy: { retrainAfter: 2 },
      onModelsChanged: () => changed(),
    });
    service.reset(world);
    const q = { query: 'Email Alice Martin the notes about the budget', history: [] };
    const first = await service.rank(q);
    const trained = first.trainedOn;
    const complete = demoTraces(30, 99)
      .filter((t) => t.calls.at(-1)?.status === 'ok')
      .map((t) => ({ ...t, id: `later-${t.id}` }));
    expect((await follow(world, service, complete[0]!)).retrainStarted).toBe(false);
    const ended = new Promise<void>((r) => (changed = r));
    const second = await follow(world, service, complete[1]!);
    expect(second).toMatchObject({ learnt: true, newTraces: 2, retrainStarted: true });
    // While the new model trains, the old one answers at once.
    const during = await service.rank(q);
    expect(during.trainedOn).toBe(trained);
    expect((await service.status()).training).toBe(true);
    await ended;
    const after = await service.rank(q);
    expect(after.trainedOn).toBe(trained + 2);
    expect(after.source).toMatchObject({ kind: 'trained', traces: trained + 2 });
    expect(await service.status()).toMatchObject({ newTraces: 0, training: false, autoRetrainError: null });
  });

  it('a cancelled background retraining keeps the previous model', async () => {
    const world = await demoWorld();
    let changed: () => void = () => undefined;
    let cancelOnTraining = false;
    const service: RetrievalService = new RetrievalService(new LexicalEmbedder(), {
      policy: { retrainAfter: 1 },
      onModelsChanged: () => changed(),
      onProgress: (p) => {
        if (cancelOnTraining && p?.stage === 'training') service.cancel();
      },
    });
    service.reset(world);
    const q = { query: 'Email Alice Martin the notes about the budget', history: [] };
    const before = await service.rank(q);
    cancelOnTraining = true;
    const ended = new Promise<void>((r) => (changed = r));
    const complete = demoTraces(30, 99)
      .filter((t) => t.calls.at(-1)?.status === 'ok')
      .map((t) => ({ ...t, id: `later-${t.id}` }));
    expect((await follow(world, service, complete[0]!)).retrainStarted).toBe(true);
    await ended;
    const after = await service.rank(q);
    expect(after.source).toEqual(before.source);
    expect(after.candidates).toEqual(before.candidates);
    expect(await service.status()).toMatchObject({ newTraces: 1, training: false, autoRetrainError: null });
    // A Retrain by hand afterwards learns it.
    cancelOnTraining = false;
    const status = await service.retrain();
    expect(status.newTraces).toBe(0);
  });
});

const obj = (props: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }]),
  ),
});

const travel = (name: string, description: string, ins: string[], out: string): Tool => ({
  name,
  description,
  parameters: obj(Object.fromEntries(ins.map((f) => [f, f.replace('_', ' ')]))),
  returns: obj({ [out]: out.replace('_', ' ') }),
  category: 'travel',
  source: 'openai',
});

/** Three tools a new user imports; the request below needs two of them. */
const IMPORTED: Tool[] = [
  travel(
    'flights_search',
    'Search flights between two airports on a date',
    ['origin', 'destination', 'date'],
    'flight_id',
  ),
  travel('flights_book', 'Book a flight by its identifier', ['flight_id'], 'booking'),
  travel('hotels_search', 'Search hotels in a city', ['city'], 'hotel_id'),
];

describe('the shipped DTDR-L head after an import (issue 11 bug)', () => {
  it('stops serving once the world has tools it was not trained on, says which, and the hybrid ranks them', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead(demoLabels(), 'units_convert'),
    });
    service.reset(world);
    expect((await service.status()).dtdrL.kind).toBe('shipped');

    // The app sends the imported world to the worker as a new snapshot: a reset of the same service.
    await world.importTools(IMPORTED);
    service.reset(world);
    const status = await service.status();
    expect(status.dtdrL.kind).not.toBe('shipped');
    expect(status.shippedHead.serving).toBe(false);
    expect(status.shippedHead.note).toMatch(
      /this world has 3 tools models\/fake.onnx was not trained on and could never rank \(flights_book, flights_search, hotels_search\)/,
    );
    const request = 'Search flights from Paris to Rome on Friday and book the flight';
    const dtdrL = await service.rank({ query: request, history: [], method: 'dtdrL' });
    expect(dtdrL.source.kind).toBe('trained');
    const hybrid = await service.rank({ query: request, history: [] });
    expect(hybrid.candidates.slice(0, 2).map((c) => c.tool)).toContain('flights_search');
  });

  it('stops serving when a trace brings a tool it does not know, without a reset', async () => {
    const world = await demoWorld();
    const service = new RetrievalService(new LexicalEmbedder(), {
      loadShippedHead: async () => fakeHead(demoLabels(), 'units_convert'),
    });
    service.reset(world);
    expect((await service.status()).shippedHead.serving).toBe(true);
    const outcome = await follow(world, service, {
      id: 'new-tool',
      query: 'translate hello into French',
      calls: [call('translate_text', { text: 'hello', to: 'fr' }, { text: 'bonjour' })],
    });
    expect(outcome.learnt).toBe(true);
    const status = await service.status();
    expect(status.shippedHead.serving).toBe(false);
    expect(status.shippedHead.note).toMatch(/translate_text/);
  });
});

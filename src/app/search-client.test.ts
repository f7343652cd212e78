import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { WorldWorkerApi } from '../workers/world-worker-api';
import { SearchClient } from './search-client';
import { WorldSession } from './world-session';

/** The app's wiring, with the world API in-thread instead of behind a worker (same `WorldApi`). */
async function wired() {
  const api = new WorldWorkerApi();
  const search = new SearchClient(null, () => ({ api, onCrash: () => undefined, dispose: () => undefined }));
  const session = new WorldSession({
    embedder: new LexicalEmbedder(),
    openStore: async () => ({ store: new MemoryWorldStore(), load: { status: 'empty' } }),
    ranker: (world, version, request) => search.rank(world, version, request),
    onTraceIngested: (trace, from, to) => search.ingestTrace(trace, from, to),
    onGraphChanged: (change, from, to) => search.applyGraphChange(change, from, to),
  });
  await session.start();
  return { session, search };
}

const trace = (i: number) => ({
  id: `client-${i}`,
  query: 'Convert 5 miles to km',
  calls: [
    {
      tool: 'units_convert',
      args: { value: 5, from: 'mi', to: 'km' },
      output: { value: 8.05, unit: 'km' },
      status: 'ok' as const,
      startedAt: i,
      durationMs: 1,
    },
  ],
});

describe('SearchClient over the WorldApi', () => {
  it('sends the world once, then each trace as itself: the worker learns it without a snapshot', async () => {
    const { session, search } = await wired();
    const rank = () =>
      search.rank(session.world, session.getState().worldVersion, {
        query: 'Convert 5 miles to km',
        history: [],
        method: 'dtdrC',
      });
    const first = await rank();
    expect(search.snapshotsSent).toBe(1);
    for (let i = 0; i < 3; i++) await session.ingestTrace(trace(i));
    const after = await rank();
    expect(search.snapshotsSent).toBe(1);
    // DTDR-C learnt the three traces online in the worker (a snapshot would have refitted it instead).
    expect(after.trainedOn).toBe(first.trainedOn + 3);
    expect(after.source).toEqual({ kind: 'fitted', traces: first.trainedOn + 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { WorldWorkerApi } from '../workers/world-worker-api';
import { SearchClient } from './search-client';
import { WorldSession } from './world-session';
import { clonedApi } from './world-session.test-util';

describe('SearchClient over the WorldApi', () => {
  it('a worker the browser killed is started again on the next call and reopens the world from the store', async () => {
    const store = new MemoryWorldStore();
    const crashes: (() => void)[] = [];
    let started = 0;
    const client = new SearchClient(null, () => {
      started++;
      const api = new WorldWorkerApi({ openStore: async () => ({ store, load: await store.load() }) });
      return { api: clonedApi(api), onCrash: (l) => crashes.push(l), dispose: () => undefined };
    });
    const session = new WorldSession({ embedder: new LexicalEmbedder(), worker: client });
    await session.start();
    const request = { query: 'Convert 5 miles to km', history: [], method: 'dtdrC' };
    const first = await client.rank(session.world, 0, request);
    await session.ingestTrace({
      id: 'before-crash',
      query: 'Convert 5 miles to km',
      calls: [
        {
          tool: 'units_convert',
          args: { value: 5, from: 'mi', to: 'km' },
          output: { value: 8.05, unit: 'km' },
          status: 'ok',
          startedAt: 1,
          durationMs: 1,
        },
      ],
    });
    expect(started).toBe(1);
    crashes.at(-1)!();
    const version = session.getState().worldVersion;
    const ranked = await client.rank(session.world, version, request);
    expect(started).toBe(2);
    // The new worker opened the stored world (with the trace) and the read model was rebuilt from it.
    expect(ranked.trainedOn).toBe(first.trainedOn + 1);
    expect(session.snapshotsCrossed).toBe(2);
    expect(session.world.traces.at(-1)!.id).toBe('before-crash');
    expect(session.getState().worldVersion).toBeGreaterThan(version);
  });
});

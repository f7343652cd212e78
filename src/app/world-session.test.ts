import { describe, expect, it } from 'vitest';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { parseKnownValues } from '../core/search/known-values';
import { WorldWorkerApi } from '../workers/world-worker-api';
import { StorageFullError } from '../persist/storage-full-error';
import { inThreadApp } from './world-session.test-util';
import type { SessionTabs, TabChange } from './world-session';

const catalogue = JSON.stringify({
  tools: [
    { name: 'lookup_flight', inputSchema: { type: 'object', properties: { flight: { type: 'string' } } } },
    { name: 'broken', inputSchema: { type: 'object', properties: {}, required: ['ghost'] } },
  ],
});

const demoTrace = (i: number, id = `evolve-${i}`) => ({
  id,
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

/** The read model and the worker's world hold the same records (key order as the store returns them). */
const same = (app: Awaited<ReturnType<typeof inThreadApp>>) =>
  expect(JSON.stringify(app.session.world.snapshot(0))).toBe(JSON.stringify(app.api.ownedWorld.snapshot(0)));

describe('WorldSession (the read model of the world the worker owns)', () => {
  it('starts a fresh store on the demo world, built and saved in the worker', async () => {
    const app = await inThreadApp();
    const { session: s, store } = app;
    expect(s.getState().phase).toBe('ready');
    expect(s.world.catalogue.size).toBe(20);
    expect(s.world.traces.length).toBe(48);
    const stored = await store.load();
    expect(stored.status === 'ok' && stored.snapshot.tools.length).toBe(20);
    expect(s.snapshotsCrossed).toBe(1);
    same(app);
  });

  it('reopens a stored world instead of the demo', async () => {
    const { session: s, store } = await inThreadApp();
    await s.importFile('cat.json', catalogue);
    const again = (await inThreadApp({ store })).session;
    expect(again.world.catalogue.has('lookup_flight')).toBe(true);
    expect(again.world.graph.nodeCount).toBe(s.world.graph.nodeCount);
  });

  it('imports a catalogue through the worker, persists it, and reports the skipped entry with its reason', async () => {
    const app = await inThreadApp();
    const { session: s, store } = app;
    const writesBefore = store.writes;
    await s.importFile('cat.json', catalogue);
    expect(s.world.catalogue.has('lookup_flight')).toBe(true);
    expect(app.api.ownedWorld.catalogue.has('lookup_flight')).toBe(true);
    expect(store.writes).toBeGreaterThan(writesBefore);
    const notice = s.getState().notices.at(-1)!;
    expect(notice.level).toBe('warn');
    expect(notice.text).toBe('cat.json (mcp format): 1 added, 0 updated, 0 unchanged, 1 skipped');
    expect(notice.details).toEqual([
      'entry #2 (broken): parameters.required names "ghost", which is not in parameters.properties',
    ]);
    expect(s.getState().progress).toBeNull();
    expect(s.snapshotsCrossed).toBe(1);
    same(app);
  });

  it('reports a file that is not JSON or not a catalogue, and changes nothing', async () => {
    const { session: s } = await inThreadApp();
    const nodes = s.world.graph.nodeCount;
    await s.importFile('bad.json', '{"tools": [');
    expect(s.getState().notices.at(-1)).toMatchObject({
      level: 'error',
      text: expect.stringMatching(/^bad\.json is not valid JSON/),
    });
    await s.importFile('odd.json', '{"hello": 1}');
    expect(s.getState().notices.at(-1)).toMatchObject({
      level: 'error',
      text: expect.stringMatching(/Not a tool catalogue/),
    });
    expect(s.world.graph.nodeCount).toBe(nodes);
  });

  it('loads an exported world file in place of the current one (one snapshot crosses, to the worker)', async () => {
    const { session: s } = await inThreadApp();
    await s.importFile('cat.json', catalogue);
    const exported = s.exportWorld();
    const other = await inThreadApp();
    await other.session.importFile('world.json', exported);
    expect(other.session.world.catalogue.has('lookup_flight')).toBe(true);
    expect(other.session.world.graph.edgeCount).toBe(s.world.graph.edgeCount);
    expect(other.api.ownedWorld.graph.edgeCount).toBe(s.world.graph.edgeCount);
    expect(other.session.snapshotsCrossed).toBe(2);
    const stored = await other.store.load();
    expect(stored.status === 'ok' && stored.snapshot.tools.some((t) => t.tool.name === 'lookup_flight')).toBe(
      true,
    );
  });

  it('compacts the store in the background (in the worker) once enough records were written', async () => {
    const { session: s, store } = await inThreadApp();
    expect(store.pendingRecords()).toBe(0); // the demo world was stored whole
    const tools = Array.from({ length: 1200 }, (_, i) => ({
      name: `bulk_${i}`,
      description: 'Bulk tool',
      parameters: { type: 'object', properties: { [`field_${i}`]: { type: 'string' } } },
    }));
    await s.importFile('bulk.json', JSON.stringify(tools));
    await s.settled();
    expect(store.compactions).toBeGreaterThanOrEqual(1);
    expect(store.pendingRecords()).toBeLessThan(5000);
    const stored = await store.load();
    expect(stored.status === 'ok' && stored.snapshot.tools.length).toBe(1220);
  });

  it('plans a toolchain in the worker and keeps only the latest answer', async () => {
    const { session: s } = await inThreadApp();
    // Knowing only a person's name, mail_send's address comes from contacts_search.
    const { known } = parseKnownValues(s.world, 'name = Alice Martin\nsubject = Hi\nbody = See you');
    await s.planToolchain({ target: 'mail_send', method: 'alpha-beta', weights: 'dynamic', known });
    const t = s.getState().toolchain;
    expect(t.status).toBe('done');
    if (t.status !== 'done') return;
    expect(t.result.plan.map((p) => p.tool)).toEqual(['contacts_search', 'mail_send']);
    expect(t.result.plan[1]!.args).toMatchObject({ to_email: '$0.email', subject: 'Hi' });
    expect(t.result.missing).toEqual([]);
    expect(t.result.weightsUsed).toBe('dynamic w̃');
    await s.planToolchain({ target: 'no_such_tool', method: 'bfs', weights: 'dynamic' });
    expect(s.getState().toolchain).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/not an API/),
    });
  });

  it('restores a pruned node in the worker, saves it, and the read model follows', async () => {
    const app = await inThreadApp();
    const { session: s, store } = app;
    await store.write(app.api.ownedWorld.prune([{ nodeId: 'api:notes_create', score: 0.9 }]));
    await s.restoreNodes(['api:notes_create']);
    expect(app.api.ownedWorld.graph.node('api:notes_create')!.active).toBe(true);
    expect(s.world.graph.node('api:notes_create')!.active).toBe(true);
    const stored = await store.load();
    expect(
      stored.status === 'ok' && stored.snapshot.nodes.find((n) => n.id === 'api:notes_create')!.active,
    ).toBe(true);
  });

  it('says when the stored world was unreadable and offers the kept store', async () => {
    const { session: s } = await inThreadApp({
      load: { status: 'recovered', reason: 'edge x|y names a missing node', keptAs: 'naviagent-world' },
    });
    expect(s.getState().phase).toBe('ready');
    expect(s.getState().notices[0]).toMatchObject({ level: 'warn', keptStore: 'naviagent-world' });
    expect(s.getState().notices[0]!.text).toMatch(/edge x\|y names a missing node/);
  });

  it('shows the failure when the store cannot be opened', async () => {
    const { session: s } = await inThreadApp({
      openStore: async () => {
        throw new Error('The stored world was written by a newer version of NaviAgent Web.');
      },
    });
    expect(s.getState()).toMatchObject({ phase: 'failed', failure: expect.stringMatching(/newer version/) });
  });
});

describe('WorldSession: traces through the worker, records back (issue 11)', () => {
  it('ingests a trace in the worker: stored, learnt by retrieval, and applied to the read model without a snapshot', async () => {
    const app = await inThreadApp();
    const { session: s, store } = app;
    const rank = () =>
      app.client.rank(s.world, 0, { query: 'Convert 5 miles to km', history: [], method: 'dtdrC' });
    // Evolution off here, so what crosses is one trace's own records (a propagation writes many edges).
    await s.setEvolutionSettings({ enabled: false });
    const first = await rank();
    const nodeBefore = { ...s.world.graph.node('api:units_convert')! };
    const snapshotBytes = JSON.stringify(s.world.snapshot()).length;
    app.crossed.bytes = 0;
    for (let i = 0; i < 3; i++) await s.ingestTrace(demoTrace(i, `client-${i}`));
    const perTrace = app.crossed.bytes / 3;
    // Records cross (the trace in, its records out), never the world: a few kB against the whole snapshot.
    expect(s.snapshotsCrossed).toBe(1);
    expect(perTrace).toBeLessThan(snapshotBytes / 20);
    expect(s.lastIngestTimings!.bytes).toBeGreaterThan(0);
    // eq. 4 counts moved in the worker, in the store and in the read model alike.
    const node = s.world.graph.node('api:units_convert')!;
    expect(node.nSucc).toBe(nodeBefore.nSucc + 3);
    expect(s.world.traces.at(-1)!.id).toBe('client-2');
    const stored = await store.load();
    if (stored.status !== 'ok') throw new Error('not stored');
    expect(stored.snapshot.nodes.find((n) => n.id === 'api:units_convert')!.nSucc).toBe(node.nSucc);
    same(app);
    // DTDR-C learnt the three traces online in the worker (a reset would have refitted it instead).
    const after = await rank();
    expect(after.trainedOn).toBe(first.trainedOn + 3);
    expect(after.source).toEqual({ kind: 'fitted', traces: first.trainedOn + 3 });
  });

  it('a refused trace changes nothing; a failed write goes back to the stored world and is reported', async () => {
    const store = new MemoryWorldStore();
    const failures: unknown[] = [];
    const app = await inThreadApp({ store });
    (app.session as unknown as { deps: { onWriteFailed: (e: unknown) => void } }).deps.onWriteFailed = (e) =>
      failures.push(e);
    const { session: s } = app;
    const before = JSON.stringify(s.world.snapshot(0));
    await expect(s.ingestTrace({ id: 'x', query: 'q' } as never)).rejects.toThrow(/"calls" is missing/);
    expect(JSON.stringify(s.world.snapshot(0))).toBe(before);

    const write = store.write.bind(store);
    store.write = async () => {
      throw new StorageFullError('trace "full"');
    };
    await expect(s.ingestTrace(demoTrace(0, 'full'))).rejects.toThrow(
      /^Storage is full: saving trace "full"/,
    );
    expect(failures.filter((e) => StorageFullError.isInstance(e))).toHaveLength(1);
    expect(s.world.traces.some((t) => t.id === 'full')).toBe(false);
    expect(app.api.ownedWorld.traces.some((t) => t.id === 'full')).toBe(false);
    expect(JSON.stringify(s.world.snapshot(0))).toBe(before);
    store.write = write;
    await s.ingestTrace(demoTrace(0, 'full'));
    expect(s.world.traces.at(-1)!.id).toBe('full');
    same(app);
  });
});

describe('WorldSession evolution policy (run in the worker)', () => {
  it('prunes after N traces, tells the user with Undo, stores it, and the read model follows; Undo restores', async () => {
    const app = await inThreadApp();
    const { session: s, store, api } = app;
    const prune = { lambda: 0.5, threshold: 0.6, graceMs: 0, kinds: ['api' as const] };
    await s.setEvolutionSettings({ pruneEvery: 50, propagateEvery: 0, maxPrunePerRun: 2, prune });
    expect(s.getState().evolution.settings).toMatchObject({ pruneEvery: 50, maxPrunePerRun: 2 });
    // The demo world holds 48 traces: the 50th trace triggers the run.
    await s.ingestTrace(demoTrace(0));
    expect(s.getState().evolution.lastPrune).toBeNull();
    const expected = s.world
      .proposePrune(prune)
      .slice(0, 2)
      .map((p) => p.nodeId);
    expect(expected.length).toBeGreaterThan(0);
    await s.ingestTrace(demoTrace(1));
    const last = s.getState().evolution.lastPrune!;
    expect(last.atTrace).toBe(50);
    expect(last.nodes.map((n) => n.nodeId)).toEqual(expected);
    const notice = s.getState().notices.at(-1)!;
    expect(notice.undoPrune).toEqual(expected);
    expect(notice.text).toMatch(/^Pruned 2 rarely used or failing nodes after 50 traces/);
    for (const id of expected) expect(s.world.graph.node(id)!.active).toBe(false);
    const stored = await store.load();
    if (stored.status !== 'ok') throw new Error('not stored');
    for (const id of expected) expect(stored.snapshot.nodes.find((n) => n.id === id)!.active).toBe(false);
    expect(stored.snapshot.settings.evolution).toMatchObject({ pruneEvery: 50 });
    // The worker's searches skip the pruned nodes.
    const target = expected[0]!.slice('api:'.length);
    await expect(api.plan({ target, method: 'ga-sa', weights: 'dynamic' })).rejects.toThrow(
      `Target "${target}" is pruned`,
    );
    same(app);

    await s.undoPrune(notice.id);
    for (const id of expected) expect(s.world.graph.node(id)!.active).toBe(true);
    expect(s.getState().notices.some((n) => n.id === notice.id)).toBe(false);
    const again = await store.load();
    if (again.status !== 'ok') throw new Error('not stored');
    for (const id of expected) expect(again.snapshot.nodes.find((n) => n.id === id)!.active).toBe(true);
    const restored = await api.plan({ target, method: 'ga-sa', weights: 'dynamic' });
    expect(restored.subgraph.nodes).toContain(expected[0]);
    same(app);
  });

  it('propagates after N traces; the read model equals the worker world without a snapshot', async () => {
    const app = await inThreadApp();
    const { session: s, api } = app;
    await s.setEvolutionSettings({ propagateEvery: 49, pruneEvery: 0 });
    await s.ingestTrace(demoTrace(0));
    expect(s.getState().evolution.lastPropagation).toMatchObject({ atTrace: 49 });
    expect(s.getState().evolution.lastPropagation!.edges).toBeGreaterThan(0);
    expect(s.snapshotsCrossed).toBe(1);
    same(app);
    const plan = await api.plan({ target: 'units_convert', method: 'alpha-beta', weights: 'dynamic' });
    const local = new WorldWorkerApi();
    await local.load(s.world.snapshot());
    const reference = await local.plan({ target: 'units_convert', method: 'alpha-beta', weights: 'dynamic' });
    expect(plan.subgraph.nodes).toEqual(reference.subgraph.nodes);
    expect(plan.plan).toEqual(reference.plan);
  });
});

/** Two tabs' coordinators on one in-memory channel: the first to start owns writes (as the Web Lock). */
function tabBus() {
  const tabs: {
    role: 'owner' | 'follower';
    listeners: ((m: TabChange) => void)[];
    ingest?: (t: never) => Promise<unknown>;
  }[] = [];
  const make = (ingest: () => ((t: never) => Promise<unknown>) | undefined): SessionTabs => {
    const me = {
      role: (tabs.length === 0 ? 'owner' : 'follower') as 'owner' | 'follower',
      listeners: [] as ((m: TabChange) => void)[],
    };
    tabs.push(me);
    return {
      start: async () => ({ role: me.role, message: me.role }),
      subscribe: () => () => undefined,
      sendToOwner: async (trace) => {
        const owner = tabs.find((t) => t.role === 'owner')!;
        await owner.ingest!(trace as never);
      },
      publish: (m) => {
        for (const t of tabs) if (t !== me) for (const l of t.listeners) l(structuredClone(m));
      },
      onPublished: (l) => {
        me.listeners.push(l);
        (me as { ingest?: unknown }).ingest = ingest();
      },
    };
  };
  return { make, tabs };
}

describe('WorldSession in two tabs (issue 21)', () => {
  it("a follower applies the owner's changes without a reload; its own traces are stored through the owner, once", async () => {
    const store = new MemoryWorldStore();
    const bus = tabBus();
    const holder: { owner?: Awaited<ReturnType<typeof inThreadApp>> } = {};
    const ownerTabs = bus.make(() => (t) => holder.owner!.session.ingestTrace(t));
    holder.owner = await inThreadApp({ store, tabs: ownerTabs });
    bus.tabs[0]!.ingest = (t) => holder.owner!.session.ingestTrace(t);
    const followerTabs = bus.make(() => undefined);
    const follower = await inThreadApp({ store, tabs: followerTabs });
    const owner = holder.owner;

    await owner.session.ingestTrace(demoTrace(0, 'from-owner'));
    await follower.session.settled();
    expect(follower.session.world.traces.at(-1)!.id).toBe('from-owner');
    expect(follower.api.ownedWorld.traces.at(-1)!.id).toBe('from-owner');
    expect(follower.session.world.graph.node('api:units_convert')!.nSucc).toBe(
      owner.session.world.graph.node('api:units_convert')!.nSucc,
    );

    const writes = store.writes;
    await follower.session.ingestTrace(demoTrace(1, 'from-follower'));
    expect(store.writes).toBe(writes + 1); // one write, by the owner
    expect(owner.session.world.traces.at(-1)!.id).toBe('from-follower');
    expect(follower.session.world.traces.at(-1)!.id).toBe('from-follower');
    // Both tabs' read models, both workers' worlds and the store agree.
    const ownerJson = JSON.stringify(owner.session.world.snapshot(0));
    expect(JSON.stringify(follower.session.world.snapshot(0))).toBe(ownerJson);
    expect(JSON.stringify(follower.api.ownedWorld.snapshot(0))).toBe(ownerJson);
    const stored = await store.load();
    if (stored.status !== 'ok') throw new Error('not stored');
    expect(stored.snapshot.traces.filter((t) => t.id.startsWith('from-')).map((t) => t.id)).toEqual([
      'from-owner',
      'from-follower',
    ]);

    // A world replaced in the owner reaches the follower as "replaced": it reads the store again.
    await owner.session.importFile('cat.json', catalogue);
    await follower.session.settled();
    expect(follower.session.world.catalogue.has('lookup_flight')).toBe(true);
  });
});

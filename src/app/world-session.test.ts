import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import type { WorldLoad } from '../core/world/world-store';
import { parseKnownValues } from '../core/search/known-values';
import { WorldWorkerApi } from '../workers/world-worker-api';
import { WorldSession } from './world-session';

const catalogue = JSON.stringify({
  tools: [
    { name: 'lookup_flight', inputSchema: { type: 'object', properties: { flight: { type: 'string' } } } },
    { name: 'broken', inputSchema: { type: 'object', properties: {}, required: ['ghost'] } },
  ],
});

function session(store = new MemoryWorldStore(), load?: WorldLoad) {
  const s = new WorldSession({
    embedder: new LexicalEmbedder(),
    openStore: async () => ({ store, load: load ?? (await store.load()) }),
  });
  return { s, store };
}

describe('WorldSession', () => {
  it('starts a fresh store on the demo world and saves it', async () => {
    const { s, store } = session();
    await s.start();
    expect(s.getState().phase).toBe('ready');
    expect(s.world.catalogue.size).toBe(20);
    expect(s.world.traces.length).toBe(48);
    const stored = await store.load();
    expect(stored.status === 'ok' && stored.snapshot.tools.length).toBe(20);
  });

  it('reopens a stored world instead of the demo', async () => {
    const { s, store } = session();
    await s.start();
    await s.importFile('cat.json', catalogue);
    const again = session(store).s;
    await again.start();
    expect(again.world.catalogue.has('lookup_flight')).toBe(true);
    expect(again.world.graph.nodeCount).toBe(s.world.graph.nodeCount);
  });

  it('imports a catalogue, persists it, and reports the skipped entry with its reason', async () => {
    const { s, store } = session();
    await s.start();
    const writesBefore = store.writes;
    await s.importFile('cat.json', catalogue);
    expect(s.world.catalogue.has('lookup_flight')).toBe(true);
    expect(store.writes).toBeGreaterThan(writesBefore);
    const notice = s.getState().notices.at(-1)!;
    expect(notice.level).toBe('warn');
    expect(notice.text).toBe('cat.json (mcp format): 1 added, 0 updated, 0 unchanged, 1 skipped');
    expect(notice.details).toEqual([
      'entry #2 (broken): parameters.required names "ghost", which is not in parameters.properties',
    ]);
    expect(s.getState().progress).toBeNull();
  });

  it('reports a file that is not JSON or not a catalogue, and changes nothing', async () => {
    const { s } = session();
    await s.start();
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

  it('loads an exported world file in place of the current one', async () => {
    const { s } = session();
    await s.start();
    await s.importFile('cat.json', catalogue);
    const exported = s.exportWorld();
    const other = session().s;
    await other.start();
    await other.importFile('world.json', exported);
    expect(other.world.catalogue.has('lookup_flight')).toBe(true);
    expect(other.world.graph.edgeCount).toBe(s.world.graph.edgeCount);
  });

  it('compacts the store in the background once enough records were written', async () => {
    const { s, store } = session();
    await s.start();
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

  it('plans a toolchain through the planner and keeps only the latest answer', async () => {
    const engine = new WorldWorkerApi();
    let loaded = -1;
    const s = new WorldSession({
      embedder: new LexicalEmbedder(),
      openStore: async () => ({ store: new MemoryWorldStore(), load: { status: 'empty' } }),
      planner: async (world, version, request) => {
        if (version !== loaded) await engine.load(world.snapshot());
        loaded = version;
        return engine.plan(request);
      },
    });
    await s.start();
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

  it('restores a pruned node and saves it', async () => {
    const { s, store } = session();
    await s.start();
    await store.write(s.world.prune([{ nodeId: 'api:notes_create', score: 0.9 }]));
    await s.restoreNodes(['api:notes_create']);
    expect(s.world.graph.node('api:notes_create')!.active).toBe(true);
    const stored = await store.load();
    expect(
      stored.status === 'ok' && stored.snapshot.nodes.find((n) => n.id === 'api:notes_create')!.active,
    ).toBe(true);
  });

  it('says when the stored world was unreadable and offers the kept store', async () => {
    const { s } = session(new MemoryWorldStore(), {
      status: 'recovered',
      reason: 'edge x|y names a missing node',
      keptAs: 'naviagent-world',
    });
    await s.start();
    expect(s.getState().phase).toBe('ready');
    expect(s.getState().notices[0]).toMatchObject({ level: 'warn', keptStore: 'naviagent-world' });
    expect(s.getState().notices[0]!.text).toMatch(/edge x\|y names a missing node/);
  });

  it('shows the failure when the store cannot be opened', async () => {
    const s = new WorldSession({
      embedder: new LexicalEmbedder(),
      openStore: async () => {
        throw new Error('The stored world was written by a newer version of NaviAgent Web.');
      },
    });
    await s.start();
    expect(s.getState()).toMatchObject({ phase: 'failed', failure: expect.stringMatching(/newer version/) });
  });
});

describe('WorldSession evolution policy', () => {
  /** A session whose world worker (in-thread) follows traces and graph changes as the app's does. */
  async function followed() {
    const store = new MemoryWorldStore();
    const worker = new WorldWorkerApi();
    const s = new WorldSession({
      embedder: new LexicalEmbedder(),
      openStore: async () => ({ store, load: await store.load() }),
      onTraceIngested: async (trace) => void (await worker.ingestTrace(trace)),
      onGraphChanged: (change) => worker.applyGraphChange(change),
    });
    await s.start();
    await worker.load(s.world.snapshot());
    return { s, store, worker };
  }

  const demoTrace = (i: number) => ({
    id: `evolve-${i}`,
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

  it('prunes after N traces, tells the user with Undo, stores it, and the worker follows; Undo restores', async () => {
    const { s, store, worker } = await followed();
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
    // The worker's copy pruned the same nodes without a snapshot: its searches skip them too.
    const target = expected[0]!.slice('api:'.length);
    await expect(worker.plan({ target, method: 'ga-sa', weights: 'dynamic' })).rejects.toThrow(
      `Target "${target}" is pruned`,
    );

    await s.undoPrune(notice.id);
    for (const id of expected) expect(s.world.graph.node(id)!.active).toBe(true);
    expect(s.getState().notices.some((n) => n.id === notice.id)).toBe(false);
    const again = await store.load();
    if (again.status !== 'ok') throw new Error('not stored');
    for (const id of expected) expect(again.snapshot.nodes.find((n) => n.id === id)!.active).toBe(true);
    const restored = await worker.plan({ target, method: 'ga-sa', weights: 'dynamic' });
    expect(restored.subgraph.nodes).toContain(expected[0]);
  });

  it('propagates after N traces and keeps the worker equal without a snapshot', async () => {
    const { s, worker } = await followed();
    await s.setEvolutionSettings({ propagateEvery: 49, pruneEvery: 0 });
    await s.ingestTrace(demoTrace(0));
    expect(s.getState().evolution.lastPropagation).toMatchObject({ atTrace: 49 });
    expect(s.getState().evolution.lastPropagation!.edges).toBeGreaterThan(0);
    const plan = await worker.plan({ target: 'units_convert', method: 'alpha-beta', weights: 'dynamic' });
    const local = new WorldWorkerApi();
    await local.load(s.world.snapshot());
    const reference = await local.plan({ target: 'units_convert', method: 'alpha-beta', weights: 'dynamic' });
    expect(plan.subgraph.nodes).toEqual(reference.subgraph.nodes);
    expect(plan.plan).toEqual(reference.plan);
  });
});

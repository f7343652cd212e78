import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { HAND_TOOLS, HAND_TRACES } from '../graph/fixtures.test-util';
import { ToolWorld } from '../world/world';
import { SearchEngine } from './search-engine';
import { NoWorldLoadedError } from '../world/no-world-loaded-error';
import { UnknownTargetError } from './unknown-target-error';

// The hand tools with every input required, so plans must produce them.
const REQUIRED_TOOLS = HAND_TOOLS.map((t) => ({
  ...t,
  parameters: { ...t.parameters, required: Object.keys(t.parameters.properties ?? {}) },
}));

async function handWorld(traces = HAND_TRACES) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(REQUIRED_TOOLS);
  for (const t of traces) await world.ingestTrace(t);
  return world;
}

describe('SearchEngine', () => {
  it('searches on a weight provider passed in (the HGT p_uv) instead of its own w̃', async () => {
    const engine = new SearchEngine();
    await engine.load((await handWorld()).snapshot());
    const req = {
      target: 'send_text',
      method: 'alpha-beta',
      weights: 'dynamic',
      structuralPrior: 0,
    } as const;
    const own = engine.subgraph(req);
    expect(own.nodes.length).toBeGreaterThan(1);
    const scores = (s: typeof own) =>
      Object.entries(s.kept)
        .filter(([id]) => id !== 'api:send_text')
        .map(([, k]) => k.score);
    expect(Math.max(...scores(own))).toBeGreaterThan(0);
    // A scorer that believes in no link: every edge-based score (eq. 18) drops to 0.
    const none = engine.subgraph(req, { id: 'link:none', weight: () => 0 });
    expect(scores(none).every((v) => v === 0)).toBe(true);
  });

  it('refuses to search before a world is loaded, and names an unknown target', async () => {
    const engine = new SearchEngine();
    expect(() => engine.plan({ target: 'get_weather', method: 'alpha-beta', weights: 'dynamic' })).toThrow(
      NoWorldLoadedError,
    );
    await engine.load((await handWorld()).snapshot());
    expect(() => engine.plan({ target: 'nope', method: 'bfs', weights: 'dynamic' })).toThrow(
      UnknownTargetError,
    );
  });

  it('plans send_text ← get_weather ← find_city with every method, the query being the only known value', async () => {
    const world = await handWorld();
    const engine = new SearchEngine();
    await engine.load(world.snapshot());
    const query = `param:${world.standardizer.clusterOf({ tool: 'find_city', direction: 'in', field: 'query' })!.id}`;
    for (const method of ['alpha-beta', 'ga-sa', 'bfs'] as const) {
      const r = engine.plan({
        target: 'send_text',
        method,
        weights: 'dynamic',
        known: { [query]: 'near the Louvre' },
      });
      expect(r.plan.map((s) => s.tool)).toEqual(['find_city', 'get_weather', 'send_text']);
      expect(r.plan[1]!.args).toEqual({ city: '$0.city' });
      expect(r.plan[2]!.args).toEqual({ message: '$1.forecast' });
      expect(r.missing).toEqual([]);
      expect(r.subgraph.method).toBe(method);
      expect(r.serialized.text).toContain('send_text');
    }
  });

  it('keeps static weights frozen at the first load while dynamic weights follow the latest world', async () => {
    const engine = new SearchEngine();
    const early = await handWorld([]);
    await engine.load(early.snapshot());
    const later = await handWorld();
    await engine.load(later.snapshot());
    const staticRun = engine.subgraph({
      target: 'get_weather',
      method: 'alpha-beta',
      weights: 'static',
      structuralPrior: 0,
    });
    const dynamicRun = engine.subgraph({
      target: 'get_weather',
      method: 'alpha-beta',
      weights: 'dynamic',
      structuralPrior: 0,
    });
    // Before any trace every w̃ is 0: the frozen weights score every predecessor 0, the live ones do not.
    const scores = (r: typeof staticRun) =>
      Object.entries(r.kept)
        .filter(([id]) => id !== 'api:get_weather')
        .map(([, k]) => k.score);
    expect(Math.max(...scores(staticRun))).toBe(0);
    expect(Math.max(...scores(dynamicRun))).toBeGreaterThan(0);
  });

  it('routes around excluded APIs', async () => {
    const world = await handWorld();
    const engine = new SearchEngine();
    await engine.load(world.snapshot());
    const r = engine.plan({
      target: 'send_text',
      method: 'alpha-beta',
      weights: 'dynamic',
      exclude: ['get_weather'],
    });
    expect(r.plan.map((s) => s.tool)).toEqual(['send_text']);
    expect(r.missing.map((m) => m.field)).toEqual(['message']);
  });
});

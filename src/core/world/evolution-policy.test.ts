import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { HAND_TOOLS, HAND_TRACES } from '../graph/fixtures.test-util';
import { apiNodeId, edgeId } from '../graph/graph-types';
import { edgeWeight } from '../graph/weights';
import type { Trace } from '../trace/trace';
import {
  DEFAULT_EVOLUTION,
  EVOLUTION_SETTING,
  evolutionDue,
  evolutionSettings,
  evolveAfterTrace,
  type EvolutionSettings,
} from './evolution-policy';
import { ToolWorld } from './world';

const DAY = 86_400_000;

const settings = (patch: Partial<EvolutionSettings>): EvolutionSettings => ({
  ...DEFAULT_EVOLUTION,
  ...patch,
});

/** find_city → get_weather, ok or with get_weather failing. */
const weather = (i: number, ok = true): Trace => ({
  id: `w${i}`,
  query: 'weather in Paris',
  calls: [
    {
      tool: 'find_city',
      args: { query: 'Paris' },
      output: { city: 'Paris' },
      status: 'ok',
      startedAt: i * DAY,
      durationMs: 1,
    },
    ok
      ? {
          tool: 'get_weather',
          args: { city: 'Paris' },
          output: { forecast: 'Rain' },
          status: 'ok',
          startedAt: i * DAY + 1,
          durationMs: 1,
        }
      : {
          tool: 'get_weather',
          args: { city: 'Paris' },
          status: 'error',
          failure: { kind: 'unavailable', code: 'down', message: 'down' },
          startedAt: i * DAY + 1,
          durationMs: 1,
        },
  ],
});

async function world(clock: { now: number }) {
  const w = ToolWorld.empty(new LexicalEmbedder(), { now: () => clock.now });
  await w.importTools(HAND_TOOLS);
  return w;
}

describe('the evolution policy (NaviAgent §3.2.4 in the product)', () => {
  it('is due at every multiple of its counts, and never when off or 0', () => {
    const s = settings({ propagateEvery: 3, pruneEvery: 4 });
    const due = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => evolutionDue(s, n));
    expect(due.map((d) => d.propagate)).toEqual([false, false, true, false, false, true, false, false]);
    expect(due.map((d) => d.prune)).toEqual([false, false, false, true, false, false, false, true]);
    expect(evolutionDue({ ...s, enabled: false }, 12)).toEqual({ propagate: false, prune: false });
    expect(evolutionDue({ ...s, propagateEvery: 0 }, 3).propagate).toBe(false);
  });

  it('runs after the traces that reach its counts, and only then', async () => {
    const clock = { now: 0 };
    const w = await world(clock);
    const s = settings({ propagateEvery: 3, pruneEvery: 0 });
    const ran: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { trace } = await w.ingestTrace(weather(i));
      const step = evolveAfterTrace(w, trace, s);
      if (step) ran.push(step.atTrace);
      if (step) expect(step.pruned).toBeNull();
    }
    expect(ran).toEqual([3, 6]);
  });

  it('propagates edge weights over the window of recent traces (eq. 12)', async () => {
    const clock = { now: 0 };
    const w = await world(clock);
    // Two old successes, then three recent failures of get_weather: the recent window sees only failures.
    for (let i = 0; i < 2; i++) await w.ingestTrace(weather(i));
    const out = w.graph.outEdges(apiNodeId('find_city')).find((e) => e.relation === 'api->param')!;
    const before = edgeWeight(w.graph, out);
    let step = null;
    for (let i = 2; i < 5; i++) {
      const { trace } = await w.ingestTrace(weather(i, false));
      step = evolveAfterTrace(
        w,
        trace,
        settings({ propagateEvery: 5, pruneEvery: 0, window: { unit: 'traces', size: 3 }, eta: 0.5 }),
      );
    }
    expect(step).not.toBeNull();
    expect(step!.propagated).toBeGreaterThan(0);
    // The window's counts, as a world holding only its three traces has them.
    const recent = await world({ now: 0 });
    for (let i = 2; i < 5; i++) await recent.ingestTrace(weather(i, false));
    const r = recent.graph.edge(out.id)!;
    const ratio = r.nSucc / recent.graph.node(out.target)!.nSucc;
    const counted = edgeWeight(w.graph, { ...out, wEvolved: null });
    expect(ratio).toBeGreaterThan(0);
    expect(out.wEvolved).toBeCloseTo(0.5 * counted + 0.5 * Math.min(1, ratio), 6);
    expect(before).toBeGreaterThan(0);
    // get_weather had no recent success: the edge into it keeps its weight (nothing written for it).
    const into = edgeId(apiNodeId('find_city'), apiNodeId('get_weather'));
    expect(step!.change.edges.some((e) => e.id === into)).toBe(false);
    expect(step!.change.edges.every((e) => e.wEvolved !== null)).toBe(true);
  });

  it('prunes what eq. 11 proposes (after the grace period, at most N), and a restore undoes it', async () => {
    const clock = { now: 0 };
    const w = await world(clock);
    clock.now = 30 * DAY;
    const s = settings({
      propagateEvery: 0,
      pruneEvery: 4,
      maxPrunePerRun: 1,
      prune: { ...DEFAULT_EVOLUTION.prune, threshold: 0.7 },
    });
    const steps = [];
    // get_weather fails every time; send_text is never called.
    for (let i = 0; i < 4; i++) {
      const { trace } = await w.ingestTrace(weather(i, false));
      steps.push(evolveAfterTrace(w, trace, s));
    }
    expect(steps.slice(0, 3)).toEqual([null, null, null]);
    const step = steps[3]!;
    expect(step.atTrace).toBe(4);
    expect(step.pruned).toHaveLength(1);
    const pruned = step.pruned![0]!;
    expect(pruned.nodeId).toBe(apiNodeId('send_text'));
    expect(pruned.label).toBe('send_text');
    expect(w.graph.node(pruned.nodeId)).toMatchObject({ active: false, prunedAt: 30 * DAY });
    expect(step.change.nodes.map((n) => n.id)).toEqual([pruned.nodeId]);
    w.restore([pruned.nodeId]);
    expect(w.graph.node(pruned.nodeId)!.active).toBe(true);
  });

  it('never prunes inside the grace period (the default: a week after a tool was added)', async () => {
    const clock = { now: 0 };
    const w = await world(clock);
    for (const t of HAND_TRACES) {
      const { trace } = await w.ingestTrace(t);
      const step = evolveAfterTrace(w, trace, settings({ pruneEvery: 1, propagateEvery: 0 }));
      expect(step?.pruned).toEqual([]);
    }
  });

  it('reads its settings from the world, each bad field falling back to its default', async () => {
    const w = await world({ now: 0 });
    expect(evolutionSettings(w)).toBe(DEFAULT_EVOLUTION);
    w.setSetting(EVOLUTION_SETTING, { enabled: false, propagateEvery: -1, pruneEvery: 7, eta: 2 });
    expect(evolutionSettings(w)).toMatchObject({
      enabled: false,
      propagateEvery: DEFAULT_EVOLUTION.propagateEvery,
      pruneEvery: 7,
      eta: DEFAULT_EVOLUTION.eta,
    });
  });
});

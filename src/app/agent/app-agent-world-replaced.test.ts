import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../core/embed/lexical-embedder';
import type { Trace } from '../../core/trace/trace';
import { ToolWorld } from '../../core/world/world';
import { AgentSession } from './agent-session';
import { AppAgentWorld, type WorldOwner } from './app-agent-world';
import { appFixture, demoWorld, inThreadSearch, NOW } from './agent-test-fixtures.test-util';
import { MemoryConversationStore } from './conversation-store';
import { WorldReplacedError } from './world-replaced-error';

/** An owner whose world a "Load world" can replace, as WorldSession's is. */
class SwappableOwner implements WorldOwner {
  readonly ingested: Trace[] = [];
  constructor(public world: ToolWorld) {}
  getState() {
    return { worldVersion: 1 };
  }
  async ingestTrace(trace: Trace) {
    this.ingested.push(trace);
    return this.world.ingestTrace(trace);
  }
}

/**
 * Second QA pass: an empty world loaded while a turn ran (a slow notes_create) ended up with that turn's
 * tool and trace — "0 tools" became notes_create and one trace, and stayed so after a reload.
 */
describe('AppAgentWorld: a turn that ends in a world loaded meanwhile', () => {
  it('does not put the turn’s tools into the new world, and the chat says the turn was not learned', async () => {
    const fx = await appFixture();
    const owner = new SwappableOwner(await demoWorld());
    const world = new AppAgentWorld(owner, inThreadSearch(owner.world));
    const session = new AgentSession({
      world,
      runtime: async () => fx.sandbox,
      engines: { activeLlm: () => null },
      conversations: new MemoryConversationStore(),
      now: () => NOW,
    });
    session.breaker.breakTool('notes_create', 'slow');
    const turn = session.send('Create a note called Groceries saying milk and eggs');
    // The world is replaced while notes_create runs (slow: 2 s).
    await new Promise<void>((resolve) => {
      const off = session.subscribe(() => {
        const steps = session.getState().turns[0]?.steps ?? [];
        if (steps.some((s) => s.kind === 'call' && s.call.status === 'running')) {
          off();
          resolve();
        }
      });
    });
    owner.world = ToolWorld.empty(new LexicalEmbedder(), { now: () => NOW });
    const result = await turn;

    expect(result?.calls.map((c) => `${c.tool}:${c.status}`)).toEqual(['notes_create:ok']);
    expect(owner.ingested).toEqual([]);
    expect(owner.world.catalogue.size).toBe(0);
    expect(owner.world.traces.length).toBe(0);
    const notices = session.getState().turns[0]!.steps.flatMap((s) => (s.kind === 'notice' ? [s.text] : []));
    expect(notices).toContain(
      'The graph could not learn from this turn: the world was replaced while this turn ran, and the new one ' +
        'has no notes_create; this turn was not added to it.',
    );
  }, 30_000);

  it('learns as before when the world has every tool the turn called', async () => {
    const owner = new SwappableOwner(await demoWorld());
    const world = new AppAgentWorld(owner, inThreadSearch(owner.world));
    const trace: Trace = {
      id: 't1',
      query: 'q',
      calls: [{ tool: 'notes_create', args: {}, status: 'ok', startedAt: NOW, durationMs: 1 }],
    };
    await world.ingest(trace);
    expect(owner.ingested).toHaveLength(1);
    await expect(
      world.ingest({
        ...trace,
        id: 't2',
        calls: [{ tool: 'no_such_tool', args: {}, status: 'ok', startedAt: NOW, durationMs: 1 }],
      }),
    ).rejects.toSatisfy((e: unknown) => WorldReplacedError.isInstance(e));
  });
});

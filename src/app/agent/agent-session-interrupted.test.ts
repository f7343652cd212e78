import { beforeEach, describe, expect, it } from 'vitest';
import { AgentSession, INTERRUPTED, type EngineSource } from './agent-session';
import { appFixture, NOW, type AppFixture } from './agent-test-fixtures.test-util';
import { MemoryConversationStore } from './conversation-store';

const graphOnly: EngineSource = { activeLlm: () => null };

let fx: AppFixture;
beforeEach(async () => {
  fx = await appFixture();
}, 60_000);

/**
 * Second QA pass: a reload while a turn ran (a slow tool) lost the request without a trace — the
 * Conversations tab said "No conversations yet". The turn is kept when it starts, saying it was interrupted,
 * and its finished record replaces that one.
 */
describe('AgentSession: a turn the page left before it ended', () => {
  it('is in the conversation store from its start, marked interrupted', async () => {
    const conversations = new MemoryConversationStore();
    const session = new AgentSession({
      world: fx.world,
      // The runtime never comes: the page "goes away" while the turn waits for it.
      runtime: () => new Promise(() => undefined),
      engines: graphOnly,
      conversations,
      now: () => NOW,
    });
    void session.send('Create a note called Groceries saying milk and eggs');
    await new Promise((r) => setTimeout(r, 20));
    // What a fresh page (a reload) reads from the store:
    const kept = await conversations.list(10);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      request: 'Create a note called Groceries saying milk and eggs',
      status: 'error',
      answer: INTERRUPTED,
      engine: 'Graph-only (no LLM)',
    });
  });

  it('is replaced by the finished turn once it ends', async () => {
    const conversations = new MemoryConversationStore();
    const session = new AgentSession({
      world: fx.world,
      runtime: async () => fx.sandbox,
      engines: graphOnly,
      conversations,
      now: () => NOW,
    });
    await session.send('Remind me to call Anna tomorrow at 9');
    const kept = await conversations.list(10);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.status).toBe('answered');
    expect(kept[0]!.answer).not.toBe(INTERRUPTED);
    expect(session.getState().conversations.map((c) => c.status)).toEqual(['answered']);
  });
});

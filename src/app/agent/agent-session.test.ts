import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentAction } from '../../core/agent/agent-action';
import { ScriptedEngine } from '../../core/llm/scripted-engine';
import type { ChatRequest, ChatResponse, LlmEngine } from '../../core/llm/llm-engine';
import { openConversationStore } from '../../persist/idb-conversation-store';
import { AgentSession, type EngineSource } from './agent-session';
import { appFixture, NOW, type AppFixture } from './agent-test-fixtures.test-util';
import { MemoryConversationStore } from './conversation-store';

const graphOnly: EngineSource = { activeLlm: () => null };
const llm = (engine: LlmEngine): EngineSource => ({ activeLlm: () => engine });
const reply = (...actions: Partial<AgentAction>[]) =>
  JSON.stringify(actions.map((a, i) => ({ dependency_rank: i + 1, intent: 'x', ...a })));

/** Resolves once `test` holds for the session's state (checked after every change). */
function until(session: AgentSession, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test()) return resolve();
    const off = session.subscribe(() => {
      if (test()) {
        off();
        resolve();
      }
    });
  });
}

let fx: AppFixture;
beforeEach(async () => {
  fx = await appFixture();
}, 60_000);

function sessionWith(engines: EngineSource, conversations = new MemoryConversationStore()) {
  return new AgentSession({
    world: fx.world,
    runtime: async () => fx.sandbox,
    engines,
    conversations,
    now: () => NOW,
  });
}

describe('AgentSession', () => {
  it('runs a graph-only turn and keeps its events as steps: sub-intents, decision, candidates, chain, call, answer', async () => {
    const session = sessionWith(graphOnly);
    const seen: boolean[] = [];
    session.subscribe(() => seen.push(session.getState().running));
    const result = await session.send('Remind me to call Anna tomorrow at 9');
    expect(seen).toContain(true);
    expect(session.getState().turns[0]!.error).toBeNull();
    expect(result?.status).toBe('answered');
    const [turn] = session.getState().turns;
    expect(turn!.status).toBe('answered');
    expect(turn!.engine).toBe('Graph-only (no LLM)');
    const kinds = turn!.steps.map((s) => s.kind);
    for (const k of ['sub-intents', 'decision', 'candidates', 'toolchain', 'call', 'answer'] as const)
      expect(kinds).toContain(k);
    // A call's start and end are one step, ending ok with its result's source.
    const calls = turn!.steps.filter((s) => s.kind === 'call');
    expect(calls).toHaveLength(1);
    const call = calls[0]!.kind === 'call' ? calls[0]!.call : null;
    expect(call).toMatchObject({ tool: 'reminders_create', status: 'ok', source: { kind: 'sandbox' } });
    expect(fx.sandbox.state().reminders.some((r) => r.due === '2026-11-25T09:00:00')).toBe(true);
    // The chain lit up in the graph; the closed loop went through the owner (and retrieval ran in "the worker").
    expect(session.getState().highlight).toMatchObject({ target: 'reminders_create', active: null });
    expect(session.getState().highlight!.plan).toContain('api:reminders_create');
    expect(fx.owner.ingested).toHaveLength(1);
    expect(fx.search.ranks).toBeGreaterThan(0);
    expect(session.getState().running).toBe(false);
  });

  it('holds an inline question until answer(), then the turn goes on with it', async () => {
    const engine = new ScriptedEngine({
      replies: [
        reply({ action: 'clarify_intent', intent: 'send a message', answer: 'Who should get it?' }),
        reply({ action: 'direct_answer', intent: 'send a message', answer: 'Done thinking.' }),
      ],
    });
    const session = sessionWith(llm(engine));
    const done = session.send('Send a message');
    await until(session, () => session.getState().pending !== null);
    const { pending } = session.getState();
    expect(pending!.question.text).toBe('Who should get it?');
    const q = session.getState().turns[0]!.steps.find((s) => s.kind === 'question');
    expect(q && q.kind === 'question' && q.answer).toBeUndefined();
    session.answer('Anna');
    const result = await done;
    expect(session.getState().pending).toBeNull();
    const answered = session.getState().turns[0]!.steps.find((s) => s.kind === 'question');
    expect(answered && answered.kind === 'question' && answered.answer).toBe('Anna');
    expect(result!.status).toBe('answered');
    expect(result!.llmCalls).toBe(2);
    expect(session.getState().turns[0]!.engine).toBe('Scripted · scripted');
  });

  it('stop() ends a turn waiting on a question and one waiting on the engine', async () => {
    const asking = new ScriptedEngine({
      replies: [reply({ action: 'clarify_intent', intent: 'x', answer: 'Which one?' })],
    });
    const s1 = sessionWith(llm(asking));
    const t1 = s1.send('Do the thing');
    await until(s1, () => s1.getState().pending !== null);
    s1.stop();
    expect((await t1)!.status).toBe('stopped');
    expect(s1.getState().pending).toBeNull();
    expect(s1.getState().turns[0]!.status).toBe('stopped');

    // An engine that answers only when aborted: Stop must not wait for it.
    const hanging: LlmEngine = {
      info: { kind: 'endpoint', model: 'slow', label: 'Endpoint · slow (test)' },
      chat: (r: ChatRequest) =>
        new Promise<ChatResponse>((_, reject) =>
          r.signal?.addEventListener('abort', () => reject(r.signal!.reason), { once: true }),
        ),
    };
    const s2 = sessionWith(llm(hanging));
    const t2 = s2.send('What is the weather in Paris?');
    await until(s2, () => s2.getState().running);
    await new Promise((r) => setTimeout(r, 20));
    s2.stop();
    expect((await t2)!.status).toBe('stopped');
    expect(s2.getState().running).toBe(false);
  });

  it('keeps each finished turn as a conversation that a new session lists again (IndexedDB round trip)', async () => {
    const factory = new IDBFactory();
    const store = await openConversationStore({ name: 'chat-test', indexedDB: factory });
    const session = sessionWith(graphOnly, store as never);
    await session.send('Create a note called Groceries saying milk and eggs');
    expect(session.getState().conversations).toHaveLength(1);
    store.close();

    const reopened = await openConversationStore({ name: 'chat-test', indexedDB: factory });
    const later = sessionWith(graphOnly, reopened as never);
    await later.loadConversations();
    const [c] = later.getState().conversations;
    expect(c).toMatchObject({
      request: 'Create a note called Groceries saying milk and eggs',
      engine: 'Graph-only (no LLM)',
      startedAt: NOW,
    });
    expect(c!.answer).not.toBe('');
    expect(c!.steps.length).toBeGreaterThan(3);
    expect(c!.steps.some((l) => l.startsWith('Call notes_create: ok'))).toBe(true);
    expect(c!.calls).toEqual([
      expect.objectContaining({ tool: 'notes_create', ok: true, source: 'sandbox (in memory)' }),
    ]);
    await later.deleteConversation(c!.id);
    expect(later.getState().conversations).toHaveLength(0);
    reopened.close();
  });

  it('lists conversations newest first and keeps at most `keep`', async () => {
    const factory = new IDBFactory();
    const store = await openConversationStore({ name: 'chat-keep', indexedDB: factory, keep: 3 });
    for (let i = 0; i < 5; i++)
      await store.put({
        id: `t${i}`,
        request: `r${i}`,
        answer: '',
        status: 'answered',
        engine: 'x',
        startedAt: 1000 + i,
        ms: 1,
        steps: [],
        calls: [],
        llmCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
      });
    expect((await store.list(10)).map((r) => r.id)).toEqual(['t4', 't3', 't2']);
    expect((await store.list(2)).map((r) => r.id)).toEqual(['t4', 't3']);
    store.close();
  });
});

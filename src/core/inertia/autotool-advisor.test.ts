import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent';
import type { AgentAction } from '../agent/agent-action';
import type { AgentEvent, CallView } from '../agent/agent-events';
import { FakeRuntime } from '../agent/agent-fixtures.test-util';
import type { DecisionInput } from '../agent/decision-policy';
import { LlmPolicy } from '../agent/llm-policy';
import type { EngineInfo } from '../llm/llm-engine';
import { ScriptedEngine } from '../llm/scripted-engine';
import type { Trace } from '../trace/trace';
import { AutoToolAdvisor } from './autotool-advisor';
import type { InertiaSettings } from './inertia-settings';
import { callView, handWorld, ok, toolText, trace, turnState } from './inertia-fixtures.test-util';

const S = 'contacts_search';
const G = 'contacts_get';
const P = 'messages_send';
const W = 'places_weather';
const anna = { contact_id: 'c7', name: 'Anna Keller', email: 'anna@example.com', phone: '+44 20 7946 0001' };
const LLM: EngineInfo = { kind: 'scripted', model: 'test', label: 'Scripted · test' };
const TEXT_ANNA = 'text Anna that I am running late';

/** `n` LLM-made traces S → G → P (the phone flows from the contact to the message). */
const sgp = (n: number): Trace[] =>
  Array.from({ length: n }, () =>
    trace(
      ok(S, { name: 'Anna' }, anna),
      ok(G, { contact_id: 'c7' }, anna),
      ok(P, { phone: anna.phone, text: 'On my way' }, { message_id: 'x' }),
    ),
  );

/**
 * An advisor over a hand-built world whose Score_ctx for messages_send is pinned to exactly 0. The
 * message's text can only come from the request's words, so these tests let the heuristic level compose
 * free text (off by default; see the last test).
 */
async function setup(traces: Trace[], settings: Partial<InertiaSettings> = {}) {
  const hw = await handWorld(traces);
  hw.embedder.pin(TEXT_ANNA, 0);
  hw.embedder.pin(toolText(P), 2); // orthogonal: ctx = 0
  const advisor = new AutoToolAdvisor({
    world: () => hw.world,
    settings: { heuristicFreeText: true, ...settings },
  });
  const input = (state: ReturnType<typeof turnState>): DecisionInput => ({
    state,
    world: hw.agentWorld,
    // What the turn's retrievals found (inertia stays within what an LLM decision could call).
    callable: [S, G, P, W],
  });
  return { ...hw, advisor, input };
}

const found = callView(0, S, { name: 'Anna' }, anna);
const got = (i: number) => callView(i, G, { contact_id: 'c7' }, anna);

describe('AutoTool guards (§5.1): at most 30 % of calls inertial, never two in a row', () => {
  it('counts the share as (inertial + 1)/(calls + 1) ≤ 0.3 and refuses consecutive inertial decisions', async () => {
    const { advisor, input } = await setup(sgp(10));
    advisor.startTurn({ turnId: 't1', engine: LLM });
    const subs = [
      { rank: 1, text: 'find Anna', status: 'done' as const },
      { rank: 2, text: TEXT_ANNA },
      { rank: 3, text: TEXT_ANNA },
    ];
    // Two LLM-made calls: (0 + 1)/(2 + 1) = 0.33 > 0.3.
    advisor.observeCall(found, false);
    advisor.observeCall(got(1), false);
    expect(await advisor.propose(input(turnState('t1', subs, [found, got(1)])))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('cap: 0/2 calls inertial');
    // A third: (0 + 1)/(3 + 1) = 0.25 ≤ 0.3, and the window [S, G] is followed by P in every path.
    const calls = [callView(0, W, { city: 'Paris' }, {}), callView(1, S, { name: 'Anna' }, anna), got(2)];
    advisor.observeCall(calls[0]!, false);
    const d = await advisor.propose(input(turnState('t1', subs, calls)));
    expect(d?.actions[0]).toMatchObject({ action: 'call_api', target_api: P, dependency_rank: 2 });
    // W_total = 10, ICF = 1 − 1.1^−10 = 0.6144567106 = ICS(P); ctx = 0 → CIPS = 0.3072283553.
    expect(d?.scores.cips).toBeCloseTo(0.3072283553, 9);
    expect(d?.scores.icf).toBeCloseTo(0.6144567106, 9);
    expect(d?.llm).toBeNull();
    const sent = callView(3, P, d!.actions[0]!.params!, { message_id: 'x' });
    advisor.observeCall(sent, true);
    // Never two in a row.
    const after = [...calls, sent];
    expect(await advisor.propose(input(turnState('t1', subs, after)))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('previous decision was inertial');
    // The LLM decided and called: (1 + 1)/(5 + 1) = 0.33 > 0.3.
    const more = [...after, callView(4, S, { name: 'Anna' }, anna)];
    advisor.observeCall(more[4]!, false);
    expect(await advisor.propose(input(turnState('t1', subs, more)))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('cap: 1/5 calls inertial');
    // One more LLM call: (1 + 1)/(6 + 1) = 0.29 ≤ 0.3 → inertia may act again.
    const last = [...more, got(5)];
    advisor.observeCall(last[5]!, false);
    const again = await advisor.propose(input(turnState('t1', subs, last)));
    expect(again?.actions[0]).toMatchObject({ target_api: P, dependency_rank: 2 });
    expect(advisor.sessionShare).toBeCloseTo(1 / 6, 12);
  });

  it('with capScope "turn" (the paper’s per-task count) the share starts over each turn', async () => {
    const { advisor, input } = await setup(sgp(10), { capScope: 'turn' });
    const subs = [
      { rank: 1, text: 'find Anna', status: 'done' as const },
      { rank: 2, text: TEXT_ANNA },
    ];
    for (const id of ['a', 'b']) {
      advisor.startTurn({ turnId: id, engine: LLM });
      const calls = [callView(0, W, { city: 'Paris' }, {}), callView(1, S, { name: 'Anna' }, anna), got(2)];
      for (const c of calls) advisor.observeCall(c, false);
      expect(await advisor.propose(input(turnState(id, subs, calls)))).not.toBeNull();
      advisor.endTurn({ ...emptyResult(id), calls: [] });
    }
  });

  it('falls back to the LLM after a failed call, and acts only for LLM engines unless told', async () => {
    const { advisor, input } = await setup(sgp(10), { maxShare: 1 });
    const subs = [
      { rank: 1, text: 'find Anna', status: 'done' as const },
      { rank: 2, text: TEXT_ANNA },
    ];
    advisor.startTurn({ turnId: 'f', engine: LLM });
    advisor.observeCall(found, false);
    advisor.observeCall(callView(1, G, {}, undefined, 'error'), false);
    expect(await advisor.propose(input(turnState('f', subs, [found])))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('last call failed: the LLM decides');

    advisor.startTurn({ turnId: 'g', engine: { kind: 'graph-only', model: 'none', label: 'Graph-only' } });
    expect(await advisor.propose(input(turnState('g', subs, [found, got(1)])))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('graph-only engine (llmOnly)');
    advisor.setSettings({ llmOnly: false });
    expect(await advisor.propose(input(turnState('g', subs, [found, got(1)])))).not.toBeNull();
  });

  it('proposes only what an LLM decision could call now (the turn’s callable candidates)', async () => {
    const { advisor, input } = await setup(sgp(10), { maxShare: 1 });
    const subs = [
      { rank: 1, text: 'find Anna', status: 'done' as const },
      { rank: 2, text: TEXT_ANNA },
    ];
    advisor.startTurn({ turnId: 'c', engine: LLM });
    const state = turnState('c', subs, [found, got(1)]);
    expect(await advisor.propose({ ...input(state), callable: [S, G, W] })).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('no path continues the sequence');
    advisor.setSettings({ candidateScope: 'catalogue' });
    expect(await advisor.propose({ ...input(state), callable: [S, G, W] })).not.toBeNull();
  });
});

describe('feedback (Appendix F eq. 3) changes later decisions', () => {
  const subs = [
    { rank: 1, text: 'find Anna', status: 'done' as const },
    { rank: 2, text: TEXT_ANNA },
  ];

  it('a failed inertial call lowers its path: the same situation goes to the LLM next time', async () => {
    const { advisor, input } = await setup(sgp(3), { maxShare: 1 });
    advisor.startTurn({ turnId: 'a', engine: LLM });
    // W_total = 3: ICF = 1 − 1/1.331 = 0.2486851991 = ICS(P); CIPS = 0.1243425996 > 0.1.
    const d = await advisor.propose(input(turnState('a', subs, [found, got(1)])));
    expect(d?.scores.cips).toBeCloseTo(0.1243425996, 9);
    advisor.observeCall({ ...callView(2, P, d!.actions[0]!.params!, undefined, 'error') }, true);
    advisor.endTurn(emptyResult('a'));
    // Feedback −1 on [S, G, P]: W_total = 2, ICF = 0.1735537190, CIPS = 0.0867768595 ≤ 0.1.
    advisor.startTurn({ turnId: 'b', engine: LLM });
    expect(await advisor.propose(input(turnState('b', subs, [found, got(1)])))).toBeNull();
    expect(advisor.lastAttempt?.sense?.best?.cips).toBeCloseTo(0.0867768595, 9);
    expect(advisor.graph.paths.path([S, G, P])?.frequency).toBe(2);
  });

  it('a successful one raises it', async () => {
    const { advisor, input } = await setup(sgp(3), { maxShare: 1 });
    advisor.startTurn({ turnId: 'a', engine: LLM });
    const d = await advisor.propose(input(turnState('a', subs, [found, got(1)])));
    advisor.observeCall(callView(2, P, d!.actions[0]!.params!, { message_id: 'x' }), true);
    const stats = advisor.endTurn({ ...emptyResult('a'), llmCalls: 2, promptTokens: 900 });
    // One LLM decision saved, at the turn's mean prompt size 900 / 2.
    expect(stats).toEqual({ decisions: 1, calls: 1, llmCallsSaved: 1, promptTokensSaved: 450 });
    advisor.startTurn({ turnId: 'b', engine: LLM });
    const next = await advisor.propose(input(turnState('b', subs, [found, got(1)])));
    // W_total = 4: CIPS = 0.5 · 0.3169865446 = 0.1584932723.
    expect(next?.scores.cips).toBeCloseTo(0.1584932723, 9);
  });
});

describe('inertia in the agent loop (scripted LLM)', () => {
  const reply = (...actions: Partial<AgentAction>[]) =>
    JSON.stringify(actions.map((a) => ({ dependency_rank: 1, intent: 'x', ...a })));

  it('makes the routine call itself, marks it, and fills its arguments level by level', async () => {
    // LLM-made traces: contacts_search, then messages_send to the phone it found.
    const sp = Array.from({ length: 10 }, () =>
      trace(
        ok(S, { name: 'Anna' }, anna),
        ok(P, { phone: anna.phone, text: 'On my way' }, { message_id: 'x' }),
      ),
    );
    const { advisor, agentWorld } = await setup(sp);
    const rt = new FakeRuntime({
      contacts_search: () => anna,
      contacts_get: () => anna,
      messages_send: () => ({ message_id: 'x9' }),
      places_weather: () => ({ temperature_c: 9, condition: 'cloudy' }),
    });
    // An earlier turn of the session made three LLM calls (so the 30 % cap allows one inertial call).
    const warm = new Agent({
      world: agentWorld,
      runtime: rt,
      learn: false,
      inertia: advisor,
      policy: new LlmPolicy(
        new ScriptedEngine({
          replies: [
            JSON.stringify(
              ['Paris', 'Rome', 'Oslo'].map((city, i) => ({
                dependency_rank: i + 1,
                intent: `weather in ${city}`,
                action: 'retrieve_api',
                recall_description: 'weather forecast',
              })),
            ),
            ...['Paris', 'Rome', 'Oslo'].map((city, i) =>
              JSON.stringify([
                { dependency_rank: i + 1, intent: city, action: 'call_api', target_api: W, params: { city } },
              ]),
            ),
          ],
        }),
      ),
    });
    await warm.runTurn('weather in Paris, Rome and Oslo');

    const engine = new ScriptedEngine({
      replies: [
        JSON.stringify([
          {
            dependency_rank: 1,
            intent: 'find Anna',
            action: 'retrieve_api',
            recall_description: 'find a contact',
          },
          {
            dependency_rank: 2,
            intent: TEXT_ANNA,
            action: 'retrieve_api',
            recall_description: 'send a text',
          },
        ]),
        reply({ action: 'call_api', intent: 'find Anna', target_api: S, params: { name: 'Anna' } }),
      ],
    });
    const agent = new Agent({
      world: agentWorld,
      runtime: rt,
      policy: new LlmPolicy(engine),
      learn: false,
      inertia: advisor,
    });
    const events: AgentEvent[] = [];
    const r = await agent.runTurn('find Anna and text her that I am running late', {
      onEvent: (e) => events.push(e),
    });
    const decisions = events.filter((e) => e.type === 'decision');
    const inertial = decisions.filter((e) => e.type === 'decision' && e.inertial);
    expect(inertial).toHaveLength(1);
    const call = r.calls.find((c) => c.tool === P)!;
    expect(call.status).toBe('ok');
    expect(call.args.phone).toBe(anna.phone);
    expect(call.argSources?.phone).toBe('backtracking · contacts_search.phone');
    expect(call.argSources?.text).toMatch(/^heuristic · /);
    // Two LLM decisions (split + retrieve, find Anna); the third, "text her", was made by inertia.
    expect(r.llmCalls).toBe(2);
    expect(r.status).toBe('answered');
    expect(r.inertia).toMatchObject({ decisions: 1, calls: 1, llmCallsSaved: 1 });
    expect(r.inertia!.promptTokensSaved).toBe(Math.round(r.promptTokens / r.llmCalls));
    expect(engine.remaining).toBe(0);
  });

  it('by default composes no free text: a message nothing backtracks to goes to the LLM', async () => {
    const { advisor, input } = await setup(sgp(10), { heuristicFreeText: false, maxShare: 1 });
    advisor.startTurn({ turnId: 'd', engine: LLM });
    const subs = [
      { rank: 1, text: 'find Anna', status: 'done' as const },
      { rank: 2, text: TEXT_ANNA },
    ];
    expect(await advisor.propose(input(turnState('d', subs, [found, got(1)])))).toBeNull();
    expect(advisor.lastAttempt?.reason).toBe('no value for text');
    expect(advisor.lastAttempt?.fill?.args).toEqual({ phone: anna.phone });
  });
});

function emptyResult(turnId: string) {
  return {
    turnId,
    request: 'r',
    status: 'answered' as const,
    answer: '',
    questions: [],
    calls: [] as CallView[],
    subIntents: [],
    llmCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    ms: 0,
    traceId: null,
    engine: LLM,
  };
}

import { beforeEach, describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../core/llm/scripted-engine';
import { AgentSession } from './agent-session';
import { appFixture, NOW, type AppFixture } from './agent-test-fixtures.test-util';
import { applyEvent, summarizeStep } from './chat-steps';
import { MemoryConversationStore } from './conversation-store';

let fx: AppFixture;
beforeEach(async () => {
  fx = await appFixture();
}, 60_000);

const act = (rank: number, intent: string, rest: Record<string, unknown>) => ({
  dependency_rank: rank,
  intent,
  ...rest,
});

/**
 * A scripted LLM for two turns: three weather look-ups, then "find Anna and get her full record", where
 * it only asks for contacts_search; contacts_get is left to inertia (the demo world's traces have
 * contacts_search → contacts_get, and its contact_id flows from the search's output).
 */
function scriptedLlm(): ScriptedEngine {
  const cities = ['Paris', 'Berlin', 'Lisbon'];
  const turn1 = [
    cities.map((c, i) =>
      act(i + 1, `weather in ${c}`, {
        action: 'retrieve_api',
        recall_description: 'weather forecast for a city',
      }),
    ),
    ...cities.map((c, i) => [
      act(i + 1, `weather in ${c}`, {
        action: 'call_api',
        target_api: 'places_weather',
        params: { city: c },
      }),
    ]),
  ];
  const turn2 = [
    [
      act(1, 'find Anna', { action: 'retrieve_api', recall_description: 'find a contact by name' }),
      act(2, "get Anna's full contact record", {
        action: 'retrieve_api',
        recall_description: 'get the full record of a contact',
      }),
    ],
    [act(1, 'find Anna', { action: 'call_api', target_api: 'contacts_search', params: { name: 'Anna' } })],
  ];
  const script = [...turn1, ...turn2];
  return new ScriptedEngine({
    replies: (_req, i) =>
      JSON.stringify(script[i] ?? [act(2, 'done', { action: 'direct_answer', answer: 'Done.' })]),
  });
}

describe('AgentSession with tool inertia (AutoTool)', () => {
  it('an LLM turn gets a routine step made by inertia, marked in its steps, with the saved calls', async () => {
    const engine = scriptedLlm();
    const session = new AgentSession({
      world: fx.world,
      runtime: async () => fx.sandbox,
      engines: { activeLlm: () => engine },
      conversations: new MemoryConversationStore(),
      now: () => NOW,
    });
    expect(session.inertia).not.toBeNull();
    const first = await session.send('What is the weather in Paris, Berlin and Lisbon?');
    expect(first?.calls.map((c) => c.tool)).toEqual(['places_weather', 'places_weather', 'places_weather']);
    expect(first?.inertia).toMatchObject({ decisions: 0, llmCallsSaved: 0 });

    const second = await session.send('Find Anna and get her full contact record');
    expect(second?.calls.map((c) => [c.tool, c.status])).toEqual([
      ['contacts_search', 'ok'],
      ['contacts_get', 'ok'],
    ]);
    const search = second!.calls[0]!;
    const get = second!.calls[1]!;
    expect(get.args.contact_id).toBe((search.output as { contact_id: string }).contact_id);
    expect(get.argSources?.contact_id).toBe('backtracking · contacts_search.contact_id');
    expect(second?.llmCalls).toBe(2);
    expect(second?.inertia).toMatchObject({ decisions: 1, calls: 1, llmCallsSaved: 1 });
    expect(second!.inertia!.promptTokensSaved).toBeGreaterThan(0);
    // The chat's steps: the decision made by inertia carries its scores.
    const turn = session.getState().turns[1]!;
    const inertial = turn.steps.filter((s) => s.kind === 'decision' && s.inertial);
    expect(inertial).toHaveLength(1);
    const step = inertial[0]!;
    expect(step.kind === 'decision' && step.inertial!.scores.cips).toBeGreaterThan(0.1);
    expect(summarizeStep(step)).toMatch(/by inertia/);
    // With inertia off, the same turn asks the LLM again (and the script has nothing more to say).
    session.configureInertia({ enabled: false });
    expect(session.inertia!.settings.enabled).toBe(false);
  });

  it('keeps inertia out of graph-only turns by default', async () => {
    const session = new AgentSession({
      world: fx.world,
      runtime: async () => fx.sandbox,
      engines: { activeLlm: () => null },
      conversations: new MemoryConversationStore(),
      now: () => NOW,
    });
    const r = await session.send('Remind me to call Anna tomorrow at 9');
    expect(r?.inertia).toMatchObject({ decisions: 0 });
    expect(session.inertia!.lastAttempt?.reason).toMatch(/graph-only|no open sub-intent|too few/);
  });

  it('a decision step keeps its inertial scores through applyEvent', () => {
    const steps = applyEvent(
      [],
      { type: 'decision', step: 0, actions: [], llm: null, inertial: { scores: { cips: 0.4 } } },
      1,
    );
    expect(steps[0]).toMatchObject({ kind: 'decision', inertial: { scores: { cips: 0.4 } } });
  });
});

import { expect, test } from '@playwright/test';
import { startOpenAiTestServer, type OpenAiTestServer } from '../scripts/openai-test-server';
import { AppPage } from './app-page';

/**
 * Tool inertia (AutoTool, issue 14) in the chat, with a scripted LLM behind the endpoint engine (an
 * OpenAI-compatible server on 127.0.0.1). The first request makes three LLM-chosen calls (inertia may make
 * at most 30 % of the calls, so it waits for them); in the second the LLM asks only for contacts_search,
 * and contacts_get follows by inertia: the built-in world's traces have contacts_search → contacts_get,
 * and the contact id flows from the search's output. The chat marks that step "by inertia" with its
 * scores and the turn shows the LLM call it saved.
 */

const act = (rank: number, intent: string, rest: Record<string, unknown>) => ({
  dependency_rank: rank,
  intent,
  ...rest,
});
const CITIES = ['Paris', 'Berlin', 'Lisbon'];
const SCRIPT: unknown[] = [
  CITIES.map((c, i) =>
    act(i + 1, `weather in ${c}`, {
      action: 'retrieve_api',
      recall_description: 'places_weather(description: weather forecast for a city; input: city)',
    }),
  ),
  ...CITIES.map((c, i) => [
    act(i + 1, `weather in ${c}`, { action: 'call_api', target_api: 'places_weather', params: { city: c } }),
  ]),
  [
    act(1, 'find Anna', {
      action: 'retrieve_api',
      recall_description: 'contacts_search(description: find a contact by name; input: name)',
    }),
    act(2, "get Anna's full contact record", {
      action: 'retrieve_api',
      recall_description: 'contacts_get(description: get the full record of a contact; input: contact_id)',
    }),
  ],
  [act(1, 'find Anna', { action: 'call_api', target_api: 'contacts_search', params: { name: 'Anna' } })],
];

test.describe('tool inertia with an LLM engine', () => {
  let server: OpenAiTestServer;
  test.beforeEach(async () => {
    server = await startOpenAiTestServer({
      reply: () => {
        const n = server.requests.filter((r) => r.method === 'POST').length;
        // Past the script (inertia did not act): a plain answer, so the test fails on what it checks.
        return SCRIPT[n - 1] ?? [act(2, 'done', { action: 'direct_answer', answer: 'Done.' })];
      },
    });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('a routine step is made by inertia, marked with its scores, and the saved LLM call is shown', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const app = new AppPage(page);
    await app.openChat();
    await app.useEndpoint(server.url);

    await app.ask('What is the weather in Paris, Berlin and Lisbon?');
    expect(await app.turnEnded(), await app.lastTurnSummary()).toBe('answered');
    expect((await app.lastTurnCalls()).map((c) => c.tool)).toEqual([
      'places_weather',
      'places_weather',
      'places_weather',
    ]);
    await expect(app.lastTurn().getByTestId('by-inertia')).toHaveCount(0);

    await app.ask('Find Anna and get her full contact record');
    expect(await app.turnEnded(), await app.lastTurnSummary()).toBe('answered');
    expect(await app.lastTurnCalls()).toEqual([
      { tool: 'contacts_search', status: 'ok' },
      { tool: 'contacts_get', status: 'ok' },
    ]);
    const turn = app.lastTurn();
    // The decision inertia made, with its scores, and the argument it filled by backtracking.
    const marked = turn.getByTestId('by-inertia');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(/by inertia CIPS \d\.\d\d · ICS \d\.\d\d · ctx \d\.\d\d/);
    await expect(turn.getByTestId('chat-call').filter({ hasText: 'contacts_get' })).toContainText(
      'from backtracking · contacts_search.contact_id',
    );
    // The turn asked the LLM twice (split + retrieve, then contacts_search) and shows what inertia saved.
    await expect(turn.getByTestId('turn-stats')).toContainText('2 LLM calls');
    await expect(turn.getByTestId('inertia-saved')).toContainText(
      /1 call by inertia: 1 LLM call and ~\d+ prompt tokens saved/,
    );
    if (process.env.INERTIA_SCREENSHOT) {
      await page.setViewportSize({ width: 1440, height: 1400 });
      await turn.screenshot({ path: process.env.INERTIA_SCREENSHOT });
    }
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(SCRIPT.length);
    const result = await page.evaluate(() => window.__naviTest!.lastTurn());
    expect(result?.inertia).toMatchObject({ decisions: 1, calls: 1, llmCallsSaved: 1 });
    expect(result!.inertia!.promptTokensSaved).toBeGreaterThan(0);
  });
});

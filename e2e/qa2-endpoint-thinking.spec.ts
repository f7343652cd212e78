import { expect, test } from '@playwright/test';
import { startOpenAiTestServer, testReply, type OpenAiTestServer } from '../scripts/openai-test-server';
import { AppPage } from './app-page';
import { NOTE_INTENT, noteDecision } from './note-script';

/**
 * Second QA pass: while a slow endpoint decided (5 s here; minutes for a small model), the turn's card said
 * only "Working…". It names the engine it waits for, and the tool while one runs.
 */
let server: OpenAiTestServer;
const intent = NOTE_INTENT;
test.beforeEach(async () => {
  server = await startOpenAiTestServer({
    reply: () => {
      const n = server.requests.filter((r) => r.method === 'POST').length;
      // The first decision takes 3 s, long enough to read what the card says while it waits.
      return n === 1 ? testReply({ delayMs: 3000, content: noteDecision(1) }) : noteDecision(n);
    },
  });
});
test.afterEach(async () => {
  await server.close();
});

test('a turn waiting on the endpoint says which engine it waits for', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.openChat();
  const label = await app.useEndpoint(server.url);

  await app.ask(intent);
  await expect(app.lastTurn().getByTestId('turn-running-note')).toHaveText(
    `Waiting for ${label} to decide the next step…`,
  );
  expect(await app.turnEnded(60_000), await app.lastTurnSummary()).toBe('answered');
  expect(await app.lastTurnCalls()).toContainEqual({ tool: 'notes_create', status: 'ok' });
});

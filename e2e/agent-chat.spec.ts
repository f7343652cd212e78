import { expect, test, type Page } from '@playwright/test';
import { startOpenAiTestServer, type OpenAiTestServer } from '../scripts/openai-test-server';
import { AppPage } from './app-page';
import { NOTE_INTENT, noteDecision } from './note-script';

/**
 * The chat, the app's main screen, wired to the agent (issue 12). Graph-only requests are checked by the
 * tools they ran against the sandbox; when one fails, the message carries what the agent did.
 */

async function expectCalled(app: AppPage, tool: string): Promise<void> {
  const status = await app.turnEnded();
  const calls = await app.lastTurnCalls();
  expect
    .soft(
      calls.some((c) => c.tool === tool && c.status === 'ok'),
      `expected ${tool} to run ok; the turn ended "${status}": ${await app.lastTurnSummary()}`,
    )
    .toBe(true);
}

async function sandboxLists(page: Page) {
  return {
    reminders: page.getByTestId('sandbox-reminder'),
    notes: page.getByTestId('sandbox-note'),
    events: page.getByTestId('sandbox-event'),
    outbox: page.getByTestId('sandbox-mail'),
  };
}

test('the chat is the main screen: three requests run the right tools on the sandbox, and what they made survives a reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const app = new AppPage(page);
  await app.openChat();
  await expect(page.getByTestId('chat-view')).toContainText('Ask in plain words');
  await expect(page.getByTestId('engine-badge')).toHaveText('Engine: Graph-only (no LLM)');

  await app.ask('Remind me to call Anna tomorrow at 9');
  await expectCalled(app, 'reminders_create');
  // The turn shows its steps: sub-intents, candidates with scores, the chain, the call with its source.
  const turn = app.lastTurn();
  await expect(turn.getByTestId('step-sub-intents')).toBeVisible();
  await expect(turn.getByTestId('chat-candidate').first()).toContainText(/\d\.\d\d/);
  await expect(turn.getByTestId('chain-step').first()).toBeVisible();
  await expect(turn.getByTestId('call-source').first()).toContainText('sandbox (IndexedDB)');
  await expect(turn.getByTestId('turn-stats')).toContainText('0 LLM calls');
  // The chain is lit up in the graph beside the chat.
  expect(await page.evaluate(() => window.__naviTest!.planNodeIds())).toContain('api:reminders_create');

  await app.ask('Create a note called Groceries saying milk and eggs');
  await expectCalled(app, 'notes_create');

  await app.ask('Schedule a dentist appointment on Friday at 3 pm');
  await expectCalled(app, 'calendar_create_event');
  if (process.env.CHAT_SCREENSHOT) {
    await page.setViewportSize({ width: 1440, height: 1200 });
    await page.screenshot({ path: process.env.CHAT_SCREENSHOT });
  }

  const check = async () => {
    await app.openChatTab('sandbox');
    const lists = await sandboxLists(page);
    await expect.soft(lists.reminders.filter({ hasText: /call Anna/i })).toHaveCount(1);
    await expect.soft(lists.notes.filter({ hasText: 'Groceries' })).toContainText('milk and eggs');
    // The seed has a dentist appointment of its own; the one made here is on a Friday at 15:00.
    await expect
      .soft(lists.events.filter({ hasText: /dentist/i }).filter({ hasText: /T?15:00/ }))
      .toHaveCount(1);
    const created = await page.evaluate(
      () =>
        window.__naviTest!.sandbox()!.changes.find((c) => c.collection === 'events' && c.kind === 'create')
          ?.after,
    );
    expect
      .soft(created && new Date(`${(created as { start: string }).start.slice(0, 10)}T12:00:00Z`).getUTCDay())
      .toBe(5);
    await expect.soft(page.getByTestId('sandbox-change')).toHaveCount(3);
  };
  await check();

  await page.reload();
  await app.waitReady();
  await check();
  // The past conversations are listed after the reload too.
  await app.openChatTab('history');
  await expect(page.getByTestId('conversation')).toHaveCount(3);
  await expect(page.getByTestId('conversation').first()).toContainText('Schedule a dentist appointment');

  // Undo and Reset act on the sandbox.
  await app.openChatTab('sandbox');
  const changes = page.getByTestId('sandbox-change');
  const before = await changes.count();
  await changes.first().getByTestId('sandbox-undo').click();
  await expect(changes).toHaveCount(before - 1);
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('sandbox-reset').click();
  await expect(changes).toHaveCount(0);
  await expect(page.getByTestId('sandbox-reminder').filter({ hasText: /call Anna/i })).toHaveCount(0);
});

test('a question is answered inline and the turn goes on: the email is sent', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.openChat();
  await app.ask('Send an email to Anna');
  const question = app.lastTurn().getByTestId('chat-question');
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chat-stop')).toBeVisible();
  await app.answerQuestion('See you at the museum on Friday');
  await expect(question.getByTestId('question-answer')).toContainText('See you at the museum on Friday');
  await expectCalled(app, 'mail_send');
  await app.openChatTab('sandbox');
  await expect(
    page.getByTestId('sandbox-mail').filter({ hasText: 'See you at the museum on Friday' }),
  ).toHaveCount(1);
});

test('Stop ends a turn that waits on a question', async ({ page }) => {
  const app = new AppPage(page);
  await app.openChat();
  await app.ask('Send an email to Anna');
  await expect(app.lastTurn().getByTestId('chat-question')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('chat-stop').click();
  expect(await app.turnEnded()).toBe('stopped');
  await expect(page.getByTestId('chat-stop')).toHaveCount(0);
});

test('without WebGPU, choosing WebLLM says so and offers graph-only', async ({ page }) => {
  const app = new AppPage(page);
  await app.openChat();
  await app.openChatTab('engine');
  await page.getByTestId('engine-webllm').check();
  await expect(page.getByTestId('webgpu-unavailable')).toContainText(/WebGPU/);
  await expect(page.getByTestId('engine-badge')).toHaveText('Engine: Graph-only (no LLM)');
  await page.getByTestId('use-graph-only').click();
  await expect(page.getByTestId('engine-graph-only')).toBeChecked();
});

test.describe('endpoint engine', () => {
  let server: OpenAiTestServer;
  const intent = NOTE_INTENT;
  test.beforeEach(async () => {
    server = await startOpenAiTestServer({
      reply: () => noteDecision(server.requests.filter((r) => r.method === 'POST').length),
    });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('an OpenAI-compatible server on 127.0.0.1 completes a request (real HTTP, JSON-schema response format)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const app = new AppPage(page);
    await app.openChat();
    await app.openChatTab('engine');
    await page.getByTestId('engine-endpoint').check();
    await page.getByTestId('endpoint-url').fill(server.url);
    await page.getByTestId('endpoint-model').fill('test-model');
    await expect(page.getByTestId('endpoint-json-schema')).toBeChecked();
    await page.getByTestId('endpoint-check').click();
    await expect(page.getByTestId('endpoint-models')).toContainText('test-model');
    await page.getByTestId('endpoint-use').click();
    const label = `Endpoint · test-model (127.0.0.1:${server.port})`;
    await expect(page.getByTestId('engine-badge')).toHaveText(`Engine: ${label}`);

    await app.ask(intent);
    await expectCalled(app, 'notes_create');
    await expect(app.lastTurn()).toContainText(label);
    await expect(app.lastTurn().getByTestId('turn-stats')).toContainText('2 LLM calls');

    const posts = server.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions');
    expect(posts).toHaveLength(2);
    for (const p of posts) {
      const body = p.body as {
        model: string;
        response_format?: {
          type: string;
          json_schema: {
            schema: { type: string; items: { properties: Record<string, { enum?: string[] }> } };
          };
        };
      };
      expect(body.model).toBe('test-model');
      expect(body.response_format?.type).toBe('json_schema');
      expect(body.response_format?.json_schema.schema.type).toBe('array');
      expect(body.response_format?.json_schema.schema.items.properties.action!.enum).toContain(
        'retrieve_api',
      );
    }
    // Feasibility masking: once candidates exist, call_api may name only them.
    const second = posts[1]!.body as {
      response_format: {
        json_schema: { schema: { items: { properties: Record<string, { enum?: string[] }> } } };
      };
    };
    expect(second.response_format.json_schema.schema.items.properties.target_api!.enum).toContain(
      'notes_create',
    );

    await app.openChatTab('sandbox');
    await expect(page.getByTestId('sandbox-note').filter({ hasText: 'Shopping' })).toContainText('bread');
  });
});

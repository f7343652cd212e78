import { expect, test, type Page } from '@playwright/test';
import { startEverythingServer } from '../src/node-mcp/reference-servers';
import { AppPage } from './app-page';

/**
 * Where a plan's layers come from (issue 18). A dependency of the plan is the graph's only where the Tool
 * World holds that edge — traces ran the producer before the consumer; the learned layer predictor orders
 * the rest (a cold start, a freshly connected or imported catalogue). The chat step list says which, and
 * the same request's layers move to "(graph)" once a trace has taught the world the edge.
 */

const EMAIL = 'Email Anna that the offsite agenda is ready';

/** The layer labels of the newest turn's calls, in the chat's order ("· layer 1 (predictor)", …). */
async function layerLabels(app: AppPage): Promise<string[]> {
  return (await app.lastTurn().getByTestId('call-layer').allTextContents()).map((t) => t.trim());
}

/**
 * Replaces the demo world by a world file with the same tools (the sandbox runs them) and no traces: the
 * exported world without its traces and its behavioural edges, loaded as a user loads a world file.
 */
async function loadColdWorld(page: Page): Promise<void> {
  const world = JSON.parse(await page.evaluate(() => window.__naviTest!.exportWorld())) as {
    edges: { kind: string }[];
    traces: unknown[];
  };
  world.traces = [];
  world.edges = world.edges.filter((e) => e.kind === 'structural');
  await page.evaluate(
    (text) => window.__naviTest!.importText('cold-world.json', text),
    JSON.stringify(world),
  );
  await expect
    .poll(() => page.evaluate(() => window.__naviTest!.noticeTexts()))
    .toContainEqual(expect.stringMatching(/Loaded world cold-world\.json: 20 tools, 0 traces/));
}

test('a cold start: the predictor orders a two-layer plan, then the graph does once a trace ran it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.openChat();
  await loadColdWorld(page);

  // No trace has linked contacts_search to a mail tool: both layers are the predictor's, and the mail
  // still runs after the search it reads the address from.
  await app.ask(EMAIL);
  const first = await app.turnEnded(60_000);
  const calls = await app.lastTurnCalls();
  expect(calls, `turn ended "${first}": ${await app.lastTurnSummary()}`).toHaveLength(2);
  expect(calls[0]).toEqual({ tool: 'contacts_search', status: 'ok' });
  expect(calls[1]!.status).toBe('ok');
  expect(await layerLabels(app)).toEqual(['· layer 1 (predictor)', '· layer 2 (predictor)']);

  // The trace taught the world the edge: the same request's layers now come from the graph.
  await app.ask(EMAIL);
  const second = await app.turnEnded(60_000);
  expect(await app.lastTurnCalls(), `turn ended "${second}": ${await app.lastTurnSummary()}`).toEqual(calls);
  expect(await layerLabels(app)).toEqual(['· layer 1 (graph)', '· layer 2 (graph)']);
});

test('a freshly connected catalogue is the predictor’s until a trace links its tools', async ({ page }) => {
  test.setTimeout(150_000);
  const server = await startEverythingServer();
  try {
    const app = new AppPage(page);
    await app.openChat();
    await page.getByTestId('chat-tab-servers').click();
    await page.getByTestId('mcp-url').fill(server.url);
    await page.getByTestId('mcp-connect').click();
    await expect(page.getByTestId('mcp-server').first()).toHaveAttribute('data-status', 'connected', {
      timeout: 20_000,
    });
    expect(await app.graphNodeIds()).toEqual(expect.arrayContaining(['api:echo', 'api:get-sum']));

    // Two sub-requests, one call each. The server's tools share parameter nodes (`message`) with the demo
    // tools' traced value flows, but no trace ran them: each call's layer is the predictor's.
    const request = 'Echo hello world, then get the sum of 2 and 3';
    await app.ask(request);
    await expect(page.getByTestId('mcp-permission')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('mcp-permission-allow').click();
    const first = await app.turnEnded(60_000);
    const expected = [
      { tool: 'echo', status: 'ok' },
      { tool: 'get-sum', status: 'ok' },
    ];
    expect(await app.lastTurnCalls(), `turn ended "${first}": ${await app.lastTurnSummary()}`).toEqual(
      expected,
    );
    expect(await layerLabels(app)).toEqual(['· layer 1 (predictor)', '· layer 1 (predictor)']);

    // The turn's trace linked echo → get-sum: both tools are the graph's now.
    await app.ask(request);
    const second = await app.turnEnded(60_000);
    expect(await app.lastTurnCalls(), `turn ended "${second}": ${await app.lastTurnSummary()}`).toEqual(
      expected,
    );
    expect(await layerLabels(app)).toEqual(['· layer 1 (graph)', '· layer 1 (graph)']);
  } finally {
    await server.stop();
  }
});

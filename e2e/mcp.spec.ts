import { expect, test, type Page } from '@playwright/test';
import { freePort, startEverythingServer, type HttpServerProcess } from '../src/node-mcp/reference-servers';
import { AppPage } from './app-page';

/**
 * Tool servers (issue 20): the reference MCP server `server-everything`, started here on 127.0.0.1 over
 * Streamable HTTP, connected from the app (a cross-origin request from the cross-origin isolated page).
 * Its tools join the catalogue and the graph, a request runs two of them through tools/call once the
 * user allowed the server, and a reload keeps the connection, the allow-list and what the graph learned.
 */

let server: HttpServerProcess;
test.beforeAll(async () => {
  server = await startEverythingServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const servers = (page: Page) => page.getByTestId('mcp-server');

async function openServersTab(page: Page): Promise<void> {
  await page.getByTestId('chat-tab-servers').click();
  await expect(page.getByTestId('mcp-panel')).toBeVisible();
}

test('connect the reference server, allow it when the agent first calls it, and keep it all after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.openChat();
  // The page is cross-origin isolated (COEP require-corp); CORS-mode requests to the server still work.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await openServersTab(page);
  await expect(page.getByTestId('mcp-allow-list')).toHaveText('No server yet.');

  await page.getByTestId('mcp-url').fill(server.url);
  await page.getByTestId('mcp-connect').click();
  const label = `everything (127.0.0.1:${server.port})`;
  await expect(servers(page)).toHaveCount(1);
  await expect(servers(page).first()).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await expect(servers(page).first().getByTestId('mcp-server-label')).toHaveText(label);
  await expect(servers(page).first()).toHaveAttribute('data-allowed', 'false');
  const tools = servers(page).first().getByTestId('mcp-tool');
  expect(await tools.count()).toBeGreaterThanOrEqual(12);
  await expect(tools.filter({ hasText: /^echo$/ })).toHaveCount(1);
  await expect(tools.filter({ hasText: /^get-sum$/ })).toHaveCount(1);
  // In the catalogue and the graph, from that server.
  const nodes = await app.graphNodeIds();
  expect(nodes).toEqual(expect.arrayContaining(['api:echo', 'api:get-sum', 'api:get-structured-content']));

  // The request needs two of its tools; the first call waits for the permission question.
  await app.ask('Echo hello world, then get the sum of 2 and 3');
  const prompt = page.getByTestId('mcp-permission');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText(label);
  await expect(prompt).toContainText('echo');
  await page.getByTestId('mcp-permission-allow').click();
  await expect(prompt).toHaveCount(0);
  const status = await app.turnEnded(30_000);
  const calls = await app.lastTurnCalls();
  expect(calls, `the turn ended "${status}": ${await app.lastTurnSummary()}`).toEqual([
    { tool: 'echo', status: 'ok' },
    { tool: 'get-sum', status: 'ok' },
  ]);
  const turn = app.lastTurn();
  await expect(turn.getByTestId('chat-call').first()).toContainText('Echo: Echo hello world');
  // Every result says which server it came from.
  await expect(turn.getByTestId('call-source')).toHaveText([`MCP ${label}`, `MCP ${label}`]);
  // Allowed once: the allow-list shows it, and the second call did not ask again.
  await expect(page.getByTestId('mcp-allow-list')).toHaveText(label);
  await expect(servers(page).first()).toHaveAttribute('data-allowed', 'true');

  const learned = async () => {
    await app.showWorld();
    await app.selectTool('echo');
    const details = page.getByTestId('node-details');
    await expect(details).toContainText('mcp:everything · from mcp');
    await expect(details.locator('.stats')).toContainText('successful calls1');
    // The behavioural edge the turn taught the graph: echo was followed by get-sum.
    await expect(details.locator('.edges li').filter({ hasText: 'get-sum' })).toContainText(
      '1 ok / 0 failed',
    );
  };
  await learned();

  await page.reload();
  await app.waitReady();
  await learned();
  await page.getByTestId('view-chat').click();
  await openServersTab(page);
  await expect(servers(page)).toHaveCount(1);
  await expect(servers(page).first()).toHaveAttribute('data-allowed', 'true');
  await expect(page.getByTestId('mcp-allow-list')).toHaveText(label);
  // It reconnects by itself after the reload, and a new call needs no question.
  await expect(servers(page).first()).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await app.ask('Echo good morning');
  // The first turn after a reload also has the world worker load the world and fit retrieval: allow for it.
  await app.turnEnded(60_000);
  expect(await app.lastTurnCalls()).toEqual([{ tool: 'echo', status: 'ok' }]);
  await expect(page.getByTestId('mcp-permission')).toHaveCount(0);

  // Revoke: the next call asks again; Deny leaves the server untouched.
  await servers(page).first().getByTestId('mcp-revoke').click();
  await expect(page.getByTestId('mcp-allow-list')).toHaveText('No server yet.');
  await app.ask('Echo one more time');
  await expect(page.getByTestId('mcp-permission')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('mcp-permission-deny').click();
  await expect(app.lastTurn().getByTestId('call-failure').first()).toContainText('are not allowed', {
    timeout: 30_000,
  });
  // The agent may look for another way (a detour asking for input); Stop ends the turn either way.
  const stop = page.getByTestId('chat-stop');
  if (await stop.isVisible()) await stop.click({ timeout: 5000 }).catch(() => undefined);
  await app.turnEnded(30_000);
});

test('a server that does not answer is reported with what to check, CORS included', async ({ page }) => {
  const app = new AppPage(page);
  await app.openChat();
  await openServersTab(page);
  // A port nothing listens on: the browser cannot tell "nothing there" from a CORS refusal, and says so.
  const url = `http://127.0.0.1:${await freePort()}/mcp`;
  await page.getByTestId('mcp-url').fill(url);
  await page.getByTestId('mcp-connect').click();
  const error = page.getByTestId('mcp-add-error');
  await expect(error).toContainText(`The browser got no answer from ${url}`, { timeout: 20_000 });
  await expect(error).toContainText('Access-Control-Allow-Origin: http://127.0.0.1:4173');
  await expect(error).toContainText('Access-Control-Expose-Headers: mcp-session-id');
  await expect(servers(page).first()).toHaveAttribute('data-status', 'offline');
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Offline and installable (issue 19): after one visit the service worker has precached the app, ORT's
 * wasm and the shipped models, and the app works with the network off. The rest of the suite blocks
 * service workers (playwright.config.ts); this file allows them, in fresh contexts as always.
 */
test.use({ serviceWorkers: 'allow' });
// Lets context.route() see (and refuse) the service worker's own network requests too: Chromium's offline
// emulation (context.setOffline) refuses the navigation before the service worker can answer it.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

/** The network is off: every request that reaches the network, the page's or the service worker's, fails. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**', (route) => route.abort('internetdisconnected'));
}

/** Waits until a service worker controls the page and has finished its install (the precache). */
async function waitForOfflineReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return 'not controlled';
          // Workbox keys unhashed files with a __WB_REVISION__ parameter.
          const cached = await caches.match('/ort/ort-wasm-simd-threaded.wasm', { ignoreSearch: true });
          return cached ? 'ready' : 'precaching';
        }),
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('ready');
}

async function askAndExpectAnswer(app: AppPage, request: string, tool: string): Promise<void> {
  await app.ask(request);
  const status = await app.turnEnded(60_000);
  expect(status, await app.lastTurnSummary()).toBe('answered');
  expect(await app.lastTurnCalls()).toContainEqual({ tool, status: 'ok' });
}

test('after one visit the app starts offline, loads the shipped models and answers a graph-only request', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.openChat();
  // The first screen says what the app does, with the request box first.
  await expect(page.getByTestId('start-here')).toContainText('Start here');
  await askAndExpectAnswer(app, 'Remind me to call Anna tomorrow at 9', 'reminders_create');
  // The worker registers after the first answer, then precaches the app, ORT's wasm and the models.
  await waitForOfflineReady(page);

  await goOffline(context);
  expect(
    await page.evaluate(() =>
      fetch('/favicon.svg?probe').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
  await page.reload();
  await app.waitReady();
  await askAndExpectAnswer(app, 'Create a note called Groceries saying milk and eggs', 'notes_create');

  // The shipped models load from the precache: the DTDR-L head ranks, and the HGT link model scores the
  // graph in onnxruntime-web (its wasm, too, from the cache).
  await page.getByTestId('view-world').click();
  await app.openNextToolTab();
  await expect(page.getByTestId('dtdrl-source')).toContainText('shipped ONNX head (models/dtdr-l-demo.onnx)');
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  await expect(page.getByTestId('candidate').first()).toContainText('contacts_search');
  await app.openLinkModelTab();
  await expect(page.getByTestId('hgt-scores')).toContainText(/p_uv of \d+ edges/, { timeout: 60_000 });
  await expect(page.getByTestId('hgt-problem')).toHaveCount(0);
});

test('at 390 × 844 (a phone) the chat and the answer are usable, with the graph folded away', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new AppPage(page);
  await app.openChat();
  const input = app.chatInput();
  await expect(input).toBeInViewport();
  // The side pane (graph, sandbox, …) starts folded on a phone and opens on demand.
  await expect(page.getByTestId('chat-side-fold')).toHaveText('Show the graph and panels');
  await page.getByTestId('request-example').first().click();
  await expect(input).toHaveValue('Remind me to call Anna tomorrow at 9');
  await input.press('Enter');
  expect(await app.turnEnded(), await app.lastTurnSummary()).toBe('answered');
  const turn = app.lastTurn();
  await expect(turn).toBeInViewport();
  const box = (await turn.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Nothing is wider than the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('chat-side-fold').click();
  await expect(page.getByTestId('chat-tab-graph')).toBeVisible();
  await expect(page.locator('.chat-side .graph-pane').first()).toBeVisible({ timeout: 30_000 });
});

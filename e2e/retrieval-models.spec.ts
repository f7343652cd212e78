import { expect, test, type Page } from '@playwright/test';
import { DEMO_TOOLS } from '../src/core/demo/demo-tools';
import { demoTraces } from '../src/core/demo/demo-traces';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { ToolWorld } from '../src/core/world/world';
import { serializeWorld } from '../src/core/world/world-file';
import { AppPage } from './app-page';

// The shipped head is linear: it runs on the TypeScript forward with the ONNX file's weights (issue 19).
const SHIPPED = 'shipped ONNX head (models/dtdr-l-demo.onnx), TypeScript forward';

/** Texts the training progress bar showed, recorded in the page so a short job cannot be missed. */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="training-progress"]');
      const text = bar?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);
}

/** The demo pack with ten times its demonstration traces: training takes seconds, time to cancel. */
async function bigDemoWorldFile(): Promise<string> {
  const world = ToolWorld.empty(new LexicalEmbedder());
  await world.importTools(DEMO_TOOLS);
  for (const t of demoTraces(480, 7)) await world.ingestTrace(t);
  return serializeWorld(world.snapshot());
}

test('the demo world ranks DTDR-L with the shipped ONNX head in the worker, without loading onnxruntime-web', async ({
  page,
}) => {
  const ortFiles: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/ort/')) ortFiles.push(new URL(r.url()).pathname);
  });
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  await expect(page.getByTestId('dtdrl-source')).toContainText(`DTDR-L: ${SHIPPED}`);
  await expect(page.getByTestId('shipped-head-note')).toHaveCount(0);
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  const first = page.getByTestId('candidate').first();
  await expect(first).toContainText('contacts_search');
  await expect(first).toContainText(/\d+\.\d %/);
  await expect(first).toContainText('DTDR-L (ONNX) p=');
  await expect(page.getByTestId('result-source')).toContainText(`dtdrL: ${SHIPPED}`);
  // Following the plan: the head conditions on the history.
  await first.getByRole('button').click();
  await expect(page.getByTestId('candidate').first()).toContainText('notes_search');
  // Ranking with the shipped head needs no onnxruntime-web: its 14 MB wasm is not fetched.
  expect(ortFiles).toEqual([]);
});

test('Retrain trains in the worker with a progress bar, then DTDR-L is "trained in this browser"', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  await expect(page.getByTestId('dtdrl-source')).toContainText(SHIPPED);
  const seen = await recordProgress(page);
  await page.getByTestId('retrain').click();
  const traces = (await page.evaluate(() => window.__naviTest!.retrievalModels().status!.traces)) as number;
  await expect(page.getByTestId('dtdrl-source')).toContainText(
    `trained in this browser on ${traces} traces (validation on`,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('training-progress')).toHaveCount(0);
  const texts = await seen();
  expect(texts.some((t) => /Training DTDR-L on \d+ traces · epoch \d+\/\d+ · loss \d\.\d{3}/.test(t))).toBe(
    true,
  );
  expect(texts.some((t) => /refit on all traces/.test(t))).toBe(true);
  await expect(page.getByTestId('shipped-head-note')).toContainText('Retrained on this world');
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  await expect(page.getByTestId('result-source')).toContainText(
    `dtdrL: trained in this browser on ${traces}`,
  );
  await expect(page.getByTestId('candidate').first()).toContainText('contacts_search');
});

test('Cancel stops training and the previous model keeps serving', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const file = await bigDemoWorldFile();
  await page.evaluate((text) => window.__naviTest!.importText('demo-x10.json', text), file);
  await app.openNextToolTab();
  await expect(page.getByTestId('dtdrl-source')).toContainText(SHIPPED);
  await page.getByTestId('retrain').click();
  await expect(page.getByTestId('training-progress')).toContainText(/epoch \d+/, { timeout: 20_000 });
  await page.getByTestId('cancel-training').click();
  await expect(page.getByTestId('models-message')).toHaveText(
    'Training cancelled: the previous model keeps serving.',
  );
  await expect(page.getByTestId('training-progress')).toHaveCount(0);
  await expect(page.getByTestId('dtdrl-source')).toContainText(SHIPPED);
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  await expect(page.getByTestId('result-source')).toContainText(SHIPPED);
});

test('a missing model file is explained and DTDR-L trains in the browser instead', async ({ page }) => {
  await page
    .context()
    .route('**/models/dtdr-l-demo.onnx', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'model file not found' }),
    );
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  await expect(page.getByTestId('shipped-head-note')).toContainText(
    'models/dtdr-l-demo.onnx was not found (HTTP 404',
  );
  await expect(page.getByTestId('shipped-head-note')).toContainText('npm run train');
  await expect(page.getByTestId('shipped-head-note')).toContainText(
    'DTDR-L is trained in this browser instead',
  );
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  await expect(page.getByTestId('result-source')).toContainText('dtdrL: trained in this browser on');
  await expect(page.getByTestId('candidate').first()).toContainText('contacts_search');
});

test('switching to the tiny transformers.js embedder works offline and every view names it', async ({
  page,
}) => {
  // Offline: every request, the worker's included, must go to the app itself. Recorded rather than
  // routed: with interception on, ORT's 28 MB binary takes seconds to arrive.
  const outside: string[] = [];
  page.context().on('request', (r) => {
    if (new URL(r.url()).hostname !== '127.0.0.1') outside.push(r.url());
  });
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  const seen = await recordProgress(page);
  const tiny = page.getByTestId('embedder-select').locator('option', { hasText: 'tiny-embedder' });
  await expect(tiny).toContainText('test model');
  await page.getByTestId('embedder-select').selectOption({ label: (await tiny.textContent())! });
  await expect(page.getByTestId('retrieval-embedder')).toContainText('transformers:tiny-embedder', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('retrieval-embedder-badge')).toContainText('tiny-embedder — test model');
  await expect(page.getByTestId('dtdrl-source')).toContainText('trained in this browser');
  await expect(page.getByTestId('shipped-head-note')).toContainText(
    'reads lexical-hash-tfidf vectors and retrieval now runs on transformers:tiny-embedder',
  );
  const texts = await seen();
  expect(texts.some((t) => t.includes('Embedding texts with transformers:tiny-embedder'))).toBe(true);
  expect(texts.some((t) => /Training DTDR-L/.test(t))).toBe(true);
  await app.rankNextTools('Email Alice Martin the notes about the budget', 'hybrid');
  await expect(page.getByTestId('candidate').first()).toContainText(/score \d\.\d{3}/);
  await expect(page.getByTestId('result-source')).toContainText('embedder tiny-embedder — test model');

  // The choice is kept: after a reload the worker switches to it again.
  await page.reload();
  await app.waitReady();
  await page.evaluate(() => window.__naviTest!.retrievalModelsReady);
  await expect(page.getByTestId('retrieval-embedder-badge')).toContainText('tiny-embedder — test model');
  expect(outside).toEqual([]);
});

test('a transformers.js model with a missing file is reported and the lexical embedder keeps serving', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  // Routed only once ORT's 28 MB binary has loaded for the shipped head: intercepted, it crawls.
  await expect(page.getByTestId('dtdrl-source')).toContainText(SHIPPED);
  // The folder was offered (the probe found it), but its weights cannot be read any more.
  await page
    .context()
    .route('**/models/tiny-embedder/onnx/model_quantized.onnx', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'model file not found' }),
    );
  const tiny = page.getByTestId('embedder-select').locator('option', { hasText: 'tiny-embedder' });
  await page.getByTestId('embedder-select').selectOption({ label: (await tiny.textContent())! });
  await expect(page.getByTestId('models-message')).toContainText(
    'Embedding model "tiny-embedder": file "onnx/model_quantized.onnx" is missing',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('models-message')).toHaveClass(/warn/);
  await expect(page.getByTestId('retrieval-embedder')).toContainText('lexical-hash-tfidf');
  await expect(page.getByTestId('retrieval-embedder-badge')).toContainText('lexical');
  await expect(page.getByTestId('embedder-select')).toHaveValue('lexical-hash-tfidf');
});

test('after a catalogue import the shipped head stops serving DTDR-L, says which tools it does not know, and the hybrid ranks them', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await app.openNextToolTab();
  await expect(page.getByTestId('dtdrl-source')).toContainText(SHIPPED);
  const tool = (name: string, description: string, props: string[]) => ({
    name,
    description,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(props.map((p) => [p, { type: 'string', description: p }])),
    },
  });
  const catalogue = JSON.stringify({
    tools: [
      tool('flights_search', 'Search flights between two airports on a date', [
        'origin',
        'destination',
        'date',
      ]),
      tool('flights_book', 'Book a flight by its identifier', ['flight_id']),
      tool('hotels_search', 'Search hotels in a city', ['city']),
    ],
  });
  await page.evaluate((text) => window.__naviTest!.importText('travel.json', text), catalogue);
  await expect(page.getByTestId('dtdrl-source')).not.toContainText('shipped ONNX head');
  await expect(page.getByTestId('shipped-head-note')).toContainText(
    'this world has 3 tools models/dtdr-l-demo.onnx was not trained on and could never rank (flights_book, flights_search, hotels_search)',
  );
  await app.rankNextTools('Search flights from Paris to Rome on Friday and book the flight', 'hybrid');
  const top = await page.getByTestId('candidate').allTextContents();
  expect(top.slice(0, 2).some((t) => t.includes('flights_search'))).toBe(true);
});

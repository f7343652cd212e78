import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { AppPage } from './app-page';

const MCP_FILE = fileURLToPath(new URL('./fixtures/mcp-tools.json', import.meta.url));

test('a fresh start shows the demo world with behavioural edges and says which engine runs', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await expect(page.getByTestId('engine-badge')).toContainText(/graph-only/i);
  await expect(page.getByTestId('embedder-badge')).toContainText('lexical');
  const counts = await page.evaluate(() => window.__naviTest!.counts());
  expect(counts.tools).toBe(20);
  expect(counts.traces).toBeGreaterThan(30);
  const behavioural = await page.evaluate(() => window.__naviTest!.nodeIds().length);
  expect(behavioural).toBeGreaterThan(counts.tools);
  await expect(app.toolItems()).toHaveCount(20);
  // The graph view is a lazy chunk: it draws shortly after the first screen.
  await expect.poll(async () => (await app.drawnNodeIds()).length).toBe(counts.nodes);
});

test('imports a catalogue file, shows the new nodes, and keeps them after a reload', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.importFile(MCP_FILE);
  await app.expectNotice(/mcp-tools\.json \(mcp format\): 2 added, 0 updated, 0 unchanged, 1 skipped/);

  await app.search('kb_');
  await expect(app.toolItems()).toHaveCount(2);
  expect(await app.graphNodeIds()).toEqual(
    expect.arrayContaining(['api:kb_lookup_flight', 'api:kb_airport_weather']),
  );
  await expect
    .poll(() => app.drawnNodeIds())
    .toEqual(expect.arrayContaining(['api:kb_lookup_flight', 'api:kb_airport_weather']));

  // The details panel shows the schema of a clicked tool.
  await app.toolItems().filter({ hasText: 'kb_lookup_flight' }).click();
  await expect(page.getByTestId('node-details')).toContainText('flight_number');

  await page.reload();
  await app.waitReady();
  await app.search('kb_');
  await expect(app.toolItems()).toHaveCount(2);
  expect(await app.graphNodeIds()).toEqual(
    expect.arrayContaining(['api:kb_lookup_flight', 'api:kb_airport_weather']),
  );
  // The output `airport` of one tool and the input `airport` of the other are one standardized node.
  const airportNodes = await page.evaluate(
    () => window.__naviTest!.nodeIds().filter((id) => id.startsWith('param:')).length,
  );
  expect(airportNodes).toBeGreaterThan(0);
});

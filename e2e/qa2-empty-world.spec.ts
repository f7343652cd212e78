import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Second QA pass: a world with no tools (an exported world emptied, loaded on purpose) drew a blank graph
 * with no word, ranked "stop (end of plan) score -Infinity" in the Next tool tab, and came back as the demo
 * world after a reload.
 */
test('an empty world says so in the graph and the Next tool tab, and stays empty after a reload', async ({
  page,
}, testInfo) => {
  const app = new AppPage(page);
  await app.open();
  const world = JSON.parse(await page.evaluate(() => window.__naviTest!.exportWorld())) as Record<
    string,
    unknown
  >;
  const file = testInfo.outputPath('empty-world.json');
  writeFileSync(
    file,
    JSON.stringify({ ...world, tools: [], clusters: [], nodes: [], edges: [], traces: [], settings: {} }),
  );
  await app.importFile(file);
  await app.expectNotice(/Loaded world empty-world\.json: 0 tools, 0 traces/);
  await expect(page.getByTestId('graph-empty')).toContainText('This world has no tools yet');

  await app.openNextToolTab();
  await app.rankNextTools('weather in Paris', 'hybrid');
  await expect(page.getByTestId('no-candidates')).toContainText('this world has no tools');
  await expect(page.getByTestId('retrieval-panel')).not.toContainText('Infinity');

  await page.reload();
  await app.waitReady();
  expect(await page.evaluate(() => window.__naviTest!.counts())).toEqual({
    tools: 0,
    nodes: 0,
    edges: 0,
    traces: 0,
  });
  await app.graphLoaded();
  await expect(page.getByTestId('graph-empty')).toBeVisible();

  // Reset to demo brings the built-in world back, and the note goes away.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Reset to demo' }).click();
  await expect.poll(() => page.evaluate(() => window.__naviTest!.counts().tools)).toBe(20);
  await expect(page.getByTestId('graph-empty')).toHaveCount(0);
});

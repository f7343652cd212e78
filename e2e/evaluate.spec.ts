import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * The Evaluate tab (issue 15): the project's own small dataset folder (e2e/fixtures/eval-mini, tools.json +
 * tasks.jsonl) run in the evaluation worker, with the oracle engine, shows its result table and chart and
 * exports JSON; a run waiting on an LLM can be cancelled.
 */
const FIXTURE = resolve(import.meta.dirname, 'fixtures/eval-mini');

test('the Evaluate panel runs the fixture dataset and shows its table', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.openChat();
  await page.getByTestId('chat-tab-evaluate').click();
  await expect(page.getByTestId('eval-panel')).toBeVisible();

  // The two files of the folder, picked (a folder dropped on the panel is read the same way).
  await page.getByTestId('eval-name').fill('eval-mini');
  await page.getByTestId('eval-files').setInputFiles([`${FIXTURE}/tools.json`, `${FIXTURE}/tasks.jsonl`]);
  await expect(page.getByTestId('eval-dataset')).toContainText(
    'eval_mini: 7 tools, 6 train plans, 6 test tasks',
  );

  await page.getByTestId('eval-engine').selectOption('oracle');
  for (const id of ['staticA', 'full', 'react', 'toolnet', 'greedy'])
    await page.getByTestId(`eval-config-${id}`).check();
  await page.getByTestId('eval-run').click();
  await expect(page.getByTestId('eval-table')).toBeVisible({ timeout: 90_000 });

  const rows = page.getByTestId('eval-row');
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('eval-summary')).toContainText('eval_mini · oracle · 6 of 6 test tasks');
  // A perfect model reproduces every gold plan through the agent and through ReAct.
  await expect(
    page.locator('[data-testid="eval-row"][data-config="staticA"] [data-testid="eval-tsr"]'),
  ).toHaveText('100.0');
  await expect(
    page.locator('[data-testid="eval-row"][data-config="react"] [data-testid="eval-tsr"]'),
  ).toHaveText('100.0');
  await expect(page.getByTestId('eval-chart')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('eval-export').click();
  const file = await download;
  const json = JSON.parse(readFileSync(await file.path(), 'utf8')) as { figures: Record<string, number> };
  expect(json.figures['eval_mini.oracle.staticA.tsr']).toBe(1);
  expect(json.figures['eval_mini.oracle.react.n']).toBe(6);
});

test('a run can be cancelled, and the graph-only engine says ReAct needs an LLM', async ({ page }) => {
  test.setTimeout(120_000);
  // An OpenAI-compatible "server" that never answers: the run waits on its first LLM call until Cancel.
  const server = createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    const app = new AppPage(page);
    await app.openChat();
    await page.getByTestId('chat-tab-evaluate').click();
    await page.getByTestId('eval-files').setInputFiles([`${FIXTURE}/tools.json`, `${FIXTURE}/tasks.jsonl`]);
    await page.getByTestId('eval-engine').selectOption('endpoint');
    await page.getByTestId('eval-endpoint-url').fill(`http://127.0.0.1:${port}`);
    await page.getByTestId('eval-run').click();
    await expect(page.getByTestId('eval-progress')).toBeVisible();
    await page.getByTestId('eval-cancel').click();
    await expect(page.getByTestId('eval-message')).toHaveText('Evaluation cancelled.', { timeout: 30_000 });
    await expect(page.getByTestId('eval-table')).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }

  // Graph-only, to the end: ReAct is reported as not run (it is defined by its LLM prompt).
  await page.getByTestId('eval-engine').selectOption('graph-only');
  await page.getByTestId('eval-run').click();
  await expect(page.getByTestId('eval-table')).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('[data-testid="eval-row"][data-config="react"]')).toContainText('has no LLM');
  await expect(
    page.locator('[data-testid="eval-row"][data-config="full"] [data-testid="eval-tsr"]'),
  ).toBeVisible();
});

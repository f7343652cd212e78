import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';
import { findChromium } from './find-chromium';

/**
 * The WebLLM path of the chat (issue 12) in a Chromium started with --enable-unsafe-webgpu, which gives
 * it a (software) WebGPU adapter. Its own file: launch options force a browser of their own.
 */

const executablePath = findChromium();
test.use({
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-webgpu',
    ],
  },
});

async function expectCalled(app: AppPage, tool: string): Promise<void> {
  const status = await app.turnEnded();
  const calls = await app.lastTurnCalls();
  expect(
    calls.some((c) => c.tool === tool && c.status === 'ok'),
    `expected ${tool} to run ok; the turn ended "${status}": ${await app.lastTurnSummary()}`,
  ).toBe(true);
}

test('WebLLM runs its capability check and model picker; with no weights reachable it says so, and graph-only keeps working', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // No weights anywhere: every request off this machine is refused (the model hosts included).
  const refused: string[] = [];
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const app = new AppPage(page);
  await app.openChat();
  await app.openChatTab('engine');
  await page.getByTestId('engine-webllm').check();
  await expect(page.getByTestId('webgpu-status')).toContainText('WebGPU adapter');
  const picker = page.getByTestId('webllm-model');
  await expect(picker.locator('option').first()).toContainText(/ — .*q4f32 · ~\d+\.\d GB VRAM/);
  await expect(picker.locator('option', { hasText: 'Qwen2.5 0.5B' })).toHaveCount(1);
  await picker.selectOption({
    label: await picker.locator('option', { hasText: 'Qwen2.5 0.5B' }).innerText(),
  });
  await expect(page.getByTestId('engine-waiting')).toContainText('no model is loaded');

  await page.getByTestId('webllm-load').click();
  await expect(page.getByTestId('engine-error')).toContainText(/could not be downloaded/, {
    timeout: 90_000,
  });
  await expect(page.getByTestId('engine-error')).toContainText(/graph-only/);
  await expect(page.getByTestId('engine-badge')).toHaveText('Engine: Graph-only (no LLM)');
  if (process.env.WEBLLM_SCREENSHOT) await page.screenshot({ path: process.env.WEBLLM_SCREENSHOT });

  // The chosen engine failed to load; requests still run, on graph-only.
  await app.ask('Create a note called Packing saying passport');
  await expectCalled(app, 'notes_create');
  await expect(app.lastTurn()).toContainText('Graph-only (no LLM)');
});

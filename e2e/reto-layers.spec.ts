import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * RETO's layers in the chat (issue 18): each call of a chain says its layer and where the layer came from —
 * the toolchain DAG ("graph") or the learned layer predictor ("predictor", for steps the DAG cannot place).
 */
test('the calls of a chain show their layer and its source', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.openChat();
  // contacts_search → email_send: the email reads the contact's address, a DAG edge.
  await app.ask('Email Anna that the offsite agenda is ready');
  expect(await app.turnEnded(60_000)).toBe('answered');
  const layers = app.lastTurn().getByTestId('call-layer');
  await expect(layers).toHaveCount(2);
  await expect(layers.nth(0)).toContainText('layer 1 (graph)');
  await expect(layers.nth(1)).toContainText('layer 2 (graph)');
  // Every layer shown carries a source.
  for (const text of await layers.allTextContents()) expect(text).toMatch(/layer \d+ \((graph|predictor)\)/);
});

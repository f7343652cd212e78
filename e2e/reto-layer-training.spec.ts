import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * RETO's layer model retrained on the world's traces (issue 18): Train runs in the layer worker, shows its
 * epochs, then the held-out figures against the model in use and the shift rule, and which model serves.
 */
test('the layer model trains on the world’s traces in a worker and reports its held-out figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open({ view: 'world' });
  await app.waitReady();
  await app.openLinkModelTab();
  const panel = page.getByTestId('layer-model');
  await expect(panel.getByTestId('layer-model-in-use')).toHaveText('shipped');
  await panel.getByTestId('layer-train').click();
  await expect(panel.getByTestId('layer-message')).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByTestId('layer-train')).toBeEnabled();
  // The demo world's traces: 40 train, 6 held out (3 tools each, 18 pairs).
  await expect(panel.getByTestId('layer-result')).toContainText(
    '40 training traces, 6 held out (18 tool pairs)',
  );
  await expect(panel.getByTestId('layer-result-pairwise')).toContainText(
    /retrained \d+\.\d %, in use \d+\.\d %, shift rule \d+\.\d %/,
  );
  const message = (await panel.getByTestId('layer-message').textContent()) ?? '';
  expect(message).toMatch(/^(retrained model in use|the retrained model orders held-out traces worse)/);
  await expect(panel.getByTestId('layer-model-in-use')).toHaveText(
    message.startsWith('retrained model in use') ? 'retrained on this world' : 'shipped',
  );
});

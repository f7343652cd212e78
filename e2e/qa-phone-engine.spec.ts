import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/** QA: at 390 px the header hid every badge, the engine's too, though the header must always name it. */
test('on a phone the header still says which engine runs, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new AppPage(page);
  await app.openChat();
  const badge = page.getByTestId('engine-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('Engine: Graph-only (no LLM)');
  const box = (await badge.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // The other badges stay folded away at this width.
  await expect(page.getByTestId('embedder-badge')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

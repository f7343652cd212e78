import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * QA R16: the Next tool tab showed the hybrid's scores as percentages (99.7 % for an emoji-only request),
 * though its top tool is a max-normalised mixture, not a probability. Only DTDR-L's sigmoid outputs read
 * as percentages now.
 */
test('the Next tool tab shows a score as a score, and a probability as a percentage', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await page.getByTestId('tab-retrieval').click();
  const first = page.getByTestId('candidate').first();

  await app.rankNextTools('🙂🙂🙂', 'hybrid');
  await expect(first).toContainText(/score \d\.\d{3}/, { timeout: 20_000 });
  await expect(first).not.toContainText('%');
  await expect(page.getByTestId('score-legend')).toContainText(
    'hybrid scores rank the tools; they are not probabilities',
  );

  await app.rankNextTools('Email Alice Martin the notes about the budget', 'dtdrL');
  await expect(first).toContainText(/\d+\.\d %/, { timeout: 20_000 });
  await expect(page.getByTestId('score-legend')).toContainText(
    'dtdrL gives each tool a probability of being next',
  );
});

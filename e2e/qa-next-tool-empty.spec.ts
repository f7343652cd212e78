import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * QA: the Next tool tab ranked an empty request (the demo's first tools at 99.7 %), and BM25 on a request
 * that shares no word with any tool showed an empty list without a word.
 */
test('the Next tool tab wants a request, and says when a method finds no candidate', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await page.getByTestId('tab-retrieval').click();
  const query = page.getByTestId('retrieval-query');
  const rank = page.getByTestId('rank-next');

  await query.fill('   ');
  await expect(rank).toBeDisabled();
  await expect(page.getByTestId('candidate')).toHaveCount(0);

  await query.fill('🎉🎉🎉');
  await page.getByLabel('Retrieval method').selectOption('bm25');
  await expect(rank).toBeEnabled();
  await rank.click();
  await expect(page.getByTestId('result-source')).toContainText('bm25', { timeout: 20_000 });
  await expect(page.getByTestId('no-candidates')).toContainText('No candidates: bm25 found nothing');
  await expect(page.getByTestId('candidate')).toHaveCount(0);

  // A request BM25 does match lists its candidates and no such note.
  await query.fill('Email Alice the budget');
  await rank.click();
  await expect(page.getByTestId('candidate').first()).toContainText('mail_', { timeout: 20_000 });
  await expect(page.getByTestId('no-candidates')).toHaveCount(0);
});

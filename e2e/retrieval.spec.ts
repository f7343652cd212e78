import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

test('ranks next tools in the worker, follows a chosen candidate, and counts prompt tokens per encoding', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await page.getByTestId('tab-retrieval').click();
  await page.getByTestId('retrieval-query').fill('Email Alice Martin the notes about the budget');
  await page.getByTestId('rank-next').click();
  const candidates = page.getByTestId('candidate');
  await expect(candidates.first()).toContainText('contacts_search', { timeout: 20_000 });
  await expect(candidates.first()).toContainText(/score \d\.\d{3}/);
  // Choosing a candidate adds it to the history and ranks again.
  await candidates.first().getByRole('button').click();
  await expect(candidates.first()).not.toContainText('contacts_search');
  const none = await page.getByTestId('tokens-none').innerText();
  const hard = await page.getByTestId('tokens-hardMask').innerText();
  const total = (s: string) => Number(s.split('=').at(-1));
  expect(total(hard)).toBeLessThan(total(none));
});

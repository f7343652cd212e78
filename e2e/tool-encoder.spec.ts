import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { AppPage } from './app-page';

// A catalogue nobody has called yet (issue 17): five tools the demo world does not have, no traces.
const CATALOGUE = fileURLToPath(new URL('./fixtures/first-catalogue-tools.json', import.meta.url));
// No word of the request is in book_flight's text ("Book a flight ticket between two airports" shares only
// "ticket"); with the lexical embedder "get" pulls other tools first.
const REQUEST = 'Get me a plane ticket to Rome';

test('the trained tool encoder is offered with its figures and ranks a first-time catalogue', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.open();
  await app.importFile(CATALOGUE);
  await app.expectNotice(/first-catalogue-tools\.json \(mcp format\): 5 added/);
  await app.openNextToolTab();
  await app.rankNextTools(REQUEST, 'qts');
  await expect(page.getByTestId('result-source')).toContainText('lexical');
  await expect(page.getByTestId('candidate').first()).not.toContainText('book_flight');

  const option = page.getByTestId('embedder-select').locator('option', { hasText: 'trained tool encoder' });
  await expect(option).toContainText(/MB; unseen catalogues: zero-shot hybrid MRR w\/o end \d\.\d{3}/);
  await page.getByTestId('embedder-select').selectOption({ label: (await option.textContent())! });
  await expect(page.getByTestId('retrieval-embedder')).toContainText('tool-encoder', { timeout: 30_000 });
  await expect(page.getByTestId('retrieval-embedder-badge')).toContainText('trained tool encoder');

  await app.rankNextTools(REQUEST, 'qts');
  await expect(page.getByTestId('candidate').first()).toContainText('book_flight');
  await expect(page.getByTestId('result-source')).toContainText('trained tool encoder');
});

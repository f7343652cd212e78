import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * QA R18: the Evaluate tab clamped its fields without a word (Tasks −3 ran every task, injected
 * failures 7 became 100 %). The refused value stays in its field, a message beside it says why, and Run
 * does not start until it is fixed.
 */
const FIXTURE = resolve(import.meta.dirname, 'fixtures/eval-mini');

test('the Evaluate tab refuses out-of-range Tasks and injected failures, saying why', async ({ page }) => {
  const app = new AppPage(page);
  await app.openChat();
  await page.getByTestId('chat-tab-evaluate').click();
  await page.getByTestId('eval-name').fill('eval-mini');
  await page.getByTestId('eval-files').setInputFiles([`${FIXTURE}/tools.json`, `${FIXTURE}/tasks.jsonl`]);
  await expect(page.getByTestId('eval-dataset')).toContainText('6 test tasks');

  await page.getByTestId('eval-limit').fill('-3');
  await expect(page.getByTestId('eval-limit')).toHaveValue('-3');
  await expect(page.getByTestId('eval-limit-error')).toHaveText(
    'Tasks must be a whole number of 1 or more (empty: all test tasks); -3 is not.',
  );
  await page.getByTestId('eval-fail-rate').fill('7');
  await expect(page.getByTestId('eval-fail-rate-error')).toContainText('7 is not. For 7 %, type 0.07.');
  await page.getByTestId('eval-run').click();
  await expect(
    page.getByText('Not run: fix the fields marked above (Tasks, Injected failures).'),
  ).toBeVisible();
  await expect(page.getByTestId('eval-progress')).toHaveCount(0);

  await page.getByTestId('eval-limit').fill('2');
  await page.getByTestId('eval-fail-rate').fill('0.07');
  await expect(page.getByTestId('eval-limit-error')).toHaveCount(0);
  await expect(page.getByTestId('eval-fail-rate-error')).toHaveCount(0);
});

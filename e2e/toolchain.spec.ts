import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

test('plans a toolchain in the search worker and explains it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.search('mail_send');
  await app.toolItems().filter({ hasText: 'mail_send' }).click();
  const panel = page.getByTestId('toolchain-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('known-values').fill('name = Alice Martin\nsubject = Hi\nbody = See you');
  await page.getByTestId('plan-toolchain').click();
  await expect(page.getByTestId('plan-step')).toHaveCount(2);
  await expect(page.getByTestId('plan-step').nth(0)).toContainText('contacts_search');
  await expect(page.getByTestId('plan-step').nth(1)).toContainText('to_email: $0.email');
  await expect(page.getByTestId('plan-missing')).toHaveCount(0);

  // Without known values the target's inputs become questions for the user.
  await page.getByTestId('known-values').fill('');
  await page.getByLabel('Search method').selectOption('ga-sa');
  await page.getByTestId('plan-toolchain').click();
  await expect(page.getByTestId('plan-missing')).toContainText('to_email');
});

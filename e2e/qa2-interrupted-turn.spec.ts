import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Second QA pass: reloading while a turn ran (a slow tool) lost the request without a trace — after the
 * reload the Conversations tab said "No conversations yet". The turn is listed, saying it was interrupted.
 */
test('a turn cut short by a reload is listed in Conversations as interrupted', async ({ page }) => {
  const app = new AppPage(page);
  await app.openChat();
  await app.openChatTab('tools');
  await page.getByTestId('break-tool').selectOption('notes_create');
  await page.getByTestId('break-fault').selectOption('slow');
  await page.getByTestId('break-apply').click();
  await app.ask('Create a note called Groceries saying milk and eggs');
  await expect(app.lastTurn()).toHaveAttribute('data-status', 'running');

  await page.reload();
  await app.waitReady();
  await app.openChatTab('history');
  const kept = page.getByTestId('conversation').filter({ hasText: 'Create a note called Groceries' });
  await expect(kept).toHaveCount(1);
  await kept.locator('summary').click();
  await expect(kept).toContainText('Interrupted: the page was reloaded or closed before this turn ended.');

  // A turn that ends replaces its record: asked again, it is listed once more, answered.
  await app.ask('What is the weather in Berlin tomorrow?');
  expect(await app.turnEnded(), await app.lastTurnSummary()).toBe('answered');
  const done = page
    .getByTestId('conversation')
    .filter({ hasText: 'What is the weather in Berlin tomorrow?' });
  await expect(done).toHaveCount(1);
  await expect(done.locator('summary')).toContainText('answered');
});

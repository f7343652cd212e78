import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * QA: while the agent waits for the user's answer to its question, the turn said "Working…" and Enter in the
 * request box did nothing, without a word. It must say what it waits for, and keep a new request typed
 * meanwhile in the box.
 */
test('a turn waiting on a question says so, and the request box says why it does not send', async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.openChat();
  await app.ask('Remind me');
  const question = app.lastTurn().getByTestId('question-input');
  await expect(question).toBeVisible();
  const note = app.lastTurn().getByTestId('turn-running-note');
  await expect(note).toHaveText(/Waiting for your answer to the question above/);
  await expect(page.getByTestId('request-blocked')).toContainText('waiting for your answer');

  // A new request typed now is not sent and not lost.
  await app.chatInput().fill('What is the weather in Paris?');
  await app.chatInput().press('Enter');
  await expect(page.getByTestId('turn')).toHaveCount(1);
  await expect(app.chatInput()).toHaveValue('What is the weather in Paris?');

  await app.answerQuestion('call the dentist');
  await expect(app.lastTurn().getByTestId('question-input')).toBeVisible();
  await app.answerQuestion('tomorrow at 9');
  expect(await app.turnEnded(), await app.lastTurnSummary()).toBe('answered');
  await expect(page.getByTestId('request-blocked')).toHaveCount(0);
  await expect(note).toHaveCount(0);
});

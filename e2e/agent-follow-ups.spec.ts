import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Follow-ups in the chat (twentieth QA pass): a message that leans on the turns before it ("email him the
 * same", "and in Berlin?") is read with them, says how it was read, and runs the tools the whole request
 * needs — with no LLM.
 */

async function expectRan(app: AppPage, tool: string): Promise<void> {
  await app.turnEnded();
  const calls = await app.lastTurnCalls();
  expect(
    calls.some((c) => c.tool === tool && c.status === 'ok'),
    `expected ${tool} to run ok: ${await app.lastTurnSummary()}`,
  ).toBe(true);
}

test('a follow-up is read with the turns before it: "email him the same", "and in Berlin?"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.openChat();

  await app.ask("Text Bob that I'm running 10 minutes late");
  await expectRan(app, 'messages_send');

  await app.ask('email him the same');
  await expect(app.lastTurn().getByTestId('turn-read-as')).toHaveText(
    "read as “email Bob that I'm running 10 minutes late”",
  );
  await expectRan(app, 'mail_send');

  await app.ask("What's the weather in Paris tomorrow?");
  await expectRan(app, 'places_weather');
  await app.ask('and in Berlin?');
  await expect(app.lastTurn().getByTestId('turn-read-as')).toContainText('Berlin tomorrow');
  await expectRan(app, 'places_weather');
  // A message that stands on its own is read as it is.
  await app.ask('Remind me to water the plants at 6pm');
  await expectRan(app, 'reminders_create');
  await expect(app.lastTurn().getByTestId('turn-read-as')).toHaveCount(0);
});

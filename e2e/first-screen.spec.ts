import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/** The first screen as a new user meets it (issue 19): what the app does, the request box first, no noise. */
test('the first screen says what the app does, puts the request box first and logs no 404s', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(new URL(r.url()).pathname);
  });
  const app = new AppPage(page);
  await app.openChat();
  const start = page.getByTestId('start-here');
  await expect(start).toContainText('Start here');
  await expect(start).toContainText('nothing leaves this browser');
  // The request box comes right after the one-paragraph introduction, above everything else in the chat.
  const [introBox, inputBox] = [(await start.boundingBox())!, (await app.chatInput().boundingBox())!];
  expect(inputBox.y).toBeGreaterThan(introBox.y);
  expect(inputBox.y).toBeLessThan(250);
  await expect(app.chatInput()).toBeFocused();
  // The embedder options come from models/index.json: no folder is probed, so nothing answers 404.
  await page.evaluate(() => window.__naviTest!.retrievalModelsReady);
  expect(notFound).toEqual([]);
  expect(errors.filter((e) => /404|not found/i.test(e))).toEqual([]);
});

test('Reset to demo says when it is done', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Reset to demo' }).click();
  await app.expectNotice(/Reset to the demo world: 20 tools, \d+ traces\./);
});

import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app-page';

const noteTitles = (p: Page) =>
  p.evaluate(() => window.__naviTest!.sandbox()?.notes.map((n) => n.title) ?? []);

/**
 * QA: a note made in a second tab was lost when the first tab made one next: each tab kept the sandbox in
 * memory and saved it whole, so both notes got id note-6001 and the later save overwrote the earlier one.
 */
test("two tabs' sandbox changes are both kept, and each tab shows the other's", async ({ context }) => {
  const a = await context.newPage();
  const appA = new AppPage(a);
  await appA.openChat();
  const b = await context.newPage();
  const appB = new AppPage(b);
  await appB.openChat();

  await appB.ask('Create a note called From tab two saying hi');
  expect(await appB.turnEnded(), await appB.lastTurnSummary()).toBe('answered');
  await expect.poll(() => noteTitles(a)).toContain('From tab two');

  await appA.ask('Create a note called From tab one saying hi');
  expect(await appA.turnEnded(), await appA.lastTurnSummary()).toBe('answered');
  await expect.poll(() => noteTitles(b)).toContain('From tab one');

  await a.reload();
  await appA.waitReady();
  await expect.poll(() => noteTitles(a)).toEqual(expect.arrayContaining(['From tab one', 'From tab two']));
});

import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Issue 11: the world worker is the only owner of the Tool World and its IndexedDB store; the UI keeps a
 * read model fed by the records each change touched. A trace the agent runs through the chat is ingested,
 * evolved and stored in the worker, and after a reload the world (read back from the worker's store) is
 * the same, counts and weights included.
 */

const counts = (page: Page) => page.evaluate(() => window.__naviTest!.counts());
/** The world as the UI holds it, without the export time. */
const world = (page: Page) =>
  page.evaluate(() => {
    const w = JSON.parse(window.__naviTest!.exportWorld()) as Record<string, unknown>;
    delete w.exportedAt;
    return w;
  });

test('a trace the agent ingests through the chat survives a reload, counts and weights included, and no world crossed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.openChat();
  const before = await counts(page);
  const nodeBefore = await page.evaluate(() => window.__naviTest!.node('api:reminders_create'));
  expect(nodeBefore).not.toBeNull();
  const crossedAtStart = await page.evaluate(() => window.__naviTest!.snapshotsSent());

  await app.ask('Remind me to call Anna tomorrow at 9');
  await app.turnEnded();
  await expect.poll(async () => (await counts(page)).traces).toBe(before.traces + 1);
  const nodeAfter = await page.evaluate(() => window.__naviTest!.node('api:reminders_create'));
  expect(nodeAfter!.nSucc).toBeGreaterThan(nodeBefore!.nSucc);
  // Only the records of the change came back from the worker: no whole world crossed for the trace.
  expect(await page.evaluate(() => window.__naviTest!.snapshotsSent())).toBe(crossedAtStart);
  const lastTrace = (await page.evaluate(() => window.__naviTest!.traceIds())).at(-1);
  const held = await world(page);
  const heldCounts = await counts(page);
  await page.evaluate(() => window.__naviTest!.settled());

  await page.reload();
  await app.waitReady();
  expect(await counts(page)).toEqual(heldCounts);
  expect((await page.evaluate(() => window.__naviTest!.traceIds())).at(-1)).toBe(lastTrace);
  expect(await page.evaluate(() => window.__naviTest!.node('api:reminders_create'))).toEqual(nodeAfter);
  // Everything the read model held before the reload — tools, clusters, nodes, edges with their counts and
  // propagated weights, traces, settings — is what the worker read back from its store.
  expect(await world(page)).toEqual(held);
});

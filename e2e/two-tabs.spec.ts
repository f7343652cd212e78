import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app-page';

/** Traces that touch one tool with distinct values, so each is its own evidence. */
function traces(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${i}`,
    query: `two tabs ${prefix} ${i}`,
    calls: [
      {
        tool: 'two_tab_probe',
        args: { n: i, from: prefix },
        status: 'ok' as const,
        startedAt: Date.now(),
        durationMs: 1,
        output: { ok: true },
      },
    ],
  }));
}

const ids = (page: Page) => page.evaluate(() => window.__naviTest!.traceIds());

test('two tabs ingest traces at once: one owns writes, the other is told, every trace is stored once', async ({
  context,
}) => {
  const a = await context.newPage();
  await new AppPage(a).open();
  const b = await context.newPage();
  await new AppPage(b).open();

  // One tab owns writes; the other says so plainly.
  await expect.poll(() => a.evaluate(() => window.__naviTest!.storage()?.role)).toBe('owner');
  await expect.poll(() => b.evaluate(() => window.__naviTest!.storage()?.role)).toBe('follower');
  await expect(b.getByTestId('tab-role')).toContainText('Another tab of NaviAgent Web owns the saved world');

  const before = await ids(a);
  const fromA = traces('a', 12);
  const fromB = [...traces('b', 12), fromA[0]!]; // b also sends one of a's traces: stored once all the same
  const [resA, resB] = await Promise.all([
    a.evaluate((t) => window.__naviTest!.ingestTraces(t), fromA),
    b.evaluate((t) => window.__naviTest!.ingestTraces(t), fromB),
  ]);
  expect(resA).toEqual(fromA.map(() => null));
  expect(resB).toEqual(fromB.map(() => null));
  await a.evaluate(() => window.__naviTest!.settled());

  // What is stored: reload the owner (it keeps the lock role after reload only if b does not take it).
  await b.close();
  await a.reload();
  await new AppPage(a).waitReady();
  const stored = await ids(a);
  const added = stored.slice(before.length);
  expect(stored.slice(0, before.length)).toEqual(before);
  expect([...added].sort()).toEqual([...fromA, ...traces('b', 12)].map((t) => t.id).sort());
  expect(new Set(stored).size).toBe(stored.length);
  expect(await a.evaluate(() => window.__naviTest!.noticeTexts())).not.toContainEqual(
    expect.stringMatching(/could not be read/),
  );
});

test("a follower tab shows the owner's new trace and tool without a reload", async ({ context }) => {
  const a = await context.newPage();
  await new AppPage(a).open();
  const b = await context.newPage();
  const appB = new AppPage(b);
  await appB.open();
  await expect.poll(() => a.evaluate(() => window.__naviTest!.storage()?.role)).toBe('owner');
  await expect.poll(() => b.evaluate(() => window.__naviTest!.storage()?.role)).toBe('follower');
  const before = await b.evaluate(() => window.__naviTest!.counts());

  const live = {
    id: 'owner-live-1',
    query: 'a trace the owner ingests while another tab is open',
    calls: [
      {
        tool: 'live_probe',
        args: { n: 1 },
        status: 'ok' as const,
        startedAt: Date.now(),
        durationMs: 1,
        output: { ok: true },
      },
    ],
  };
  expect(await a.evaluate((t) => window.__naviTest!.ingestTraces([t]), live)).toEqual([null]);

  // The owner published the trace's records; the follower's worker and read model applied them.
  await expect.poll(() => ids(b)).toContain('owner-live-1');
  expect(await b.evaluate(() => window.__naviTest!.counts())).toEqual(
    await a.evaluate(() => window.__naviTest!.counts()),
  );
  expect((await b.evaluate(() => window.__naviTest!.counts())).traces).toBe(before.traces + 1);
  expect(await b.evaluate(() => window.__naviTest!.node('api:live_probe'))).toEqual(
    await a.evaluate(() => window.__naviTest!.node('api:live_probe')),
  );
  // And the follower's UI shows the new tool without a reload.
  await appB.search('live_probe');
  await expect(appB.toolItems()).toContainText(['live_probe']);
});

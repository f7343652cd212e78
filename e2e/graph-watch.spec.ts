import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * Watch it think (issue 19): the graph replays a turn's Alpha-Beta search (kept, alpha-pruned, beta-cut
 * nodes drawn differently), the chain, a failed call in red with the detour drawn and labelled, and the
 * history slider shows the graph as of any trace.
 */

/** The page as a PNG, attached to the report (and written to $GRAPH_SHOTS/<name>.png when set). */
async function shot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const body = await page.screenshot();
  await testInfo.attach(name, { body, contentType: 'image/png' });
  if (process.env.GRAPH_SHOTS) writeFileSync(`${process.env.GRAPH_SHOTS}/${name}.png`, body);
}

const playback = (page: Page) => page.evaluate(() => window.__naviTest!.graphPlayback());
const classesOf = (page: Page, id: string) =>
  page.evaluate((i) => window.__naviTest!.graphNodeClasses(i), id);

test('a search that prunes shows kept, alpha-pruned and beta-cut nodes in the order decided', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.openChat();
  await app.ask("Find Bob's phone number");
  expect(await app.turnEnded()).toBe('answered');

  // The replay follows the turn at a readable speed and ends with the chain drawn.
  await expect.poll(async () => (await playback(page))?.done, { timeout: 30_000 }).toBe(true);
  const p = (await playback(page))!;
  expect(p.total).toBeGreaterThan(3);

  // The states drawn, in order, are the search's decisions in the order the search made them.
  const decisions = await page.evaluate(() =>
    window
      .__naviTest!.agent()
      .turns.at(-1)!
      .steps.flatMap((s) => (s.kind === 'toolchain' ? (s.chain.search ?? []) : []))
      .map((s) => ({ node: s.node, state: s.decision })),
  );
  const searchLog = p.log.filter((l) => ['kept', 'alpha', 'beta', 'left-out'].includes(l.state));
  const asDrawn = (d: string) => (d === 'kept' || d === 'alpha' || d === 'beta' ? d : 'left-out');
  expect(searchLog).toEqual(decisions.map((d) => ({ node: d.node, state: asDrawn(d.state) })));
  const firstOf = (state: string) => searchLog.findIndex((l) => l.state === state);
  expect(firstOf('kept')).toBe(0); // the target, ring 0
  expect(firstOf('alpha')).toBeGreaterThan(0);
  expect(firstOf('beta')).toBeGreaterThan(0);

  // Each state is drawn with its own class on a node that ended in it.
  const lastState = new Map(searchLog.map((l) => [l.node, l.state]));
  for (const [state, cls] of [
    ['kept', 'ab-kept'],
    ['alpha', 'ab-alpha'],
    ['beta', 'ab-beta'],
  ] as const) {
    const node = [...lastState].find(([, s]) => s === state)![0];
    expect(await classesOf(page, node), `${node} ${state}`).toContain(cls);
  }
  // Then the chain in execution order, numbered with its layer.
  expect(p.log.filter((l) => l.state === 'in-plan').map((l) => l.node)).toContain('api:contacts_search');
  expect(await classesOf(page, 'api:contacts_search')).toEqual(
    expect.arrayContaining(['in-plan', 'ordered']),
  );
  await expect(page.getByTestId('playback-caption')).toContainText('answered');
  await shot(page, 'replay-end', testInfo);

  // Replay: play from the start, pause, step one frame at a time.
  await page.getByTestId('playback-play').click();
  await page.getByTestId('playback-pause').click();
  const at = (await playback(page))!.at;
  await page.getByTestId('playback-step').click();
  expect((await playback(page))!.at).toBe(at + 1);
  await expect(page.getByTestId('playback-caption')).not.toBeEmpty();
  await shot(page, 'replay-paused', testInfo);
});

test('a broken tool turns red and the detour is drawn and labelled', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.openChat();
  await app.openChatTab('tools');
  await page.getByTestId('break-tool').selectOption('contacts_search');
  await page.getByTestId('break-fault').selectOption('unavailable');
  await page.getByTestId('break-apply').click();
  await app.ask('Email Anna that the offsite agenda is ready');
  expect(await app.turnEnded(60_000)).toBe('answered');

  await app.openChatTab('graph');
  await expect.poll(() => classesOf(page, 'api:contacts_search'), { timeout: 20_000 }).toContain('failed');
  const labels = await page.evaluate(() => window.__naviTest!.graphDetourLabels());
  expect(labels).toEqual(['detour: I/O-equivalent replacement']);
  for (const tool of ['mail_search', 'mail_read'])
    expect(await classesOf(page, `api:${tool}`)).toContain('detour');
  await shot(page, 'detour', testInfo);

  // Step back through the replay to the failed call: the caption names the failure, then the detour.
  const p = (await playback(page))!;
  expect(p.log.map((l) => l.state)).toEqual(expect.arrayContaining(['failed', 'detour']));
  const failedAt = p.log.findIndex((l) => l.state === 'failed');
  const detourAt = p.log.findIndex((l) => l.state === 'detour');
  expect(failedAt).toBeLessThan(detourAt);
});

test('the history slider shows different weights at trace 0 and at the last trace', async ({ page }) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.open();
  const traces = await page.evaluate(() => window.__naviTest!.counts().traces);
  expect(traces).toBeGreaterThan(0);
  const weights = () =>
    page.evaluate(() => {
      const hook = window.__naviTest!;
      return Object.fromEntries(hook.graphEdgeIds().map((id) => [id, hook.graphEdgeWeight(id)!]));
    });
  const slider = page.getByTestId('history-slider');
  const label = page.getByTestId('history-label');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(label).toHaveAttribute('data-k', '0');
  await expect(label).toHaveAttribute('data-busy', 'false');
  await expect(label).toContainText(`as of trace 0 of ${traces}`);
  const atZero = await weights();
  // No trace yet: only the schemas' structural edges, every w̃ 0.
  expect(Object.keys(atZero).length).toBeGreaterThan(0);
  expect(Object.values(atZero).every((w) => w === 0)).toBe(true);

  await page.keyboard.press('End');
  await expect(label).toContainText(`now (${traces} traces)`);
  const atLast = await weights();
  // A chosen edge: the strongest structural edge drawn at both ends of the history.
  const [edge] = Object.keys(atZero)
    .filter((id) => id in atLast)
    .sort((a, b) => atLast[b]! - atLast[a]! || a.localeCompare(b));
  expect(atZero[edge!]).toBe(0);
  expect(atLast[edge!]).toBeGreaterThan(0);
  // Behavioural edges (learnt from traces) appear over the history.
  expect(Object.keys(atLast).length).toBeGreaterThan(Object.keys(atZero).length);

  // One step back from the end: the graph as of trace n-1, folded from the log.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('history-label')).toContainText(`as of trace ${traces - 1} of ${traces}`);
});

test('an import places only the new nodes, and the graph refits at 1,024 px', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new AppPage(page);
  await app.open();
  // The graph view is its own chunk: wait until it has drawn the world.
  await expect.poll(() => page.evaluate(() => window.__naviTest!.drawnNodeIds().length)).toBeGreaterThan(0);
  const before = await page.evaluate(() => {
    const hook = window.__naviTest!;
    return Object.fromEntries(hook.drawnNodeIds().map((id) => [id, hook.graphNodePosition(id)!]));
  });
  const nodesBefore = Object.keys(before).length;
  await app.importFile(fileURLToPath(new URL('./fixtures/first-catalogue-tools.json', import.meta.url)));
  await expect
    .poll(() => page.evaluate(() => window.__naviTest!.drawnNodeIds().length))
    .toBeGreaterThan(nodesBefore);
  const layout = await page.evaluate(() => window.__naviTest!.graphLastLayout());
  // Only new nodes were placed (a later redraw with nothing new reports 'none').
  expect(['incremental', 'none']).toContain(layout?.mode);
  const after = await page.evaluate(
    (ids) => ids.map((id) => window.__naviTest!.graphNodePosition(id)),
    Object.keys(before),
  );
  // Every node drawn before the import is exactly where it was.
  expect(after).toEqual(Object.values(before));

  // Narrower window: the canvas shrinks with it and stays inside the page.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect
    .poll(async () => {
      const box = (await page.getByTestId('graph-canvas').boundingBox())!;
      return box.x + box.width <= 1024;
    })
    .toBe(true);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(1024);
  await shot(page, 'world-1024', testInfo);
});

test('a large graph shows a focus view around the selection, and Expand widens it', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.open();
  // 600 tools: more nodes than the 300 the view draws at once.
  const tools = Array.from({ length: 600 }, (_, i) => ({
    type: 'function',
    function: {
      name: `bulk_tool_${i}`,
      description: `Bulk tool number ${i}`,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          [0, 1, 2].map((j) => [
            `field_${(i * 3 + j) % 250}_x${j}`,
            { type: 'string', description: `Field ${j}` },
          ]),
        ),
      },
    },
  }));
  await page.evaluate((text) => window.__naviTest!.importText('bulk.json', text), JSON.stringify(tools));
  const total = await page.evaluate(() => window.__naviTest!.counts().nodes);
  expect(total).toBeGreaterThan(600);
  await expect(page.getByTestId('graph-counts')).toContainText(`of ${total} nodes`);
  const drawn = await page.evaluate(() => window.__naviTest!.drawnNodeIds().length);
  expect(drawn).toBeLessThanOrEqual(300);

  // Selecting a tool focuses the view on it (its neighbourhood, drawn around it).
  await app.selectTool('bulk_tool_150');
  await expect
    .poll(() => page.evaluate(() => window.__naviTest!.drawnNodeIds().includes('api:bulk_tool_150')))
    .toBe(true);
  // A new neighbourhood is laid out whole, rings around the selected tool: it is the centre.
  const layout = await page.evaluate(() => window.__naviTest!.graphLastLayout());
  expect(layout).toMatchObject({ mode: 'full', layout: 'preset' });
  const centre = await page.evaluate(() => window.__naviTest!.graphNodePosition('api:bulk_tool_150'));
  expect(Math.abs(centre!.x) + Math.abs(centre!.y)).toBe(0);

  await page.getByTestId('graph-expand').click();
  await expect
    .poll(() => page.evaluate(() => window.__naviTest!.drawnNodeIds().length))
    .toBeGreaterThan(drawn);
  expect(await page.evaluate(() => window.__naviTest!.drawnNodeIds().length)).toBeLessThanOrEqual(600);
});

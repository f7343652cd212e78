// Browser part of `npm run bench:graph`: IndexedDB cold load of a stored world, measured in a real
// Chromium driven by Playwright against the production build. The world is stored once through the
// app's own import; then the browser is restarted for every run, so each load reads IndexedDB from
// disk in a fresh process, the way a user reopening the app would.

import { startHarness } from './browser-harness';

export interface ColdLoadResult {
  /** openWorldStore + load (IndexedDB read and validation), per run. */
  storeMs: number[];
  /** ToolWorld.fromSnapshot, per run. */
  worldMs: number[];
  nodes: number;
  edges: number;
}

export async function measureColdLoad(
  repoRoot: string,
  snapshotJson: string,
  runs: number,
): Promise<ColdLoadResult> {
  const harness = await startHarness(repoRoot, 4175);
  try {
    await harness.seedWorld(snapshotJson, 20_000);
    const result: ColdLoadResult = { storeMs: [], worldMs: [], nodes: 0, edges: 0 };
    for (let i = 0; i < runs; i++) {
      const ctx = await harness.launch();
      const page = await harness.openReady(ctx);
      const t = await page.evaluate(() => ({
        timings: window.__naviTest!.startTimings(),
        counts: window.__naviTest!.counts(),
      }));
      await ctx.close();
      if (!t.timings) throw new Error('The app did not load a stored world: the import did not persist.');
      result.storeMs.push(t.timings.storeMs);
      result.worldMs.push(t.timings.worldMs);
      result.nodes = t.counts.nodes;
      result.edges = t.counts.edges;
    }
    return result;
  } finally {
    await harness.close();
  }
}

// Browser part of `npm run bench:search`: subgraph search timed inside the app's search worker
// (production build, Chromium), on a world stored through the app's import. Times are taken in the
// worker around each search, so messaging is not in them.

import type { SearchMethod } from '../src/core/search/search-engine';
import { startHarness } from './browser-harness';

export async function measureSearchInWorker(
  repoRoot: string,
  snapshotJson: string,
  targets: string[],
  methods: SearchMethod[],
): Promise<Record<SearchMethod, number[]>> {
  const harness = await startHarness(repoRoot, 4177);
  try {
    await harness.seedWorld(snapshotJson, 20_000);
    const ctx = await harness.launch();
    const page = await harness.openReady(ctx);
    const out = {} as Record<SearchMethod, number[]>;
    for (const method of methods) {
      out[method] = await page.evaluate(
        ({ targets, method }) => window.__naviTest!.searchTimings(targets, method),
        { targets, method },
      );
    }
    await ctx.close();
    return out;
  } finally {
    await harness.close();
  }
}

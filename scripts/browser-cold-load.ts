// Browser part of `npm run bench:graph`: IndexedDB cold load of a stored world, measured in a real
// Chromium driven by Playwright against the production build. The world is stored once through the
// app's own import; then the browser is restarted for every run, so each load reads IndexedDB from
// disk in a fresh process, the way a user reopening the app would.

import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from '../e2e/find-chromium';

export interface ColdLoadResult {
  /** openWorldStore + load (IndexedDB read and validation), per run. */
  storeMs: number[];
  /** ToolWorld.fromSnapshot, per run. */
  worldMs: number[];
  nodes: number;
  edges: number;
}

const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function measureColdLoad(
  repoRoot: string,
  snapshotJson: string,
  runs: number,
): Promise<ColdLoadResult> {
  if (!existsSync(resolve(repoRoot, 'dist/index.html'))) {
    console.log('Building the app for the browser benchmark (vite build)…');
    execSync('npx vite build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await preview({
    root: repoRoot,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 4175, strictPort: true },
  });
  const url = 'http://127.0.0.1:4175/';
  const profile = mkdtempSync(join(tmpdir(), 'navi-coldload-'));
  const file = join(profile, '..', `${profile.split('/').pop()}-world.json`);
  writeFileSync(file, snapshotJson);
  const executablePath = findChromium();
  const launch = () =>
    chromium.launchPersistentContext(profile, { ...(executablePath ? { executablePath } : {}), args: ARGS });
  try {
    const seed = await launch();
    const page = await seed.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__naviTest?.phase() === 'ready', null, { timeout: 60_000 });
    await page.getByTestId('import-input').setInputFiles(file);
    await page.waitForFunction(() => (window.__naviTest?.counts().edges ?? 0) > 20_000, null, {
      timeout: 120_000,
    });
    // Let the import's replace() transaction commit before the browser goes away.
    await page.waitForFunction(
      () => window.__naviTest?.phase() === 'ready' && !document.querySelector('[role=progressbar]'),
    );
    await page.waitForTimeout(1000);
    await seed.close();

    const result: ColdLoadResult = { storeMs: [], worldMs: [], nodes: 0, edges: 0 };
    for (let i = 0; i < runs; i++) {
      const ctx = await launch();
      const p = await ctx.newPage();
      await p.goto(url);
      await p.waitForFunction(() => window.__naviTest?.phase() === 'ready', null, { timeout: 60_000 });
      const t = await p.evaluate(() => ({
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
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    rmSync(profile, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

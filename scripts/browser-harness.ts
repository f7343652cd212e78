// Shared by the browser benchmarks: serve the production build with COOP/COEP (vite preview), launch
// Chromium with a persistent profile (so IndexedDB survives restarts), and store a world in the app
// through its own import, the way a user would.

import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from '../e2e/find-chromium';

/** Chromium flags for the benchmarks: no sandbox (CI containers), nothing that reaches the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Harness {
  url: string;
  launch(): Promise<BrowserContext>;
  /** Opens the app in a fresh browser, imports the world file, waits until it is stored, closes. */
  seedWorld(snapshotJson: string, minEdges: number): Promise<void>;
  openReady(ctx: BrowserContext): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(repoRoot: string, port: number): Promise<Harness> {
  if (!existsSync(resolve(repoRoot, 'dist/index.html'))) {
    console.log('Building the app for the browser benchmark (vite build)…');
    execSync('npx vite build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await preview({
    root: repoRoot,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  const url = `http://127.0.0.1:${port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'navi-bench-'));
  const file = `${profile}-world.json`;
  const executablePath = findChromium();
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    });
  const openReady = async (ctx: BrowserContext) => {
    const page = await ctx.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__naviTest?.phase() === 'ready', null, { timeout: 60_000 });
    return page;
  };
  return {
    url,
    launch,
    openReady,
    async seedWorld(snapshotJson, minEdges) {
      writeFileSync(file, snapshotJson);
      const ctx = await launch();
      const page = await openReady(ctx);
      await page.getByTestId('import-input').setInputFiles(file);
      await page.waitForFunction((n) => (window.__naviTest?.counts().edges ?? 0) >= n, minEdges, {
        timeout: 120_000,
      });
      // The import's replace() transaction must commit before the browser goes away.
      await page.waitForFunction(() => !document.querySelector('[role=progressbar]'));
      await page.evaluate(() => window.__naviTest!.settled());
      await ctx.close();
    },
    async close() {
      await new Promise<void>((r) => server.httpServer.close(() => r()));
      rmSync(profile, { recursive: true, force: true });
      rmSync(file, { force: true });
    },
  };
}

// `npx tsx scripts/browser-first-answer.ts`: what a first visit costs before the graph-only agent's first
// answer, in a real Chromium driven by Playwright against the production build served by `vite preview`.
//
// For each run: a fresh browser context (cold: empty HTTP cache, no service worker) with the CPU throttled
// through CDP (`Emulation.setCPUThrottlingRate`), open the chat, send one request, wait for the answer.
// Then, in the same context once the service worker controls the page and has precached, a reload (warm).
// Bytes are counted on the server's sockets (what crossed the wire, headers included, compressed as served)
// up to the answer; the per-file list comes from the browser (encoded body sizes, workers included).
//
//   --dist <dir>      the build to serve (default dist/)
//   --runs <n>        cold + warm pairs (default 3)
//   --throttle <x>    CPU slowdown (default 4)
//   --request <text>  the request (default a reminder)
//   --json <file>     flat keys `app.first-answer.<load>.<metric>` (median over runs)
//   --list            print every file fetched before the answer (first run)

import { writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from '../e2e/find-chromium';
import { CHROMIUM_ARGS } from './browser-harness';

interface Args {
  dist: string;
  runs: number;
  throttle: number;
  request: string;
  json: string | null;
  list: boolean;
  port: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    dist: 'dist',
    runs: 3,
    throttle: 4,
    request: 'Remind me to call Anna tomorrow at 9',
    json: null,
    list: false,
    port: 4177,
  };
  for (let i = 0; i < argv.length; i++) {
    const v = () => argv[++i] ?? '';
    switch (argv[i]) {
      case '--dist':
        a.dist = v();
        break;
      case '--runs':
        a.runs = Number(v());
        break;
      case '--throttle':
        a.throttle = Number(v());
        break;
      case '--request':
        a.request = v();
        break;
      case '--json':
        a.json = v();
        break;
      case '--list':
        a.list = true;
        break;
      case '--port':
        a.port = Number(v());
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return a;
}

interface LoadResult {
  /** Navigation start → the request box is on screen (the first screen is usable). */
  firstRenderMs: number;
  /** Navigation start → the first answer is shown. */
  answerMs: number;
  /** Request sent → answer shown. */
  turnMs: number;
  /** Bytes the server wrote before the answer (all sockets, headers included). */
  wireBytes: number;
  /** Files fetched before the answer: url → encoded body bytes. */
  files: { url: string; bytes: number }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

async function measureLoad(
  page: Page,
  url: string,
  request: string,
  wire: () => number,
  reload: boolean,
): Promise<LoadResult> {
  const files: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (r: import('@playwright/test').Request) =>
    pending.push(
      // sizes() never settles for some requests (e.g. ones a service worker answered): give up after 2 s.
      Promise.race([r.sizes(), new Promise<null>((done) => setTimeout(() => done(null), 2_000))]).then(
        (s) => void files.push({ url: r.url(), bytes: s?.responseBodySize ?? NaN }),
        () => undefined,
      ),
    );
  page.context().on('requestfinished', onFinished);
  const step = (what: string) => process.env.DEBUG && console.error(`[first-answer] ${what}`);
  const wire0 = wire();
  step(reload ? 'reload' : `open ${url}`);
  if (reload) await page.reload();
  else await page.goto(url);
  await page.getByTestId('chat-input').waitFor({ state: 'visible', timeout: 120_000 });
  const firstRenderMs = await page.evaluate(() => performance.now());
  step(`first render ${firstRenderMs.toFixed(0)} ms`);
  await page.waitForFunction(() => window.__naviTest?.phase() === 'ready', null, { timeout: 120_000 });
  const input = page.getByTestId('chat-input');
  await input.fill(request);
  const sentAt = await page.evaluate(() => performance.now());
  await input.press('Enter');
  step('request sent');
  await page.waitForFunction(
    () => {
      const t = window.__naviTest?.agent().turns.at(-1);
      return t !== undefined && t.status !== 'running';
    },
    null,
    { timeout: 120_000, polling: 20 },
  );
  step('answered');
  const answerMs = await page.evaluate(() => performance.now());
  const wireBytes = wire() - wire0;
  await Promise.all(pending);
  page.context().off('requestfinished', onFinished);
  const status = await page.evaluate(() => window.__naviTest!.agent().turns.at(-1)!.status);
  if (status !== 'answered') throw new Error(`the request ended "${status}", not answered`);
  return { firstRenderMs, answerMs, turnMs: answerMs - sentAt, wireBytes, files };
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Waits until a service worker controls the page and has finished installing (precache done). */
async function waitForServiceWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const reg = await navigator.serviceWorker.getRegistration();
      if (reg?.active && navigator.serviceWorker.controller) return true;
      // A build without a service worker: nothing to wait for.
      if (!reg && Date.now() > deadline - 110_000) return false;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  });
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(import.meta.dirname, '..');
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir: resolve(root, args.dist) },
    preview: { host: '127.0.0.1', port: args.port, strictPort: true },
  });
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  server.httpServer.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => {
      closedBytes += s.bytesWritten;
      sockets.delete(s);
    });
  });
  const wire = () => closedBytes + [...sockets].reduce((n, s) => n + s.bytesWritten, 0);
  const url = `http://127.0.0.1:${args.port}/`;
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  const cold: LoadResult[] = [];
  const warm: LoadResult[] = [];
  let swControlled = false;
  try {
    for (let i = 0; i < args.runs; i++) {
      const ctx: BrowserContext = await browser.newContext();
      const page = await ctx.newPage();
      await throttle(page, args.throttle);
      cold.push(await measureLoad(page, url, args.request, wire, false));
      swControlled = await waitForServiceWorker(page);
      // Let the service worker finish precaching before the warm load is timed.
      if (swControlled) await page.waitForTimeout(2_000);
      warm.push(await measureLoad(page, url, args.request, wire, true));
      await ctx.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
  const show = (name: string, rs: LoadResult[]) => {
    const m = (f: (r: LoadResult) => number) => median(rs.map(f));
    console.log(
      `${name.padEnd(5)} first render ${m((r) => r.firstRenderMs).toFixed(0)} ms · answer ${m((r) => r.answerMs).toFixed(0)} ms ` +
        `(turn ${m((r) => r.turnMs).toFixed(0)} ms) · ${(m((r) => r.wireBytes) / 1024).toFixed(0)} KB on the wire before the answer ` +
        `(runs: ${rs.map((r) => (r.wireBytes / 1024).toFixed(0)).join(', ')} KB)`,
    );
  };
  console.log(
    `CPU throttled ${args.throttle}× · ${args.runs} run(s) · service worker controlled: ${swControlled}`,
  );
  show('cold', cold);
  show('warm', warm);
  if (args.list && cold[0]) {
    const origin = new URL(url).origin;
    for (const f of [...cold[0].files].sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(9)} KB  ${f.url.replace(origin, '')}`);
  }
  if (args.json) {
    const out: Record<string, number | boolean> = { 'app.first-answer.cpu.throttle': args.throttle };
    for (const [name, rs] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      out[`app.first-answer.${name}.firstRenderMs`] = median(rs.map((r) => r.firstRenderMs));
      out[`app.first-answer.${name}.answerMs`] = median(rs.map((r) => r.answerMs));
      out[`app.first-answer.${name}.turnMs`] = median(rs.map((r) => r.turnMs));
      out[`app.first-answer.${name}.wireBytes`] = median(rs.map((r) => r.wireBytes));
    }
    out['app.first-answer.warm.serviceWorker'] = swControlled;
    writeFileSync(args.json, JSON.stringify(out, null, 2) + '\n');
  }
}

await main();

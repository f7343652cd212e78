// Browser part of the HGT timing (issue 5): the same `timeHgtInference` as in Node (scripts/hgt-timing.ts),
// run in Chromium with onnxruntime-web's wasm backend at 1 and 2 threads, plus seconds per epoch of
// `trainHgt` on the same graph. Pages come from a Vite dev server over the repo (its vite.config.ts: COOP +
// COEP headers, onnxruntime-web's wasm served at /ort/), so the browser runs the repo's TypeScript as it
// is, with no app build. Each measurement gets a fresh page: ORT reads its thread count once per page.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { findChromium } from '../e2e/find-chromium';
import { timeHgtInference, type HgtTimingOptions, type HgtTimingResult } from './hgt-timing';

const PAGE = '/__hgt-timing.html';
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export interface BrowserHgtTimingOptions {
  /** Default: the folder above scripts/. */
  repoRoot?: string;
  nodes: number;
  edges: number;
  seed: number;
  runs: number;
  inputDim?: number;
  /** Thread counts to measure inference with. Default [1, 2]. */
  threads?: number[];
  /** Training epochs to time (0 skips training). Default 3. */
  trainEpochs?: number;
  port?: number;
}

export interface BrowserInference {
  /** Threads asked for; ORT falls back to 1 without cross-origin isolation. */
  threads: number;
  crossOriginIsolated: boolean;
  hardwareConcurrency: number;
  result: HgtTimingResult;
}

export interface BrowserHgtTiming {
  /** Chromium version. */
  browserVersion: string;
  /** Median and p95 of the fastest thread count measured (`bestThreads`), for a one-line summary. */
  medianMs: number;
  p95Ms: number;
  bestThreads: number;
  inference: BrowserInference[];
  /**
   * Largest |score difference| between each thread count's run and the first one, over the sampled scores
   * (same seed, same model): a check that threads do not change results (ScatterND "add" did, docs/facts.md).
   */
  maxScoreDiffVsFirst: number[];
  train: { epochs: number; msPerEpoch: number[]; medianMsPerEpoch: number } | null;
}

/** A bare page on the dev server's origin (with the isolation headers) from which modules are imported. */
function harnessPagePlugin(): Plugin {
  return {
    name: 'naviagent:hgt-timing-page',
    configureServer(server) {
      server.middlewares.use(PAGE, (_req, res) => {
        for (const [k, v] of Object.entries(ISOLATION)) res.setHeader(k, v);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end('<!doctype html><meta charset="utf-8"><title>HGT timing</title><p>HGT timing harness</p>');
      });
    },
  };
}

async function startServer(repoRoot: string, port: number): Promise<ViteDevServer> {
  const server = await createServer({
    root: repoRoot,
    logLevel: 'warn',
    plugins: [harnessPagePlugin()],
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false },
  });
  await server.listen();
  return server;
}

type TimingArgs = HgtTimingOptions & { wasmPaths: string };

async function inferenceIn(browser: Browser, url: string, args: TimingArgs): Promise<BrowserInference> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(async (a) => {
      // A variable specifier: the dev server resolves it, TypeScript does not try to.
      const specifier = '/scripts/hgt-timing.ts';
      const m = (await import(specifier)) as typeof import('./hgt-timing');
      return {
        threads: a.numThreads ?? 1,
        crossOriginIsolated: globalThis.crossOriginIsolated,
        hardwareConcurrency: navigator.hardwareConcurrency,
        result: await m.timeHgtInference(a),
      };
    }, args);
  } finally {
    await page.close();
  }
}

async function trainIn(
  browser: Browser,
  url: string,
  args: { nodes: number; edges: number; seed: number; inputDim: number; epochs: number },
): Promise<number[]> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(async (a) => {
      const timing = (await import('/scripts/hgt-timing.ts' as string)) as typeof import('./hgt-timing');
      const train = (await import(
        '/src/core/ml/hgt/train-hgt.ts' as string
      )) as typeof import('../src/core/ml/hgt/train-hgt');
      const graph = timing.randomHgtGraph(a.nodes, a.edges, a.inputDim, a.seed);
      const trained = await train.trainHgt(graph, { epochs: a.epochs, seed: a.seed });
      return trained.history.map((h) => h.ms);
    }, args);
  } finally {
    await page.close();
  }
}

/**
 * Times HGT inference (and training epochs) in Chromium. Needs a Chromium (CHROMIUM_PATH, Debian's
 * `chromium`, or Playwright's own) and the repo's node_modules; no build.
 */
export async function timeHgtInBrowser(opts: BrowserHgtTimingOptions): Promise<BrowserHgtTiming> {
  const repoRoot = opts.repoRoot ?? resolve(fileURLToPath(import.meta.url), '../..');
  const server = await startServer(repoRoot, opts.port ?? 4179);
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const url = `http://127.0.0.1:${opts.port ?? 4179}${PAGE}`;
    const inputDim = opts.inputDim ?? 260;
    const inference: BrowserInference[] = [];
    if ((opts.threads ?? [1]).length === 0) throw new RangeError('threads: give at least one thread count');
    for (const numThreads of opts.threads ?? [1, 2]) {
      const { nodes, edges, seed, runs } = opts;
      const args: TimingArgs = { nodes, edges, seed, runs, inputDim, numThreads, wasmPaths: '/ort/' };
      inference.push(await inferenceIn(browser, url, args));
    }
    const first = inference[0]?.result.sampleScores ?? [];
    const maxScoreDiffVsFirst = inference.map((i) =>
      Math.max(0, ...i.result.sampleScores.map((s, j) => Math.abs(s - (first[j] ?? Number.NaN)))),
    );
    const epochs = opts.trainEpochs ?? 3;
    let train: BrowserHgtTiming['train'] = null;
    if (epochs > 0) {
      const { nodes, edges, seed } = opts;
      const msPerEpoch = await trainIn(browser, url, { nodes, edges, seed, inputDim, epochs });
      const sorted = [...msPerEpoch].sort((a, b) => a - b);
      train = { epochs, msPerEpoch, medianMsPerEpoch: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN };
    }
    const best = inference.reduce((a, b) => (b.result.medianMs < a.result.medianMs ? b : a));
    return {
      browserVersion: browser.version(),
      medianMs: best.result.medianMs,
      p95Ms: best.result.p95Ms,
      bestThreads: best.threads,
      inference,
      maxScoreDiffVsFirst,
      train,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

// `npx tsx scripts/browser-hgt-timing.ts [nodes] [edges] [runs]`: Node and Chromium figures as JSON.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [nodes = 8000, edges = 24000, runs = 20] = process.argv.slice(2).map(Number);
  // Rounded times, without the 256 sampled scores.
  const strip = (r: HgtTimingResult) => ({
    ...r,
    timesMs: r.timesMs.map(Math.round),
    sampleScores: undefined,
  });
  const node = await timeHgtInference({ nodes, edges, runs, seed: 1 });
  console.log(JSON.stringify({ node: strip(node) }, null, 1));
  const browser = await timeHgtInBrowser({ nodes, edges, runs, seed: 1 });
  const inference = browser.inference.map((i) => ({ ...i, result: strip(i.result) }));
  console.log(JSON.stringify({ ...browser, inference }, null, 1));
}

// npm run bench:layout — how long the graph view takes to lay out and draw a focus view of 500, 2,000 and
// 4,000 visible nodes, in Chromium (issue 19: "pick layouts and sizes that stay under 200 ms; measure").
//
//   npx tsx scripts/bench-layout.ts [--data <dir>] [--json <file>] [--sizes 500,2000,4000] [--repeats 3]
//
// - World: the dataset's tools.json imported and its train split's plans ingested (`worldFromPlans`, as
//   bench:world does); default ../shared/data/seal_tools (4k tools), skipped cleanly when absent.
// - Views: `visibleSubgraph` (the graph view's focus view) capped at each size, around the busiest APIs.
// - In Chromium (headless, a 900 × 700 canvas), the view's own code (src/ui/graph-layout.ts, bundled with
//   esbuild) places the nodes: `layout` = the full layout the view picks at that size, `firstFrame` = add
//   the elements + layout + the first rendered frame, `incremental` = 2 % more nodes placed next to their
//   neighbours (what an import or a new trace costs: nothing else moves). Baselines in the same page:
//   the previous view's concentric layout (two rings by node kind) and cose (force-directed) at ≤ 500 nodes.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { visibleSubgraph } from '../src/app/visible-subgraph';
import { median } from '../src/core/bench/stats';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import type { PlanTask } from '../src/core/plan/plan-step';
import { parseCatalogue } from '../src/core/tools/importers';
import { findChromium } from '../e2e/find-chromium';
import { FigureSheet, intOption, runCli } from './figures';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATA = resolve(REPO_ROOT, '../shared/data/seal_tools');

const USAGE = `Usage: npx tsx scripts/bench-layout.ts [options]
  --data <dir>      dataset folder with tools.json + tasks.jsonl (default ../shared/data/seal_tools, skipped if absent)
  --json <file>     write every figure as flat JSON ("seal_tools.layout.n2000.firstFrameMs", …)
  --sizes <list>    visible node counts (default 500,2000,4000)
  --repeats <n>     runs per size; the median is reported (default 3)
  --cose-max <n>    largest view the cose baseline is timed on (default 500; it took 41 s at 2k)
  --help            this text`;

interface ViewData {
  nodes: { id: string; label: string; kind: string }[];
  edges: { id: string; source: string; target: string; kind: string; weight: number }[];
}

interface PageTimes {
  layout: string;
  addMs: number;
  fitMs: number;
  layoutMs: number;
  firstFrameMs: number;
  incrementalMs: number;
  incrementalMode: string;
  movedOnIncrement: number;
  oldConcentricMs: number;
  coseMs: number | null;
}

async function bundleLayoutCode(): Promise<string> {
  const out = await build({
    stdin: {
      contents:
        "export { placeNodes, fitNodes } from './src/ui/graph-layout';\n" +
        "export { GRAPH_STYLE, styleFor } from './src/ui/graph-style';\n",
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'GraphLayout',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      json: { type: 'string' },
      sizes: { type: 'string' },
      repeats: { type: 'string' },
      'cose-max': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const dir = resolve(values.data ?? DEFAULT_DATA);
  const sizes = (values.sizes ?? '500,2000,4000').split(',').map((s) => intOption('sizes', s, 1));
  const repeats = intOption('repeats', values.repeats ?? '3', 1);
  const coseMax = intOption('cose-max', values['cose-max'] ?? '500', 0);
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) {
    console.log(`Skipping ${dir}: no tools.json + tasks.jsonl there (a clone without ../shared has none).`);
    return;
  }
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('Skipping: no Chromium found (set CHROMIUM_PATH).');
    return;
  }
  const name = dir.split('/').filter(Boolean).pop()!;
  const sheet = new FigureSheet();
  sheet.meta['meta.date'] = new Date().toISOString();
  sheet.meta['meta.data'] = dir;
  sheet.meta['meta.repeats'] = repeats;

  const tools = parseCatalogue(JSON.parse(readFileSync(toolsPath, 'utf8'))).tools;
  const train = readFileSync(tasksPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as PlanTask & { split?: string })
    .filter((t) => t.plan.length > 0 && t.split === 'train');
  const t0 = performance.now();
  const { world } = await worldFromPlans(tools, train, new LexicalEmbedder());
  const graph = world.graph;
  console.log(
    `${name}: ${world.catalogue.size} tools, ${graph.nodeCount} nodes, ${graph.edgeCount} edges ` +
      `(built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  sheet.record(`${name}.graph.nodes`, graph.nodeCount, '');
  sheet.record(`${name}.graph.edges`, graph.edgeCount, '');

  const code = await bundleLayoutCode();
  const cytoscapeJs = readFileSync(
    resolve(REPO_ROOT, 'node_modules/cytoscape/dist/cytoscape.min.js'),
    'utf8',
  );
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    for (const size of sizes) {
      const v = visibleSubgraph(graph, null, size, 50);
      const data: ViewData = {
        nodes: v.nodes.map((n) => ({ id: n.id, label: n.label, kind: n.kind })),
        edges: v.edges.map((e) => ({
          id: e.id,
          source: e.source,
          target: e.target,
          kind: e.kind,
          weight: 0.5,
        })),
      };
      const runs: PageTimes[] = [];
      for (let r = 0; r < repeats; r++) {
        const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
        await page.setContent('<div id="cy" style="width:900px;height:700px"></div>');
        // tsx keeps function names with an `__name` helper, which the serialized page function calls.
        await page.addScriptTag({ content: 'window.__name = (f) => f;' });
        await page.addScriptTag({ content: cytoscapeJs });
        await page.addScriptTag({ content: code });
        runs.push(await page.evaluate(timeInPage, { data, cose: data.nodes.length <= coseMax }));
        await page.close();
      }
      const n = data.nodes.length;
      const p = `${name}.layout.n${size}`;
      const med = (f: (t: PageTimes) => number) => median(runs.map(f));
      sheet.record(`${p}.nodes`, n, '');
      sheet.record(`${p}.edges`, data.edges.length, '');
      sheet.record(
        `${p}.layoutMs`,
        med((t) => t.layoutMs),
        'ms',
        { kind: 'max', limit: 200 },
      );
      sheet.record(
        `${p}.addMs`,
        med((t) => t.addMs),
        'ms',
      );
      sheet.record(
        `${p}.fitMs`,
        med((t) => t.fitMs),
        'ms',
      );
      sheet.record(
        `${p}.firstFrameMs`,
        med((t) => t.firstFrameMs),
        'ms',
        { kind: 'max', limit: 200 },
      );
      sheet.record(
        `${p}.incrementalMs`,
        med((t) => t.incrementalMs),
        'ms',
      );
      // Nodes an increment moved: must be 0 (only the new nodes are placed).
      sheet.record(`${p}.movedOnIncrement`, Math.max(...runs.map((t) => t.movedOnIncrement)), '');
      sheet.record(
        `${p}.baseline.oldConcentricMs`,
        med((t) => t.oldConcentricMs),
        'ms',
      );
      if (runs[0]!.coseMs !== null)
        sheet.record(
          `${p}.baseline.coseMs`,
          med((t) => t.coseMs!),
          'ms',
        );
      sheet.meta[`${p}.layout`] = runs[0]!.layout;
      sheet.meta[`${p}.incrementalMode`] = runs[0]!.incrementalMode;
      console.log(
        `  ${n} nodes / ${data.edges.length} edges: ${runs[0]!.layout} ${med((t) => t.layoutMs).toFixed(0)} ms, ` +
          `first frame ${med((t) => t.firstFrameMs).toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  sheet.printTable();
  if (values.json) sheet.writeJson(values.json);
}

/** Runs in the page: the view's placement code over the view, timed, plus the baselines. */
async function timeInPage({ data, cose }: { data: ViewData; cose: boolean }): Promise<PageTimes> {
  type Cy = import('cytoscape').Core;
  const w = window as unknown as {
    cytoscape: (o: object) => Cy;
    GraphLayout: typeof import('../src/ui/graph-layout') & typeof import('../src/ui/graph-style');
  };
  const { placeNodes, fitNodes, styleFor, GRAPH_STYLE } = w.GraphLayout;
  const frame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  const container = document.getElementById('cy')!;
  const cut = Math.floor(data.nodes.length * 0.98);
  const first = new Set(data.nodes.slice(0, cut).map((n) => n.id));
  const elements = (nodes: ViewData['nodes'], edges: ViewData['edges']) => [
    ...nodes.map((n) => ({ group: 'nodes' as const, data: n })),
    ...edges.map((e) => ({ group: 'edges' as const, data: e })),
  ];
  const firstEdges = data.edges.filter((e) => first.has(e.source) && first.has(e.target));

  // The view: 98 % of the nodes, laid out and drawn.
  const cy = w.cytoscape({ container, style: styleFor(cut) });
  const cache = new Map<string, { x: number; y: number }>();
  let t = performance.now();
  cy.add(elements(data.nodes.slice(0, cut), firstEdges));
  const addMs = performance.now() - t;
  const outcome = placeNodes(cy, cache, []);
  const t1 = performance.now();
  fitNodes(cy);
  const fitMs = performance.now() - t1;
  await frame();
  const firstFrameMs = performance.now() - t;
  const layoutMs = outcome.ms;

  // 2 % more nodes (an import, a trace): placed next to their neighbours, nothing else moves.
  const before = new Map(cy.nodes().map((n) => [n.id(), { ...n.position() }]));
  const rest = data.edges.filter((e) => !firstEdges.includes(e));
  t = performance.now();
  cy.add(elements(data.nodes.slice(cut), rest));
  const inc = placeNodes(cy, cache, []);
  const incrementalMs = performance.now() - t;
  let moved = 0;
  for (const [id, p] of before) {
    const q = cy.getElementById(id).position();
    if (Math.abs(q.x - p.x) > 1e-6 || Math.abs(q.y - p.y) > 1e-6) moved++;
  }
  cy.destroy();

  // Baselines on the whole view: the previous concentric (two rings by kind), and cose when small.
  const base = w.cytoscape({ container, style: GRAPH_STYLE });
  base.add(elements(data.nodes, data.edges));
  t = performance.now();
  base
    .layout({
      name: 'concentric',
      concentric: (n: { data: (k: string) => string }) => (n.data('kind') === 'api' ? 2 : 1),
      levelWidth: () => 1,
      animate: false,
    } as never)
    .run();
  const oldConcentricMs = performance.now() - t;
  let coseMs: number | null = null;
  if (cose) {
    t = performance.now();
    base.layout({ name: 'cose', animate: false, randomize: false } as never).run();
    coseMs = performance.now() - t;
  }
  base.destroy();
  return {
    layout: outcome.layout,
    addMs,
    fitMs,
    layoutMs,
    firstFrameMs,
    incrementalMs,
    incrementalMode: inc.mode,
    movedOnIncrement: moved,
    oldConcentricMs,
    coseMs,
  };
}

runCli(main, USAGE);

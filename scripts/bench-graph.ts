// Graph benchmark (Node part of `npm run bench:graph`): builds the Tool World from a dataset catalogue
// in the shared format and from a ToolBench-scale synthetic catalogue, ingests traces one at a time and
// times each, then exports and re-imports the synthetic world. Prints each figure next to its goal.
//
//   npx tsx scripts/bench-graph.ts [--data <dir>]... [--json <file>] [--snapshot-out <file>] [--seed <n>]
//
// --data defaults to ../shared/data/seal_tools (relative to the repo root) and is skipped with a message
// when absent; any folder holding tools.json + tasks.jsonl in the shared format works, and --data may be
// repeated.

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FigureSheet, fmt, runCli, type Goal, intOption } from './figures';
import { parseArgs } from 'node:util';
import { max, mean, median, p95 } from '../src/core/bench/stats';
import {
  SYNTHETIC_TRACE_COUNT,
  syntheticCatalogue,
  syntheticTraces,
} from '../src/core/bench/synthetic-catalogue';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { parseCatalogue } from '../src/core/tools/importers';
import { planToTrace } from '../src/core/trace/plan-to-trace';
import type { Trace } from '../src/core/trace/trace';
import { ToolWorld } from '../src/core/world/world';
import { measureColdLoad } from './browser-cold-load';
import {
  datasetFolderProblem,
  readDatasetTasks,
  readToolsArray,
  TASKS_FILE,
  TOOLS_FILE,
  unlessBadData,
  warnLeftOut,
} from './dataset-folder';
import { findChromium } from '../e2e/find-chromium';
import type { WorldSnapshot } from '../src/core/world/world-snapshot';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATA = resolve(REPO_ROOT, '../shared/data/seal_tools');
/** Fixed clock: timestamps in the synthetic snapshot do not change between runs. */
const CLOCK = Date.UTC(2026, 0, 1);

const USAGE = `Usage: npx tsx scripts/bench-graph.ts [options]
  --data <dir>          dataset folder with tools.json + tasks.jsonl (shared format); repeatable
                        (default: ../shared/data/seal_tools relative to the repo root, skipped if absent)
  --json <file>         write every figure as flat JSON ("seal.buildMs", "synthetic.ingest.p95Ms", …)
  --snapshot-out <file> write the synthetic world's snapshot JSON (for the browser cold-load benchmark)
  --seed <n>            seed of the synthetic catalogue and traces (default 1)
  --no-browser          skip the IndexedDB cold-load measurement in Chromium
  --runs <n>            browser cold-load runs (default 5)
  --help                this text`;

// ------------------------------------------------------------------------------------------------
// Figures and goals

const sheet = new FigureSheet();
const { meta } = sheet;
const record = sheet.record.bind(sheet);

// ------------------------------------------------------------------------------------------------
// Timing

const ms = (t0: number): number => performance.now() - t0;

async function timed<T>(f: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: ms(t0) };
}

/** Ingests traces one at a time, timing each; a trace that throws is counted and skipped. */
async function ingestAll(world: ToolWorld, traces: Trace[]): Promise<{ times: number[]; errors: string[] }> {
  const times: number[] = [];
  const errors: string[] = [];
  for (const t of traces) {
    const t0 = performance.now();
    try {
      await world.ingestTrace(t);
      times.push(ms(t0));
    } catch (e) {
      errors.push(`${t.id}: ${(e as Error).message}`);
    }
  }
  return { times, errors };
}

function recordIngest(prefix: string, times: number[], errors: string[]): void {
  record(`${prefix}.ingest.traces`, times.length, '');
  if (times.length > 0) {
    record(`${prefix}.ingest.medianMs`, median(times), 'ms');
    record(`${prefix}.ingest.p95Ms`, p95(times), 'ms', { kind: 'max', limit: 5 });
    record(`${prefix}.ingest.meanMs`, mean(times), 'ms');
    record(`${prefix}.ingest.maxMs`, max(times), 'ms');
  }
  record(`${prefix}.ingest.errors`, errors.length, '', { kind: 'max', limit: 1 });
  for (const e of errors.slice(0, 5)) console.warn(`  ingest error ${e}`);
}

function recordGraph(
  prefix: string,
  world: ToolWorld,
  goals: { nodes?: Goal; apiNodes?: Goal; edges?: Goal } = {},
): void {
  const nodes = [...world.graph.nodes()];
  const apis = nodes.filter((n) => n.kind === 'api').length;
  record(`${prefix}.nodes`, world.graph.nodeCount, '', goals.nodes);
  record(`${prefix}.apiNodes`, apis, '', goals.apiNodes);
  record(`${prefix}.paramNodes`, nodes.length - apis, '');
  record(`${prefix}.edges`, world.graph.edgeCount, '', goals.edges);
  record(
    `${prefix}.behaviouralEdges`,
    [...world.graph.edges()].filter((e) => e.kind === 'behavioural').length,
    '',
  );
}

// ------------------------------------------------------------------------------------------------
// Dataset in the shared format

/** Short figure prefix for a dataset folder: seal_tools → seal, anything else its folder name. */
function prefixOf(dir: string): string {
  const name = basename(resolve(dir));
  return name === 'seal_tools' ? 'seal' : name.replace(/[^A-Za-z0-9]+/g, '_');
}

async function benchDataset(dir: string): Promise<void> {
  const problem = datasetFolderProblem(dir);
  if (problem) {
    console.log(`Skipping dataset ${dir}: ${problem} (a clone without ../shared has none).`);
    return;
  }
  const toolsPath = resolve(dir, TOOLS_FILE);
  const p = prefixOf(dir);
  console.log(`Dataset ${basename(resolve(dir))} (${dir}) as "${p}.*"`);

  const parsed = await timed(() => parseCatalogue(readToolsArray(toolsPath)));
  record(`${p}.tools`, parsed.value.tools.length, '');
  record(`${p}.parse.issues`, parsed.value.issues.length, '');
  record(`${p}.parseMs`, parsed.ms, 'ms');
  warnLeftOut(
    toolsPath,
    'tool entries',
    parsed.value.issues.map((i) => `entry #${i.index + 1}${i.name ? ` "${i.name}"` : ''}: ${i.reason}`),
    parsed.value.tools.length + parsed.value.issues.length,
  );

  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => CLOCK });
  const built = await timed(() => world.importTools(parsed.value.tools));
  record(`${p}.buildMs`, built.ms, 'ms', { kind: 'max', limit: 20_000 });
  record(`${p}.clusters`, world.standardizer.clusters().length, '');

  const tasks = readDatasetTasks(resolve(dir, TASKS_FILE));
  const train = tasks.filter((t) => t.split === 'train');
  console.log(`  world built (${fmt(built.ms)} ms); ingesting ${train.length} train plans`);
  const { times, errors } = await ingestAll(
    world,
    train.map((t) => planToTrace(t)),
  );
  recordIngest(p, times, errors);
  record(`${p}.inferredTools`, world.catalogue.tools().filter((t) => t.source === 'trace').length, '');
  recordGraph(p, world);
}

// ------------------------------------------------------------------------------------------------
// Synthetic ToolBench-scale catalogue

async function benchSynthetic(
  seed: number,
  snapshotOut: string | undefined,
  browserRuns: number,
): Promise<void> {
  console.log(`Synthetic catalogue, seed ${seed}`);
  const cat = syntheticCatalogue(seed);
  const traces = syntheticTraces(cat, seed, SYNTHETIC_TRACE_COUNT);
  record('synthetic.tools', cat.tools.length, '');

  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => CLOCK });
  const built = await timed(() => world.importTools(cat.tools));
  record('synthetic.buildMs', built.ms, 'ms', { kind: 'max', limit: 20_000 });
  record('synthetic.clusters', world.standardizer.clusters().length, '');
  console.log(`  world built (${fmt(built.ms)} ms); ingesting ${traces.length} traces`);
  const { times, errors } = await ingestAll(world, traces);
  console.log('  traces ingested; exporting and re-importing the snapshot');
  recordIngest('synthetic', times, errors);
  // The generator's size targets (ToolBench scale), checked so a drift is visible.
  recordGraph('synthetic', world, {
    apiNodes: { kind: 'min', limit: 5500 },
    nodes: { kind: 'range', lo: 7500, hi: 8500 },
    edges: { kind: 'range', lo: 22_000, hi: 26_000 },
  });

  const exported = await timed(() => JSON.stringify(world.snapshot(CLOCK)));
  const json = exported.value;
  record('synthetic.export.ms', exported.ms, 'ms');
  record('synthetic.export.bytes', Buffer.byteLength(json, 'utf8'), 'B');
  if (snapshotOut) {
    mkdirSync(dirname(resolve(snapshotOut)), { recursive: true });
    writeFileSync(snapshotOut, json);
    console.log(`Wrote the synthetic world snapshot to ${snapshotOut}`);
  }

  const t0 = performance.now();
  const snapshot = JSON.parse(json) as WorldSnapshot;
  const parseMs = ms(t0);
  const restored = await ToolWorld.fromSnapshot(snapshot, new LexicalEmbedder(), { now: () => CLOCK });
  const importMs = ms(t0);
  record('synthetic.import.parseMs', parseMs, 'ms');
  record('synthetic.import.ms', importMs, 'ms');
  const same =
    restored.graph.nodeCount === world.graph.nodeCount && restored.graph.edgeCount === world.graph.edgeCount;
  record('synthetic.import.roundTripOk', same ? 1 : 0, '', { kind: 'min', limit: 1 });

  if (browserRuns > 0) {
    if (!findChromium() && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
      console.log('Skipping the browser cold load: no Chromium found (set CHROMIUM_PATH).');
      return;
    }
    console.log(
      `Browser cold load: storing the synthetic world in IndexedDB, then ${browserRuns} browser restarts`,
    );
    const cold = await measureColdLoad(REPO_ROOT, json, browserRuns);
    record('coldLoad.nodes', cold.nodes, '');
    record('coldLoad.edges', cold.edges, '');
    const total = cold.storeMs.map((s, i) => s + cold.worldMs[i]!);
    record('coldLoad.store.medianMs', median(cold.storeMs), 'ms', { kind: 'max', limit: 1000 });
    record('coldLoad.store.maxMs', max(cold.storeMs), 'ms');
    record('coldLoad.world.medianMs', median(cold.worldMs), 'ms');
    record('coldLoad.medianMs', median(total), 'ms', { kind: 'max', limit: 1000 });
    record('coldLoad.maxMs', max(total), 'ms');
  }
}

// ------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      json: { type: 'string' },
      'snapshot-out': { type: 'string' },
      seed: { type: 'string', default: '1' },
      'no-browser': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = intOption('seed', values.seed);
  const dirs = values.data && values.data.length > 0 ? values.data : [DEFAULT_DATA];
  meta['meta.seed'] = seed;
  meta['meta.node'] = process.version;
  meta['meta.date'] = new Date().toISOString();
  meta['meta.data'] = dirs;

  for (const dir of dirs) await unlessBadData(() => benchDataset(dir));
  const runs = values['no-browser'] ? 0 : intOption('runs', values.runs, 0);
  await benchSynthetic(seed, values['snapshot-out'], runs);
  sheet.printTable();

  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);

// World benchmark (`npm run bench:world`, issue 11): the cost of one trace on its way through the Tool World —
// from "a trace was executed" to "the graph, retrieval and IndexedDB all reflect it" — at seal_tools scale
// (4k tools) and on the synthetic 5.5k-API world, with no snapshot crossing a worker boundary.
//
//   npx tsx scripts/bench-world.ts [--data <dir>] [--json <file>] [--seed <n>] [--traces <n>]
//                                  [--methods dtdrC,bm25,hybrid] [--no-synthetic] [--no-browser]
//
// Definitions (Node part):
// - World: seal_tools = tools.json imported and the train split's plans ingested (`worldFromPlans`);
//   synthetic = `buildSyntheticWorld(seed)` (as bench:graph). Both on the lexical embedder, fixed clock.
// - Store: the app's IndexedDB store (`IdbWorldStore`, src/persist) on fake-indexeddb, holding the world as
//   its checkpoint (`replace`) before the run.
// - Retrieval: a `RetrievalService` reset on the world, each method in `--methods` fitted (the hybrid
//   trained) before the run; its retraining policy is off (retrainAfter 0), so no trace retrains anything.
// - Per trace (`--traces` of them: seal_tools' test plans as traces, or further synthetic traces), timed
//   one after the other, wall clock: `world.ingestTrace` + the evolution policy (defaults: propagation
//   every 25 traces) → `store.write` of the change (one transaction) → `retrieval.ingest` (DTDR-C learns it
//   online). This is the world worker's whole path: it owns the world and its store (issue 11 item 1).
// - The UI's read model: the records the trace touched (`WorldChange`) are structured-cloned (what
//   postMessage does) and applied to a second world (`ToolWorld.applyChange`), as the UI thread does.
// - Bytes per trace: the structured-clone size (`v8.serialize`, the wire format of postMessage) of the trace
//   going in and of the records coming back; no snapshot crosses.
// - Ranking: `--methods` ranked for the first 20 traces' requests before the run and again after it, with no
//   retraining in between (wall time of `RetrievalService.rank`, prompts not built).
// Browser part (Chromium, production build): the same world stored through the app's import (link-model
// and retrieval auto-retraining off), then traces ingested through `WorldSession.ingestTrace` as the agent's
// turns do (window.__naviTest.traceTimings): the worker ingests it, then the IndexedDB transaction and
// retrieval run side by side, then the records come back and the UI's read model applies them.
// `reflected` = the round trip + applying the records; `withUiRedraw` adds the redraw the UI does before the
// next trace (the graph view at 4k tools); half the traces are spaced 0.4 s apart as turns are, the other
// half back to back. Rankings in the worker before and after (window.__naviTest.rankTimings).

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { BENCH_CLOCK, buildSyntheticWorld } from '../src/core/bench/search-bench';
import { mean, median, p95 } from '../src/core/bench/stats';
import { syntheticCatalogue, syntheticTraces } from '../src/core/bench/synthetic-catalogue';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import { RetrievalService } from '../src/core/retrieval/retrieval-service';
import { planToTrace } from '../src/core/trace/plan-to-trace';
import type { Trace } from '../src/core/trace/trace';
import { evolveAfterTrace, mergeInto } from '../src/core/world/evolution-policy';
import { ToolWorld } from '../src/core/world/world';
import { emptyChange } from '../src/core/world/world-snapshot';
import { openWorldStore } from '../src/persist/idb-world-store';
import { findChromium } from '../e2e/find-chromium';
import { measureWorldInBrowser } from './browser-world-timing';
import { loadDatasetFolder, unlessBadData, warnSkippedPlans } from './dataset-folder';
import { ProgressLine } from './progress-line';
import { FigureSheet, runCli, intOption } from './figures';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATA = resolve(REPO_ROOT, '../shared/data/seal_tools');
/** Requests ranked before and after the run. */
const RANK_QUERIES = 20;

const USAGE = `Usage: npx tsx scripts/bench-world.ts [options]
  --data <dir>      dataset folder with tools.json + tasks.jsonl (default ../shared/data/seal_tools, skipped if absent)
  --json <file>     write every figure as flat JSON ("seal.core.medianMs", "synthetic.bytes.median", …)
  --seed <n>        seed of the synthetic world and its extra traces (default 1)
  --traces <n>      traces ingested and timed per world (default 200)
  --methods <list>  retrieval methods fitted and ranked (default dtdrC,bm25,hybrid)
  --no-synthetic    skip the synthetic world
  --no-browser      skip the Chromium part
  --no-node         skip the Node part (the browser part alone)
  --help            this text`;

const sheet = new FigureSheet();
const { meta } = sheet;
const record = sheet.record.bind(sheet);

const ms = (t0: number): number => performance.now() - t0;

interface WorldCase {
  name: string;
  world: ToolWorld;
  traces: Trace[];
  /** The world before the timed traces, for the browser part (the Node part ingests them into `world`). */
  snapshotJson: string;
}

/** Figure prefix of a dataset folder: seal_tools keeps its short "seal" (BENCHMARKS), others their folder name. */
function prefixOf(name: string): string {
  return name === 'seal_tools' ? 'seal' : name;
}

async function datasetCase(dir: string, count: number): Promise<WorldCase | null> {
  const ds = loadDatasetFolder(dir);
  if (!ds) return null;
  const name = prefixOf(ds.name);
  const tasks = ds.tasks.filter((t) => t.plan.length > 0);
  const traces = tasks
    .filter((t) => t.split === 'test')
    .slice(0, count)
    .map((t) => planToTrace(t));
  if (traces.length === 0) {
    console.log(`Skipping ${dir}: no test tasks with a plan (split "test") to time as traces.`);
    return null;
  }
  const t0 = performance.now();
  const train = tasks.filter((t) => t.split === 'train');
  const { world, skipped } = await worldFromPlans(ds.tools, train, new LexicalEmbedder());
  warnSkippedPlans(name, skipped, train.length);
  record(`${name}.buildMs`, ms(t0), 'ms');
  return { name, world, traces, snapshotJson: JSON.stringify(world.snapshot(BENCH_CLOCK)) };
}

async function syntheticCase(seed: number, count: number): Promise<WorldCase> {
  const t0 = performance.now();
  const { world } = await buildSyntheticWorld(seed);
  record('synthetic.buildMs', ms(t0), 'ms');
  const traces = syntheticTraces(syntheticCatalogue(seed), seed + 1, count);
  return {
    name: 'synthetic',
    world,
    traces,
    snapshotJson: JSON.stringify(world.snapshot(BENCH_CLOCK)),
  };
}

async function rankTimes(
  retrieval: RetrievalService,
  methods: string[],
  queries: string[],
): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const method of methods) {
    out[method] = [];
    for (const query of queries) {
      const t0 = performance.now();
      await retrieval.rank({ query, history: [], method, topK: 10 });
      out[method].push(ms(t0));
    }
  }
  return out;
}

async function benchCase(c: WorldCase, methods: string[]): Promise<void> {
  const p = c.name;
  const { world, traces } = c;
  console.log(
    `${p}: ${world.catalogue.size} tools, ${world.graph.nodeCount} nodes, ${world.graph.edgeCount} edges, ` +
      `${world.traces.length} traces; timing ${traces.length} more`,
  );
  record(`${p}.tools`, world.catalogue.size, '');
  record(`${p}.edges`, world.graph.edgeCount, '');
  const { store } = await openWorldStore({ indexedDB: new IDBFactory(), name: `bench-${p}` });
  let t0 = performance.now();
  await store.replace(world.snapshot());
  record(`${p}.store.checkpointMs`, ms(t0), 'ms');

  // The UI's read model: a second copy built from the snapshot once, then fed the records of each change.
  const readModel = await ToolWorld.fromSnapshot(world.snapshot(), new LexicalEmbedder());

  const retrieval = new RetrievalService(new LexicalEmbedder(), { policy: { retrainAfter: 0 } });
  retrieval.reset(world);
  // A fit can take a minute or more at this scale: say which one is running (stderr, the log stays as it was).
  const progress = new ProgressLine();
  for (const method of methods) {
    progress.update(`  fitting ${method}…`, method);
    t0 = performance.now();
    await retrieval.rank({ query: traces[0]!.query, history: [], method });
    progress.clear();
    record(`${p}.fit.${method}Ms`, ms(t0), 'ms');
    console.log(`  ${method} fitted in ${(ms(t0) / 1000).toFixed(1)} s`);
  }
  const queries = traces.slice(0, RANK_QUERIES).map((t) => t.query);
  const before = await rankTimes(retrieval, methods, queries);

  const core: number[] = [];
  const parts = { ingest: [] as number[], write: [] as number[], retrieval: [] as number[] };
  const readModelMs: number[] = [];
  const bytes: number[] = [];
  const bytesIn: number[] = [];
  const bytesOut: number[] = [];
  const evolution: number[] = [];
  for (const trace of traces) {
    const a = performance.now();
    const out = await world.ingestTrace(trace);
    const step = evolveAfterTrace(world, out.trace);
    const b = performance.now();
    const change = step ? mergeInto(mergeInto(emptyChange(), out.change), step.change) : out.change;
    await store.write(change);
    const c2 = performance.now();
    await retrieval.ingest(
      trace,
      out.change.tools.map((t) => t.tool.name),
    );
    const d = performance.now();
    core.push(d - a);
    parts.ingest.push(b - a);
    parts.write.push(c2 - b);
    parts.retrieval.push(d - c2);
    if (step) evolution.push(b - a);
    bytesIn.push(serialize(trace).length);
    bytesOut.push(serialize(change).length);
    bytes.push(bytesIn.at(-1)! + bytesOut.at(-1)!);
    const e = performance.now();
    readModel.applyChange(structuredClone(change));
    readModelMs.push(ms(e));
  }
  const after = await rankTimes(retrieval, methods, queries);

  record(`${p}.core.medianMs`, median(core), 'ms', { kind: 'max', limit: 20 });
  record(`${p}.core.p95Ms`, p95(core), 'ms');
  record(`${p}.core.ingest.medianMs`, median(parts.ingest), 'ms');
  record(`${p}.core.write.medianMs`, median(parts.write), 'ms');
  record(`${p}.core.retrieval.medianMs`, median(parts.retrieval), 'ms');
  record(`${p}.evolution.runs`, evolution.length, '');
  if (evolution.length > 0) record(`${p}.evolution.ingestWithRun.medianMs`, median(evolution), 'ms');
  record(`${p}.readModel.medianMs`, median(readModelMs), 'ms');
  record(`${p}.app.medianMs`, median(core.map((x, i) => x + readModelMs[i]!)), 'ms', {
    kind: 'max',
    limit: 20,
  });
  record(`${p}.bytes.median`, median(bytes), 'B');
  record(`${p}.bytes.max`, Math.max(...bytes), 'B');
  record(`${p}.bytes.in.median`, median(bytesIn), 'B');
  record(`${p}.bytes.out.median`, median(bytesOut), 'B');
  // The read model equals the owner's world after the run (same snapshot, key for key).
  record(
    `${p}.readModel.equal`,
    JSON.stringify(readModel.snapshot(0)) === JSON.stringify(world.snapshot(0)) ? 1 : 0,
    '',
    { kind: 'min', limit: 1 },
  );
  record(`${p}.snapshotBytes`, serialize(world.snapshot()).length, 'B');
  for (const m of methods) {
    record(`${p}.rank.${m}.before.medianMs`, median(before[m]!), 'ms');
    record(`${p}.rank.${m}.after.medianMs`, median(after[m]!), 'ms');
    record(`${p}.rank.${m}.afterOverBefore`, median(after[m]!) / median(before[m]!), '', {
      kind: 'max',
      limit: 1.5,
    });
  }
  const status = await retrieval.status();
  record(`${p}.retrieval.newTraces`, status.newTraces, '');
  record(`${p}.retrieval.retrained`, status.training ? 1 : 0, '');
  console.log(
    `  per trace: core ${median(core).toFixed(2)} ms median (ingest ${median(parts.ingest).toFixed(2)}, ` +
      `IndexedDB ${median(parts.write).toFixed(2)}, retrieval ${median(parts.retrieval).toFixed(2)}), ` +
      `read model +${median(readModelMs).toFixed(2)} ms, ${mean(bytes).toFixed(0)} B on average`,
  );
  store.close();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      json: { type: 'string' },
      seed: { type: 'string', default: '1' },
      traces: { type: 'string', default: '200' },
      methods: { type: 'string', default: 'dtdrC,bm25,hybrid' },
      'no-synthetic': { type: 'boolean', default: false },
      'no-browser': { type: 'boolean', default: false },
      'no-node': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = intOption('seed', values.seed);
  const count = intOption('traces', values.traces, 1);
  const methods = values.methods.split(',').filter(Boolean);
  const dir = values.data ?? DEFAULT_DATA;
  meta['meta.node'] = process.version;
  meta['meta.date'] = new Date().toISOString();
  meta['meta.data'] = dir;
  meta['meta.traces'] = count;
  meta['meta.methods'] = methods;
  meta['meta.clock'] = BENCH_CLOCK;
  const t0 = performance.now();

  const seal = await unlessBadData(() => datasetCase(dir, count));
  const synthetic = values['no-synthetic'] ? null : await syntheticCase(seed, count);
  for (const c of [seal, synthetic]) if (c && !values['no-node']) await benchCase(c, methods);

  if (!values['no-browser']) {
    if (!findChromium()) console.log('Skipping the browser part: no Chromium found (set CHROMIUM_PATH).');
    else
      for (const c of [seal, synthetic]) {
        if (!c) continue;
        console.log(`  browser: ${c.name} stored through the app's import, ${c.traces.length} traces`);
        const r = await measureWorldInBrowser(REPO_ROOT, c.snapshotJson, c.traces, ['dtdrC', 'bm25']);
        const p = `browser.${c.name}`;
        record(`${p}.reflected.medianMs`, median(r.reflectedMs), 'ms', { kind: 'max', limit: 20 });
        record(`${p}.reflected.p95Ms`, p95(r.reflectedMs), 'ms');
        record(`${p}.withUiRedraw.medianMs`, median(r.traceMs), 'ms');
        record(`${p}.backToBack.medianMs`, median(r.burstMs), 'ms');
        for (const [part, xs] of Object.entries(r.parts))
          record(`${p}.trace.${part.replace(/Ms$/, '')}.medianMs`, median(xs), 'ms');
        record(`${p}.bytes.median`, median(r.bytes), 'B');
        record(`${p}.bytes.max`, Math.max(...r.bytes), 'B');
        record(`${p}.snapshotsSent`, r.snapshotsSent, '', { kind: 'max', limit: 1 });
        for (const [m, xs] of Object.entries(r.rankBefore)) {
          record(`${p}.rank.${m}.before.medianMs`, median(xs), 'ms');
          record(`${p}.rank.${m}.after.medianMs`, median(r.rankAfter[m]!), 'ms');
        }
      }
  }
  record('totalSeconds', ms(t0) / 1000, 's');
  sheet.printTable();
  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);

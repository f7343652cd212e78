// Retrieval evaluation (issue 4, DTDR §5–6): trains each method on a dataset's train split, ranks the next
// tool at every step of every test plan (history = gold prefix) and prints MRR, F1@|acceptable|, recall@5 and
// top-1 (function-selection accuracy) with and without the end-of-plan points, first step vs later steps, and
// the time per rank call (query embedding cached beforehand, so the encoder is not timed).
//
//   npm run eval:retrieval -- [--data <dir>]... [--methods a,b] [--json out.json] [--seed n] [--max-test n]
//
// --data defaults to every shared dataset folder with tasks (../shared/data/<name>, relative to the repo
// root); a folder that is absent or has no tasks is skipped with a message.

import { mkdirSync, writeFileSync } from 'node:fs';
import { runCli } from './figures';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mean } from '../src/core/bench/stats';
import { mulberry32, sample } from '../src/core/demo/prng';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { toolText } from '../src/core/retrieval/candidates';
import { DtdrC } from '../src/core/retrieval/dtdr-c';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { METHODS } from '../src/core/retrieval/method-registry';
import { evaluateRetriever, stepPoints, type RetrievalReport } from '../src/core/retrieval/metrics';
import type { RetrievalTask, Retriever } from '../src/core/retrieval/retriever';
import { loadRetrievalDataset, type RetrievalDataset } from './retrieval-data';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_DATASETS = [
  'seal_tools',
  'nestful_v1',
  'api_bank',
  'ultratool',
  'ultratool_graph',
  'bfcl',
  'stabletoolbench',
  'restbench',
  'toolalpaca',
];
const DEFAULT_DATA = SHARED_DATASETS.map((d) => resolve(REPO_ROOT, '../shared/data', d));
/** Test tasks per dataset; every shared test split is ≤ 707 tasks, so the default evaluates them all. */
const DEFAULT_MAX_TEST = 1000;

const USAGE = `Usage: npx tsx scripts/eval-retrieval.ts [options]
  --data <dir>      dataset folder with tools.json + tasks.jsonl (shared format); repeatable
                    (default: ${SHARED_DATASETS.join(', ')} under ../shared/data, each skipped if absent)
  --methods <a,b>   methods to run (default: all of ${Object.keys(METHODS).join(', ')})
  --json <file>     write the figures as flat JSON ("seal_tools.dtdrC.mrr", "dtdrC.mrr", …)
  --seed <n>        seed of the methods, the validation split and the test subsample (default 1)
  --max-test <n>    evaluate at most n test tasks per dataset, a seeded sample (default ${DEFAULT_MAX_TEST})
  --help            this text`;

/** DTDR Appendix D, Table 6, TinyAgent (MRR): for orientation only — other data, other encoder. */
const PAPER_TINYAGENT_MRR: [string, number][] = [
  ['random', 0.26],
  ['bm25', 0.35],
  ['qts (vanilla)', 0.26],
  ['static DR (ToolNet)', 0.7],
  ['DTDR-C', 0.78],
  ['static LR (TinyAgent)', 0.53],
  ['DTDR-L', 0.93],
];

// ------------------------------------------------------------------------------------------------

const out: Record<string, number | string | string[] | null> = {};
const num = (v: number): number | null => (Number.isFinite(v) ? Math.round(v * 10000) / 10000 : null);

function fmt(v: number | undefined, digits = 3): string {
  return v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);
}

interface MethodResult {
  report: RetrievalReport;
  fitMs: number;
  note?: string;
}

const COLUMNS: [string, (r: MethodResult) => string][] = [
  ['MRR', (r) => fmt(r.report.groups.all.mrr)],
  ['MRR w/o end', (r) => fmt(r.report.groups.noEnd.mrr)],
  ['F1', (r) => fmt(r.report.groups.all.f1)],
  ['F1 w/o end', (r) => fmt(r.report.groups.noEnd.f1)],
  ['recall@5', (r) => fmt(r.report.groups.all.recall5)],
  ['top-1', (r) => fmt(r.report.groups.all.top1)],
  ['top-1 w/o end', (r) => fmt(r.report.groups.noEnd.top1)],
  ['MRR t=0', (r) => fmt(r.report.groups.t0.mrr)],
  ['MRR t>0', (r) => fmt(r.report.groups.later.mrr)],
  ['MRR end', (r) => fmt(r.report.groups.end.mrr)],
  ['ms/query', (r) => fmt(r.report.msPerQuery)],
  ['fit s', (r) => fmt(r.fitMs / 1000, 1)],
];

function printTable(title: string, rows: [string, MethodResult | string][]): void {
  const head = ['method', ...COLUMNS.map(([h]) => h)];
  const cells = rows.map(([m, r]) =>
    typeof r === 'string' ? [m, `skipped: ${r}`] : [m, ...COLUMNS.map(([, f]) => f(r))],
  );
  // Skipped rows are [method, reason]: they size the method column only.
  const widths = head.map((h, i) =>
    Math.max(h.length, ...cells.filter((c) => i === 0 || c.length > 2).map((c) => (c[i] ?? '').length)),
  );
  const line = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(c.length === 2 ? `${c[0]!.padEnd(widths[0]!)}  ${c[1]}` : line(c));
  for (const [m, r] of rows) if (typeof r !== 'string' && r.note) console.log(`  ${m}: ${r.note}`);
}

// ------------------------------------------------------------------------------------------------

/** Share of test tool calls (and of distinct test tools) whose tool appears in some training plan. */
function seenShare(ds: RetrievalDataset): { calls: number; distinct: number } {
  const seen = new Set(ds.train.flatMap((t) => t.tools));
  const calls = ds.test.flatMap((t) => t.tools);
  const distinct = [...new Set(calls)];
  const share = (xs: string[]) => (xs.length === 0 ? NaN : xs.filter((t) => seen.has(t)).length / xs.length);
  return { calls: share(calls), distinct: share(distinct) };
}

function subsample(tasks: RetrievalTask[], max: number, seed: number): RetrievalTask[] {
  if (tasks.length <= max) return tasks;
  const keep = new Set(sample(mulberry32(seed), tasks, max));
  return tasks.filter((t) => keep.has(t));
}

async function runMethod(
  r: Retriever,
  ds: RetrievalDataset,
  test: RetrievalTask[],
  cache: EmbeddingCache,
): Promise<MethodResult> {
  const t0 = performance.now();
  await r.fit(ds.train);
  const fitMs = performance.now() - t0;
  // Embed everything rank() will read before timing it.
  await cache.warm(
    test.flatMap((t) =>
      stepPoints(t).flatMap((p) => [
        t.query,
        ...(r.textsToEmbed?.({ query: t.query, history: p.history }) ?? []),
      ]),
    ),
  );
  const report = evaluateRetriever(r, test);
  let note: string | undefined;
  if (r instanceof DtdrC && r.params) {
    const p = r.params;
    note =
      `k = ${p.k}${p.fraction === undefined ? '' : ` (${p.fraction} of train)`}, ${p.clusters} clusters built, n = ${p.order}` +
      (p.validationMrr === undefined
        ? ' (no sweep: small train set)'
        : `, validation MRR ${fmt(p.validationMrr)}`);
  }
  return { report, fitMs, ...(note ? { note } : {}) };
}

function record(prefix: string, res: MethodResult): void {
  const g = res.report.groups;
  const put = (k: string, v: number) => (out[`${prefix}.${k}`] = num(v));
  put('mrr', g.all.mrr);
  put('mrrNoEnd', g.noEnd.mrr);
  put('f1', g.all.f1);
  put('f1NoEnd', g.noEnd.f1);
  put('recall5', g.all.recall5);
  put('recall5NoEnd', g.noEnd.recall5);
  put('top1', g.all.top1);
  put('top1NoEnd', g.noEnd.top1);
  put('mrrT0', g.t0.mrr);
  put('mrrLater', g.later.mrr);
  put('mrrEnd', g.end.mrr);
  put('f1T0', g.t0.f1);
  put('f1Later', g.later.f1);
  put('top1T0', g.t0.top1);
  put('top1Later', g.later.top1);
  put('points', g.all.points);
  put('msPerQuery', res.report.msPerQuery);
  put('fitS', res.fitMs / 1000);
}

async function evalDataset(
  dir: string,
  methods: string[],
  seed: number,
  maxTest: number,
): Promise<Map<string, MethodResult> | undefined> {
  const ds = loadRetrievalDataset(dir);
  if (typeof ds === 'string') {
    console.log(`Skipping dataset ${dir}: ${ds}.`);
    return undefined;
  }
  const test = subsample(ds.test, maxTest, seed);
  const seen = seenShare(ds);
  const sub = test.length < ds.test.length ? ` (seeded sample of ${test.length})` : '';
  console.log(
    `\nDataset ${ds.name}: ${ds.catalogue.length} tools, ${ds.train.length} train / ${ds.test.length} test tasks${sub}; ` +
      `test tool calls seen in train ${fmt(seen.calls * 100, 1)}% (distinct tools ${fmt(seen.distinct * 100, 1)}%)`,
  );
  out[`${ds.name}.tools`] = ds.catalogue.length;
  out[`${ds.name}.train`] = ds.train.length;
  out[`${ds.name}.test`] = ds.test.length;
  out[`${ds.name}.testEvaluated`] = test.length;
  out[`${ds.name}.seenToolShare`] = num(seen.calls);
  out[`${ds.name}.seenToolShareDistinct`] = num(seen.distinct);
  if (test.length === 0) {
    console.log(`  no test tasks: nothing to evaluate.`);
    return undefined;
  }

  // IDF from what a deployed agent would have: the catalogue and the training queries (never the test ones).
  const embedder = new LexicalEmbedder();
  embedder.fit([...ds.catalogue.map(toolText), ...ds.train.map((t) => t.query)]);
  const cache = new EmbeddingCache(embedder);
  await cache.warm(test.map((t) => t.query));

  const results = new Map<string, MethodResult>();
  const rows: [string, MethodResult | string][] = [];
  for (const id of methods) {
    const r = (METHODS[id] as (typeof METHODS)[string])({ catalogue: ds.catalogue, embedder, seed, cache });
    if (r.learnsFromTraces && ds.train.length === 0) {
      rows.push([id, 'no train split (learns from training plans)']);
      out[`${ds.name}.${id}.skipped`] = 'no train split';
      continue;
    }
    const res = await runMethod(r, ds, test, cache);
    results.set(id, res);
    rows.push([id, res]);
    record(`${ds.name}.${id}`, res);
    if (r instanceof DtdrC && r.params) {
      out[`${ds.name}.${id}.k`] = r.params.k;
      out[`${ds.name}.${id}.order`] = r.params.order;
    }
  }
  const points = [...results.values()][0]?.report.groups;
  printTable(
    `${ds.name}: ${points?.all.points ?? 0} step points (${points?.end.points ?? 0} end-of-plan, ${points?.t0.points ?? 0} at t=0)`,
    rows,
  );
  return results;
}

function printMeans(all: Map<string, Map<string, MethodResult>>, methods: string[]): void {
  // Only datasets where every selected method ran, so the means compare like with like.
  const common = [...all].filter(([, r]) => methods.every((m) => r.has(m))).map(([d]) => d);
  if (common.length === 0) return;
  const keys: [string, string, (r: MethodResult) => number][] = [
    ['MRR', 'mrr', (r) => r.report.groups.all.mrr],
    ['MRR w/o end', 'mrrNoEnd', (r) => r.report.groups.noEnd.mrr],
    ['F1', 'f1', (r) => r.report.groups.all.f1],
    ['recall@5', 'recall5', (r) => r.report.groups.all.recall5],
    ['top-1', 'top1', (r) => r.report.groups.all.top1],
    ['MRR t=0', 'mrrT0', (r) => r.report.groups.t0.mrr],
    ['MRR t>0', 'mrrLater', (r) => r.report.groups.later.mrr],
    ['ms/query', 'msPerQuery', (r) => r.report.msPerQuery],
  ];
  console.log(`\nMean over ${common.length} datasets where every method ran (${common.join(', ')}):`);
  const head = ['method', ...keys.map(([h]) => h)];
  const rows = methods.map((m) => [
    m,
    ...keys.map(([, key, f]) => {
      const v = mean(common.map((d) => f(all.get(d)!.get(m)!)));
      out[`${m}.${key}`] = num(v);
      return fmt(v);
    }),
  ]);
  for (const m of methods) out[`${m}.datasets`] = common.length;
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log(
    `\nDTDR paper, TinyAgent MRR (Appendix D Table 6; other data and encoder, for orientation): ` +
      PAPER_TINYAGENT_MRR.map(([m, v]) => `${m} ${v.toFixed(2)}`).join(', '),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      methods: { type: 'string' },
      json: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'max-test': { type: 'string', default: String(DEFAULT_MAX_TEST) },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const maxTest = Number(values['max-test']);
  if (!Number.isInteger(maxTest) || maxTest < 1)
    throw new Error(`--max-test must be a positive integer, got ${values['max-test']}`);
  const methods = values.methods ? values.methods.split(',').map((m) => m.trim()) : Object.keys(METHODS);
  const unknown = methods.filter((m) => !(m in METHODS));
  if (unknown.length > 0)
    throw new Error(`unknown method(s) ${unknown.join(', ')}; known: ${Object.keys(METHODS).join(', ')}`);
  const dirs = values.data && values.data.length > 0 ? values.data : DEFAULT_DATA;
  out['meta.seed'] = seed;
  out['meta.maxTest'] = maxTest;
  out['meta.methods'] = methods;
  out['meta.embedder'] = new LexicalEmbedder().id;
  out['meta.node'] = process.version;
  out['meta.date'] = new Date().toISOString();

  const t0 = performance.now();
  const all = new Map<string, Map<string, MethodResult>>();
  for (const dir of dirs) {
    const r = await evalDataset(dir, methods, seed, maxTest);
    if (r) all.set(resolve(dir).split('/').pop()!, r);
  }
  printMeans(all, methods);
  out['meta.totalS'] = num((performance.now() - t0) / 1000);
  console.log(`\nTotal ${fmt((performance.now() - t0) / 1000, 1)} s.`);

  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(out).length} figures to ${values.json}`);
  }
}

runCli(main, USAGE);

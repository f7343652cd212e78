// Search benchmark (`npm run bench:search`), one part per file under scripts/bench-search/: speed of subgraph retrieval on the ToolBench-scale synthetic
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

import { parseArgs } from 'node:util';
import { mean } from '../src/core/bench/stats';
import { benchDataset, headline, headlineExact } from './bench-search/datasets';
import { overall, recordTally } from './bench-search/recombination';
import {
  COVERAGE_KAPPA,
  DEFAULT_DATA,
  DEFAULT_DATASETS,
  load,
  meta,
  METHODS,
  ms,
  OUTAGE_RATE,
  record,
  settings,
  sheet,
  type Loaded,
} from './bench-search/shared';
import { benchSpeed } from './bench-search/speed';
import { tuneCoverage } from './bench-search/tune-coverage';
import { runCli, intOption } from './figures';

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
  --link-weights      also plan with the HGT's p_uv as weights ("hgt" setting, trained per dataset on its
                      train plans by the app's recipe), next to static and dynamic w̃
  --help              this text`;

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
      'link-weights': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  settings.prior = Number(values.prior);
  if (!(settings.prior >= 0 && settings.prior <= 1))
    throw new Error(`--prior must be in [0, 1], got ${values.prior}`);
  settings.browser = !values['no-browser'];
  settings.linkWeights = values['link-weights'];
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = intOption('seed', values.seed);
  const targets = intOption('targets', values.targets, 1);
  const maxTasks = values['max-tasks'] === undefined ? null : intOption('max-tasks', values['max-tasks'], 1);
  const dirs = values.data && values.data.length > 0 ? values.data : DEFAULT_DATA;
  const t0 = performance.now();
  meta['meta.seed'] = seed;
  meta['meta.node'] = process.version;
  meta['meta.date'] = new Date().toISOString();
  meta['meta.data'] = dirs;
  meta['meta.prior'] = settings.prior;
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

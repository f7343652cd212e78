import {
  BENCH_CLOCK,
  buildSyntheticWorld,
  sampleKnown,
  sampleTargets,
} from '../../src/core/bench/search-bench';
import { mean, median, p95 } from '../../src/core/bench/stats';
import { alphaBetaSubgraph } from '../../src/core/search/alpha-beta';
import { extractPlan } from '../../src/core/search/plan-extraction';
import { serializeSubgraph } from '../../src/core/search/serialize-subgraph';
import { dynamicWeights, withStructuralPrior } from '../../src/core/search/weight-provider';
import type { ToolWorld } from '../../src/core/world/world';
import { findChromium } from '../../e2e/find-chromium';
import { measureSearchInWorker } from '../browser-search-timing';
import type { Goal } from '../figures';
import {
  KNOWN_SHARE,
  METHODS,
  ms,
  record,
  REPO_ROOT,
  retrieve,
  settings,
  timedSync,
  WARMUP_TARGETS,
  type Method,
} from './shared';

// ------------------------------------------------------------------------------------------------
// Speed on the synthetic ToolBench-scale world

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

export async function benchSpeed(seed: number, count: number): Promise<void> {
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

  const weights = withStructuralPrior(dynamicWeights(world.graph), settings.prior);
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
  if (settings.browser) await benchWorker(world, targets);
}

import { mean, median } from '../../src/core/bench/stats';
import { upstreamCeiling } from '../../src/core/bench/search-bench';
import {
  dynamicWeights,
  linkWeights,
  staticWeights,
  withStructuralPrior,
  type WeightProvider,
} from '../../src/core/search/weight-provider';
import { trainHgtWeights } from '../../src/core/eval/hgt-weights';
import { planToTrace } from '../../src/core/trace/plan-to-trace';
import { mulberry32, sample } from '../../src/core/util/prng';
import type { ToolWorld } from '../../src/core/world/world';
import { printRows } from '../figures';
import { benchRecombination } from './recombination';
import {
  buildWorld,
  evaluate,
  METHOD_LABEL,
  METHODS,
  ms,
  record,
  settings as bench,
  type Loaded,
  type Method,
  type TaskResult,
} from './shared';

// Plan quality on the shared datasets: every method, static and dynamic weights.

/** Records one (method, setting) cell's figures; returns the multi-step chain recall (NaN if none). */
export function recordCell(prefix: string, results: TaskResult[]): number {
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

type Setting = 'static' | 'dynamic' | 'hgt';

/** Multi-step chain recall per dataset, per method (static), for the cross-dataset means. */
export const headline = new Map<Method, number[]>();
export const headlineExact = new Map<Method, number[]>();

export async function benchDataset(data: Loaded, maxTasks: number | null, seed: number): Promise<void> {
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

  const settings: Partial<Record<Setting, { world: ToolWorld; weights: WeightProvider }>> = {
    static: {
      world: stat.world,
      weights: withStructuralPrior(staticWeights(stat.world.graph), bench.prior),
    },
    dynamic: {
      world: dyn.world,
      weights: withStructuralPrior(dynamicWeights(dyn.world.graph), bench.prior),
    },
  };
  // Issue 16: the learned p_uv as weights (the app's "HGT (learned p_uv)"), on the static world, with the
  // same structural floor, trained by the app's own recipe on the train plans only.
  if (bench.linkWeights) {
    const hgt = await trainHgtWeights(stat.world, { epochs: 60 });
    if ('unavailable' in hgt) console.log(`  ${hgt.unavailable}`);
    else {
      console.log(
        `  HGT weights: trained ${hgt.epochs} epochs in ${(hgt.trainMs / 1000).toFixed(1)} s (val AUC ${hgt.validationAuc ?? '—'})`,
      );
      record(`${p}.hgt.trainS`, hgt.trainMs / 1000, 's', undefined, false);
      settings.hgt = {
        world: stat.world,
        weights: withStructuralPrior(linkWeights(hgt.scorerFor(stat.world)), bench.prior),
      };
    }
  }
  const active = (['static', 'dynamic', 'hgt'] as const).filter((s) => settings[s]);
  const results = new Map<string, TaskResult[]>();
  const unknown: Record<Setting, number> = { static: 0, dynamic: 0, hgt: 0 };
  const t0 = performance.now();
  for (const task of test) {
    for (const setting of active) {
      const { world, weights } = settings[setting]!;
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
    for (const setting of active) {
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

  await benchRecombination(p, stat.world, settings.static!.weights, test, seed);
}

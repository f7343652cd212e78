import { mean } from '../../src/core/bench/stats';
import { staticWeights, withStructuralPrior } from '../../src/core/search/weight-provider';
import { printRows } from '../figures';
import {
  buildWorld,
  COVERAGE_KAPPA,
  evaluate,
  record,
  settings,
  TUNE_KAPPAS,
  type Loaded,
  type TaskResult,
} from './shared';

// ------------------------------------------------------------------------------------------------
// κ sweep for the input-coverage term (one dataset's train split only)

export async function tuneCoverage(data: Loaded): Promise<void> {
  const build = data.train.filter((_, i) => i % 2 === 0);
  const held = data.train.filter((_, i) => i % 2 === 1 && data.train[i]!.plan.length >= 2);
  console.log(
    `κ sweep on ${data.name} train: world from ${build.length} even-indexed train plans, ` +
      `scored on ${held.length} odd-indexed multi-step train tasks`,
  );
  const { world } = await buildWorld(data.tools, build);
  const weights = withStructuralPrior(staticWeights(world.graph), settings.prior);
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

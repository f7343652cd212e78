// Fits the zero-shot hybrid's learned fusion (issue 17, fourth pass) on every shared dataset's train split
// and writes the weights the app ships (src/core/retrieval/zero-shot-fusion-weights.ts). Deterministic:
// the same data and options give the same bytes. Judged leave-one-dataset-out by eval-encoder-lodo.ts,
// which fits the same way on all datasets but the held-out one.
//
//   npx tsx scripts/fit-zero-shot-fusion.ts [--data <dir>]... [--fit-tasks 250] [--end-weight 1] [--out file]

import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  END_FEATURES,
  fitZeroShotFusion,
  FUSION_FEATURES,
  setTranslationColumns,
  type FusionExample,
} from '../src/core/retrieval/zero-shot-fusion';
import { detailedToolText } from '../src/core/retrieval/tool-details';
import {
  translationEvidence,
  TranslationScorer,
  translationTokens,
} from '../src/core/retrieval/translation-model';
import { TranslationModels } from './translation-data';
import { mulberry32, sample } from '../src/core/util/prng';
import { loadRetrievalDataset, SHARED_DATASETS, type RetrievalDataset } from './retrieval-data';
import { detailed, lexicalFusionExamples, withIo } from './zero-shot-fusion-data';
import { runCli } from './figures';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run fit:zero-shot -- [--data <dataset dir>]... [--fit-tasks 250] [--end-weight 1] [--seed 1]
       [--out <file>]

  Fits the zero-shot hybrid's fusion weights on each dataset's train split (default: the shared datasets
  under ../shared/data, absent ones skipped) and writes them to --out (default: the shipped
  src/core/retrieval/zero-shot-fusion-weights.ts).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      'fit-tasks': { type: 'string', default: '250' },
      'end-weight': { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const seed = Number(values.seed);
  const fitTasks = Number(values['fit-tasks']);
  const dirs = values.data?.length
    ? values.data
    : SHARED_DATASETS.map((d) => resolve(REPO_ROOT, '../shared/data', d));
  const groups: FusionExample[][] = [];
  const names: string[] = [];
  const loaded: RetrievalDataset[] = [];
  for (const dir of dirs) {
    const raw = loadRetrievalDataset(dir);
    if (typeof raw === 'string') {
      console.log(`Skipping ${dir}: ${raw}.`);
      continue;
    }
    // Details apart from the description, as the app's catalogues come (the hybrid reads both views).
    const ds = withIo(detailed(raw));
    if (ds.train.length === 0) continue;
    const tasks = ds.train.length > fitTasks ? sample(mulberry32(seed), ds.train, fitTasks) : ds.train;
    groups.push(await lexicalFusionExamples(ds, tasks, seed));
    names.push(`${ds.name} (${tasks.length})`);
    loaded.push(ds);
  }
  // Translation features cross-fitted: each dataset's points read a table trained without that dataset
  // (scripts/translation-data.ts), as the app's catalogue is one the shipped table may not know.
  const models = new TranslationModels(loaded);
  loaded.forEach((ds, i) => {
    const scorer = new TranslationScorer(
      models.excluding([ds.name]),
      ds.catalogue.map((t) => translationTokens(detailedToolText(t))),
    );
    setTranslationColumns(groups[i] ?? [], (q) => translationEvidence(scorer, q));
  });
  if (groups.length === 0) return void console.log('No dataset with a train split: nothing written.');
  const t0 = performance.now();
  const fit = fitZeroShotFusion(groups, { endWeight: Number(values['end-weight']) });
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  const r = (v: number) => Number(v.toFixed(4));
  const tool = fit.tool.map(r);
  const end = fit.end?.map(r) ?? null;
  const text = `import type { FusionWeights } from './zero-shot-fusion';

// Written by scripts/fit-zero-shot-fusion.ts (npm run fit:zero-shot) — do not edit by hand.
// Train splits (up to ${fitTasks} tasks each, seed ${seed}): ${names.join(', ')}.
// END points weigh ${values['end-weight']} in END's stage. Losses: tools ${fit.toolLoss.toFixed(4)}, END ${fit.endLoss.toFixed(4)}.

/** The learned zero-shot fusion's weights, FUSION_FEATURES / END_FEATURES order (zero-shot-fusion.ts). */
export const SHIPPED_FUSION_WEIGHTS: FusionWeights = {
  // ${FUSION_FEATURES.join(', ')}
  tool: [${tool.join(', ')}],
  // ${END_FEATURES.join(', ')}
  end: ${end ? `[${end.join(', ')}]` : 'null'},
};
`;
  // Formatted as the repository's prettier would, so \`prettier --check\` passes on the written file.
  const prettier = await import('prettier');
  const shipped = resolve(REPO_ROOT, 'src/core/retrieval/zero-shot-fusion-weights.ts');
  const config = (await prettier.resolveConfig(shipped)) ?? {};
  const formatted = await prettier.format(text, { ...config, filepath: shipped });
  const outPath = values.out ?? shipped;
  writeFileSync(outPath, formatted);
  const sha = createHash('sha256').update(formatted).digest('hex');
  console.log(`Fitted on ${names.join(', ')} in ${s} s; wrote ${outPath} (sha256 ${sha.slice(0, 12)}…)`);
  FUSION_FEATURES.forEach((f, i) => console.log(`  ${f.padEnd(22)} ${tool[i]}`));
  if (end) END_FEATURES.forEach((f, i) => console.log(`  END ${f.padEnd(18)} ${end[i]}`));
}

runCli(main, USAGE);

// The word-association table the zero-shot hybrid ships (issue 17, sixth pass), learned with IBM Model 1 on
// every shared dataset's train split: models/translation-table.json + models/translation-table.manifest.json.
// Called by scripts/train.ts (`--only translation`). Deterministic: the same data and code give
// byte-identical files (the manifest carries no date or timing).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  TRANSLATION_SCORE_DEFAULTS,
  TRANSLATION_TRAIN_DEFAULTS,
  trainTranslationModel,
} from '../src/core/retrieval/translation-model';
import { loadRetrievalDataset, SHARED_DATASETS, type RetrievalDataset } from './retrieval-data';
import { translationPairs } from './translation-data';
import { detailed } from './zero-shot-fusion-data';

export const TRANSLATION_TABLE = 'translation-table';

/**
 * Trains on the train splits and writes the table; skips when no data is there. `data`: the shared-data
 * folder (each of SHARED_DATASETS under it) or a list of dataset folders (`npm run train -- --data`).
 */
export async function trainTranslationTable(
  outDir: string,
  outName: string,
  data: string | readonly string[],
): Promise<void> {
  const datasets: RetrievalDataset[] = [];
  const dirs = typeof data === 'string' ? SHARED_DATASETS.map((name) => resolve(data, name)) : data;
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const ds = loadRetrievalDataset(dir);
    // Tool texts with their parameters, as the zero-shot hybrid reads a catalogue (detailedToolText).
    if (typeof ds !== 'string') datasets.push(detailed(ds));
  }
  if (datasets.length === 0) {
    console.log(
      `Skipping the translation table: no dataset in ${typeof data === 'string' ? data : data.join(', ')}.`,
    );
    return;
  }
  const pairs = translationPairs(datasets);
  const table = trainTranslationModel(pairs);
  const text = `${JSON.stringify(table)}\n`;
  const entries = table.rows.reduce((a, r) => a + r.length / 2, 0);
  const manifest = {
    name: TRANSLATION_TABLE,
    file: `${TRANSLATION_TABLE}.json`,
    bytes: Buffer.byteLength(text),
    sha256: createHash('sha256').update(text).digest('hex'),
    method:
      'IBM Model 1 (Brown et al. 1993) p(tool word | request word) with a NULL request word, for ' +
      'retrieval as translation (Berger & Lafferty 1999); src/core/retrieval/translation-model.ts',
    trainingData: {
      datasets: datasets.map((d) => d.name),
      split:
        'train (every dataset; this shipped table has seen all nine catalogues — figures on unseen ' +
        'catalogues come from the leave-one-dataset-out runs, scripts/eval-encoder-lodo.ts)',
      pairs: pairs.length,
      pair: 'one per (request, distinct gold tool): request tokens → detailedToolText(tool) tokens',
      tokens: table.tokens,
    },
    training: TRANSLATION_TRAIN_DEFAULTS,
    scoring: TRANSLATION_SCORE_DEFAULTS,
    size: { requestWords: table.source.length, toolWords: table.target.length, entries },
    format: 'rows[i] = [target index, round(p · 10⁴), …] for source[i], by descending p',
    benchmarks: 'BENCHMARKS.md, "Tool retrieval encoder (zero-shot)", sixth pass',
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${TRANSLATION_TABLE}.json`), text);
  writeFileSync(
    resolve(outDir, `${TRANSLATION_TABLE}.manifest.json`),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log(
    `Wrote ${outName}/${TRANSLATION_TABLE}.json (${manifest.bytes} bytes, ${table.source.length} request words, ` +
      `${entries} entries, ${pairs.length} pairs; sha256 ${manifest.sha256.slice(0, 12)}…).`,
  );
}

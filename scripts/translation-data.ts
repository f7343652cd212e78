// Training pairs of the zero-shot hybrid's word-association model (issue 17, sixth pass): (request, gold tool
// text) from the shared datasets' train splits, leave-out aware like encoder-data.ts, so a model judged on a
// dataset never saw its requests, its tools' texts or its sibling dataset.

import { detailedToolText } from '../src/core/retrieval/tool-details';
import {
  trainTranslationModel,
  TranslationModel,
  translationTokens,
  type TranslationPair,
} from '../src/core/retrieval/translation-model';
import { SIBLINGS } from './encoder-data';
import type { RetrievalDataset } from './retrieval-data';

/**
 * One pair per (train request, distinct gold tool) of every dataset not in `exclude` (nor a sibling of one):
 * the request's tokens and the tool's name + description + parameter names and descriptions
 * (`detailedToolText`). Requests that also occur in an excluded dataset and tool texts of an excluded
 * catalogue are dropped.
 */
export function translationPairs(
  datasets: readonly RetrievalDataset[],
  exclude: readonly RetrievalDataset[] = [],
): TranslationPair[] {
  const skip = new Set(exclude.flatMap((d) => [d.name, ...(SIBLINGS[d.name] ?? [])]));
  const heldQueries = new Set(
    exclude.flatMap((d) => [...d.train, ...d.test].map((t) => t.query.trim().toLowerCase())),
  );
  const heldTools = new Set(exclude.flatMap((d) => d.catalogue.map(detailedToolText)));
  const pairs: TranslationPair[] = [];
  for (const d of datasets) {
    if (skip.has(d.name)) continue;
    const byName = new Map(d.catalogue.map((t) => [t.name, t]));
    for (const task of d.train) {
      if (heldQueries.has(task.query.trim().toLowerCase())) continue;
      const source = translationTokens(task.query);
      for (const name of new Set(task.tools)) {
        const tool = byName.get(name);
        if (!tool) continue;
        const text = detailedToolText(tool);
        if (!heldTools.has(text)) pairs.push({ source, target: translationTokens(text) });
      }
    }
  }
  return pairs;
}

/** Translation models memoised by the set of excluded datasets (leave-one-out folds reuse them). */
export class TranslationModels {
  private readonly memo = new Map<string, TranslationModel>();

  constructor(private readonly datasets: readonly RetrievalDataset[]) {}

  excluding(names: readonly string[]): TranslationModel {
    const key = [...new Set(names)].sort().join('+');
    let m = this.memo.get(key);
    if (!m) {
      const exclude = this.datasets.filter((d) => names.includes(d.name));
      m = new TranslationModel(trainTranslationModel(translationPairs(this.datasets, exclude)));
      this.memo.set(key, m);
    }
    return m;
  }
}

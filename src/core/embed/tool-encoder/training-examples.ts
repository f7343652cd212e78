import { Bm25Index, bm25Tokens } from '../../retrieval/baselines/bm25';
import { toolText } from '../../retrieval/candidates';
import type { CandidateTool, RetrievalTask } from '../../retrieval/retriever';

export interface ExampleSource {
  catalogue: readonly CandidateTool[];
  tasks: readonly RetrievalTask[];
  /** Tool name → category, where the catalogue has one (same-category tools are hard negatives). */
  categories?: ReadonlyMap<string, string>;
}

/** Hard negatives per request from each source (BM25's top wrong tools, then same-category tools). */
const BM25_NEGATIVES = 5;
const CATEGORY_NEGATIVES = 3;
/** A larger "category" is a split or source name (bfcl/simple_py, api_bank's levels), not a topic. */
const MAX_CATEGORY_SIZE = 40;

/**
 * (request, tool text) training examples of one catalogue: a request's positives are the texts of the
 * catalogue tools its plan calls; its hard negatives are the tools BM25 ranks highest that the plan does
 * not call (what a lexical ranker confuses) and, when categories are known, the first tools of the
 * positives' categories, in catalogue order, that are not called (categories of more than 40 tools are
 * split or source names, not topics, and are ignored).
 */
export function encoderExamples(source: ExampleSource) {
  const byName = new Map(source.catalogue.map((t) => [t.name, t]));
  const texts = source.catalogue.map(toolText);
  const bm25 = new Bm25Index(texts.map(bm25Tokens));
  const byCategory = new Map<string, number[]>();
  source.catalogue.forEach((t, i) => {
    const c = source.categories?.get(t.name);
    if (c === undefined || c === '') return;
    const list = byCategory.get(c) ?? [];
    list.push(i);
    byCategory.set(c, list);
  });
  for (const [c, list] of byCategory) if (list.length > MAX_CATEGORY_SIZE) byCategory.delete(c);
  const index = new Map(source.catalogue.map((t, i) => [t.name, i]));
  return source.tasks.flatMap((task) => {
    const pos = [...new Set(task.tools)].filter((n) => byName.has(n)).map((n) => index.get(n) as number);
    if (pos.length === 0) return [];
    const posSet = new Set(pos);
    const scores = bm25.scores(bm25Tokens(task.query));
    const ranked = [...scores.keys()]
      .filter((i) => (scores[i] as number) > 0 && !posSet.has(i))
      .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
      .slice(0, BM25_NEGATIVES);
    const negs = new Set(ranked);
    for (const p of pos) {
      const c = source.categories?.get(source.catalogue[p]?.name ?? '');
      const same = (c ? (byCategory.get(c) ?? []) : []).filter((i) => !posSet.has(i) && !negs.has(i));
      for (const i of same.slice(0, CATEGORY_NEGATIVES)) negs.add(i);
    }
    return [
      {
        query: task.query,
        positives: pos.map((i) => texts[i] as string),
        hardNegatives: [...negs].map((i) => texts[i] as string),
      },
    ];
  });
}

import { compactLayers } from './shift-rule';

/** One task's layers to score: gold per tool, predicted per tool, and the gold producer → consumer edges. */
export interface ScoredTask {
  gold: readonly number[];
  predicted: readonly number[];
  edges: ReadonlyArray<readonly [number, number]>;
}

export interface LayerMetrics {
  tasks: number;
  tools: number;
  /** Share of tools whose layer is exactly the gold one. */
  exact: number;
  /** Mean |predicted − gold| over tools. */
  mae: number;
  /** Share of same-task tool pairs whose order (before / same layer / after) matches the gold one. */
  pairwise: number;
  pairs: number;
  /**
   * `pairwise` split by what the gold plan does with the pair: on the pairs it orders (one tool runs
   * before the other) and on those it runs in one layer. "One layer" is 0 on the first and 1 on the
   * second; a dataset whose pairs are nearly all tied (seal_tools) rewards never ordering anything.
   */
  orderedPairwise: number;
  orderedPairs: number;
  tiedPairwise: number;
  /** Share of tasks where every gold dependency's producer sits in an earlier layer than its consumer. */
  executable: number;
}

/**
 * The layer metrics. Both layerings are renumbered 0, 1, 2, … first (empty layers removed), since
 * the executor runs layers in order and a gap changes nothing; pairs count ties, so "all in one layer" is
 * right on every pair the gold plan also runs together.
 */
export function layerMetrics(tasks: readonly ScoredTask[]): LayerMetrics {
  let tools = 0;
  let exact = 0;
  let abs = 0;
  let pairs = 0;
  let pairsRight = 0;
  let ordered = 0;
  let orderedRight = 0;
  let executable = 0;
  for (const t of tasks) {
    const g = compactLayers(t.gold);
    const p = compactLayers(t.predicted);
    for (let i = 0; i < g.length; i++) {
      tools++;
      if (g[i] === p[i]) exact++;
      abs += Math.abs((g[i] as number) - (p[i] as number));
      for (let j = i + 1; j < g.length; j++) {
        pairs++;
        const gold = Math.sign((g[i] as number) - (g[j] as number));
        const right = gold === Math.sign((p[i] as number) - (p[j] as number));
        if (right) pairsRight++;
        if (gold !== 0) {
          ordered++;
          if (right) orderedRight++;
        }
      }
    }
    if (t.edges.every(([a, b]) => (p[a] as number) < (p[b] as number))) executable++;
  }
  const share = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return {
    tasks: tasks.length,
    tools,
    exact: share(exact, tools),
    mae: share(abs, tools),
    pairwise: share(pairsRight, pairs),
    pairs,
    orderedPairwise: share(orderedRight, ordered),
    orderedPairs: ordered,
    tiedPairwise: share(pairsRight - orderedRight, pairs - ordered),
    executable: share(executable, tasks.length),
  };
}

import type { LinkScorer } from '../search/weight-provider';
import { type HgtPairs } from '../graph-tensors/tensor-spec';
import { HgtShapeError } from '../graph-tensors/hgt-shape-error';

export interface HgtLinkScorerOptions {
  /** Shown in the weight provider's id (`link:<id>`); default 'hgt'. */
  id?: string;
  /**
   * Weight of a pair the run did not score (an edge added after the last run, or a pair nobody asked
   * for). Default 0: search then treats the pair like an edge with no evidence, the same as eq. 4 gives a
   * new edge. Pass the statistical weight (e.g. `(s, t) => dynamic.weight(edge)`) to fall back to w̃.
   */
  fallback?: (source: string, target: string) => number;
}

/**
 * The HGT's p_uv (NaviAgent eq. 17) as the search's LinkScorer: a frozen table of one run's scores, looked
 * up synchronously (search asks for thousands of weights per query and cannot await a model). Rebuild it
 * after each run that follows a graph change; the graph's node ids map pair indices to (source, target).
 */
export function hgtLinkScorer(
  nodeIds: readonly string[],
  pairs: HgtPairs,
  scores: Float32Array,
  options: HgtLinkScorerOptions = {},
): LinkScorer {
  if (pairs.src.length !== scores.length || pairs.dst.length !== scores.length)
    throw new HgtShapeError(`${scores.length} scores for ${pairs.src.length} pairs`);
  const n = nodeIds.length;
  const index = new Map<string, number>();
  nodeIds.forEach((id, i) => index.set(id, i));
  // Keyed by u·n + v (exact in a double for any graph that fits in memory): no string per lookup.
  const table = new Map<number, number>();
  for (let i = 0; i < scores.length; i++) {
    const u = pairs.src[i] as number;
    const v = pairs.dst[i] as number;
    if (u < 0 || u >= n || v < 0 || v >= n)
      throw new HgtShapeError(`pair ${i} points outside the ${n} node ids (${u} → ${v})`);
    table.set(u * n + v, scores[i] as number);
  }
  const fallback = options.fallback ?? (() => 0);
  return {
    id: options.id ?? 'hgt',
    score(source, target) {
      const u = index.get(source);
      const v = index.get(target);
      const p = u === undefined || v === undefined ? undefined : table.get(u * n + v);
      return p ?? fallback(source, target);
    },
  };
}

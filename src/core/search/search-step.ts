import type { PruneRule } from './search-types';

/**
 * What Alpha-Beta decided about one node, in the order it decided (NaviAgent Appendix B.2, Algorithm 1):
 * the graph view replays these ring by ring. Plain data, so it crosses the worker and is kept with a turn.
 *
 * - `kept`: admitted to the subgraph (`cut`: an API whose score exceeded β, so the remaining
 *   predecessors of `via` were not examined);
 * - `alpha`: a parameter node alpha-pruned (S < H(d) and S < α);
 * - `beta`: a predecessor skipped by that β cut-off;
 * - `path-length`, `inactive`, `excluded`: left out before the rules (C, pruned nodes, failed APIs).
 */
export type SearchDecision = 'kept' | 'alpha' | 'beta' | 'path-length' | 'inactive' | 'excluded';

export interface SearchStep {
  /** The target API node this search expanded from. */
  target: string;
  /** Backward distance from the target (the target itself is ring 0). */
  ring: number;
  node: string;
  /** The node being expanded when `node` was examined (null for the target). */
  via: string | null;
  /** Eq. 18's S for the edge node → via (1 for the target). */
  score: number;
  decision: SearchDecision;
  /** Kept API whose score exceeded β: the siblings after it were cut. */
  cut?: boolean;
  /** α and β when the decision was made (after a kept node, before its update). */
  alpha: number;
  beta: number;
}

/** At most this many steps per search are kept (the nearest rings first): the view replays, not audits. */
export const MAX_SEARCH_STEPS = 400;

export const decisionOfRule = (rule: PruneRule): SearchDecision => (rule === 'beta-cutoff' ? 'beta' : rule);

import type { GraphEdge } from '../graph/graph-types';
import type { ToolGraph } from '../graph/tool-graph';
import { edgeWeight } from '../graph/weights';

/**
 * Where search reads edge weights from. Swapping the provider is what makes NaviAgent's ablations
 * possible: Static (w̃ frozen at a point in time), Dynamic (live w̃, eq. 4 / eq. 12), H (the HGT's
 * predicted link probability p_uv), or a blend.
 */
export interface WeightProvider {
  readonly id: string;
  /** Weight in [0, 1] of an existing edge. */
  weight(edge: GraphEdge): number;
}

/** Scores a (source, target) pair, e.g. the HGT link head σ(W_p[h_u; h_v] + b) (eq. 17). */
export interface LinkScorer {
  readonly id: string;
  score(source: string, target: string): number;
}

/** Live statistical weights: every ingested trace moves them (Dynamic+A / Dynamic+H). */
export function dynamicWeights(graph: ToolGraph): WeightProvider {
  return { id: 'dynamic', weight: (e) => edgeWeight(graph, e) };
}

/** Statistical weights frozen now; later traces do not move them (the paper's Static+A). */
export function staticWeights(graph: ToolGraph): WeightProvider {
  const frozen = new Map<string, number>();
  for (const e of graph.edges()) frozen.set(e.id, edgeWeight(graph, e));
  return { id: 'static', weight: (e) => frozen.get(e.id) ?? 0 };
}

/** Learned link probabilities as weights (the paper's "+H": p_uv used as w_uv, §3.2.3). */
export function linkWeights(scorer: LinkScorer): WeightProvider {
  return { id: `link:${scorer.id}`, weight: (e) => scorer.score(e.source, e.target) };
}

/** λ·a + (1−λ)·b. */
export function blendWeights(a: WeightProvider, b: WeightProvider, lambda: number): WeightProvider {
  if (!(lambda >= 0 && lambda <= 1)) throw new RangeError(`blend λ must be in [0, 1], got ${lambda}`);
  return {
    id: `blend(${a.id},${b.id},${lambda})`,
    weight: (e) => lambda * a.weight(e) + (1 - lambda) * b.weight(e),
  };
}

/**
 * A floor for structural edges: a schema says a tool takes or produces a parameter even before any trace
 * shows it, while eq. 4 gives such edges w̃ = 0 and search would never reach a tool nobody has called yet.
 * Behavioural edges keep their weight: they exist only because something was observed.
 */
export function withStructuralPrior(base: WeightProvider, prior: number): WeightProvider {
  return {
    id: `${base.id}+prior(${prior})`,
    weight: (e) => (e.kind === 'structural' ? Math.max(prior, base.weight(e)) : base.weight(e)),
  };
}

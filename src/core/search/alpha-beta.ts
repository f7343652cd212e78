import type { GraphEdge } from '../graph/graph-types';
import type { ToolGraph } from '../graph/tool-graph';
import { decisionOfRule, MAX_SEARCH_STEPS, type SearchStep } from './search-step';
import type { PruneRule, SearchSubgraph } from './search-types';
import { unionOfParts } from './subgraph-union';
import type { WeightProvider } from './weight-provider';

/**
 * NaviAgent Appendix B.2, Algorithm 1 (Alpha-Beta Backward Pruning): the quintuple (α, β, H, D, C) and the
 * score of eq. 18. Every constant is an option; the defaults are the paper's.
 */
export interface AlphaBetaOptions {
  /** α₀, the initial lower bound for acceptable scores. */
  alpha0: number;
  /** β₀, the initial upper bound for candidate evaluation. */
  beta0: number;
  /** H(d) = max(hFloor, hBase · hDecay^d). */
  hFloor: number;
  hBase: number;
  hDecay: number;
  /** D(d), the depth attenuation of eq. 18; the paper's 1/(1+√d). */
  attenuation: (d: number) => number;
  /** α' = max(α, alphaShrink · S). */
  alphaShrink: number;
  /** β' = min(β, betaGrow · S). */
  betaGrow: number;
  /** C(u, v_t): PathLength(u, v_t) ≤ maxPathLength (in edges; the target's direct predecessors are at 1). */
  maxPathLength: number;
  /**
   * The d used in H(d) and D(d) for the target's direct predecessors; a node `hops` edges from the target is
   * scored at d = depthOffset + hops − 1. 0 by default, see the note on depth in `alphaBetaSubgraph`.
   */
  depthOffset: number;
  /** Nodes never admitted, e.g. APIs that failed in this episode (recorded as 'excluded'). */
  exclude: ReadonlySet<string>;
  /** At most this many entries in `pruned` (the nearest ones, in discovery order). */
  maxPruned: number;
  /** At most this many step events in `steps` (the first ones, ring by ring). */
  maxSteps: number;
}

export const ALPHA_BETA_DEFAULTS: AlphaBetaOptions = {
  alpha0: 0.4,
  beta0: 0.9,
  hFloor: 0.3,
  hBase: 0.5,
  hDecay: 0.9,
  attenuation: (d) => 1 / (1 + Math.sqrt(d)),
  alphaShrink: 0.85,
  betaGrow: 1.15,
  maxPathLength: 5,
  depthOffset: 0,
  exclude: new Set(),
  maxPruned: 500,
  maxSteps: MAX_SEARCH_STEPS,
};

type PrunedEntry = SearchSubgraph['pruned'][number];

interface Candidate {
  id: string;
  isApi: boolean;
  score: number;
}

const byScoreThenId = (a: Candidate, b: Candidate): number =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Backward search from `target` over in-edges, pruned with NaviAgent's alpha-beta rules (Algorithm 1).
 *
 * Score (eq. 18), for a predecessor u of the node v being expanded:
 *   S_uv = (w_uv + I(u→v_t^api)·w(u→v_t^api) + I(u→v_t^param)·w(u→v_t^param)) / 3 × D(d)
 * where v_t^api is the target and the target parameter nodes are the target's active predecessors of kind
 * 'param' (its inputs). u may have edges into several of them; the indicator term uses the strongest. For a
 * direct predecessor of the target, v = v_t^api, so w_uv and the API indicator term are the same edge and
 * both count (that is what the formula says).
 *
 * Where the pseudocode of Algorithm 1 and the text of B.2 disagree we follow the text:
 * - alpha-pruning applies to PARAMETER nodes only, when S < H(d) AND S < α (the pseudocode agrees);
 * - the beta rule applies to API nodes (the pseudocode tests it on parameter nodes): when S > β the API is
 *   admitted and the remaining predecessors of v are not examined — the alpha-beta cut-off of siblings
 *   (recorded as 'beta-cutoff'). API nodes are never alpha-pruned;
 * - thresholds move as α' = max(α, 0.85·S) and β' = MIN(β, 1.15·S) (the pseudocode's max would only ever
 *   raise β, making the cut-off unreachable), after every admitted node, β being tested before its update.
 * The traversal follows the pseudocode's queue: FIFO, ring by ring, so a node's depth is its shortest
 * backward distance along admitted nodes and C (PathLength ≤ 5) is checked on that distance. Within a ring,
 * predecessors are visited by score descending, then id, so the result is deterministic.
 *
 * Depth convention: a node `hops` edges before the target is kept with depth = hops (the target at 0, its
 * direct predecessors at 1, the path length C bounds), and is scored at d = depthOffset + hops − 1, so by
 * default the first ring is scored at d = 0: D(0) = 1, H(0) = 0.5. With d = 1 for the first ring instead
 * (depthOffset = 1, Algorithm 1 read literally with the target at depth 0), a parameter feeding the target
 * directly scores at most (w + w)/3 · D(1) = 2/3 · 0.5 ≈ 0.33 < H(1) = 0.45 and < α₀ = 0.4, so every input
 * parameter of every target would be alpha-pruned and the subgraph could never contain one. At d = 0 an
 * input parameter with weight w scores 2w/3 and survives while 2w/3 ≥ min(H(0), α) (w ≥ 0.6 at α₀).
 * A parameter 2+ edges away scores at most (w_uv + w(u→v_t^param))/3 · D(1) ≤ 1/3 < α₀ and < H(1) unless it
 * also feeds the target (then it was already scored, and pruned, in the first ring): with the defaults the
 * deeper rings hold only APIs, which is what keeps the subgraph compact.
 *
 * Left out before the rules, without moving α or β: nodes in `exclude` ('excluded'), inactive nodes
 * ('inactive'), and nodes beyond `maxPathLength` ('path-length'). `pruned` holds each left-out node once
 * (its first event), minus nodes admitted later from another successor, capped at `maxPruned`; the stats
 * count events.
 */
export function alphaBetaSubgraph(
  graph: ToolGraph,
  target: string,
  weights: WeightProvider,
  options: Partial<AlphaBetaOptions> = {},
): SearchSubgraph {
  const t0 = performance.now();
  const o: AlphaBetaOptions = { ...ALPHA_BETA_DEFAULTS, ...options };
  if (!graph.node(target)) throw new RangeError(`alpha-beta: target ${target} is not in the graph`);

  // Indicator terms of eq. 18, computed once per search: w(u → v_t^api) by u, and the strongest
  // w(u → q) over target parameter nodes q by u.
  const toTarget = new Map<string, number>();
  const toTargetParam = new Map<string, number>();
  for (const e of graph.inEdges(target)) {
    toTarget.set(e.source, weights.weight(e));
    const q = graph.node(e.source);
    if (!q || q.kind !== 'param' || !q.active) continue;
    for (const f of graph.inEdges(q.id)) {
      const w = weights.weight(f);
      const prev = toTargetParam.get(f.source);
      if (prev === undefined || w > prev) toTargetParam.set(f.source, w);
    }
  }

  let alpha = o.alpha0;
  let beta = o.beta0;
  const H = (d: number) => Math.max(o.hFloor, o.hBase * Math.pow(o.hDecay, d));
  const kept = new Map<string, { depth: number; score: number }>([[target, { depth: 0, score: 1 }]]);
  const pruned = new Map<string, PrunedEntry>();
  const counts = {
    examined: 0,
    alpha: 0,
    betaCutoffs: 0,
    betaSkipped: 0,
    pathLength: 0,
    inactive: 0,
    excluded: 0,
  };
  // Step events for the graph view's replay: every decision in the order made, capped.
  const steps: SearchStep[] = [
    { target, ring: 0, node: target, via: null, score: 1, decision: 'kept', alpha, beta },
  ];
  const step = (node: string, via: string, ring: number, score: number, s: Partial<SearchStep>) => {
    if (steps.length < o.maxSteps)
      steps.push({ target, ring, node, via, score, decision: 'kept', alpha, beta, ...s });
  };
  const prune = (node: string, depth: number, score: number, rule: PruneRule, via: string) => {
    if (!pruned.has(node)) pruned.set(node, { node, depth, score, rule });
    step(node, via, depth, score, { decision: decisionOfRule(rule) });
  };

  const queue: string[] = [target];
  const candidates: Candidate[] = [];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    const hops = kept.get(v)!.depth + 1;
    const d = o.depthOffset + hops - 1;
    const atten = o.attenuation(d);
    const tooFar = hops > o.maxPathLength;

    candidates.length = 0;
    for (const e of graph.inEdges(v)) {
      const u = e.source;
      if (kept.has(u)) continue;
      counts.examined++;
      const score = scoreOf(e, weights, toTarget, toTargetParam, atten);
      if (o.exclude.has(u)) {
        counts.excluded++;
        prune(u, hops, score, 'excluded', v);
        continue;
      }
      const node = graph.node(u);
      if (!node || node.active === false) {
        counts.inactive++;
        prune(u, hops, score, 'inactive', v);
        continue;
      }
      if (tooFar) {
        counts.pathLength++;
        prune(u, hops, score, 'path-length', v);
        continue;
      }
      candidates.push({ id: u, isApi: node.kind === 'api', score });
    }
    if (candidates.length === 0) continue;
    candidates.sort(byScoreThenId);

    const h = H(d);
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      // Alpha-pruning at parameter nodes (text of B.2; Algorithm 1 agrees).
      if (!c.isApi && c.score < h && c.score < alpha) {
        counts.alpha++;
        prune(c.id, hops, c.score, 'alpha', v);
        continue;
      }
      // Beta cut-off at API nodes (text of B.2), tested against β before this node updates it.
      const cutoff = c.isApi && c.score > beta;
      step(c.id, v, hops, c.score, cutoff ? { cut: true } : {});
      kept.set(c.id, { depth: hops, score: c.score });
      queue.push(c.id);
      pruned.delete(c.id);
      alpha = Math.max(alpha, o.alphaShrink * c.score);
      beta = Math.min(beta, o.betaGrow * c.score);
      if (cutoff) {
        counts.betaCutoffs++;
        for (let j = i + 1; j < candidates.length; j++) {
          const s = candidates[j]!;
          counts.betaSkipped++;
          prune(s.id, hops, s.score, 'beta-cutoff', v);
        }
        break;
      }
    }
  }

  return {
    method: 'alpha-beta',
    targets: [target],
    nodes: [...kept.keys()],
    edges: edgesWithin(graph, kept),
    kept: Object.fromEntries(kept),
    pruned: [...pruned.values()].slice(0, o.maxPruned),
    stats: {
      finalAlpha: alpha,
      finalBeta: beta,
      visited: kept.size,
      examined: counts.examined,
      prunedAlpha: counts.alpha,
      betaCutoffs: counts.betaCutoffs,
      betaSkipped: counts.betaSkipped,
      prunedPathLength: counts.pathLength,
      prunedInactive: counts.inactive,
      prunedExcluded: counts.excluded,
    },
    steps,
    elapsedMs: performance.now() - t0,
  };
}

/** Eq. 18 for the edge u → v, with the indicator weights precomputed for the search's target. */
function scoreOf(
  e: GraphEdge,
  weights: WeightProvider,
  toTarget: ReadonlyMap<string, number>,
  toTargetParam: ReadonlyMap<string, number>,
  atten: number,
): number {
  const sum = weights.weight(e) + (toTarget.get(e.source) ?? 0) + (toTargetParam.get(e.source) ?? 0);
  return (sum / 3) * atten;
}

/** Edge ids between kept nodes (walking each kept node's in-edges), sorted. */
export function edgesWithin(
  graph: ToolGraph,
  kept: { has(id: string): boolean; keys(): Iterable<string> },
): string[] {
  const out: string[] = [];
  for (const v of kept.keys()) for (const e of graph.inEdges(v)) if (kept.has(e.source)) out.push(e.id);
  return out.sort();
}

/**
 * Alpha-beta subgraphs of several targets, merged: the union of nodes and edges; a node kept by several
 * searches keeps its smallest depth and, at that depth, its highest score. A node kept by one search is
 * not reported as pruned. Stats are summed (finalAlpha/finalBeta are per target, as lists).
 */
export function alphaBetaMulti(
  graph: ToolGraph,
  targets: readonly string[],
  weights: WeightProvider,
  options: Partial<AlphaBetaOptions> = {},
): SearchSubgraph {
  const t0 = performance.now();
  return mergeSubgraphs(
    'alpha-beta',
    targets.map((t) => alphaBetaSubgraph(graph, t, weights, options)),
    options.maxPruned ?? ALPHA_BETA_DEFAULTS.maxPruned,
    t0,
  );
}

/** Union of per-target subgraphs of one method (see `alphaBetaMulti`). */
export function mergeSubgraphs(
  method: SearchSubgraph['method'],
  parts: readonly SearchSubgraph[],
  maxPruned: number,
  t0: number = performance.now(),
): SearchSubgraph {
  const { targets, kept, edges, pruned } = unionOfParts(parts, maxPruned);
  const stats: Record<string, number | number[]> = {};
  for (const p of parts) {
    for (const [key, value] of Object.entries(p.stats)) {
      const prev = stats[key];
      if (key === 'finalAlpha' || key === 'finalBeta') {
        stats[key] = [...(Array.isArray(prev) ? prev : []), ...(Array.isArray(value) ? value : [value])];
      } else if (typeof value === 'number') {
        stats[key] = (typeof prev === 'number' ? prev : 0) + value;
      }
    }
  }
  stats.visited = kept.size;
  // Each target's steps in turn: the view replays one search after the other.
  const steps = parts.flatMap((p) => p.steps ?? []);
  return {
    method,
    targets,
    nodes: [...kept.keys()],
    edges,
    kept: Object.fromEntries(kept),
    pruned,
    stats,
    ...(parts.some((p) => p.steps) ? { steps } : {}),
    elapsedMs: performance.now() - t0,
  };
}

import { HGT_RELATIONS, type HgtGraphTensors, type HgtPairs } from '../graph-tensors/tensor-spec';

/**
 * Which pairs the app asks the HGT about: every edge of the graph (its p_uv becomes the search weight) and
 * api→api pairs that are not edges yet (the predicted links a user is shown). Scoring all n² API pairs is
 * fine for a few hundred APIs but not for ToolBench's 5.5k (30 M pairs), so above `allPairsUpTo` the
 * candidates are the schema's two-hop paths u → parameter → v: a parameter u produces that v takes. That is
 * the link a trace has not shown yet but the schemas already suggest, the cue the link eval found strongest.
 */
export interface CandidateOptions {
  /** Score every ordered API pair when there are at most this many (default 40,000: 200 APIs). */
  allPairsUpTo?: number;
  /** At most this many candidates per source API in the two-hop mode (default 40). */
  perSource?: number;
  /** At most this many candidates in all (default 50,000): bounds the run's memory. */
  maxCandidates?: number;
}

export interface ScoringPairs {
  pairs: HgtPairs;
  /** Pairs [0, edges) are the graph's edges in its order; the rest are candidate api→api links. */
  edges: number;
}

const API_PARAM = HGT_RELATIONS.indexOf('api->param');
const PARAM_API = HGT_RELATIONS.indexOf('param->api');
const API_API = HGT_RELATIONS.indexOf('api->api');

export function scoringPairs(g: HgtGraphTensors, options: CandidateOptions = {}): ScoringPairs {
  const allPairsUpTo = options.allPairsUpTo ?? 40_000;
  const perSource = options.perSource ?? 40;
  const maxCandidates = options.maxCandidates ?? 50_000;
  const n = g.apiCount + g.paramCount;
  const E = g.edgeSrc.length;
  const linked = new Set<number>();
  for (let e = 0; e < E; e++)
    if (g.edgeRel[e] === API_API) linked.add((g.edgeSrc[e] as number) * n + (g.edgeDst[e] as number));

  const src: number[] = Array.from(g.edgeSrc);
  const dst: number[] = Array.from(g.edgeDst);
  const add = (u: number, v: number): boolean => {
    if (u === v || linked.has(u * n + v)) return false;
    linked.add(u * n + v);
    src.push(u);
    dst.push(v);
    return true;
  };
  const A = g.apiCount;
  if (A * (A - 1) <= allPairsUpTo) {
    for (let u = 0; u < A; u++) for (let v = 0; v < A; v++) add(u, v);
  } else {
    const produces: number[][] = Array.from({ length: A }, () => []);
    const takenBy: number[][] = Array.from({ length: g.paramCount }, () => []);
    for (let e = 0; e < E; e++) {
      const s = g.edgeSrc[e] as number;
      const d = g.edgeDst[e] as number;
      if (g.edgeRel[e] === API_PARAM) produces[s]!.push(d - A);
      else if (g.edgeRel[e] === PARAM_API) takenBy[s - A]!.push(d);
    }
    outer: for (let u = 0; u < A; u++) {
      let added = 0;
      for (const p of produces[u]!)
        for (const v of takenBy[p]!) {
          if (src.length - E >= maxCandidates) break outer;
          if (add(u, v) && ++added >= perSource) continue outer;
        }
    }
  }
  return { pairs: { src: Int32Array.from(src), dst: Int32Array.from(dst) }, edges: E };
}

export interface PredictedLink {
  /** Node ids. */
  source: string;
  target: string;
  /** p_uv (NaviAgent eq. 17). */
  p: number;
}

/**
 * The highest-scoring candidate links per source API, best first: the "predicted next tools" of a node.
 * Reads the candidate part of a run's scores (pairs from `edges` on).
 */
export function topPredictions(
  nodeIds: readonly string[],
  scoring: ScoringPairs,
  scores: Float32Array,
  perSource = 10,
): Map<string, PredictedLink[]> {
  const bySource = new Map<string, PredictedLink[]>();
  for (let i = scoring.edges; i < scores.length; i++) {
    const source = nodeIds[scoring.pairs.src[i] as number]!;
    const list = bySource.get(source) ?? [];
    list.push({ source, target: nodeIds[scoring.pairs.dst[i] as number]!, p: scores[i] as number });
    bySource.set(source, list);
  }
  for (const [source, list] of bySource) {
    // Ties by target id, so the list does not depend on pair order.
    list.sort((a, b) => b.p - a.p || (a.target < b.target ? -1 : 1));
    bySource.set(source, list.slice(0, perSource));
  }
  return bySource;
}

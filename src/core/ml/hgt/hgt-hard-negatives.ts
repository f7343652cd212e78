import type { HgtGraphTensors } from '../../graph-tensors/tensor-spec';
import { pairKey } from './hgt-sampling';

/**
 * Hard negatives of the graph's behavioural edges (issue 16), one entry per edge of `graph` (structural
 * edges get none): the reversed pair (v, u) when it is not an edge, and a look-alike target (u, w), w the
 * node of v's kind most like v by text (same catalogue category when given), not u, not v, not linked from
 * u. Random negatives almost never share an end with the positive, so without these a trainer is never asked
 * which way a link runs or which of two near-twin tools u feeds — the two mistakes a planner cannot afford.
 */
export interface HgtHardNegatives {
  /** 1 when (edgeDst[e], edgeSrc[e]) is a usable reversed negative. */
  reversed: Uint8Array;
  /** The look-alike w of edge e's target, or −1. */
  lookalike: Int32Array;
}

/** Candidates kept per target node; the first one not linked from the edge's source is used. */
const CANDIDATES = 8;

export function hgtHardNegatives(
  graph: HgtGraphTensors,
  edgeKeys: ReadonlySet<number>,
  categories?: readonly (string | undefined)[],
): HgtHardNegatives {
  const E = graph.edgeSrc.length;
  const N = graph.apiCount + graph.paramCount;
  const dim = graph.inputDim - 4; // eq. 13: text vector ⊕ 4 statistics; the text part is a unit vector
  const text = (i: number) =>
    i < graph.apiCount
      ? graph.xApi.subarray(i * graph.inputDim, i * graph.inputDim + dim)
      : graph.xParam.subarray(
          (i - graph.apiCount) * graph.inputDim,
          (i - graph.apiCount) * graph.inputDim + dim,
        );
  const reversed = new Uint8Array(E);
  const lookalike = new Int32Array(E).fill(-1);
  const nearest = new Map<number, number[]>();
  const nearestOf = (v: number): number[] => {
    let list = nearest.get(v);
    if (list) return list;
    const [lo, hi] = v < graph.apiCount ? [0, graph.apiCount] : [graph.apiCount, N];
    const cat = categories?.[v];
    const scan = (sameCategory: boolean) => {
      const tv = text(v);
      const top: { w: number; c: number }[] = [];
      for (let w = lo; w < hi; w++) {
        if (w === v || (sameCategory && categories?.[w] !== cat)) continue;
        const tw = text(w);
        let c = 0;
        for (let j = 0; j < dim; j++) c += (tv[j] as number) * (tw[j] as number);
        if (top.length < CANDIDATES || c > top[top.length - 1]!.c) {
          top.push({ w, c });
          top.sort((a, b) => b.c - a.c || a.w - b.w);
          if (top.length > CANDIDATES) top.pop();
        }
      }
      return top.map((t) => t.w);
    };
    list = cat !== undefined ? scan(true) : [];
    if (list.length === 0) list = scan(false);
    nearest.set(v, list);
    return list;
  };
  for (let e = 0; e < E; e++) {
    const u = graph.edgeSrc[e] as number;
    const v = graph.edgeDst[e] as number;
    if (u < graph.apiCount !== v < graph.apiCount) continue; // structural
    if (!edgeKeys.has(pairKey(v, u, N))) reversed[e] = 1;
    const w = nearestOf(v).find((c) => c !== u && !edgeKeys.has(pairKey(u, c, N)));
    if (w !== undefined) lookalike[e] = w;
  }
  return { reversed, lookalike };
}

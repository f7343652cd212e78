import type { Random } from '../../util/prng';
import type { HgtGraphTensors } from '../../graph-tensors/tensor-spec';
import type { HgtHardNegatives } from './hgt-hard-negatives';

/** What one training epoch sees: the edges that pass messages, and the pairs it is supervised on. */
export interface HgtEpochBatch {
  /** Edge indices that carry messages this epoch (the rest are the targets). */
  messageEdges: Int32Array;
  /** Target edges, hidden from message passing; label = w̃ (NaviAgent eq. 6). */
  posSrc: Int32Array;
  posDst: Int32Array;
  posLabel: Float32Array;
  /** Negatives (u_j, v): the positive's source replaced by a node of the same type (eq. 8); never an edge. */
  negSrc: Int32Array;
  negDst: Int32Array;
  /** Index of the positive each negative was drawn for. */
  negOf: Int32Array;
  /** Per negative: 0 random (eq. 8 / both ends), 1 the positive reversed, 2 a look-alike target. */
  negKind: Uint8Array;
}

export interface HgtSamplingOptions {
  /** Share of edges hidden from message passing and supervised on. */
  targetFraction: number;
  /** k: negatives per positive. */
  negatives: number;
  /**
   * 'source' (the paper, eq. 8): (u_j, v), only the source replaced. 'random': both ends replaced by nodes of
   * the same kinds, a random non-edge of the positive's relation — what the eval's (and a search's
   * candidate list's) negatives look like. With source-only negatives, every feature of v (its degree, its
   * inputs) is identical in a positive and its negatives, so the head learns to ignore them. Default 'source'.
   */
  corrupt?: 'source' | 'random';
  /**
   * Hard negatives per edge (hgt-hard-negatives.ts): each target behavioural edge also gets its reversed
   * pair and its look-alike target, after its k random ones, so the margin of eq. 8 ranks the positive
   * above exactly the pairs a planner confuses it with. Absent: random negatives only (the paper).
   */
  hard?: HgtHardNegatives;
}

/** Key of a directed pair; exact in a double for graphs of up to ~9e7 nodes. */
export const pairKey = (src: number, dst: number, nodeCount: number): number => src * nodeCount + dst;

export function edgeKeySet(graph: HgtGraphTensors): Set<number> {
  const N = graph.apiCount + graph.paramCount;
  const keys = new Set<number>();
  for (let e = 0; e < graph.edgeSrc.length; e++)
    keys.add(pairKey(graph.edgeSrc[e] as number, graph.edgeDst[e] as number, N));
  return keys;
}

/** Tries per negative before giving up on it (a node linked to almost every node of the other type). */
const MAX_TRIES = 20;

/**
 * Splits the edges into message edges and targets (seeded), and draws k negatives (u_j, v) for each target
 * (u, v), u_j of u's node type (eq. 8). Only the source is corrupted, as in the paper: it matches how search
 * uses the scores (which predecessor feeds v); corrupting targets as well changed nothing measurable on the
 * tuning graph (docs/hgt.md). A candidate is rejected if it is an edge of the full graph or a self-pair; after
 * MAX_TRIES rejections that negative is skipped, so a positive may end up with fewer than k.
 */
export function sampleEpochBatch(
  graph: HgtGraphTensors,
  edgeKeys: Set<number>,
  rand: Random,
  options: HgtSamplingOptions,
): HgtEpochBatch {
  const E = graph.edgeSrc.length;
  const N = graph.apiCount + graph.paramCount;
  const targets = Math.min(E, Math.max(1, Math.round(E * options.targetFraction)));
  // Partial Fisher–Yates: the first `targets` entries become a uniform random subset.
  const order = Int32Array.from({ length: E }, (_, i) => i);
  for (let i = 0; i < targets; i++) {
    const j = i + Math.floor(rand() * (E - i));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  const targetIdx = order.slice(0, targets).sort();
  const messageEdges = order.slice(targets).sort();

  const posSrc = new Int32Array(targets);
  const posDst = new Int32Array(targets);
  const posLabel = new Float32Array(targets);
  const negSrc: number[] = [];
  const negDst: number[] = [];
  const negOf: number[] = [];
  const negKind: number[] = [];
  // A node of the same type as `v`: APIs are 0 … apiCount−1, parameters the rest.
  const sameType = (v: number) =>
    v < graph.apiCount
      ? Math.floor(rand() * graph.apiCount)
      : graph.apiCount + Math.floor(rand() * graph.paramCount);
  targetIdx.forEach((e, i) => {
    const u = graph.edgeSrc[e] as number;
    const v = graph.edgeDst[e] as number;
    posSrc[i] = u;
    posDst[i] = v;
    posLabel[i] = graph.edgeW[e] as number;
    for (let j = 0; j < options.negatives; j++) {
      for (let t = 0; t < MAX_TRIES; t++) {
        const s = sameType(u);
        const d = options.corrupt === 'random' ? sameType(v) : v;
        if (s === d || edgeKeys.has(pairKey(s, d, N))) continue;
        negSrc.push(s);
        negDst.push(d);
        negOf.push(i);
        negKind.push(0);
        break;
      }
    }
    const hard = options.hard;
    if (hard?.reversed[e]) {
      negSrc.push(v);
      negDst.push(u);
      negOf.push(i);
      negKind.push(1);
    }
    const w = hard ? (hard.lookalike[e] as number) : -1;
    if (w >= 0) {
      negSrc.push(u);
      negDst.push(w);
      negOf.push(i);
      negKind.push(2);
    }
  });
  return {
    messageEdges,
    posSrc,
    posDst,
    posLabel,
    negSrc: Int32Array.from(negSrc),
    negDst: Int32Array.from(negDst),
    negOf: Int32Array.from(negOf),
    negKind: Uint8Array.from(negKind),
  };
}

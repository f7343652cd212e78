import { HGT_RELATIONS, type HgtGraphTensors } from '../../graph-tensors/tensor-spec';

/**
 * Index arrays for one round of message passing over a chosen set of edges, computed once and reused by every
 * layer. Projections are per relation, so instead of projecting all N nodes with all four relations' matrices
 * (4× the work), each relation projects only the nodes that send (Q, V) or receive (K) on it; the per-relation
 * tables are stacked and each edge finds its rows by `qRow` / `kRow`.
 */
export interface HgtMessagePlan {
  nodeCount: number;
  /** Per relation (HGT_RELATIONS order): distinct source nodes, ascending; their rows in the stacked Q/V table. */
  srcNodes: Int32Array[];
  /** Per relation: distinct target nodes, ascending; their rows in the stacked K table. */
  dstNodes: Int32Array[];
  /** Per message-passing edge. */
  qRow: Int32Array;
  kRow: Int32Array;
  rel: Int32Array;
  dst: Int32Array;
  weight: Float32Array;
  /** Softmax group of each edge: one per (target, relation) pair that has an edge (eq. 15's N_r(v)). */
  segment: Int32Array;
  segmentCount: number;
}

/** Plan over `edges` (indices into the graph's edge arrays; all edges when omitted). */
export function buildMessagePlan(graph: HgtGraphTensors, edges?: Int32Array): HgtMessagePlan {
  const N = graph.apiCount + graph.paramCount;
  const R = HGT_RELATIONS.length;
  const E = edges ? edges.length : graph.edgeSrc.length;
  const edgeAt = (i: number) => (edges ? (edges[i] as number) : i);

  const rowsOf = (endpoint: Int32Array) => {
    const seen = Array.from({ length: R }, () => new Uint8Array(N));
    for (let i = 0; i < E; i++) {
      const e = edgeAt(i);
      (seen[graph.edgeRel[e] as number] as Uint8Array)[endpoint[e] as number] = 1;
    }
    // Row of node v in the stacked table of relation r, −1 if v is not an endpoint there.
    const row = new Int32Array(R * N).fill(-1);
    const nodes: Int32Array[] = [];
    let offset = 0;
    for (let r = 0; r < R; r++) {
      const mark = seen[r] as Uint8Array;
      const list: number[] = [];
      for (let v = 0; v < N; v++) if (mark[v]) list.push(v);
      list.forEach((v, i) => (row[r * N + v] = offset + i));
      offset += list.length;
      nodes.push(Int32Array.from(list));
    }
    return { nodes, row };
  };
  const src = rowsOf(graph.edgeSrc);
  const dst = rowsOf(graph.edgeDst);

  const qRow = new Int32Array(E);
  const kRow = new Int32Array(E);
  const rel = new Int32Array(E);
  const dstOut = new Int32Array(E);
  const weight = new Float32Array(E);
  const segment = new Int32Array(E);
  const segmentOf = new Int32Array(R * N).fill(-1);
  let segmentCount = 0;
  for (let i = 0; i < E; i++) {
    const e = edgeAt(i);
    const r = graph.edgeRel[e] as number;
    const s = graph.edgeSrc[e] as number;
    const d = graph.edgeDst[e] as number;
    qRow[i] = src.row[r * N + s] as number;
    kRow[i] = dst.row[r * N + d] as number;
    rel[i] = r;
    dstOut[i] = d;
    weight[i] = graph.edgeW[e] as number;
    const key = d * R + r;
    if (segmentOf[key] === -1) segmentOf[key] = segmentCount++;
    segment[i] = segmentOf[key] as number;
  }
  return {
    nodeCount: N,
    srcNodes: src.nodes,
    dstNodes: dst.nodes,
    qRow,
    kRow,
    rel,
    dst: dstOut,
    weight,
    segment,
    segmentCount,
  };
}

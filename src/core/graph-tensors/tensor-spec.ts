import type { Relation } from '../graph/graph-types';
import { HgtShapeError } from './hgt-shape-error';

// The Tool World graph as typed arrays: what the HGT reads (ml/hgt) and what the link-prediction protocol
// (linkpred) splits and scores. Below both, so neither depends on the other.

/** Relation order: index r in `edgeRel` and in the per-relation parameter arrays. */
export const HGT_RELATIONS: readonly Relation[] = ['param->api', 'api->param', 'api->api', 'param->param'];

export const relationIndex = (relation: Relation): number => HGT_RELATIONS.indexOf(relation);

/**
 * Input and output field text vectors of one API (same embedder as the node texts), and what its schema
 * says of each field (io-fields.ts `ToolIoVectors`: JSON types, name words, required inputs), which the
 * directional pair features read. The schema fields are optional: absent, a field is 'any', unnamed, optional.
 */
export interface HgtToolIo {
  ins: Float32Array[];
  outs: Float32Array[];
  inTypes?: string[];
  outTypes?: string[];
  inWords?: string[][];
  outWords?: string[][];
  inRequired?: boolean[];
}

/**
 * One graph as the model sees it. Edges are listed once each, with their relation index; `edgeW` is the
 * statistical weight w̃ (NaviAgent eq. 4, or the propagated weight of eq. 12) in [0, 1].
 */
export interface HgtGraphTensors {
  /** Node ids in model order: API nodes first, then parameter nodes. */
  nodeIds: string[];
  apiCount: number;
  paramCount: number;
  inputDim: number;
  /** [apiCount × inputDim] features of API nodes (eq. 13). */
  xApi: Float32Array;
  /** [paramCount × inputDim] features of parameter nodes. */
  xParam: Float32Array;
  edgeSrc: Int32Array;
  edgeDst: Int32Array;
  /** Index into HGT_RELATIONS. */
  edgeRel: Int32Array;
  edgeW: Float32Array;
  /** Per API row, its tools' input/output field vectors: read by the pair features (io similarity). */
  io?: HgtToolIo[];
}

/** Node pairs to score, as indices into `nodeIds`. */
export interface HgtPairs {
  src: Int32Array;
  dst: Int32Array;
}

/** Checks that a graph's arrays agree with each other (and with a model's input width); HgtShapeError if not. */
export function checkGraphTensors(g: HgtGraphTensors, inputDim?: number): void {
  const n = g.apiCount + g.paramCount;
  if (g.nodeIds.length !== n)
    throw new HgtShapeError(`graph lists ${g.nodeIds.length} node ids for ${n} nodes`);
  if (inputDim !== undefined && g.inputDim !== inputDim)
    throw new HgtShapeError(`graph features have ${g.inputDim} values, the model takes ${inputDim}`);
  if (g.xApi.length !== g.apiCount * g.inputDim || g.xParam.length !== g.paramCount * g.inputDim)
    throw new HgtShapeError('feature arrays do not match node counts × inputDim');
  const e = g.edgeSrc.length;
  if (g.edgeDst.length !== e || g.edgeRel.length !== e || g.edgeW.length !== e)
    throw new HgtShapeError('edge arrays differ in length');
  for (let i = 0; i < e; i++) {
    const s = g.edgeSrc[i] as number;
    const d = g.edgeDst[i] as number;
    const r = g.edgeRel[i] as number;
    if (s < 0 || s >= n || d < 0 || d >= n)
      throw new HgtShapeError(`edge ${i} points outside the graph (${s} → ${d}, ${n} nodes)`);
    if (r < 0 || r >= HGT_RELATIONS.length) throw new HgtShapeError(`edge ${i} has relation index ${r}`);
  }
}

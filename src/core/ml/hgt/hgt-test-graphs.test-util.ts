import { mulberry32, type Random } from '../../util/prng';
import type { HgtGraphTensors } from '../../graph-tensors/tensor-spec';

/**
 * A seeded random graph of `apiCount` + `paramCount` nodes with random features and `edgeCount` distinct edges
 * whose relation follows from the endpoint kinds (as in the Tool World graph). For tests and timing only.
 */
export function randomHgtGraph(
  seed: number,
  apiCount: number,
  paramCount: number,
  edgeCount: number,
  inputDim: number,
): HgtGraphTensors {
  const rand = mulberry32(seed);
  const N = apiCount + paramCount;
  const feature = (n: number) => Float32Array.from({ length: n * inputDim }, () => rand() * 2 - 1);
  const xApi = feature(apiCount);
  const xParam = feature(paramCount);
  const seen = new Set<number>();
  const src: number[] = [];
  const dst: number[] = [];
  const rel: number[] = [];
  const w: number[] = [];
  const node = (r: Random) => Math.floor(r() * N);
  while (src.length < edgeCount) {
    const s = node(rand);
    const d = node(rand);
    if (s === d || seen.has(s * N + d)) continue;
    seen.add(s * N + d);
    const sApi = s < apiCount;
    const dApi = d < apiCount;
    // HGT_RELATIONS order: param->api, api->param, api->api, param->param
    rel.push(!sApi && dApi ? 0 : sApi && !dApi ? 1 : sApi ? 2 : 3);
    src.push(s);
    dst.push(d);
    w.push(rand());
  }
  return {
    nodeIds: Array.from({ length: N }, (_, i) => (i < apiCount ? `api:${i}` : `param:${i}`)),
    apiCount,
    paramCount,
    inputDim,
    xApi,
    xParam,
    edgeSrc: Int32Array.from(src),
    edgeDst: Int32Array.from(dst),
    edgeRel: Int32Array.from(rel),
    edgeW: Float32Array.from(w),
  };
}

import { mulberry32 } from '../../util/prng';
import type { HgtGraphTensors, HgtPairs } from '../../graph-tensors/tensor-spec';

export interface PlantedTask {
  graph: HgtGraphTensors;
  /** Held-out within-group api→api edges (label 1) and cross-group api→api pairs (label 0), none in the graph. */
  validation: { pairs: HgtPairs; labels: Float32Array };
}

/**
 * A planted link pattern: APIs and parameters fall into two groups told apart by their features (a group
 * direction plus noise), and every edge stays inside its group. A quarter of the api→api edges is held out for
 * validation against as many random cross-group api→api pairs. A model that learned "same group ⇒ linked" ranks
 * the held-out edges first; one that learned "edge in the input graph ⇒ linked" does not.
 */
export function plantedTask(seed: number, apis = 40, params = 20, inputDim = 8, noise = 0.6): PlantedTask {
  const rand = mulberry32(seed);
  const N = apis + params;
  const group = (v: number) => (v < apis ? v % 2 : (v - apis) % 2);
  const features = (count: number, offset: number) => {
    const x = new Float32Array(count * inputDim);
    for (let i = 0; i < count; i++) {
      const g = group(offset + i);
      for (let j = 0; j < inputDim; j++)
        x[i * inputDim + j] = (j % 2 === g ? 1 : -1) * 0.8 + (rand() * 2 - 1) * noise;
    }
    return x;
  };
  const xApi = features(apis, 0);
  const xParam = features(params, apis);
  const keys = new Set<number>();
  const src: number[] = [];
  const dst: number[] = [];
  const rel: number[] = [];
  const w: number[] = [];
  const held: Array<[number, number]> = [];
  const addEdge = (s: number, d: number, r: number, holdOut: boolean) => {
    if (s === d || keys.has(s * N + d)) return;
    keys.add(s * N + d);
    if (holdOut) {
      held.push([s, d]);
      return;
    }
    src.push(s);
    dst.push(d);
    rel.push(r);
    w.push(0.3 + 0.7 * rand());
  };
  const sameGroup = (v: number, lo: number, count: number) => {
    for (;;) {
      const u = lo + Math.floor(rand() * count);
      if (group(u) === group(v)) return u;
    }
  };
  for (let a = 0; a < apis; a++) {
    for (let t = 0; t < 4; t++) addEdge(a, sameGroup(a, 0, apis), 2, rand() < 0.25); // api→api
    addEdge(sameGroup(a, apis, params), a, 0, false); // param→api (input)
    addEdge(a, sameGroup(a, apis, params), 1, false); // api→param (output)
  }
  const negatives: Array<[number, number]> = [];
  while (negatives.length < held.length) {
    const u = Math.floor(rand() * apis);
    const v = Math.floor(rand() * apis);
    if (group(u) !== group(v)) negatives.push([u, v]);
  }
  const pairs = [...held, ...negatives];
  return {
    graph: {
      nodeIds: Array.from({ length: N }, (_, i) => (i < apis ? `api:${i}` : `param:${i - apis}`)),
      apiCount: apis,
      paramCount: params,
      inputDim,
      xApi,
      xParam,
      edgeSrc: Int32Array.from(src),
      edgeDst: Int32Array.from(dst),
      edgeRel: Int32Array.from(rel),
      edgeW: Float32Array.from(w),
    },
    validation: {
      pairs: { src: Int32Array.from(pairs, (p) => p[0]), dst: Int32Array.from(pairs, (p) => p[1]) },
      labels: Float32Array.from(pairs, (_, i) => (i < held.length ? 1 : 0)),
    },
  };
}

// HGT inference timing (issue 5, "inference time for a seeded 8k-node / 24k-edge graph, goal < 150 ms on
// wasm"): a seeded random graph of the requested size, a seeded-initialised HGT exported to ONNX, and the
// full forward (embeddings of every node + p_uv of every edge) timed in onnxruntime-web's wasm backend.
//
// Imports no Node built-ins, so scripts/browser-hgt-timing.ts runs this same function in Chromium.
// Timing: `warmup` untimed runs (default 10: ORT allocates its buffers on the first run, and V8 runs the
// wasm in its baseline tier until its optimising compiler has finished — seconds on a busy machine), then
// `runs` runs, each timed around the ORT call by HgtOnnxRunner (feeds in, outputs out).

import { median, mean, p95 } from '../src/core/bench/stats';
import { mulberry32 } from '../src/core/util/prng';
import { exportHgt } from '../src/core/ml/hgt/export-hgt';
import { HgtOnnxRunner } from '../src/core/ml/hgt/hgt-onnx-runner';
import { DEFAULT_HGT_CONFIG, type HgtConfig } from '../src/core/ml/hgt/hgt-spec';
import {
  HGT_RELATIONS,
  relationIndex,
  type HgtGraphTensors,
  type HgtPairs,
} from '../src/core/graph-tensors/tensor-spec';
import { initHgtParams } from '../src/core/ml/hgt/init-hgt-params';
import { initOrt } from '../src/core/ml/ort-runtime';

export interface HgtTimingOptions {
  nodes: number;
  edges: number;
  seed: number;
  runs: number;
  /** Untimed runs first; default 10. */
  warmup?: number;
  /** Feature length; default 260 (a 256-dimensional text embedding + 4 statistics, eq. 13). */
  inputDim?: number;
  /** Passed to initOrt (once per process / page). Default 1. */
  numThreads?: number;
  /** Passed to initOrt; needed in the browser, found automatically in Node. */
  wasmPaths?: string;
  /** Overrides of the default config (hidden 64, 8 heads, 2 layers, Hadamard head, w̃ bias). */
  config?: Partial<Omit<HgtConfig, 'inputDim'>>;
}

export interface HgtTimingResult {
  nodes: number;
  apiNodes: number;
  paramNodes: number;
  edges: number;
  pairs: number;
  inputDim: number;
  numThreads: number;
  runs: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  minMs: number;
  /**
   * Node only (null in a browser): median CPU time of the whole process per run (user + system). On a
   * machine busy with other work, wall time includes waiting for a core; with 1 wasm thread CPU time is
   * close to what the run takes on an idle core.
   */
  cpuMedianMs: number | null;
  /** The first warm-up run, not in the statistics above. */
  firstRunMs: number;
  /**
   * Pair features of all pairs (`pairFeatureMatrix`, in TypeScript before the ORT run) on the first run, for a
   * config with pair features (DEFAULT_HGT_CONFIG has 9). Memoised per graph, so later runs skip it.
   */
  firstFeatureMs: number;
  exportMs: number;
  sessionMs: number;
  modelBytes: number;
  timesMs: number[];
  /** The first 256 scores, so a caller can compare two runs of the same seed (e.g. 1 vs 2 threads). */
  sampleScores: number[];
  /** Sum of all scores and of all embedding values: a cheap fingerprint of the whole output. */
  scoreSum: number;
  embeddingSum: number;
}

/** Share of each relation among the random edges: structural edges dominate a Tool World graph. */
const RELATION_MIX: Record<(typeof HGT_RELATIONS)[number], number> = {
  'param->api': 0.3,
  'api->param': 0.3,
  'api->api': 0.3,
  'param->param': 0.1,
};

/**
 * A seeded random graph: ≈ 25 % parameter nodes, every relation (RELATION_MIX), no self-loops or repeated
 * (source, target) pairs, edge kinds consistent with node kinds, features uniform in [−1, 1], w̃ in [0, 1].
 */
export function randomHgtGraph(
  nodes: number,
  edges: number,
  inputDim: number,
  seed: number,
): HgtGraphTensors {
  const rand = mulberry32(seed);
  const apiCount = Math.max(2, Math.round(nodes * 0.75));
  const paramCount = nodes - apiCount;
  if (paramCount < 2) throw new RangeError(`need at least 8 nodes for every relation, got ${nodes}`);
  const maxEdges = nodes * (nodes - 1);
  if (edges > maxEdges / 4) throw new RangeError(`${edges} edges is too dense for ${nodes} nodes`);
  const api = () => Math.floor(rand() * apiCount);
  const param = () => apiCount + Math.floor(rand() * paramCount);
  const seen = new Set<number>();
  const src = new Int32Array(edges);
  const dst = new Int32Array(edges);
  const rel = new Int32Array(edges);
  let acc = 0;
  const cumulative = HGT_RELATIONS.map((r) => (acc += RELATION_MIX[r]));
  for (let e = 0; e < edges;) {
    const x = rand();
    const r = HGT_RELATIONS[cumulative.findIndex((c) => x < c)] ?? 'api->api';
    const [sk, tk] = r.split('->');
    const s = sk === 'api' ? api() : param();
    const t = tk === 'api' ? api() : param();
    if (s === t || seen.has(s * nodes + t)) continue;
    seen.add(s * nodes + t);
    src[e] = s;
    dst[e] = t;
    rel[e] = relationIndex(r);
    e++;
  }
  const features = (n: number) => Float32Array.from({ length: n * inputDim }, () => rand() * 2 - 1);
  return {
    nodeIds: Array.from({ length: nodes }, (_, i) => (i < apiCount ? `api:t${i}` : `param:${i - apiCount}`)),
    apiCount,
    paramCount,
    inputDim,
    xApi: features(apiCount),
    xParam: features(paramCount),
    edgeSrc: src,
    edgeDst: dst,
    edgeRel: rel,
    edgeW: Float32Array.from({ length: edges }, () => rand()),
  };
}

/** The process's CPU time in ms (Node), or null where there is no `process` (browser). */
function processCpuMs(): number | null {
  const proc = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process;
  if (!proc?.cpuUsage) return null;
  const { user, system } = proc.cpuUsage();
  return (user + system) / 1000;
}

/** Times the exported HGT on a seeded random graph in onnxruntime-web (wasm). */
export async function timeHgtInference(opts: HgtTimingOptions): Promise<HgtTimingResult> {
  if (!(opts.runs >= 1)) throw new RangeError(`runs must be ≥ 1, got ${opts.runs}`);
  const inputDim = opts.inputDim ?? 260;
  const numThreads = opts.numThreads ?? 1;
  await initOrt({ numThreads, ...(opts.wasmPaths ? { wasmPaths: opts.wasmPaths } : {}) });
  const config: HgtConfig = { ...DEFAULT_HGT_CONFIG, ...opts.config, inputDim };
  const graph = randomHgtGraph(opts.nodes, opts.edges, inputDim, opts.seed);
  // Every edge scored, as the app does when it refreshes the search's weights after a graph change.
  const pairs: HgtPairs = { src: graph.edgeSrc, dst: graph.edgeDst };

  let t0 = performance.now();
  const bytes = exportHgt(initHgtParams(config, opts.seed));
  const exportMs = performance.now() - t0;
  t0 = performance.now();
  const runner = await HgtOnnxRunner.create(bytes);
  const sessionMs = performance.now() - t0;
  try {
    const first = await runner.run(graph, pairs);
    for (let i = 1; i < (opts.warmup ?? 10); i++) await runner.run(graph, pairs);
    const timesMs: number[] = [];
    const cpuMs: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const cpu0 = processCpuMs();
      timesMs.push((await runner.run(graph, pairs)).ms);
      const cpu1 = processCpuMs();
      if (cpu0 !== null && cpu1 !== null) cpuMs.push(cpu1 - cpu0);
    }
    const sum = (a: Float32Array) => a.reduce((s, x) => s + x, 0);
    return {
      nodes: opts.nodes,
      apiNodes: graph.apiCount,
      paramNodes: graph.paramCount,
      edges: opts.edges,
      pairs: pairs.src.length,
      inputDim,
      numThreads,
      runs: opts.runs,
      medianMs: median(timesMs),
      p95Ms: p95(timesMs),
      meanMs: mean(timesMs),
      minMs: Math.min(...timesMs),
      cpuMedianMs: cpuMs.length > 0 ? median(cpuMs) : null,
      firstRunMs: first.ms,
      firstFeatureMs: first.featureMs,
      exportMs,
      sessionMs,
      modelBytes: bytes.length,
      timesMs,
      sampleScores: Array.from(first.scores.subarray(0, 256)),
      scoreSum: sum(first.scores),
      embeddingSum: sum(first.embeddings),
    };
  } finally {
    await runner.release();
  }
}

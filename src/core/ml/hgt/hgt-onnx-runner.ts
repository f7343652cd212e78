import { PAIR_FEATURES, pairFeatureMatrix } from '../../graph-tensors/pair-features';
import { readModelMetadata } from '../onnx-writer';
import { createSession, releaseSession, run, type OrtSession } from '../ort-runtime';
import { checkRelationKinds, HGT_METADATA, HGT_ONNX, HGT_ONNX_FORMAT } from './export-hgt';
import { pairFeatureCount, type HgtConfig } from './hgt-spec';
import { checkGraphTensors, type HgtGraphTensors, type HgtPairs } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';
import { HgtModelError } from './hgt-model-error';

export interface HgtRunResult {
  /** [N × hidden], nodes in the graph's order. */
  embeddings: Float32Array;
  /** [P] p_uv of the requested pairs, in their order. */
  scores: Float32Array;
  /** Wall time of the ORT run (feeds in, outputs out). */
  ms: number;
  /** Time spent computing pair features (`pairFeatureMatrix`, memoised per graph); 0 when given or unused. */
  featureMs: number;
}

/** The config an exported HGT carries in its metadata; throws HgtModelError when it is not there. */
export function readHgtConfig(modelBytes: Uint8Array): HgtConfig {
  let meta: Record<string, string>;
  try {
    meta = readModelMetadata(modelBytes);
  } catch (e) {
    throw new HgtModelError(`these bytes are not an ONNX model (${(e as Error).message})`);
  }
  const format = meta[HGT_METADATA.format];
  if (format === undefined)
    throw new HgtModelError('this ONNX model has no HGT metadata: export it with exportHgt');
  if (format !== HGT_ONNX_FORMAT)
    throw new HgtModelError(
      `HGT model format ${format}, this app reads format ${HGT_ONNX_FORMAT}: retrain or re-export the model`,
    );
  const config = JSON.parse(meta[HGT_METADATA.config] ?? 'null') as HgtConfig;
  // A model trained on other pair features (a different list or order) would weigh the wrong columns.
  const names = meta[HGT_METADATA.pairFeatures];
  if (pairFeatureCount(config) > 0 && names !== undefined && names !== JSON.stringify(PAIR_FEATURES))
    throw new HgtModelError(
      `the HGT model was trained on pair features ${names}, this app computes ${JSON.stringify(PAIR_FEATURES)}: retrain it`,
    );
  return config;
}

function checkPairs(pairs: HgtPairs, nodes: number): void {
  if (pairs.src.length !== pairs.dst.length)
    throw new HgtShapeError(
      `pair lists differ in length (${pairs.src.length} sources, ${pairs.dst.length} targets)`,
    );
  for (let i = 0; i < pairs.src.length; i++) {
    const u = pairs.src[i] as number;
    const v = pairs.dst[i] as number;
    // ORT's Gather would fail on these too, but with a message that names no pair.
    if (u < 0 || u >= nodes || v < 0 || v >= nodes)
      throw new HgtShapeError(`pair ${i} points outside the graph (${u} → ${v}, ${nodes} nodes)`);
  }
}

/**
 * One onnxruntime-web session for one exported HGT: validates a graph against the model's config, runs the
 * whole-graph forward and the link head in one call. Zero edges and zero pairs are fine (ORT accepts empty
 * dimensions; export-hgt.test.ts runs both). Call `release` when the model is swapped out.
 */
export class HgtOnnxRunner {
  private session: OrtSession | null;

  private constructor(
    session: OrtSession,
    readonly config: HgtConfig,
  ) {
    this.session = session;
  }

  static async create(modelBytes: Uint8Array): Promise<HgtOnnxRunner> {
    const config = readHgtConfig(modelBytes);
    const session = await createSession(modelBytes);
    const F = pairFeatureCount(config);
    const missing = Object.values(HGT_ONNX).filter(
      (name) =>
        (name !== HGT_ONNX.pairFeat || F > 0) &&
        !session.inputNames.includes(name) &&
        !session.outputNames.includes(name),
    );
    if (missing.length > 0) {
      await releaseSession(session);
      throw new HgtModelError(`the HGT model lacks ${missing.join(', ')}: re-export it with exportHgt`);
    }
    return new HgtOnnxRunner(session, config);
  }

  /**
   * `pairFeatures` ([P × F], a model with pair features only) defaults to `pairFeatureMatrix(graph, …)`, the
   * function the trainer used; the graph should then carry `io` (buildHgtGraph adds it), or the io
   * similarity of API pairs reads 0.
   */
  async run(graph: HgtGraphTensors, pairs: HgtPairs, pairFeatures?: Float32Array): Promise<HgtRunResult> {
    const session = this.session;
    if (!session) throw new HgtModelError('this HGT runner was released; create a new one');
    checkGraphTensors(graph, this.config.inputDim);
    // The export projects each node only under its kind's relations; a mismatched edge would read the
    // wrong projection silently.
    checkRelationKinds(graph);
    const nodes = graph.apiCount + graph.paramCount;
    if (nodes === 0) throw new HgtShapeError('the graph has no nodes to embed');
    checkPairs(pairs, nodes);
    const E = graph.edgeSrc.length;
    const P = pairs.src.length;
    const F = pairFeatureCount(this.config);
    const f0 = performance.now();
    const feat = F > 0 ? (pairFeatures ?? pairFeatureMatrix(graph, pairs.src, pairs.dst)) : undefined;
    const featureMs = F > 0 && !pairFeatures ? performance.now() - f0 : 0;
    if (feat && feat.length !== P * F)
      throw new HgtShapeError(`pair features: ${feat.length} values for ${P} pairs × ${F}`);
    const t0 = performance.now();
    const out = await run(session, {
      [HGT_ONNX.xApi]: { data: graph.xApi, dims: [graph.apiCount, graph.inputDim] },
      [HGT_ONNX.xParam]: { data: graph.xParam, dims: [graph.paramCount, graph.inputDim] },
      [HGT_ONNX.edgeSrc]: { data: graph.edgeSrc, dims: [E] },
      [HGT_ONNX.edgeDst]: { data: graph.edgeDst, dims: [E] },
      [HGT_ONNX.edgeRel]: { data: graph.edgeRel, dims: [E] },
      [HGT_ONNX.edgeW]: { data: graph.edgeW, dims: [E] },
      [HGT_ONNX.pairSrc]: { data: pairs.src, dims: [P] },
      [HGT_ONNX.pairDst]: { data: pairs.dst, dims: [P] },
      ...(feat ? { [HGT_ONNX.pairFeat]: { data: feat, dims: [P, F] } } : {}),
    });
    const ms = performance.now() - t0;
    const embeddings = out[HGT_ONNX.embeddings]?.data;
    const scores = out[HGT_ONNX.scores]?.data;
    if (!embeddings || !scores) throw new HgtModelError('the HGT model returned no embeddings or scores');
    return { embeddings, scores, ms, featureMs };
  }

  async release(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (session) await releaseSession(session);
  }
}

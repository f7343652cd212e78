import { hgtEmbed, hgtScorePairs } from '../ml/hgt/hgt-forward';
import { hgtLinkScorer } from '../link-model/hgt-link-scorer';
import { statisticalFallback } from '../link-model/hgt-app-scores';
import { hgtAppSplit } from '../link-model/hgt-app-split';
import { trainAppHgt } from '../link-model/hgt-app-train';
import { TooFewLinksError } from '../linkpred/too-few-links-error';
import type { LinkScorer } from '../search/weight-provider';
import type { ToolWorld } from '../world/world';

/** An HGT trained on a dataset's world, scoring every edge of it; one scorer per configuration's world. */
export interface HgtWeights {
  /** p_uv of the trained world's edges; an edge added since (learning configurations) falls back to w̃. */
  scorerFor(world: ToolWorld): LinkScorer;
  trainMs: number;
  epochs: number;
  validationAuc: number | null;
}

/**
 * NaviAgent's "+H" as the issue defines it: the Heterogeneous Graph Transformer's link probabilities as
 * search weights. Trained here with the app's own recipe (`hgtAppSplit` + `trainAppHgt`, the code behind
 * `npm run train` and the Link model tab's Retrain) and run with the TypeScript forward pass, which is
 * the exact computation the app's ONNX model performs (hgt-spec.ts) — so it needs no onnxruntime and runs
 * the same in Node and in the evaluation worker. Returns why not when the world has too few behavioural
 * links to hold any out (zero-shot datasets).
 */
export async function trainHgtWeights(
  world: ToolWorld,
  options: { epochs: number; signal?: AbortSignal; onEpoch?: (epoch: number) => void },
): Promise<HgtWeights | { unavailable: string }> {
  const t0 = performance.now();
  let split;
  try {
    split = await hgtAppSplit(world);
  } catch (error) {
    if (error instanceof TooFewLinksError) return { unavailable: `HGT not trained: ${error.message}` };
    throw error;
  }
  const model = await trainAppHgt(split, {
    origin: 'retrained',
    createdAt: '1970-01-01',
    trainingData: { description: 'agent evaluation world', traces: world.traces.length, lastTraceSeq: 0 },
    epochs: options.epochs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEpoch ? { onEpoch: (r: { epoch: number }) => options.onEpoch!(r.epoch) } : {}),
  });
  const graph = split.full.tensors;
  const pairs = { src: Int32Array.from(graph.edgeSrc), dst: Int32Array.from(graph.edgeDst) };
  const scores = hgtScorePairs(model.params, hgtEmbed(model.params, graph), pairs, graph);
  return {
    scorerFor: (w) =>
      hgtLinkScorer(graph.nodeIds, pairs, scores, { id: 'hgt', fallback: statisticalFallback(w) }),
    trainMs: performance.now() - t0,
    epochs: model.history.length,
    validationAuc: model.manifest.metrics.validationAuc,
  };
}

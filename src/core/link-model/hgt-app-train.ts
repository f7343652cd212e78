import { accuracy, countsAt, f1, maxF1Threshold } from '../linkpred/threshold-metrics';
import { rocAuc } from '../ml/roc-auc';
import { pairAuc } from '../linkpred/evaluate';
import type { HgtPairs } from '../graph-tensors/tensor-spec';
import { exportHgt } from '../ml/hgt/export-hgt';
import { hgtEmbed, hgtScorePairs } from '../ml/hgt/hgt-forward';
import {
  featureLayoutText,
  HGT_MANIFEST_FORMAT,
  HGT_MODEL_NAME,
  NODE_ORDER_TEXT,
  type HgtManifest,
  type HgtManifestMetrics,
  type HgtModelOrigin,
} from './hgt-app-manifest';
import { HGT_APP_EMBEDDER, type HgtAppSplit, type LabelledHgtPairs } from './hgt-app-split';
import { pairFeatureCount, type HgtParams } from '../ml/hgt/hgt-spec';
import { PAIR_FEATURES } from '../graph-tensors/pair-features';
import { HGT_TRAIN_DEFAULTS, trainHgt, type HgtEpochReport, type HgtTrainOptions } from '../ml/hgt/train-hgt';

export interface HgtAppTrainOptions extends Pick<
  HgtTrainOptions,
  'epochs' | 'seed' | 'config' | 'lr' | 'signal' | 'onEpoch'
> {
  origin: HgtModelOrigin;
  /** ISO date for the manifest (kept out of the ONNX bytes, which stay reproducible). */
  createdAt: string;
  /** What the graph was built from, for the manifest. */
  trainingData: { description: string; traces: number; lastTraceSeq: number };
}

export interface HgtAppModel {
  params: HgtParams;
  bytes: Uint8Array;
  manifest: HgtManifest;
  history: HgtEpochReport[];
}

const round = (v: number, digits = 4): number | null =>
  Number.isFinite(v) ? Number(v.toFixed(digits)) : null;

/** Figures of trained params on a split: AUCs, and ACC / F1 at the selection's max-F1 threshold. */
export function splitMetrics(params: HgtParams, split: HgtAppSplit): HgtManifestMetrics {
  const embeddings = hgtEmbed(params, split.input.tensors);
  const scores = (set: LabelledHgtPairs) => hgtScorePairs(params, embeddings, set.pairs, split.input.tensors);
  const selection = scores(split.selection);
  const check = scores(split.check);
  const threshold = maxF1Threshold(selection, split.selection.labels);
  const counts = countsAt(check, split.check.labels, threshold);
  const positives = check.filter((_, i) => split.check.labels[i] === 1);
  const against = (negatives: HgtPairs) =>
    round(pairAuc(positives, hgtScorePairs(params, embeddings, negatives, split.input.tensors)));
  return {
    validationAuc: round(rocAuc(selection, split.selection.labels)),
    testAuc: round(rocAuc(check, split.check.labels)),
    testAcc: round(accuracy(counts)),
    testF1: round(f1(counts)),
    threshold: round(threshold, 6),
    validationPairs: split.selection.labels.length,
    testPairs: split.check.labels.length,
    testPositives: positives.length,
    reversedAuc: against(split.checkReversed),
    reversedPairs: split.checkReversed.src.length,
    sameCategoryAuc: against(split.checkSimilar),
    sameCategoryPairs: split.checkSimilar.src.length,
  };
}

/**
 * Trains an HGT link model on the app's split of a world (hgt-app-split.ts) and exports it: the one path
 * for the shipped model (`npm run train`) and for retraining in the browser worker. The trainer keeps the
 * epoch with the best selection AUC; the check pairs are only scored at the end.
 */
export async function trainAppHgt(split: HgtAppSplit, options: HgtAppTrainOptions): Promise<HgtAppModel> {
  const seed = options.seed ?? HGT_TRAIN_DEFAULTS.seed;
  const epochs = options.epochs ?? HGT_TRAIN_DEFAULTS.epochs;
  const started = performance.now();
  const trained = await trainHgt(split.input.tensors, {
    epochs,
    seed,
    validation: split.selection,
    ...(options.config ? { config: options.config } : {}),
    ...(options.lr !== undefined ? { lr: options.lr } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEpoch ? { onEpoch: options.onEpoch } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  const params = trained.params;
  const bytes = exportHgt(params, {
    metadata: {
      model: HGT_MODEL_NAME,
      embedder: 'lexical-hash-tfidf',
      embedderDimension: String(HGT_APP_EMBEDDER.dimension),
    },
  });
  const t = split.full.tensors;
  const manifest: HgtManifest = {
    format: HGT_MANIFEST_FORMAT,
    name: HGT_MODEL_NAME,
    file: `${HGT_MODEL_NAME}.onnx`,
    bytes: bytes.length,
    origin: options.origin,
    createdAt: options.createdAt,
    seed,
    trainingData: {
      ...options.trainingData,
      apiNodes: t.apiCount,
      paramNodes: t.paramCount,
      edges: t.edgeSrc.length,
      heldOutEdges: t.edgeSrc.length - split.input.tensors.edgeSrc.length,
    },
    config: params.config,
    training: {
      epochs: trained.history.length,
      bestEpoch: trained.bestEpoch,
      secondsPerEpoch: round(seconds / Math.max(1, trained.history.length)) ?? 0,
      options: {
        ...HGT_TRAIN_DEFAULTS,
        epochs,
        seed,
        ...(options.lr !== undefined ? { lr: options.lr } : {}),
      },
    },
    input: {
      embedder: {
        id: 'lexical-hash-tfidf',
        options: { ...HGT_APP_EMBEDDER },
        idf: 'none (fit() not called): every hashed feature weighs 1',
      },
      inputDim: params.config.inputDim,
      featureLayout: featureLayoutText(HGT_APP_EMBEDDER.dimension),
      nodeOrder: NODE_ORDER_TEXT,
      builtBy: 'buildHgtGraph() in src/core/graph-tensors/graph-tensors.ts',
      pairFeatures:
        pairFeatureCount(params.config) > 0
          ? {
              names: [...PAIR_FEATURES],
              builtBy:
                "pairFeatureMatrix() in src/core/graph-tensors/pair-features.ts, from the graph tensors and the tools' " +
                'input/output field vectors (io-fields.ts, same embedder; buildHgtGraph adds them)',
            }
          : null,
    },
    metrics: splitMetrics(params, split),
  };
  return { params, bytes, manifest, history: trained.history };
}

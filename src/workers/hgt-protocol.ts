import type { ToolchainRequest, ToolchainResult, WeightMode } from '../core/search/search-engine';
import type { WorkerError } from './protocol';

// Types of the HGT link model that cross the world worker's boundary (comlink).

/** The toolchain search's weights: statistical (static / dynamic) or the HGT's p_uv. */
export type ToolchainWeights = WeightMode | 'hgt';

export type AppToolchainRequest = Omit<ToolchainRequest, 'weights'> & { weights: ToolchainWeights };

export type AppToolchainResult = Omit<ToolchainResult, 'request'> & {
  request: AppToolchainRequest;
  /** The weights the search really used, e.g. `HGT (learned p_uv)` or `dynamic w̃`. */
  weightsUsed: string;
  /** Why the asked weights were not used (HGT model missing…); null when they were. */
  weightsNote: string | null;
};

/** A model the worker can run: where it came from and what it scored when trained. */
export interface HgtModelInfo {
  origin: 'shipped' | 'retrained';
  /** Where the bytes come from, e.g. `models/twnm-hgt.onnx` or `IndexedDB (twnm-hgt)`. */
  file: string;
  /** ISO date of training. */
  createdAt: string;
  /** Traces of the world it was trained on, and the `seq` of the last one. */
  traces: number;
  lastTraceSeq: number;
  /** AUC on the held-out check links of its training world, and how many pairs that was. */
  testAuc: number | null;
  testPairs: number;
  /**
   * Issue 16: the check positives against their reversed pairs and against look-alike targets, with how
   * many positives and such negatives each figure rests on (null / 0 for a model trained before these).
   */
  testPositives: number;
  reversedAuc: number | null;
  reversedPairs: number;
  sameCategoryAuc: number | null;
  sameCategoryPairs: number;
  validationAuc: number | null;
  config: { hidden: number; heads: number; layers: number };
  bytes: number;
  epochs: number;
}

export interface HgtStatus {
  /** The model in use; null when none could be loaded (then `problem` says why). */
  model: HgtModelInfo | null;
  problem: string | null;
  /** What "Restore previous" would bring back; null when nothing is kept. */
  previous: HgtModelInfo | null;
  /** The cached scores of the current world; null before the first run. */
  scores: {
    /** Which graph version the scores are of (changes with every rescore). */
    version: number;
    nodes: number;
    edges: number;
    candidates: number;
    buildMs: number;
    runMs: number;
    /** False while a graph change waits for its (debounced) rescore. */
    fresh: boolean;
  } | null;
  scoring: boolean;
  training: boolean;
  /** Traces ingested after the last one the model in use was trained with. */
  newTraces: number;
  runtime: string;
}

/** One training epoch, as the Link model view plots it. */
export interface HgtEpochPoint {
  epoch: number;
  epochs: number;
  loss: number;
  valAuc: number | null;
  ms: number;
}

/**
 * What the worker reports: a job's stage and epochs (`idle` ends the job), and `changed` when the model in
 * use or the cached scores moved, so the view asks for the status again.
 */
export type HgtEvent =
  | { kind: 'stage'; label: string }
  | { kind: 'epoch'; point: HgtEpochPoint }
  | { kind: 'idle' }
  | { kind: 'changed' };

/** The promotion decision after a retraining (src/core/ml/model-promotion.ts). */
export interface HgtPromotion {
  swapped: boolean;
  candidateAuc: number;
  incumbentAuc: number | null;
  /** The model the candidate was compared with. */
  incumbent: 'shipped' | 'retrained' | null;
  /** Held-out pairs both were scored on. */
  pairs: number;
}

export type HgtJobOutcome =
  | { ok: true; status: HgtStatus; promotion: HgtPromotion | null }
  | { ok: false; error: WorkerError; status: HgtStatus };

export interface HgtRetrainOptions {
  epochs?: number;
  /** Hidden size (the shipped model: 64 with 8 heads). Must be a multiple of 8. */
  hidden?: number;
}

/** Predicted links out of one API node: HGT p_uv of pairs that are not edges yet. */
export interface HgtPredictions {
  nodeId: string;
  links: { target: string; label: string; p: number }[];
  /** Why there are none (no model, not an API…); null otherwise. */
  note: string | null;
}

import type { RetrievalPolicy } from './retrain-policy';

// What the retrieval models report: where each method's scores come from, training progress and status.

/** Held-out figures of a head trained at run time (DTDR-L's validation split, whole plans). */
export interface ValidationFigures {
  plans: number;
  mrr: number;
  top1: number;
  setF1: number;
  tau: number;
}

/** Where a method's scores come from, so every result can say it. */
export type ModelSource =
  | { kind: 'shipped'; file: string; runtime: string; labels: number; tau: number }
  | {
      kind: 'trained';
      traces: number;
      embedderId: string;
      epochs: number;
      seconds: number;
      /** DTDR-L's held-out figures; null when the world had too few plans to hold any out. */
      validation: ValidationFigures | null;
      /** The hybrid's MRR on the same held-out plans, after tuning its mixture. */
      hybridMrr: number | null;
    }
  | { kind: 'untrained'; traces: number }
  | { kind: 'fitted'; traces: number }
  | { kind: 'zero-shot' };

/** One report while the learned retrievers train (or the embedder loads, in the worker). */
export interface TrainingProgress {
  label: string;
  stage: 'loading' | 'embedding' | 'training' | 'refit' | 'fitting';
  done: number;
  /** 0 = unknown: an indeterminate bar. */
  total: number;
  epoch?: number;
  loss?: number;
  validationLoss?: number;
}

export interface RetrievalModelsStatus {
  embedderId: string;
  embedderDimension: number;
  /** Completed traces of the world (the training plans). */
  traces: number;
  dtdrL: ModelSource;
  hybrid: ModelSource;
  shippedHead: {
    /** e.g. `models/dtdr-l-demo.onnx`; null when no shipped head is configured. */
    file: string | null;
    serving: boolean;
    /** Why it does not serve (missing file, other tools, other embedder, retrained); null when it does. */
    note: string | null;
  };
  training: boolean;
  /** Complete traces that arrived after the serving hybrid was trained (DTDR-C learnt them already). */
  newTraces: number;
  /** When the hybrid and DTDR-L retrain by themselves. */
  policy: RetrievalPolicy;
  /** Why the last automatic retraining failed; null when it did not. */
  autoRetrainError: string | null;
}

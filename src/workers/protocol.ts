import type { TransformersDtype } from '../core/embed/transformers-embedder';
import type { RetrievalModelsStatus } from '../core/retrieval/model-status';

// Types that cross the world worker's boundary (comlink) besides the core request/result types.

/**
 * Which embedder retrieval runs on: the zero-download lexical one, the project's trained tool encoder
 * (models/tool-encoder.onnx, issue 17), or a local transformers.js model.
 */
export type EmbedderChoice =
  | { kind: 'lexical' }
  | { kind: 'tool-encoder' }
  | { kind: 'transformers'; model: string; dtype: TransformersDtype };

/** An error as it crosses the worker (docs/conventions.md §4); `fromWorkerError` rebuilds it. */
export interface WorkerError {
  name: string;
  code: string | null;
  message: string;
}

/** The end of a training job: the status either way, and what went wrong when it did. */
export type JobOutcome =
  | { ok: true; status: RetrievalModelsStatus }
  | { ok: false; error: WorkerError; status: RetrievalModelsStatus };

/** Where the worker finds files the app serves. */
export interface AssetUrls {
  /** transformers.js `localModelPath`: the models folder, e.g. `/models/`. */
  modelsPath: string;
  /** The same folder as an absolute URL, for fetching the shipped heads. */
  modelsUrl: string;
  /** onnxruntime-web's wasm + glue files (vite/ort-files-plugin.ts), an absolute URL ending in `/`. */
  ortWasmPaths: string;
}

export const LEXICAL: EmbedderChoice = { kind: 'lexical' };

/** The embedder id a choice gives (`Embedder.id`), to compare a choice with what the worker runs. */
export function embedderIdOf(choice: EmbedderChoice): string {
  if (choice.kind === 'lexical') return 'lexical-hash-tfidf';
  if (choice.kind === 'tool-encoder') return 'tool-encoder';
  return `transformers:${choice.model}`;
}

import type { Embedder } from '../core/embed/embedder';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { TransformersEmbedder } from '../core/embed/transformers-embedder';
import { initOrt } from '../core/ml/ort-runtime';
import type { TrainingProgress } from '../core/retrieval/model-status';
import type { AssetUrls, EmbedderChoice } from './protocol';

/**
 * Builds the embedder a choice names, loaded and ready (its dimension known). transformers.js models load
 * from the app's models folder only, with onnxruntime-web's wasm from the app's own /ort/ files, so
 * switching works offline; a missing file rejects with EmbeddingModelMissingError.
 */
export async function createEmbedder(
  choice: EmbedderChoice,
  assets: Pick<AssetUrls, 'modelsPath' | 'ortWasmPaths'>,
  onProgress: (p: TrainingProgress) => void,
): Promise<Embedder> {
  if (choice.kind === 'lexical') return new LexicalEmbedder();
  const label = `Loading ${choice.model}`;
  onProgress({ label, stage: 'loading', done: 0, total: 0 });
  // transformers.js shares the app's onnxruntime-web (vite.config.ts aliases its import): configure it
  // here first, through the one ORT module, so the first session gets local wasm paths and one thread.
  await initOrt({ wasmPaths: assets.ortWasmPaths });
  return TransformersEmbedder.load({
    model: choice.model,
    dtype: choice.dtype,
    localModelPath: assets.modelsPath,
    wasmPaths: assets.ortWasmPaths,
    device: 'wasm',
    onProgress: (e) =>
      onProgress({
        label: e.file ? `${label}: ${e.file}` : label,
        stage: 'loading',
        done: Math.round(e.progress ?? 0),
        total: e.progress === undefined ? 0 : 100,
      }),
  });
}

/** Frees a transformers.js pipeline the worker no longer uses (the lexical embedder holds nothing). */
export async function disposeEmbedder(embedder: Embedder): Promise<void> {
  if (embedder instanceof TransformersEmbedder) await embedder.dispose();
}

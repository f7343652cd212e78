import type { Embedder } from '../core/embed/embedder';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { TransformersEmbedder } from '../core/embed/transformers-embedder';
import { ToolEncoderEmbedder } from '../core/embed/tool-encoder/encoder';
import { readToolEncoder } from '../core/embed/tool-encoder/export-encoder';
import { ToolEncoderMissingError } from '../core/embed/tool-encoder/tool-encoder-missing-error';
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
  if (choice.kind === 'tool-encoder') return loadToolEncoder(assets.modelsPath, onProgress);
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

/**
 * The trained tool encoder (issue 17): its ONNX file holds the embedding table, read back and run by the
 * TypeScript forward (a weighted row sum: lighter than an ORT session, and equal to the ONNX graph within
 * 1e-6, tool-encoder.test.ts).
 */
async function loadToolEncoder(
  modelsPath: string,
  onProgress: (p: TrainingProgress) => void,
): Promise<Embedder> {
  const label = 'Loading the trained tool encoder';
  onProgress({ label, stage: 'loading', done: 0, total: 0 });
  const url = `${modelsPath}tool-encoder.onnx`;
  const res = await fetch(url);
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html'))
    throw new ToolEncoderMissingError(url);
  return new ToolEncoderEmbedder(readToolEncoder(new Uint8Array(await res.arrayBuffer())));
}

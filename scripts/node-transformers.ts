/**
 * Node-only settings for TransformersEmbedder (benchmarks, eval, tests): model folders come from the repo's
 * `models/`, and onnxruntime-web's wasm from its installed dist folder, never from a CDN. In Node,
 * transformers.js runs models on onnxruntime-node; the wasm location matters only if a caller swaps in
 * onnxruntime-web, and is set anyway so nothing can fall back to the CDN.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  TransformersEmbedder,
  type TransformersEmbedderOptions,
} from '../src/core/embed/transformers-embedder';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_MODELS_DIR = `${join(REPO_ROOT, 'models')}/`;

/** `file://…/node_modules/onnxruntime-web/dist/` of the installed onnxruntime-web. */
export function nodeOrtWasmPaths(): string {
  const entry = createRequire(import.meta.url).resolve('onnxruntime-web');
  return `${pathToFileURL(dirname(entry)).href}/`;
}

/** A TransformersEmbedder reading `<repo>/models/<model>/` with local wasm paths. */
export function nodeTransformersEmbedder(options: TransformersEmbedderOptions): TransformersEmbedder {
  return new TransformersEmbedder({
    localModelPath: REPO_MODELS_DIR,
    wasmPaths: nodeOrtWasmPaths(),
    ...options,
  });
}

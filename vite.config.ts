import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { modelFilesPlugin } from './vite/model-files-plugin.ts';
import { ortFilesPlugin } from './vite/ort-files-plugin.ts';

// Cross-origin isolation (COOP + COEP) lets onnxruntime-web use wasm threads later;
// without it ORT silently falls back to one thread (see ../shared/FACTS.md).
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  // models/ is served at /models/ with real 404s in dev and preview and copied into dist/models/ on build;
  // onnxruntime-web's wasm + glue likewise at /ort/ (the worker passes that URL as ORT's wasmPaths).
  plugins: [
    react(),
    modelFilesPlugin({ headers: isolationHeaders }),
    ortFilesPlugin({ headers: isolationHeaders }),
  ],
  resolve: {
    // transformers.js imports onnxruntime-web/webgpu (the 27 MB "asyncify" build). Giving it the app's own
    // onnxruntime-web instead means one ORT in the worker and one binary to fetch and compile: an embedder
    // switch spent ~4.5 s compiling the second binary. Both builds run the wasm execution provider we use.
    alias: [{ find: /^onnxruntime-web\/webgpu$/, replacement: 'onnxruntime-web' }],
    // onnxruntime-web's "extern wasm" builds load glue and binary from wasmPaths (/ort/) instead of
    // embedding the glue and making Vite emit another 14–28 MB copy of the binary.
    conditions: [...defaultClientConditions, 'onnxruntime-web-use-extern-wasm'],
  },
  optimizeDeps: {
    // Pre-bundling would move ORT into node_modules/.vite/deps and break its relative file lookups.
    exclude: ['onnxruntime-web'],
    // Only workers and lazy imports reach transformers.js and WebLLM: found that late, dev would
    // re-optimize and reload the page in the middle of an embedder switch or a model load.
    include: ['@huggingface/transformers', '@mlc-ai/web-llm'],
  },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});

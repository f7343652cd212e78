import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { modelFilesPlugin } from './vite/model-files-plugin.ts';

// Cross-origin isolation (COOP + COEP) lets onnxruntime-web use wasm threads later;
// without it ORT silently falls back to one thread (see ../shared/FACTS.md).
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  // models/ is served at /models/ with real 404s in dev and preview and copied into dist/models/ on build.
  plugins: [react(), modelFilesPlugin({ headers: isolationHeaders })],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});

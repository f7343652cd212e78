import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
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
    // Offline and installable (issue 19): a Workbox service worker precaches the app shell, the lazy chunks,
    // ORT's wasm and the shipped models; the app registers it after the first screen
    // (src/app/pwa/offline-app.ts) and an update waits for the user's "Reload". WebLLM's two 6 MB chunks
    // are cached when first used; its weights stay in WebLLM's own cache.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // The glob below already lists the icons and the manifest.
      includeManifestIcons: false,
      manifest: {
        name: 'NaviAgent Web',
        short_name: 'NaviAgent',
        description:
          'An on-device agent that plans tool chains on a learned Tool World graph and runs them in your browser.',
        theme_color: '#1f2937',
        background_color: '#111827',
        display: 'standalone',
        start_url: '.',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,json,mjs,wasm,onnx}'],
        globIgnores: ['**/assets/lib-*.js', '**/assets/llm.worker-*.js'],
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/\/models\//, /\/ort\//],
        cleanupOutdatedCaches: true,
        // The first install takes over the open tab at once (its lazy chunks then come from the cache);
        // a later version still waits for the user's "Reload" (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /\/assets\/(lib|llm\.worker)-[\w-]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'webllm-code', expiration: { maxEntries: 4 } },
          },
        ],
      },
    }),
  ],
  resolve: {
    // transformers.js imports onnxruntime-web/webgpu (the 27 MB "asyncify" build). Giving it the app's own
    // onnxruntime-web instead means one ORT in the worker and one binary to fetch and compile: an embedder
    // switch spent ~4.5 s compiling the second binary. Both resolve to the plain wasm build (14 MB binary,
    // vs 28 MB for the default WebGPU-capable "jsep" one): the app only runs the wasm execution provider.
    alias: [{ find: /^onnxruntime-web(\/webgpu)?$/, replacement: 'onnxruntime-web/wasm' }],
    // onnxruntime-web's "extern wasm" builds load glue and binary from wasmPaths (/ort/) instead of
    // embedding the glue and making Vite emit another 14–28 MB copy of the binary.
    conditions: [...defaultClientConditions, 'onnxruntime-web-use-extern-wasm'],
  },
  optimizeDeps: {
    // Pre-bundling would move ORT into node_modules/.vite/deps and break its relative file lookups.
    exclude: ['onnxruntime-web', 'onnxruntime-web/wasm'],
    // Only workers and lazy imports reach transformers.js and WebLLM: found that late, dev would
    // re-optimize and reload the page in the middle of an embedder switch or a model load.
    include: ['@huggingface/transformers', '@mlc-ai/web-llm'],
    // The scan starts from index.html and does not follow `new Worker(new URL(…))`: without the workers as
    // entries, a first dev visit found their dependencies late and reloaded itself after ~3 s.
    entries: ['index.html', 'src/workers/*.worker.ts'],
  },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});

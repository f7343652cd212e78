/// <reference lib="webworker" />
// The world worker: toolchain search (Alpha-Beta, GA + SA, BFS, plan extraction) and next-tool retrieval
// (DTDR + hybrid, the shipped ONNX head on onnxruntime-web, training) off the UI thread. Comlink carries
// calls; retrieval jobs return errors as {name, code, message} (protocol.ts).
import { expose } from 'comlink';
import { WorldWorkerApi } from './world-worker-api';

// Files the app serves itself, so everything works offline: models/ (vite/model-files-plugin.ts) and
// onnxruntime-web's wasm + glue (vite/ort-files-plugin.ts), both under the app's base URL.
const base = new URL(import.meta.env.BASE_URL, self.location.href);

expose(
  new WorldWorkerApi({
    assets: {
      modelsPath: `${import.meta.env.BASE_URL}models/`,
      modelsUrl: new URL('models/', base).href,
      ortWasmPaths: new URL('ort/', base).href,
    },
  }),
);

/// <reference lib="webworker" />
// The world worker: the only owner of the Tool World and its IndexedDB store (traces, imports, the evolution
// policy, persistence), toolchain search (Alpha-Beta, GA + SA, BFS, plan extraction) and next-tool retrieval
// (DTDR + hybrid, the shipped ONNX head on onnxruntime-web, training) off the UI thread. Comlink carries
// calls; retrieval jobs return errors as {name, code, message} (protocol.ts).
import { expose } from 'comlink';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { openWorldStore } from '../persist/idb-world-store';
import { StoreBlockedError } from '../persist/store-blocked-error';
import { StoreTooNewError } from '../persist/store-too-new-error';
import { installWorkerErrorTransfer } from './worker-error';
import { WorldWorkerApi } from './world-worker-api';

// Files the app serves itself, so everything works offline: models/ (vite/model-files-plugin.ts) and
// onnxruntime-web's wasm + glue (vite/ort-files-plugin.ts), both under the app's base URL.
const base = new URL(import.meta.env.BASE_URL, self.location.href);
const embedderId = new LexicalEmbedder().id;

installWorkerErrorTransfer();
expose(
  new WorldWorkerApi({
    assets: {
      modelsPath: `${import.meta.env.BASE_URL}models/`,
      modelsUrl: new URL('models/', base).href,
      ortWasmPaths: new URL('ort/', base).href,
    },
    openStore: async (emit) => {
      try {
        return await openWorldStore({
          embedderId,
          onClosedByOtherTab: () =>
            emit({
              kind: 'notice',
              level: 'warn',
              text: 'Another tab upgraded the Tool World store; reload this tab to keep saving changes.',
            }),
        });
      } catch (e) {
        // A newer or blocked store is the user's data: stop and say so. Anything else (private mode, no
        // IndexedDB) still lets the app run, in memory, with a warning that nothing will be kept.
        if (StoreTooNewError.isInstance(e) || StoreBlockedError.isInstance(e)) throw e;
        emit({
          kind: 'notice',
          level: 'warn',
          text: `IndexedDB is unavailable (${(e as Error).message}): changes will not survive a reload.`,
        });
        return { store: new MemoryWorldStore(embedderId), load: { status: 'empty' as const } };
      }
    },
  }),
);

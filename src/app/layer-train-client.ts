import { proxy, wrap, type Remote } from 'comlink';
import type { LayerRetrainJob } from '../core/eval/layers/layer-retrain-job';
import type { LayerTrainBackend } from './layer-training';
import { LAYER_MODEL_FILE } from './layer-predictor';

/**
 * The layer-training worker (src/workers/layer-train.worker.ts) behind comlink, started on the first run.
 * Epochs come back through a proxied callback; Cancel is its own message, taken between batches.
 */
export function layerTrainWorkerBackend(): LayerTrainBackend {
  let remote: Remote<LayerRetrainJob> | null = null;
  const job = () =>
    (remote ??= wrap<LayerRetrainJob>(
      new Worker(new URL('../workers/layer-train.worker.ts', import.meta.url), {
        type: 'module',
        name: 'layer-train',
      }),
    ));
  return {
    run: (input, onEpoch) => job().run(input, proxy(onEpoch)),
    cancel: () => void job().cancel(),
  };
}

/** The shipped layer model's bytes, or null when absent (a 404 or Vite's HTML fallback). */
export async function fetchShippedLayerModel(modelsUrl = '/models/'): Promise<Uint8Array | null> {
  try {
    const res = await fetch(`${modelsUrl}${LAYER_MODEL_FILE}`);
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) return null;
    return new Uint8Array(await res.arrayBuffer());
  } catch {
    return null;
  }
}

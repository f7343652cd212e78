import { WEIGHT_CACHE_BACKENDS, type WeightCacheBackend } from '../../app/llm/model-catalog';
import { useAgentStores, useEngineState } from '../use-agent';
import { CustomModelForm } from './CustomModelForm';
import { WebGpuStatus } from './WebGpuStatus';

const BACKEND_LABELS: Record<WeightCacheBackend, string> = {
  cache: 'Cache API (default)',
  indexeddb: 'IndexedDB',
  opfs: 'Origin private file system',
};

/** WebLLM: the capability check, the small-model picker with size and VRAM, the download, the cache backend. */
export function WebLlmSetup() {
  const { engines } = useAgentStores();
  const s = useEngineState();
  const { webllm } = s.settings;
  const canPick = s.webgpu?.available === true;
  const custom = webllm.custom;
  return (
    <section className="webllm-setup" data-testid="webllm-setup">
      <WebGpuStatus />
      {canPick && (
        <>
          <label className="field">
            Model{' '}
            <select
              value={webllm.modelId ?? ''}
              onChange={(e) => engines.selectModel(e.target.value)}
              disabled={s.load !== null}
              data-testid="webllm-model"
            >
              {(s.catalog ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label} — {m.sizeLabel}
                </option>
              ))}
              {custom && <option value={custom.modelId}>{custom.modelId} — custom</option>}
            </select>
          </label>
          <label className="field">
            Weight cache{' '}
            <select
              value={webllm.cacheBackend}
              onChange={(e) => engines.setCacheBackend(e.target.value as WeightCacheBackend)}
              disabled={s.load !== null}
              data-testid="webllm-cache"
            >
              {WEIGHT_CACHE_BACKENDS.map((b) => (
                <option key={b} value={b}>
                  {BACKEND_LABELS[b]}
                </option>
              ))}
            </select>
          </label>
          {s.load ? (
            <div className="model-load" data-testid="webllm-progress">
              <div className="progress-track">
                <div className="progress-fill" style={{ width: `${Math.round(s.load.progress * 100)}%` }} />
              </div>
              <span className="meta">
                {s.load.label}: {Math.round(s.load.progress * 100)}% · {s.load.text}
              </span>
              <button onClick={() => engines.cancelLoad()} data-testid="webllm-cancel">
                Cancel
              </button>
            </div>
          ) : (
            <button
              disabled={!webllm.modelId}
              onClick={() => void engines.loadModel()}
              data-testid="webllm-load"
            >
              {s.loadedModelId === webllm.modelId ? 'Reload model' : 'Download and load'}
            </button>
          )}
          <CustomModelForm />
        </>
      )}
    </section>
  );
}

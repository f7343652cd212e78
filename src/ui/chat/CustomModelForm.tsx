import { useState } from 'react';
import { useAgentStores, useEngineState } from '../use-agent';

/** A model record pointing at a local folder or URL (MLC-compiled weights + model library), for offline use. */
export function CustomModelForm() {
  const { engines } = useAgentStores();
  const { settings } = useEngineState();
  const saved = settings.webllm.custom;
  const [modelId, setModelId] = useState(saved?.modelId ?? '');
  const [modelUrl, setModelUrl] = useState(saved?.modelUrl ?? '/models/webllm/');
  const [modelLibUrl, setModelLibUrl] = useState(saved?.modelLibUrl ?? '');
  const [vram, setVram] = useState(saved?.vramMB !== undefined ? String(saved.vramMB) : '');
  return (
    <details className="custom-model">
      <summary>Custom model (local folder or URL)</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          engines.saveCustomModel({
            modelId,
            modelUrl,
            modelLibUrl,
            ...(vram.trim() && Number.isFinite(Number(vram)) ? { vramMB: Number(vram) } : {}),
          });
        }}
      >
        <label className="field">
          Model id{' '}
          <input value={modelId} onChange={(e) => setModelId(e.target.value)} data-testid="custom-model-id" />
        </label>
        <label className="field">
          Weights folder{' '}
          <input
            value={modelUrl}
            onChange={(e) => setModelUrl(e.target.value)}
            data-testid="custom-model-url"
          />
        </label>
        <label className="field">
          Model library (.wasm){' '}
          <input
            value={modelLibUrl}
            onChange={(e) => setModelLibUrl(e.target.value)}
            data-testid="custom-model-lib"
          />
        </label>
        <label className="field">
          VRAM (MB, optional){' '}
          <input value={vram} onChange={(e) => setVram(e.target.value)} className="small-number" />
        </label>
        <button type="submit" data-testid="custom-model-save">
          Save and select
        </button>
      </form>
    </details>
  );
}

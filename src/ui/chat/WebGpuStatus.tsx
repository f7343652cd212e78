import { useAgentStores, useEngineState } from '../use-agent';

/** What the WebGPU check found; without an adapter, why, and a way back to graph-only. */
export function WebGpuStatus() {
  const { engines } = useAgentStores();
  const { webgpu, checkingWebGpu } = useEngineState();
  if (checkingWebGpu || !webgpu) return <p className="meta">Checking WebGPU…</p>;
  if (!webgpu.available)
    return (
      <div className="failure" data-testid="webgpu-unavailable">
        <p>{webgpu.reason}</p>
        <button onClick={() => void engines.choose('graph-only')} data-testid="use-graph-only">
          Use graph-only
        </button>
      </div>
    );
  return (
    <p className="meta" data-testid="webgpu-status">
      WebGPU adapter{webgpu.adapterName ? ` ${webgpu.adapterName}` : ''}:{' '}
      {webgpu.shaderF16 ? 'shader-f16 (q4f16 models)' : 'no shader-f16 (q4f32 models)'}
      {webgpu.reason && <span className="warn"> — {webgpu.reason}</span>}
    </p>
  );
}

import type { EngineKind } from '../../app/agent/engine-settings';
import { useAgentStores, useEngineState } from '../use-agent';
import { EndpointSetup } from './EndpointSetup';
import { WebLlmSetup } from './WebLlmSetup';

const KINDS: { id: EngineKind; label: string; hint: string }[] = [
  {
    id: 'graph-only',
    label: 'Graph-only (no LLM)',
    hint: 'decides from retrieval and the graph; works everywhere',
  },
  { id: 'webllm', label: 'WebLLM', hint: 'a small model on this device’s GPU (WebGPU), downloaded once' },
  { id: 'endpoint', label: 'Endpoint', hint: 'your own OpenAI-compatible server (llama.cpp, Ollama, vLLM…)' },
];

/** Which engine decides: graph-only, WebLLM or an endpoint, with the chosen one's setup below. */
export function EnginePanel() {
  const { engines } = useAgentStores();
  const state = useEngineState();
  const kind = state.settings.kind;
  return (
    <div className="side-panel engine-panel" data-testid="engine-panel">
      <fieldset className="engine-kinds">
        <legend>Engine</legend>
        {KINDS.map((k) => (
          <label key={k.id}>
            <input
              type="radio"
              name="engine-kind"
              checked={kind === k.id}
              onChange={() => void engines.choose(k.id)}
              data-testid={`engine-${k.id}`}
            />{' '}
            {k.label} <span className="meta">— {k.hint}</span>
          </label>
        ))}
      </fieldset>
      <p data-testid="engine-active">
        Running: <strong>{state.active.label}</strong>
      </p>
      {state.waiting && (
        <p className="warn" data-testid="engine-waiting">
          {state.waiting}
        </p>
      )}
      {state.error && (
        <p className="failure" role="alert" data-testid="engine-error">
          {state.error}
        </p>
      )}
      {state.info && (
        <p className="meta" data-testid="engine-info">
          {state.info}
        </p>
      )}
      {kind === 'webllm' && <WebLlmSetup />}
      {kind === 'endpoint' && <EndpointSetup />}
    </div>
  );
}

import { useState } from 'react';
import type { EndpointSettings } from '../../app/agent/engine-settings';
import { useAgentStores, useEngineState } from '../use-agent';

/** The user's OpenAI-compatible server: URL, model, optional key, whether it takes a JSON schema. */
export function EndpointSetup() {
  const { engines } = useAgentStores();
  const { settings, endpointCheck } = useEngineState();
  const [form, setForm] = useState<EndpointSettings>(settings.endpoint);
  const edit = (patch: Partial<EndpointSettings>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <form
      className="endpoint-setup"
      data-testid="endpoint-setup"
      onSubmit={(e) => {
        e.preventDefault();
        engines.useEndpoint(form);
      }}
    >
      <label className="field">
        Base URL{' '}
        <input
          value={form.baseUrl}
          onChange={(e) => edit({ baseUrl: e.target.value })}
          data-testid="endpoint-url"
        />
      </label>
      <label className="field">
        Model{' '}
        <input
          value={form.model}
          onChange={(e) => edit({ model: e.target.value })}
          data-testid="endpoint-model"
        />
      </label>
      <label className="field">
        API key (optional){' '}
        <input
          type="password"
          value={form.apiKey}
          autoComplete="off"
          onChange={(e) => edit({ apiKey: e.target.value })}
          data-testid="endpoint-key"
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.jsonSchema}
          onChange={(e) => edit({ jsonSchema: e.target.checked })}
          data-testid="endpoint-json-schema"
        />{' '}
        Server supports JSON schema (response_format)
      </label>
      <p className="meta">
        The app reaches the network for an LLM only here, and only at this address. Settings (the key too)
        stay in this browser’s localStorage.
      </p>
      <div className="row">
        <button type="submit" data-testid="endpoint-use">
          Use this endpoint
        </button>
        <button type="button" onClick={() => void engines.checkEndpoint(form)} data-testid="endpoint-check">
          Check connection
        </button>
      </div>
      {endpointCheck?.status === 'checking' && <p className="meta">Asking the server for its models…</p>}
      {endpointCheck?.status === 'ok' && (
        <p className="ok" data-testid="endpoint-models">
          Reached: {endpointCheck.models.join(', ') || 'no models listed'}
        </p>
      )}
      {endpointCheck?.status === 'failed' && <p className="failure">{endpointCheck.error}</p>}
    </form>
  );
}

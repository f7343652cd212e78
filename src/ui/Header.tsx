import { useRef } from 'react';
import { downloadText } from './download';
import { useEngineState } from './use-agent';
import { useRetrievalModelsState } from './use-retrieval-models';
import { useSession, useSessionState } from './use-session';
import { useView } from './use-view';
import { StorageStatus } from './StorageStatus';

export function Header() {
  const session = useSession();
  const state = useSessionState();
  const models = useRetrievalModelsState();
  const engine = useEngineState();
  const [view, setView] = useView();
  const input = useRef<HTMLInputElement>(null);
  const busy = state.progress !== null || state.phase !== 'ready';

  const onFiles = async (files: FileList | null) => {
    for (const f of Array.from(files ?? [])) await session.importFile(f.name, await f.text());
    if (input.current) input.current.value = '';
  };

  return (
    <header className="header">
      <h1>NaviAgent Web</h1>
      <nav className="views" aria-label="Screens">
        <button aria-pressed={view === 'chat'} onClick={() => setView('chat')} data-testid="view-chat">
          Chat
        </button>
        <button aria-pressed={view === 'world'} onClick={() => setView('world')} data-testid="view-world">
          Tool World
        </button>
      </nav>
      <span
        className="badge engine-badge"
        data-testid="engine-badge"
        title={
          engine.waiting ??
          'Which agent engine and model the next request runs on (choose it in Chat › Engine)'
        }
      >
        Engine: {engine.active.label}
        {engine.load ? ` · loading ${engine.load.label} ${Math.round(engine.load.progress * 100)}%` : ''}
      </span>
      <span className="badge" data-testid="embedder-badge" title="Which embedder shapes parameter clusters">
        Embedder: {state.embedderId}
      </span>
      <span
        className="badge"
        data-testid="retrieval-embedder-badge"
        title="Which embedder next-tool retrieval runs on (choose it in the Next tool tab)"
      >
        Retrieval: {models.embedderLabel}
      </span>
      <StorageStatus />
      <div className="spacer" />
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        multiple
        hidden
        data-testid="import-input"
        onChange={(e) => void onFiles(e.target.files)}
      />
      <button
        disabled={busy}
        onClick={() => input.current?.click()}
        title="OpenAI tools, MCP tools/list, dataset tools.json, or an exported world"
      >
        Import…
      </button>
      <button disabled={busy} onClick={() => downloadText('naviagent-world.json', session.exportWorld())}>
        Export world
      </button>
      <button
        disabled={busy}
        onClick={() => {
          if (
            confirm('Replace the current world with the built-in demo world? Export it first to keep it.')
          ) {
            // Say when it is done: the graph and panels change, but nothing else told the user (issue 19).
            void session.loadDemoWorld().then(
              () => {
                const world = session.world;
                session.notify(
                  'info',
                  `Reset to the demo world: ${world.catalogue.size} tools, ${world.traces.length} traces.`,
                );
              },
              (e: unknown) => session.notify('error', `Reset to demo failed: ${(e as Error).message}`),
            );
          }
        }}
      >
        Reset to demo
      </button>
    </header>
  );
}

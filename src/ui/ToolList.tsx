import { useDeferredValue, useMemo, useState } from 'react';
import { apiNodeId } from '../core/graph/graph-types';
import { useSession, useSessionState } from './use-session';

const MAX_ROWS = 300;

export function ToolList() {
  const session = useSession();
  const { worldVersion, selectedNodeId } = useSessionState();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const tools = useMemo(() => {
    void worldVersion; // the catalogue is mutable: recompute when the world moves
    const q = deferred.trim().toLowerCase();
    const all = session.world.catalogue.tools();
    const hits = q
      ? all.filter((t) => `${t.name} ${t.description} ${t.category}`.toLowerCase().includes(q))
      : all;
    return hits.sort((a, b) => a.name.localeCompare(b.name));
  }, [session, worldVersion, deferred]);

  return (
    <aside className="tool-list" aria-label="Tool catalogue">
      <input
        type="search"
        placeholder={`Search ${session.world.catalogue.size} tools…`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="tool-search"
      />
      <div className="tool-count">{tools.length} tools</div>
      <ul>
        {tools.slice(0, MAX_ROWS).map((t) => {
          const id = apiNodeId(t.name);
          return (
            <li key={t.name}>
              <button
                className={id === selectedNodeId ? 'tool selected' : 'tool'}
                onClick={() => session.select(id)}
                data-testid="tool-item"
                title={t.description}
              >
                <span className="tool-name">{t.name}</span>
                <span className="tool-meta">
                  {t.category} · {t.source}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {tools.length > MAX_ROWS && (
        <div className="tool-count">{tools.length - MAX_ROWS} more — refine the search</div>
      )}
    </aside>
  );
}

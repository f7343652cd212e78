import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SearchClient } from '../app/search-client';
import { WorldSession } from '../app/world-session';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { exportKeptStore, openWorldStore } from '../persist/idb-world-store';
import { App } from './App';
import { installTestHook } from './test-hook';
import { SessionContext } from './use-session';
import './styles.css';

const startedAt = performance.now();
const embedder = new LexicalEmbedder();
const search = new SearchClient();
const session = new WorldSession({
  embedder,
  openStore: () =>
    openWorldStore({
      embedderId: embedder.id,
      onClosedByOtherTab: () =>
        session.notify(
          'warn',
          'Another tab upgraded the Tool World store; reload this tab to keep saving changes.',
        ),
    }),
  exportKept: (name) => exportKeptStore(name),
  planner: (world, version, request) => search.plan(world, version, request),
});
const ready = session.start();
installTestHook(session, search, ready, startedAt);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <App />
    </SessionContext.Provider>
  </StrictMode>,
);

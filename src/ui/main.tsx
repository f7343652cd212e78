import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WorldSession } from '../app/world-session';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { exportKeptStore, openWorldStore } from '../persist/idb-world-store';
import { App } from './App';
import { installTestHook } from './test-hook';
import { SessionContext } from './use-session';
import './styles.css';

const startedAt = performance.now();
const session = new WorldSession({
  embedder: new LexicalEmbedder(),
  openStore: () => openWorldStore(),
  exportKept: (name) => exportKeptStore(name),
});
const ready = session.start();
installTestHook(session, ready, startedAt);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <App />
    </SessionContext.Provider>
  </StrictMode>,
);

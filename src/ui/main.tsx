import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AgentSession } from '../app/agent/agent-session';
import { AppAgentWorld } from '../app/agent/app-agent-world';
import { DeferredConversationStore } from '../app/agent/conversation-store';
import { EngineManager } from '../app/agent/engine-manager';
import { SandboxModel } from '../app/agent/sandbox-model';
import { probeEmbedders } from '../app/embedder-options';
import { LinkModel } from '../app/link-model';
import { RetrievalModels } from '../app/retrieval-models';
import { SearchClient } from '../app/search-client';
import { WorldSession } from '../app/world-session';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import { openConversationStore } from '../persist/idb-conversation-store';
import { openSandboxStore } from '../persist/idb-sandbox-store';
import {
  exportKeptStore,
  openWorldStore,
  StoreBlockedError,
  StoreTooNewError,
} from '../persist/idb-world-store';
import { App } from './App';
import { installTestHook } from './test-hook';
import { AgentContext, type AgentStores } from './use-agent';
import { LinkModelContext } from './use-link-model';
import { RetrievalModelsContext } from './use-retrieval-models';
import { SessionContext } from './use-session';
import './styles.css';

const startedAt = performance.now();
const embedder = new LexicalEmbedder();
// The worker keeps retrained models in the session's store (IndexedDB), which it gets as a comlink proxy.
const search: SearchClient = new SearchClient({
  putModel: (model) => session.models.putModel(model),
  getModel: (name) => session.models.getModel(name),
});
const session: WorldSession = new WorldSession({
  embedder,
  openStore: async () => {
    try {
      return await openWorldStore({
        embedderId: embedder.id,
        onClosedByOtherTab: () =>
          session.notify(
            'warn',
            'Another tab upgraded the Tool World store; reload this tab to keep saving changes.',
          ),
      });
    } catch (e) {
      // A newer or blocked store is the user's data: stop and say so. Anything else (private mode, no
      // IndexedDB) still lets the app run, in memory, with a warning that nothing will be kept.
      if (e instanceof StoreTooNewError || e instanceof StoreBlockedError) throw e;
      session.notify(
        'warn',
        `IndexedDB is unavailable (${(e as Error).message}): changes will not survive a reload.`,
      );
      return { store: new MemoryWorldStore(embedder.id), load: { status: 'empty' as const } };
    }
  },
  exportKept: (name) => exportKeptStore(name),
  planner: (world, version, request) => search.plan(world, version, request),
  ranker: (world, version, request) => search.rank(world, version, request),
  // The closed loop: the worker applies each trace the agent's turns produce instead of reloading the world.
  onTraceIngested: (trace, from, to) => search.ingestTrace(trace, from, to),
});
const models = new RetrievalModels({
  backend: search,
  world: () => ({ world: session.world, version: session.getState().worldVersion }),
  probe: () => probeEmbedders(new URL(`${import.meta.env.BASE_URL}models/`, location.href).href),
  storage: localStorage,
});
const linkModel = new LinkModel({
  backend: search,
  world: () => ({ world: session.world, version: session.getState().worldVersion }),
  subscribe: (listener) => session.subscribe(listener),
  storage: localStorage,
  notify: (text) => session.notify('info', text),
});
const sandbox = new SandboxModel({
  openStore: () =>
    openSandboxStore({
      onClosedByOtherTab: () =>
        session.notify(
          'warn',
          'Another tab upgraded the sandbox store; reload this tab to keep saving its changes.',
        ),
    }),
});
const engines = new EngineManager({ storage: localStorage, pageUrl: location.href });
const agent = new AgentSession({
  world: new AppAgentWorld(session, search),
  runtime: () => sandbox.runtime(),
  engines,
  conversations: new DeferredConversationStore(
    () => openConversationStore(),
    (e) =>
      session.notify(
        'warn',
        `Past conversations cannot be kept (${e.message}): they last for this tab only.`,
      ),
  ),
});
const agentStores: AgentStores = { agent, engines, sandbox };
const ready = session.start();
void sandbox.runtime().catch(() => undefined);
void agent.loadConversations();
void engines.init();
// The saved embedder is applied once the world exists: switching retrains on the world's traces.
const modelsReady = ready.then(() => (session.getState().phase === 'ready' ? models.init() : undefined));
installTestHook(session, search, ready, startedAt, models, modelsReady, linkModel, agentStores);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <RetrievalModelsContext.Provider value={models}>
        <LinkModelContext.Provider value={linkModel}>
          <AgentContext.Provider value={agentStores}>
            <App />
          </AgentContext.Provider>
        </LinkModelContext.Provider>
      </RetrievalModelsContext.Provider>
    </SessionContext.Provider>
  </StrictMode>,
);

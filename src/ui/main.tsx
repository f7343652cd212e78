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
import { exportKeptStore, openWorldStore } from '../persist/idb-world-store';
import { StoreBlockedError } from '../persist/store-blocked-error';
import { StoreTooNewError } from '../persist/store-too-new-error';
import { browserConnect } from '../app/mcp/browser-mcp-client';
import { McpStore } from '../app/mcp/mcp-store';
import { App } from './App';
import { McpContext } from './mcp/use-mcp';
import { installTestHook } from './test-hook';
import { setStorageMonitor } from './StorageStatus';
import { StorageMonitor } from '../app/storage-monitor';
import { TabCoordinator } from '../persist/tab-coordinator';
import { requestPersistence, storageFacts, withFullReport } from '../persist/storage-status';
import { InputRejectedError } from '../core/validate/input-rejected-error';
import type { IdbWorldStore } from '../persist/idb-world-store';
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
// Two tabs (issue 21): one owns writes, another saves its traces through it and is told so.
const tabs = new TabCoordinator({
  ingest: (trace) => session.ingestTrace(trace),
  isDuplicate: (e) => InputRejectedError.isInstance(e) && e.path === 'trace.id',
});
let idbStore: IdbWorldStore | null = null;
const storage = new StorageMonitor({
  facts: storageFacts,
  requestPersistence,
  tab: tabs,
  freeOldModels: async () => {
    let freed = 0;
    for (const m of (await idbStore?.modelSizes()) ?? [])
      if (m.name.endsWith('.previous')) {
        await idbStore!.deleteModel(m.name);
        freed += m.bytes;
      }
    return freed;
  },
});
setStorageMonitor(storage);
const session: WorldSession = new WorldSession({
  embedder,
  openStore: async () => {
    try {
      const role = await tabs.start();
      if (role.role === 'follower') session.notify('warn', role.message);
      const opened = await openWorldStore({
        embedderId: embedder.id,
        onClosedByOtherTab: () =>
          session.notify(
            'warn',
            'Another tab upgraded the Tool World store; reload this tab to keep saving changes.',
          ),
      });
      idbStore = opened.store;
      const store = withFullReport(tabs.wrap(opened.store), (m) => storage.reportFailure(m));
      return { store, load: opened.load };
    } catch (e) {
      // A newer or blocked store is the user's data: stop and say so. Anything else (private mode, no
      // IndexedDB) still lets the app run, in memory, with a warning that nothing will be kept.
      if (StoreTooNewError.isInstance(e) || StoreBlockedError.isInstance(e)) throw e;
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
  // Evolution (propagation, pruning) and restores reach the worker as the records they changed.
  onGraphChanged: (change, from, to) => search.applyGraphChange(change, from, to),
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
// Tool servers (MCP over Streamable HTTP): their tools join the world; calls wait for the user's permission.
const mcp = new McpStore({ owner: session, connect: browserConnect(location.origin) });
const agent = new AgentSession({
  world: new AppAgentWorld(session, search),
  runtime: async () => mcp.compose(await sandbox.runtime()),
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
void ready.then(() => mcp.start());
void sandbox.runtime().catch(() => undefined);
void agent.loadConversations();
void engines.init();
// The saved embedder is applied once the world exists: switching retrains on the world's traces.
const modelsReady = ready.then(() => (session.getState().phase === 'ready' ? models.init() : undefined));
void ready.then(() => storage.start());
installTestHook(session, search, ready, startedAt, models, modelsReady, linkModel, agentStores, {
  tabs,
  storage,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <RetrievalModelsContext.Provider value={models}>
        <LinkModelContext.Provider value={linkModel}>
          <AgentContext.Provider value={agentStores}>
            <McpContext.Provider value={mcp}>
              <App />
            </McpContext.Provider>
          </AgentContext.Provider>
        </LinkModelContext.Provider>
      </RetrievalModelsContext.Provider>
    </SessionContext.Provider>
  </StrictMode>,
);

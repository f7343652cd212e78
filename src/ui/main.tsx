import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SimulationSwitch } from '../app/agent/simulation-switch';
import { AgentSession } from '../app/agent/agent-session';
import { AppAgentWorld } from '../app/agent/app-agent-world';
import { DeferredConversationStore } from '../app/agent/conversation-store';
import { EngineManager } from '../app/agent/engine-manager';
import { SandboxModel } from '../app/agent/sandbox-model';
import { broadcastSandboxTabs } from '../app/agent/sandbox-tabs';
import { probeEmbedders } from '../app/embedder-options';
import { LinkModel } from '../app/link-model';
import { RetrievalModels } from '../app/retrieval-models';
import { SearchClient } from '../app/search-client';
import { WorldSession } from '../app/world-session';
import { LexicalEmbedder } from '../core/embed/lexical-embedder';
import { openConversationStore } from '../persist/idb-conversation-store';
import { openSandboxStore } from '../persist/idb-sandbox-store';
import { exportKeptStore } from '../persist/idb-world-store';
import { StorageFullError } from '../persist/storage-full-error';
import { browserConnect } from '../app/mcp/browser-mcp-client';
import { McpStore } from '../app/mcp/mcp-store';
import { App } from './App';
import { McpContext } from './mcp/use-mcp';
import { installTestHook } from './test-hook';
import { setStorageMonitor } from './StorageStatus';
import { StorageMonitor } from '../app/storage-monitor';
import { TabCoordinator } from '../persist/tab-coordinator';
import { requestPersistence, storageFacts } from '../persist/storage-status';
import { InputRejectedError } from '../core/validate/input-rejected-error';
import { AgentContext, type AgentStores } from './use-agent';
import { LinkModelContext } from './use-link-model';
import { LayerTrainingContext } from './use-layer-training';
import { LayerTraining } from '../app/layer-training';
import { fetchShippedLayerModel, layerTrainWorkerBackend } from '../app/layer-train-client';
import { RetrievalModelsContext } from './use-retrieval-models';
import { SessionContext } from './use-session';
import { firstTurnEnded, startOfflineApp } from './pwa/offline-app-setup';
import './styles.css';

const startedAt = performance.now();
const embedder = new LexicalEmbedder();
// The world worker owns the Tool World and its store (IndexedDB, opened in the worker); this thread keeps
// the session's read model of it (issue 11).
const search: SearchClient = new SearchClient();
// Two tabs (issue 21): one owns writes, another saves its traces through it and applies its changes.
const tabs = new TabCoordinator({
  ingest: (trace) => session.ingestTrace(trace),
  // A typed error crosses the worker boundary with its name and code (worker-error.ts), not its fields.
  isDuplicate: (e) => InputRejectedError.isInstance(e) && /already in the world/.test((e as Error).message),
});
const storage = new StorageMonitor({
  facts: storageFacts,
  requestPersistence,
  tab: tabs,
  freeOldModels: async () => (await search.api()).freeOldModels(),
});
setStorageMonitor(storage);
const session: WorldSession = new WorldSession({
  embedder,
  worker: search,
  tabs,
  exportKept: (name) => exportKeptStore(name),
  onWriteFailed: (e) => {
    if (StorageFullError.isInstance(e)) storage.reportFailure((e as Error).message);
  },
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
  // Every tab keeps the sandbox in memory: they tell each other when they saved it (no lost changes).
  tabs: broadcastSandboxTabs(),
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
// RETO's layer model retrained on this world's traces (issue 18), used by the chat's executor once promoted.
const layerTraining = new LayerTraining({
  backend: layerTrainWorkerBackend(),
  world: () => session.world,
  shipped: () => fetchShippedLayerModel(`${import.meta.env.BASE_URL}models/`),
});
const agent = new AgentSession({
  retrainedLayerModel: () => layerTraining.predictor(),
  world: new AppAgentWorld(session, search),
  runtime: async () => mcp.compose(await sandbox.runtime()),
  // Catalogue tools without an implementation answer from the API simulator, labelled so (Tools tab).
  simulation: new SimulationSwitch(localStorage),
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
// Offline and installable (issue 19): the service worker registers after the first screen and answer.
startOfflineApp(ready, firstTurnEnded(agent));
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
              <LayerTrainingContext.Provider value={layerTraining}>
                <App />
              </LayerTrainingContext.Provider>
            </McpContext.Provider>
          </AgentContext.Provider>
        </LinkModelContext.Provider>
      </RetrievalModelsContext.Provider>
    </SessionContext.Provider>
  </StrictMode>,
);

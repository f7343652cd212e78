import { lazy, Suspense, useState } from 'react';
import { LazyGraphView as GraphView } from '../LazyGraphView';
import { useAgentState } from '../use-agent';
import { ConversationList } from './ConversationList';
import { EnginePanel } from './EnginePanel';
import { SandboxPanel } from './SandboxPanel';
import { ToolsPanel } from './ToolsPanel';
import { ToolServersPanel } from '../mcp/ToolServersPanel';
// The Evaluate panel (issue 15) brings its worker and tables: loaded when its tab is opened.
const EvaluatePanel = lazy(() => import('../eval/EvaluatePanel').then((m) => ({ default: m.EvaluatePanel })));

/** On a phone the side pane starts folded, so the request box and the answer get the screen. */
const narrow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 700px)').matches;

type SideTab = 'graph' | 'sandbox' | 'tools' | 'servers' | 'history' | 'engine' | 'evaluate';

const TABS: { id: SideTab; label: string }[] = [
  { id: 'graph', label: 'Graph' },
  { id: 'sandbox', label: 'Sandbox' },
  { id: 'tools', label: 'Tools' },
  { id: 'servers', label: 'Tool servers' },
  { id: 'history', label: 'Conversations' },
  { id: 'engine', label: 'Engine' },
  { id: 'evaluate', label: 'Evaluate' },
];

/** Beside the chat: the graph with the running chain lit up, the sandbox, tool servers, past conversations, the engine. */
export function ChatSidePane() {
  const [tab, setTab] = useState<SideTab>('graph');
  const [folded, setFolded] = useState(narrow);
  const { highlight } = useAgentState();
  return (
    <aside className="chat-side" data-folded={folded} data-testid="chat-side">
      <button
        className="side-fold"
        aria-expanded={!folded}
        onClick={() => setFolded(!folded)}
        data-testid="chat-side-fold"
      >
        {folded ? 'Show the graph and panels' : 'Hide the graph and panels'}
      </button>
      {!folded && (
        <>
          <div className="tabs" role="tablist">
            {TABS.map((t) => (
              <button
                key={t.id}
                role="tab"
                aria-selected={tab === t.id}
                onClick={() => setTab(t.id)}
                data-testid={`chat-tab-${t.id}`}
              >
                {t.label}
              </button>
            ))}
          </div>
          {tab === 'graph' ? (
            <GraphView highlight={highlight} />
          ) : tab === 'sandbox' ? (
            <SandboxPanel />
          ) : tab === 'tools' ? (
            <ToolsPanel />
          ) : tab === 'servers' ? (
            <ToolServersPanel />
          ) : tab === 'history' ? (
            <ConversationList />
          ) : tab === 'evaluate' ? (
            <Suspense fallback={<p className="side-panel">Loading…</p>}>
              <EvaluatePanel />
            </Suspense>
          ) : (
            <EnginePanel />
          )}
        </>
      )}
    </aside>
  );
}

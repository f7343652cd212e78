import { useState } from 'react';
import { GraphView } from '../GraphView';
import { useAgentState } from '../use-agent';
import { ConversationList } from './ConversationList';
import { EnginePanel } from './EnginePanel';
import { SandboxPanel } from './SandboxPanel';
import { ToolsPanel } from './ToolsPanel';
import { ToolServersPanel } from '../mcp/ToolServersPanel';
import { EvaluatePanel } from '../eval/EvaluatePanel';

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
  const { highlight } = useAgentState();
  return (
    <aside className="chat-side">
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
        <EvaluatePanel />
      ) : (
        <EnginePanel />
      )}
    </aside>
  );
}

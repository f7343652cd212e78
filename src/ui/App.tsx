import { ChatScreen } from './chat/ChatScreen';
import { DropZone } from './DropZone';
import { LazyGraphView as GraphView } from './LazyGraphView';
import { Header } from './Header';
import { RightPane } from './RightPane';
import { Notices } from './Notices';
import { ProgressBar } from './ProgressBar';
import { ToolList } from './ToolList';
import { useSessionState } from './use-session';
import { useView } from './use-view';
import { UpdatePrompt } from './pwa/UpdatePrompt';

export function App() {
  const state = useSessionState();
  const [view] = useView();
  return (
    <div className="app" data-phase={state.phase} data-view={view} data-testid="app">
      <Header />
      <ProgressBar />
      <Notices />
      <UpdatePrompt />
      {state.phase === 'failed' ? (
        <main className="failed">
          <h2>The Tool World could not be opened</h2>
          <p data-testid="failure">{state.failure}</p>
        </main>
      ) : state.phase === 'loading' ? (
        <main className="loading">Opening the Tool World…</main>
      ) : view === 'chat' ? (
        <ChatScreen />
      ) : (
        <main className="workspace">
          <ToolList />
          <GraphView />
          <RightPane />
        </main>
      )}
      <DropZone />
    </div>
  );
}

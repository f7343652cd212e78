import { useAgentState } from '../use-agent';
import { RequestBox } from './RequestBox';
import { TurnCard } from './TurnCard';

/** The main screen: what the app does in one line, the request box, then the turns (newest first). */
export function ChatView() {
  const { turns } = useAgentState();
  return (
    <section className="chat" aria-label="Chat with the agent" data-testid="chat-view">
      <p className="chat-intro start-here" data-testid="start-here">
        <strong>Start here: type what you want done, or pick an example.</strong>
        Ask in plain words: the agent picks tools from its Tool World graph, plans the chain and runs it on a
        local sandbox (your reminders, calendar, notes, mail outbox) — nothing leaves this browser, and after
        the first visit it works offline.
      </p>
      <RequestBox />
      <div className="turns">
        {[...turns].reverse().map((t) => (
          <TurnCard key={t.id} turn={t} />
        ))}
      </div>
    </section>
  );
}

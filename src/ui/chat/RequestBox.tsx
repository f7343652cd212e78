import { useState } from 'react';
import { useAgentState, useAgentStores } from '../use-agent';

/** The request box: Enter sends (Shift+Enter for a new line); Stop while a turn runs. */
export function RequestBox() {
  const { agent } = useAgentStores();
  const { running } = useAgentState();
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim() || running) return;
    void agent.send(text);
    setText('');
  };
  return (
    <form
      className="request-box"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        rows={2}
        value={text}
        autoFocus
        placeholder='e.g. "Remind me to call Anna tomorrow at 9" or "Create a note called Groceries saying milk and eggs"'
        aria-label="Your request"
        data-testid="chat-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div className="request-actions">
        <button type="submit" disabled={running || !text.trim()} data-testid="chat-send">
          Send
        </button>
        {running && (
          <button type="button" className="stop" onClick={() => agent.stop()} data-testid="chat-stop">
            Stop
          </button>
        )}
      </div>
    </form>
  );
}

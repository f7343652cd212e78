import { useState } from 'react';
import { useAgentState, useAgentStores } from '../use-agent';

/** The request box: Enter sends (Shift+Enter for a new line); Stop while a turn runs. */
/** Requests the graph-only agent answers on the demo world, offered while the box is empty. */
const EXAMPLES = [
  'Remind me to call Anna tomorrow at 9',
  'Create a note called Groceries saying milk and eggs',
  'Schedule a dentist appointment on Friday at 3 pm',
];

export function RequestBox() {
  const { agent } = useAgentStores();
  const { running, pending } = useAgentState();
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
      {!text && !running && (
        <div className="request-examples" aria-label="Examples">
          {EXAMPLES.map((e) => (
            <button type="button" key={e} onClick={() => setText(e)} data-testid="request-example">
              {e}
            </button>
          ))}
        </div>
      )}
      {pending && (
        <p className="meta" role="status" data-testid="request-blocked">
          The agent is waiting for your answer to its question below. Answer it, or Stop to send a new
          request.
        </p>
      )}
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

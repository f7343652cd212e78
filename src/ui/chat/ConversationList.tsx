import { useAgentState, useAgentStores } from '../use-agent';
import { msText, valueText } from './value-text';

/** Past conversations kept in IndexedDB, newest first: request, answer, steps, calls, engine, time. */
export function ConversationList() {
  const { agent } = useAgentStores();
  const { conversations, conversationsError } = useAgentState();
  return (
    <div className="side-panel" data-testid="conversations">
      {conversationsError && <p className="warn">{conversationsError}</p>}
      {conversations.length === 0 && <p className="meta">No conversations yet.</p>}
      <ul className="conversations">
        {conversations.map((c) => (
          <li key={c.id} data-testid="conversation">
            <details>
              <summary>
                <strong>{c.request}</strong>{' '}
                <span className="meta">
                  {new Date(c.startedAt).toLocaleString()} · {c.status} · {c.engine} · {msText(c.ms)}
                </span>
              </summary>
              <p>{c.answer}</p>
              <ol className="meta">
                {c.steps.map((s, i) => (
                  <li key={i}>{s}</li>
                ))}
              </ol>
              {c.calls.length > 0 && (
                <ul>
                  {c.calls.map((call, i) => (
                    <li key={i} className={call.ok ? '' : 'failure'}>
                      {call.tool}({valueText(call.args, 100)}) →{' '}
                      {call.ok ? valueText(call.output, 100) : call.error}
                      {call.source && <span className="meta"> · {call.source}</span>}
                    </li>
                  ))}
                </ul>
              )}
              <p className="meta">
                {c.llmCalls} LLM calls · {c.promptTokens} + {c.completionTokens} tokens{' '}
                <button onClick={() => void agent.deleteConversation(c.id)}>Delete</button>
              </p>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { valueText } from '../chat/value-text';
import { useMcpState, useMcpStore } from './use-mcp';
import './mcp.css';

/**
 * The question a call to a tool server waits on: nothing is sent to a server until the user allows it.
 * Allow keeps it allowed (listed under Tool servers, where it can be revoked); Deny fails the call.
 */
export function McpPermissionPrompt() {
  const store = useMcpStore();
  const { prompt } = useMcpState();
  if (!prompt) return null;
  const args = Object.entries(prompt.args);
  return (
    <div
      className="mcp-permission"
      role="dialog"
      aria-label="Allow a tool server"
      data-testid="mcp-permission"
    >
      <p>
        The agent wants to call <code>{prompt.tool}</code> on the tool server <strong>{prompt.server}</strong>
        . Nothing is sent to it until you allow it.
      </p>
      {args.length > 0 && (
        <ul className="call-args">
          {args.map(([k, v]) => (
            <li key={k}>
              <code>{k}</code> = {valueText(v)}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <button onClick={() => store.answerPrompt(true)} data-testid="mcp-permission-allow">
          Allow calls to this server
        </button>
        <button onClick={() => store.answerPrompt(false)} data-testid="mcp-permission-deny">
          Deny
        </button>
      </div>
    </div>
  );
}

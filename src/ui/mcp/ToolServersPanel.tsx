import { useState } from 'react';
import type { McpServerView } from '../../core/mcp/mcp-hub';
import { useMcpState, useMcpStore } from './use-mcp';
import './mcp.css';

const when = (t: number | null): string => (t === null ? 'never' : new Date(t).toLocaleString());

const STATUS_TEXT: Record<McpServerView['status'], string> = {
  idle: 'not connected',
  connecting: 'connecting…',
  connected: 'connected',
  offline: 'offline',
};

/**
 * "Tool servers": connect an MCP server by its Streamable HTTP URL; its tools join the catalogue and the
 * graph (category `mcp:<server>`). The allow-list is shown and editable: nothing is called on a server
 * until it is allowed, and Revoke takes that back.
 */
export function ToolServersPanel() {
  const store = useMcpStore();
  const { servers, adding, addError } = useMcpState();
  const [url, setUrl] = useState('');
  const allowed = servers.filter((s) => s.allowed);
  const submit = () => {
    const u = url.trim();
    if (!u || adding) return;
    void store.add(u).then((v) => {
      if (v) setUrl('');
    });
  };
  return (
    <div className="side-panel mcp-panel" data-testid="mcp-panel">
      <p className="meta">
        Connect a tool server (Model Context Protocol, Streamable HTTP): its tools join the catalogue and the
        graph, and the agent may call them once you allow the server. Results are marked with the server.
      </p>
      <form
        className="row mcp-add"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          type="url"
          placeholder="http://127.0.0.1:3001/mcp"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-label="Tool server URL"
          data-testid="mcp-url"
        />
        <button type="submit" disabled={adding || !url.trim()} data-testid="mcp-connect">
          {adding ? 'Connecting…' : 'Connect a tool server'}
        </button>
      </form>
      {addError && (
        <p className="warn mcp-error" data-testid="mcp-add-error">
          {addError}
        </p>
      )}
      <h3>Allowed to be called</h3>
      <p className="meta" data-testid="mcp-allow-list">
        {allowed.length === 0 ? 'No server yet.' : allowed.map((s) => s.label).join(', ')}
      </p>
      <h3>Servers</h3>
      {servers.length === 0 && <p className="meta">None connected.</p>}
      <ul className="mcp-servers">
        {servers.map((s) => (
          <ServerItem key={s.id} server={s} />
        ))}
      </ul>
    </div>
  );
}

function ServerItem({ server: s }: { server: McpServerView }) {
  const store = useMcpStore();
  return (
    <li className="mcp-server" data-testid="mcp-server" data-status={s.status} data-allowed={s.allowed}>
      <div>
        <strong data-testid="mcp-server-label">{s.label}</strong>{' '}
        <span className={`status mcp-status-${s.status}`} data-testid="mcp-server-status">
          {STATUS_TEXT[s.status]}
        </span>
      </div>
      <div className="meta">
        {s.id}
        {s.name && ` · ${s.name}`} · last seen {when(s.lastSeen)}
      </div>
      <div className="row mcp-actions">
        {s.allowed ? (
          <>
            <span className="mcp-allowed" data-testid="mcp-allowed">
              allowed{s.allowedAt !== null && ` since ${when(s.allowedAt)}`}
            </span>
            <button onClick={() => void store.revoke(s.id)} data-testid="mcp-revoke">
              Revoke
            </button>
          </>
        ) : (
          <>
            <span className="mcp-not-allowed">not allowed: its tools are not called</span>
            <button onClick={() => void store.allow(s.id)} data-testid="mcp-allow">
              Allow
            </button>
          </>
        )}
        <button
          onClick={() => void store.refresh(s.id)}
          disabled={s.status === 'connecting'}
          data-testid="mcp-refresh"
        >
          {s.status === 'connected' ? 'Refresh tools' : 'Reconnect'}
        </button>
        <button
          onClick={() => {
            if (
              confirm(
                `Remove ${s.label}? Its tools stay in the catalogue and the graph, but cannot be called.`,
              )
            )
              void store.remove(s.id);
          }}
          data-testid="mcp-remove"
        >
          Remove
        </button>
      </div>
      {s.error && (
        <p className="warn mcp-error" data-testid="mcp-server-error">
          {s.error}
        </p>
      )}
      <details open={s.tools.length <= 16}>
        <summary>
          {s.tools.length} tool{s.tools.length === 1 ? '' : 's'}
        </summary>
        <ul className="mcp-tools">
          {s.tools.map((t) => (
            <li key={t.tool} data-testid="mcp-tool">
              <code>{t.tool}</code>
              {t.remote !== t.tool && <span className="meta"> (on the server: {t.remote})</span>}
            </li>
          ))}
        </ul>
      </details>
      {s.skipped.length > 0 && (
        <details data-testid="mcp-skipped">
          <summary className="warn">{s.skipped.length} skipped (schema not valid)</summary>
          <ul>
            {s.skipped.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

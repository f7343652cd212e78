import { useSyncExternalStore } from 'react';
import { useAgentStores } from '../use-agent';

/**
 * Hosts the catalogue's HTTP tools (imported from OpenAPI) would call. Nothing leaves the device until a
 * host is allowed here; a call to another host fails and says so.
 */
export function HttpHostsPanel() {
  const { agent } = useAgentStores();
  const allowed = useSyncExternalStore(agent.hosts.subscribe, agent.hosts.getState);
  const hosts = [...new Set([...agent.httpHosts(), ...allowed])].sort();
  return (
    <section data-testid="http-hosts">
      <h3>Web hosts</h3>
      {hosts.length === 0 ? (
        <p className="meta">No HTTP tools: import an OpenAPI 3 document (JSON) to add some.</p>
      ) : (
        <ul>
          {hosts.map((h) => (
            <li key={h} data-testid="http-host" data-host={h}>
              <code>{h}</code>{' '}
              {allowed.includes(h) ? (
                <button onClick={() => agent.hosts.revoke(h)}>Stop allowing</button>
              ) : (
                <button onClick={() => agent.hosts.allow(h)} data-testid="http-host-allow">
                  Allow calls
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

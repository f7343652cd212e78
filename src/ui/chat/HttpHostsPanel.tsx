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
  const unreachable = agent.httpToolsWithoutServer();
  return (
    <section data-testid="http-hosts">
      <h3>Web hosts</h3>
      {unreachable > 0 && (
        // It said "No HTTP tools: import an OpenAPI 3 document" right after one was imported (second QA pass).
        <p className="meta" data-testid="http-no-server">
          {unreachable} HTTP tool{unreachable === 1 ? '' : 's'} cannot be called:{' '}
          {unreachable === 1 ? 'its' : 'their'} OpenAPI document names no absolute server URL. Add
          &quot;servers&quot;: [&#123;&quot;url&quot;: &quot;https://…&quot;&#125;] to the document and import
          it again.
        </p>
      )}
      {hosts.length === 0 ? (
        unreachable === 0 && (
          <p className="meta">No HTTP tools: import an OpenAPI 3 document (JSON) to add some.</p>
        )
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

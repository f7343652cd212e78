import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAgentStores } from '../use-agent';
import { useSessionState } from '../use-session';

/**
 * The switch for tools that have a schema but no implementation (an imported catalogue, a dataset's
 * world, an OpenAPI document without a server): simulated, each answer labelled so, or reported as not
 * executable. Lists how many such tools the catalogue has now.
 */
export function SimulationPanel() {
  const { agent } = useAgentStores();
  const on = useSyncExternalStore(agent.simulation.subscribe, agent.simulation.getState);
  const { worldVersion } = useSessionState();
  const [missing, setMissing] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    agent.toolsWithoutImplementation().then(
      (names) => live && setMissing(names),
      () => live && setMissing(null),
    );
    return () => {
      live = false;
    };
  }, [agent, worldVersion]);
  return (
    <section data-testid="simulation-panel">
      <h3>Tools without an implementation</h3>
      <label>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => agent.simulation.set(e.target.checked)}
          data-testid="simulate-toggle"
        />{' '}
        Simulate them
      </label>
      <p className="meta">
        {on
          ? 'Their answers come from the API simulator: an answer recorded for the same call, a recorded answer with this call’s values, or a mock from the tool’s schema. Every such answer is marked simulated.'
          : 'Calls to them fail as not executable, and the agent looks for a detour.'}
      </p>
      {missing && (
        <p className="meta" data-testid="unimplemented-count">
          {missing.length === 0
            ? 'Every tool of the catalogue has an implementation.'
            : `${missing.length} tool${missing.length === 1 ? '' : 's'} of the catalogue ${missing.length === 1 ? 'has' : 'have'} none: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.`}
        </p>
      )}
    </section>
  );
}

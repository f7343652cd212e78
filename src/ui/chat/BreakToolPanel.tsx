import { useState, useSyncExternalStore } from 'react';
import { FAULT_KINDS } from '../../core/execute/tool-breaker';
import type { InjectedFault } from '../../core/execute/failure-injection';
import { useAgentStores } from '../use-agent';

const FAULT_TEXT: Record<InjectedFault, string> = {
  unavailable: 'unavailable (down)',
  error: 'error',
  timeout: 'timeout (3 s)',
  'empty-result': 'empty result',
  'malformed-result': 'malformed result',
  slow: 'slow (2 s)',
};

/**
 * Break a tool on purpose and watch the agent route around it: pick a tool and a fault, Break; the
 * broken tools are listed, each with Fix, and Reset fixes them all. The next turn's calls see it.
 */
export function BreakToolPanel() {
  const { agent } = useAgentStores();
  const { broken } = useSyncExternalStore(agent.breaker.subscribe, agent.breaker.getState);
  const tools = agent.toolNames();
  const [tool, setTool] = useState('');
  const [fault, setFault] = useState<InjectedFault>('unavailable');
  const chosen = tool || tools[0] || '';
  return (
    <section data-testid="break-tool-panel">
      <h3>Break a tool</h3>
      <p className="meta">
        Calls to a broken tool fail the way you choose, so you can watch the agent find a detour (another tool
        with the same inputs and outputs, another producer upstream, or another target).
      </p>
      <div className="row">
        <select
          aria-label="Tool"
          value={chosen}
          onChange={(e) => setTool(e.target.value)}
          data-testid="break-tool"
        >
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <select
          aria-label="Fault"
          value={fault}
          onChange={(e) => setFault(e.target.value as InjectedFault)}
          data-testid="break-fault"
        >
          {FAULT_KINDS.map((f) => (
            <option key={f} value={f}>
              {FAULT_TEXT[f]}
            </option>
          ))}
        </select>
        <button
          disabled={!chosen}
          onClick={() => agent.breaker.breakTool(chosen, fault)}
          data-testid="break-apply"
        >
          Break
        </button>
      </div>
      {broken.length === 0 ? (
        <p className="meta" data-testid="broken-none">
          Every tool works.
        </p>
      ) : (
        <ul>
          {broken.map((b) => (
            <li key={b.tool} data-testid="broken-tool" data-tool={b.tool}>
              <span className="failure">{b.tool}</span> · {FAULT_TEXT[b.fault]}{' '}
              <button onClick={() => agent.breaker.fix(b.tool)} data-testid="broken-fix">
                Fix
              </button>
            </li>
          ))}
        </ul>
      )}
      <button disabled={broken.length === 0} onClick={() => agent.breaker.reset()} data-testid="break-reset">
        Reset: fix all
      </button>
    </section>
  );
}

import { BreakToolPanel } from './BreakToolPanel';
import { HttpHostsPanel } from './HttpHostsPanel';
import { SimulationPanel } from './SimulationPanel';

/** The chat's Tools tab: break a tool on purpose, simulate the unimplemented ones, which web hosts HTTP tools may call. */
export function ToolsPanel() {
  return (
    <div className="side-panel" data-testid="tools-panel">
      <BreakToolPanel />
      <SimulationPanel />
      <HttpHostsPanel />
    </div>
  );
}

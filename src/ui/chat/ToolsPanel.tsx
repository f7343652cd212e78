import { BreakToolPanel } from './BreakToolPanel';
import { HttpHostsPanel } from './HttpHostsPanel';

/** The chat's Tools tab: break a tool on purpose, and which web hosts HTTP tools may call. */
export function ToolsPanel() {
  return (
    <div className="side-panel" data-testid="tools-panel">
      <BreakToolPanel />
      <HttpHostsPanel />
    </div>
  );
}

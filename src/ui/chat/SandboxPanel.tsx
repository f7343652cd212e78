import { useAgentStores, useSandboxState } from '../use-agent';
import { SandboxChanges } from './SandboxChanges';
import { SandboxContents } from './SandboxContents';

/** The sandbox the tools act on: every change (Undo each), Reset, and what is in it now. */
export function SandboxPanel() {
  const { sandbox } = useAgentStores();
  const state = useSandboxState();
  if (state.phase === 'loading') return <div className="side-panel">Opening the sandbox…</div>;
  return (
    <div className="side-panel sandbox-panel" data-testid="sandbox-panel">
      <p className="meta">
        The built-in tools act on this sample data ({state.storeLabel || 'not open'}); mail and messages go to
        a local outbox and are never delivered.
      </p>
      {state.message && (
        <p className={state.message.level === 'info' ? 'meta' : 'warn'} data-testid="sandbox-message">
          {state.message.text}
        </p>
      )}
      {state.sandbox && (
        <>
          <SandboxChanges
            changes={state.sandbox.changes}
            busy={state.busy}
            onUndo={(id) => void sandbox.undo(id)}
            onReset={() => {
              if (confirm('Put the sandbox back to its sample data? Every change listed is lost.'))
                void sandbox.reset();
            }}
          />
          <SandboxContents sandbox={state.sandbox} />
        </>
      )}
    </div>
  );
}

import { downloadText } from './download';
import { useSession, useSessionState } from './use-session';

export function Notices() {
  const session = useSession();
  const { notices } = useSessionState();
  if (notices.length === 0) return null;
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.level}`} data-testid="notice">
          <span>{n.text}</span>
          {n.keptStore && (
            <button
              onClick={async () => {
                try {
                  downloadText(`${n.keptStore}.json`, await session.exportKeptStore(n.keptStore!));
                } catch (e) {
                  session.notify('error', `Could not export the kept store: ${(e as Error).message}`);
                }
              }}
            >
              Export old store
            </button>
          )}
          {n.undoPrune && (
            <button onClick={() => void session.undoPrune(n.id)} data-testid="undo-prune">
              Undo
            </button>
          )}
          <button className="dismiss" aria-label="Dismiss" onClick={() => session.dismiss(n.id)}>
            ×
          </button>
          {n.details && (
            <details>
              <summary>{n.details.length} skipped entries</summary>
              <ul>
                {n.details.slice(0, 200).map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      ))}
    </div>
  );
}

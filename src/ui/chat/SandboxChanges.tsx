import type { SandboxChange } from '../../core/sandbox';

interface Props {
  changes: readonly SandboxChange[];
  busy: boolean;
  onUndo: (id: string) => void;
  onReset: () => void;
}

/** The tools' changes to the sandbox, newest first, each with Undo; and Reset for all of them. */
export function SandboxChanges({ changes, busy, onUndo, onReset }: Props) {
  return (
    <section>
      <h3>
        Changes ({changes.length}){' '}
        <button disabled={busy} onClick={onReset} data-testid="sandbox-reset">
          Reset sandbox
        </button>
      </h3>
      {changes.length === 0 ? (
        <p className="meta">Nothing changed yet.</p>
      ) : (
        <ul className="changes">
          {[...changes].reverse().map((c) => (
            <li key={c.id} data-testid="sandbox-change">
              <span>{c.summary}</span> <span className="meta">by {c.tool}</span>{' '}
              <button disabled={busy} onClick={() => onUndo(c.id)} data-testid="sandbox-undo">
                Undo
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

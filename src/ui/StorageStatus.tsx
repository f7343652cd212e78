import type { StorageMonitor } from '../app/storage-monitor';
import { formatBytes } from '../persist/storage-status';
import { downloadText } from './download';
import { useSession } from './use-session';
import { useStore } from './use-store';

let monitor: StorageMonitor | null = null;

/** Set once by main.tsx, like the graph handle: the header reads it without another context. */
export function setStorageMonitor(m: StorageMonitor): void {
  monitor = m;
}

/**
 * The storage line in the header (issue 21): persistent or not, usage of quota, this tab's part in writing,
 * and after a write the browser refused for space, the failure with Export and Free space.
 */
export function StorageStatus() {
  if (!monitor) return null;
  return <StorageStatusOf monitor={monitor} />;
}

function StorageStatusOf({ monitor }: { monitor: StorageMonitor }) {
  const s = useStore(monitor);
  const session = useSession();
  const pct = s.usage !== null && s.quota ? ` (${Math.round((s.usage / s.quota) * 100)}%)` : '';
  const persisted =
    s.persisted === null
      ? 'persistence unknown'
      : s.persisted
        ? 'persistent'
        : 'not persistent (may be evicted)';
  return (
    <span className="badge" data-testid="storage-status" data-role={s.role} title={s.roleMessage}>
      <span data-testid="storage-usage">
        Storage: {formatBytes(s.usage)} of {formatBytes(s.quota)}
        {pct} · {persisted}
      </span>
      {s.role !== 'owner' && s.role !== 'solo' ? (
        <span data-testid="tab-role"> · {s.roleMessage}</span>
      ) : s.role === 'solo' ? (
        <span data-testid="tab-role"> · one tab only</span>
      ) : null}
      {s.role === 'took-over' ? <button onClick={() => location.reload()}>Reload</button> : null}
      {s.failure ? (
        <span role="alert" data-testid="storage-failure">
          {' '}
          · {s.failure}{' '}
          <button onClick={() => downloadText('naviagent-world.json', session.exportWorld())}>
            Export world
          </button>{' '}
          <button onClick={() => void monitor.freeOldModels()}>Free space</button>{' '}
          <button onClick={() => monitor.dismissFailure()}>Dismiss</button>
        </span>
      ) : null}
      {s.freed ? <span data-testid="storage-freed"> · {s.freed}</span> : null}
    </span>
  );
}

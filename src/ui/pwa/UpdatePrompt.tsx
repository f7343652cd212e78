import { useSyncExternalStore } from 'react';
import type { OfflineAppState } from '../../app/pwa/offline-app';
import { offlineApp } from './offline-app-setup';

const OFF: OfflineAppState = { phase: 'off', updateWaiting: false, problem: null };
const noop = () => () => undefined;

/** "A new version is available — Reload": the open tab keeps its version until the user chooses. */
export function UpdatePrompt() {
  const app = offlineApp();
  const state = useSyncExternalStore(app?.subscribe ?? noop, app?.getState ?? (() => OFF));
  if (!app || !state.updateWaiting) return null;
  return (
    <div className="notice notice-info update-prompt" role="status" data-testid="update-prompt">
      <span>A new version of NaviAgent Web is available.</span>
      <button onClick={() => void app.reload()} data-testid="update-reload">
        Reload
      </button>
      <button className="dismiss" aria-label="Later" onClick={() => app.dismissUpdate()}>
        ×
      </button>
    </div>
  );
}

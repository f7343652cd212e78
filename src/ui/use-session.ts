import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionState } from '../app/session-state';
import type { WorldSession } from '../app/world-session';

export const SessionContext = createContext<WorldSession | null>(null);

export function useSession(): WorldSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <SessionContext.Provider>');
  return s;
}

/** The session's state, re-rendering on every change (useSyncExternalStore, STYLE.md practice 7). */
export function useSessionState(): SessionState {
  const s = useSession();
  return useSyncExternalStore(s.subscribe, s.getState);
}

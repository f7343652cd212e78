import { createContext, useContext } from 'react';
import { useStore } from './use-store';
import type { SessionState } from '../app/session-state';
import type { WorldSession } from '../app/world-session';

export const SessionContext = createContext<WorldSession | null>(null);

export function useSession(): WorldSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <SessionContext.Provider>');
  return s;
}

/** The session's state, re-rendering on every change (useSyncExternalStore, docs/conventions.md §7). */
export function useSessionState(): SessionState {
  return useStore(useSession());
}

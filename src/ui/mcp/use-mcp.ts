import { createContext, useContext, useSyncExternalStore } from 'react';
import type { McpStore, McpStoreState } from '../../app/mcp/mcp-store';

/** The tool servers' store (src/app/mcp), provided by main.tsx. */
export const McpContext = createContext<McpStore | null>(null);

export function useMcpStore(): McpStore {
  const s = useContext(McpContext);
  if (!s) throw new Error('useMcpStore outside <McpContext.Provider>');
  return s;
}

/** The servers, their status and the permission question, re-rendering on every change. */
export function useMcpState(): McpStoreState {
  const store = useMcpStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

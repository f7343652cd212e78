/**
 * Tells the other tabs of the app that this tab saved the sandbox, and hears when they did: the sandbox
 * is one IndexedDB record that every tab keeps a copy of in memory (see `SandboxSession.adoptSaved`).
 */
export interface SandboxTabs {
  /** This tab's save reached the store. */
  announce(): void;
  /** Another tab's save reached the store; returns the unsubscribe function. */
  onAnnounced(listener: () => void): () => void;
}

/** Over a BroadcastChannel (a tab does not hear its own messages); undefined where there is none. */
export function broadcastSandboxTabs(name = 'naviagent-sandbox'): SandboxTabs | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    announce: () => channel.postMessage('saved'),
    onAnnounced: (listener) => {
      const heard = () => listener();
      channel.addEventListener('message', heard);
      return () => channel.removeEventListener('message', heard);
    },
  };
}

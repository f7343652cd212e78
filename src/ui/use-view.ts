import { useCallback, useSyncExternalStore } from 'react';

/** The app's two screens: the chat (the main one) and the Tool World workspace. Kept in the URL hash. */
export type AppView = 'chat' | 'world';

const viewOfHash = (): AppView => (location.hash === '#world' ? 'world' : 'chat');

const subscribe = (listener: () => void): (() => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

/** The screen shown, and a way to switch (a reload or a shared link opens the same screen). */
export function useView(): [AppView, (view: AppView) => void] {
  const view = useSyncExternalStore(subscribe, viewOfHash);
  const setView = useCallback((v: AppView) => {
    location.hash = v === 'world' ? '#world' : '';
  }, []);
  return [view, setView];
}

import { useSyncExternalStore } from 'react';
import type { Store } from '../app/store';

/** A store's state (src/app/store.ts), re-rendering on every change (docs/conventions.md §7). */
export function useStore<S extends object>(store: Pick<Store<S>, 'subscribe' | 'getState'>): S {
  return useSyncExternalStore(store.subscribe, store.getState);
}

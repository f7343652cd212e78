import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LinkModel, LinkModelState } from '../app/link-model';

export const LinkModelContext = createContext<LinkModel | null>(null);

export function useLinkModel(): LinkModel {
  const m = useContext(LinkModelContext);
  if (!m) throw new Error('useLinkModel outside <LinkModelContext.Provider>');
  return m;
}

/** The HGT link model's state (model in use, training job, predictions), re-rendering on every change. */
export function useLinkModelState(): LinkModelState {
  const m = useLinkModel();
  return useSyncExternalStore(m.subscribe, m.getState);
}

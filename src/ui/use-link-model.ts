import { createContext, useContext } from 'react';
import { useStore } from './use-store';
import type { LinkModel, LinkModelState } from '../app/link-model';

export const LinkModelContext = createContext<LinkModel | null>(null);

export function useLinkModel(): LinkModel {
  const m = useContext(LinkModelContext);
  if (!m) throw new Error('useLinkModel outside <LinkModelContext.Provider>');
  return m;
}

/** The HGT link model's state (model in use, training job, predictions), re-rendering on every change. */
export function useLinkModelState(): LinkModelState {
  return useStore(useLinkModel());
}

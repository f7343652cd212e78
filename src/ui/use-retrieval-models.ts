import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RetrievalModels, RetrievalModelsState } from '../app/retrieval-models';

export const RetrievalModelsContext = createContext<RetrievalModels | null>(null);

export function useRetrievalModels(): RetrievalModels {
  const m = useContext(RetrievalModelsContext);
  if (!m) throw new Error('useRetrievalModels outside <RetrievalModelsContext.Provider>');
  return m;
}

/** The retrieval models' state (embedder, DTDR-L source, training job), re-rendering on every change. */
export function useRetrievalModelsState(): RetrievalModelsState {
  const m = useRetrievalModels();
  return useSyncExternalStore(m.subscribe, m.getState);
}

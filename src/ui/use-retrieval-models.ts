import { createContext, useContext } from 'react';
import { useStore } from './use-store';
import type { RetrievalModels, RetrievalModelsState } from '../app/retrieval-models';

export const RetrievalModelsContext = createContext<RetrievalModels | null>(null);

export function useRetrievalModels(): RetrievalModels {
  const m = useContext(RetrievalModelsContext);
  if (!m) throw new Error('useRetrievalModels outside <RetrievalModelsContext.Provider>');
  return m;
}

/** The retrieval models' state (embedder, DTDR-L source, training job), re-rendering on every change. */
export function useRetrievalModelsState(): RetrievalModelsState {
  return useStore(useRetrievalModels());
}

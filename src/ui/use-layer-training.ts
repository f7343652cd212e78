import { createContext, useContext } from 'react';
import type { LayerTraining } from '../app/layer-training';

/** The layer-model training store; null where the app did not set one up (the panel then hides). */
export const LayerTrainingContext = createContext<LayerTraining | null>(null);

export const useLayerTraining = (): LayerTraining | null => useContext(LayerTrainingContext);

import { mulberry32 } from '../../util/prng';
import { initLayerParams } from './init-layer-params';
import { namedParams, type LayerPredictorConfig, type LayerPredictorParams } from './layer-spec';
import type { EncodedLayerTask } from './train-layers';

export const TINY: LayerPredictorConfig = {
  inputDim: 6,
  toolExtra: 2,
  hidden: 8,
  heads: 2,
  layers: 2,
  ffn: 12,
  maxLayers: 4,
  dropout: 0.1,
};

/** Random parameters (not the init's zeros and ones) so every term of the forward matters. */
export function randomParams(config: LayerPredictorConfig, seed: number): LayerPredictorParams {
  const p = initLayerParams(config, seed);
  const rand = mulberry32(seed + 1);
  for (const [, data] of namedParams(p)) for (let i = 0; i < data.length; i++) data[i] = rand() * 2 - 1;
  return p;
}

/**
 * A planted task family: a tool whose feature 0 is positive runs after every tool whose feature 0 is not
 * (layer 1 vs 0); the other features are noise. The query carries nothing.
 */
export function plantedTasks(count: number, config: LayerPredictorConfig, seed: number): EncodedLayerTask[] {
  const rand = mulberry32(seed);
  const DT = config.inputDim + config.toolExtra;
  return Array.from({ length: count }, () => {
    const n = 2 + Math.floor(rand() * 3);
    const layers = Array.from({ length: n }, () => (rand() < 0.4 ? 1 : 0));
    const tools = layers.map((y) => {
      const v = Float32Array.from({ length: DT }, () => rand() * 2 - 1);
      v[0] = y === 1 ? 0.5 + rand() : -0.5 - rand();
      return v;
    });
    const edges: Array<[number, number]> = [];
    layers.forEach((a, i) => layers.forEach((b, j) => a === 0 && b === 1 && edges.push([i, j])));
    return { query: Float32Array.from({ length: config.inputDim }, () => rand()), tools, layers, edges };
  });
}

import { mulberry32, type Random } from '../../util/prng';
import type { LayerPredictorConfig, LayerPredictorParams, Linear, Norm } from './layer-spec';

/** Xavier-uniform weights, zero biases (PyTorch's Transformer initialisation), from one seeded stream. */
function linear(rand: Random, inDim: number, outDim: number): Linear {
  const bound = Math.sqrt(6 / (inDim + outDim));
  const w = new Float32Array(inDim * outDim);
  for (let i = 0; i < w.length; i++) w[i] = (rand() * 2 - 1) * bound;
  return { w, b: new Float32Array(outDim) };
}

const norm = (d: number): Norm => ({ gamma: new Float32Array(d).fill(1), beta: new Float32Array(d) });

export function initLayerParams(config: LayerPredictorConfig, seed: number): LayerPredictorParams {
  const rand = mulberry32(seed);
  const d = config.hidden;
  const head = linear(rand, d, 1);
  // Thresholds start spread out (later thresholds harder to pass), so the untrained model already orders them.
  const headB = new Float32Array(config.maxLayers - 1).map((_, k) => -k);
  return {
    queryProj: linear(rand, config.inputDim, d),
    queryNorm: norm(d),
    toolProj: linear(rand, config.inputDim + config.toolExtra, d),
    toolNorm: norm(d),
    encoder: Array.from({ length: config.layers }, () => ({
      q: linear(rand, d, d),
      k: linear(rand, d, d),
      v: linear(rand, d, d),
      o: linear(rand, d, d),
      norm1: norm(d),
      ff1: linear(rand, d, config.ffn),
      ff2: linear(rand, config.ffn, d),
      norm2: norm(d),
    })),
    headW: head.w,
    headB,
  };
}

import { mulberry32, type Random } from '../../util/prng';
import { pairFeatureCount, type HgtConfig, type HgtParams } from './hgt-spec';
import { HGT_RELATIONS } from '../../graph-tensors/tensor-spec';
import { HgtShapeError } from '../../graph-tensors/hgt-shape-error';

/** Throws HgtShapeError for a config no HGT can be built from. */
export function checkHgtConfig(config: HgtConfig): void {
  const { inputDim, hidden, heads, layers } = config;
  for (const [name, v] of Object.entries({ inputDim, hidden, heads }))
    if (!Number.isInteger(v) || v <= 0)
      throw new HgtShapeError(`HGT config: ${name} must be a positive integer`);
  if (!Number.isInteger(layers) || layers < 0)
    throw new HgtShapeError('HGT config: layers must be an integer ≥ 0');
  const F = pairFeatureCount(config);
  if (!Number.isInteger(F) || F < 0)
    throw new HgtShapeError('HGT config: pairFeatures must be an integer ≥ 0');
  if (hidden % heads !== 0)
    throw new HgtShapeError(
      `HGT config: hidden ${hidden} is not divisible by heads ${heads}; pick e.g. 64 and 8`,
    );
}

/** Glorot/Xavier uniform: U(±√(6 / (fanIn + fanOut))), so activations keep their scale through each matmul. */
function xavier(rand: Random, fanIn: number, fanOut: number, length = fanIn * fanOut): Float32Array {
  const limit = Math.sqrt(6 / (fanIn + fanOut));
  return Float32Array.from({ length }, () => (rand() * 2 - 1) * limit);
}

const ones = (n: number) => new Float32Array(n).fill(1);

/**
 * Fresh HGT parameters for `config`, seeded: the same (config, seed) gives bit-identical weights. Matrices are
 * Xavier-uniform, biases 0, LayerNorm γ = 1 and β = 0. Values are drawn in a fixed order, and the Hadamard
 * vector is drawn even for `pairHead: 'paper'` (then zeroed), so the ablations start from the same weights.
 */
export function initHgtParams(config: HgtConfig, seed: number): HgtParams {
  checkHgtConfig(config);
  const rand = mulberry32(seed);
  const { inputDim, hidden, heads } = config;
  const R = HGT_RELATIONS.length;
  const encoder = () => ({
    W: xavier(rand, inputDim, hidden),
    b: new Float32Array(hidden),
    lnGamma: ones(hidden),
    lnBeta: new Float32Array(hidden),
  });
  const api = encoder();
  const param = encoder();
  const square = () => xavier(rand, hidden, hidden);
  const layers = Array.from({ length: config.layers }, () => ({
    Wq: HGT_RELATIONS.map(square),
    Wk: HGT_RELATIONS.map(square),
    Wv: HGT_RELATIONS.map(square),
    bRel: new Float32Array(R * heads),
    Wo: square(),
    lnGamma: ones(hidden),
    lnBeta: new Float32Array(hidden),
  }));
  const src = xavier(rand, hidden, 1);
  const dst = xavier(rand, hidden, 1);
  const had = xavier(rand, hidden, 1);
  if (config.pairHead === 'paper') had.fill(0);
  return {
    config: { ...config },
    encoder: { api, param },
    layers,
    // Pair-feature weights start at 0 (drawn nothing, so the other weights match a model without them).
    head: { src, dst, had, b: new Float32Array(1), feat: new Float32Array(pairFeatureCount(config)) },
  };
}

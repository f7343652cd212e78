import type { Tape } from './tape';
import { assertShape, type Tensor } from './tensor';

/**
 * Affine LayerNorm over the last dimension, as ONNX LayerNormalization (axis −1): mean and *biased* variance of
 * each row, ε inside the square root, then γ ⊙ x̂ + β. Statistics are accumulated in float64 so the result
 * matches onnxruntime to well inside 1e-4.
 */
export function layerNorm(tape: Tape, x: Tensor, gamma: Tensor, beta: Tensor, eps: number): Tensor {
  const n = x.rows;
  const m = x.cols;
  assertShape(gamma, 1, m, 'layerNorm gamma');
  assertShape(beta, 1, m, 'layerNorm beta');
  const out = new Float32Array(n * m);
  // x̂ and 1/σ per row are kept for the backward pass.
  const xhat = new Float32Array(n * m);
  const invStd = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const row = i * m;
    let mean = 0;
    for (let j = 0; j < m; j++) mean += x.data[row + j] as number;
    mean /= m;
    let variance = 0;
    for (let j = 0; j < m; j++) {
      const c = (x.data[row + j] as number) - mean;
      variance += c * c;
    }
    variance /= m;
    const inv = 1 / Math.sqrt(variance + eps);
    invStd[i] = inv;
    for (let j = 0; j < m; j++) {
      const h = ((x.data[row + j] as number) - mean) * inv;
      xhat[row + j] = h;
      out[row + j] = h * (gamma.data[j] as number) + (beta.data[j] as number);
    }
  }
  const y = tape.output(out, n, m, [x, gamma, beta]);
  tape.onBackward(y, (g) => {
    const dGamma = gamma.requiresGrad ? gamma.gradBuffer() : null;
    const dBeta = beta.requiresGrad ? beta.gradBuffer() : null;
    const dx = x.requiresGrad ? x.gradBuffer() : null;
    for (let i = 0; i < n; i++) {
      const row = i * m;
      // dx = (1/σ) · (dx̂ − mean(dx̂) − x̂ · mean(dx̂ ⊙ x̂)), with dx̂ = dy ⊙ γ.
      let sumD = 0;
      let sumDX = 0;
      for (let j = 0; j < m; j++) {
        const gj = g[row + j] as number;
        const h = xhat[row + j] as number;
        if (dGamma) dGamma[j] = (dGamma[j] as number) + gj * h;
        if (dBeta) dBeta[j] = (dBeta[j] as number) + gj;
        const dh = gj * (gamma.data[j] as number);
        sumD += dh;
        sumDX += dh * h;
      }
      if (!dx) continue;
      const inv = invStd[i] as number;
      const meanD = sumD / m;
      const meanDX = sumDX / m;
      for (let j = 0; j < m; j++) {
        const dh = (g[row + j] as number) * (gamma.data[j] as number);
        dx[row + j] = (dx[row + j] as number) + inv * (dh - meanD - (xhat[row + j] as number) * meanDX);
      }
    }
  });
  return y;
}

import type { Tape } from './tape';
import { type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

function checkLength(values: Float32Array, x: Tensor, what: string): void {
  if (values.length !== x.data.length)
    throw new AutogradShapeError(`${what}: ${values.length} values for a ${x.rows}×${x.cols} tensor`);
}

/**
 * Σ_i w_i · BCE(σ(z_i), y_i) → 1×1, from logits and soft labels y ∈ [0, 1] (NaviAgent eq. 6 with w = 1/|E|).
 * Written as softplus(z) − y·z = max(z, 0) + log1p(e^−|z|) − y·z, which never takes the log of 0 and never
 * overflows, so a confident wrong logit gives a large finite loss instead of Infinity.
 */
export function bceWithLogits(tape: Tape, z: Tensor, labels: Float32Array, weights: Float32Array): Tensor {
  checkLength(labels, z, 'bceWithLogits labels');
  checkLength(weights, z, 'bceWithLogits weights');
  let loss = 0;
  for (let i = 0; i < labels.length; i++) {
    const v = z.data[i] as number;
    const softplus = Math.max(v, 0) + Math.log1p(Math.exp(-Math.abs(v)));
    loss += (weights[i] as number) * (softplus - (labels[i] as number) * v);
  }
  const y = tape.output(Float32Array.of(loss), 1, 1, [z]);
  tape.onBackward(y, (g) => {
    // d/dz = σ(z) − y
    const g0 = g[0] as number;
    const d = z.gradBuffer();
    for (let i = 0; i < labels.length; i++) {
      const v = z.data[i] as number;
      const s = v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v));
      d[i] = (d[i] as number) + g0 * (weights[i] as number) * (s - (labels[i] as number));
    }
  });
  return y;
}

/** Σ_i w_i · x_i → 1×1 (a weighted mean when the weights sum to 1). */
export function weightedSum(tape: Tape, x: Tensor, weights: Float32Array): Tensor {
  checkLength(weights, x, 'weightedSum weights');
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += (weights[i] as number) * (x.data[i] as number);
  const y = tape.output(Float32Array.of(s), 1, 1, [x]);
  tape.onBackward(y, (g) => {
    const g0 = g[0] as number;
    const d = x.gradBuffer();
    for (let i = 0; i < weights.length; i++) d[i] = (d[i] as number) + g0 * (weights[i] as number);
  });
  return y;
}

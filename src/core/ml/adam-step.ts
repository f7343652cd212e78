export interface AdamStepOptions {
  lr: number;
  beta1: number;
  beta2: number;
  eps: number;
  /** L2 coefficient added to the gradient (coupled, as PyTorch's Adam `weight_decay`); 0 for none. */
  l2: number;
}

export const ADAM_DEFAULTS = { beta1: 0.9, beta2: 0.999, eps: 1e-8 } as const;

/**
 * One Adam update of `p` in place (Kingma & Ba, §2; the bias correction folded into the step size) from its
 * gradient `g`, with the moments `m`, `v` and the step count `t` ≥ 1. The one Adam of the project: the
 * linear-head trainer calls it on raw arrays, the autograd's `Adam` on each parameter tensor.
 */
export function adamStep(
  p: Float32Array,
  g: Float32Array,
  m: Float32Array,
  v: Float32Array,
  t: number,
  o: AdamStepOptions,
): void {
  const { beta1, beta2, eps, l2 } = o;
  const stepSize = (o.lr * Math.sqrt(1 - beta2 ** t)) / (1 - beta1 ** t);
  for (let i = 0; i < p.length; i++) {
    const w = p[i] as number;
    const gi = l2 === 0 ? (g[i] as number) : (g[i] as number) + l2 * w;
    const mi = beta1 * (m[i] as number) + (1 - beta1) * gi;
    const vi = beta2 * (v[i] as number) + (1 - beta2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    p[i] = w - (stepSize * mi) / (Math.sqrt(vi) + eps);
  }
}

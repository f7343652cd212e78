import { adamStep } from '../adam-step';
import type { Tensor } from './tensor';

export interface AdamOptions {
  lr: number;
  beta1?: number;
  beta2?: number;
  eps?: number;
  /** Decoupled weight decay (AdamW, Loshchilov & Hutter): p ← p − lr·wd·p, outside the adaptive scaling. */
  weightDecay?: number;
}

/**
 * Adam over a fixed list of parameter tensors, updating their data in place (`adamStep`, the project's one
 * Adam update). Moments are float32 like the parameters; decoupled weight decay (AdamW) comes first.
 */
export class Adam {
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
  private t = 0;
  readonly beta1: number;
  readonly beta2: number;
  readonly eps: number;
  readonly weightDecay: number;
  lr: number;

  constructor(
    private readonly params: readonly Tensor[],
    options: AdamOptions,
  ) {
    this.lr = options.lr;
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.eps = options.eps ?? 1e-8;
    this.weightDecay = options.weightDecay ?? 0;
    this.m = params.map((p) => new Float32Array(p.data.length));
    this.v = params.map((p) => new Float32Array(p.data.length));
  }

  /** One update from the parameters' current gradients; a parameter without a gradient only decays. */
  step(): void {
    this.t++;
    const { beta1, beta2, eps, lr } = this;
    const decay = 1 - lr * this.weightDecay;
    this.params.forEach((p, n) => {
      const w = p.data;
      if (decay !== 1) for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) * decay;
      const g = p.grad;
      if (g === null) return;
      adamStep(w, g, this.m[n] as Float32Array, this.v[n] as Float32Array, this.t, {
        lr,
        beta1,
        beta2,
        eps,
        l2: 0,
      });
    });
  }

  zeroGrad(): void {
    for (const p of this.params) p.grad?.fill(0);
  }
}

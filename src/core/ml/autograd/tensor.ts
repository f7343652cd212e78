import { AutogradShapeError } from './autograd-shape-error';

/**
 * A 2-D float32 tensor for the hand-written autograd (docs/hgt.md, "Training"). Everything the HGT computes is a
 * matrix — node rows × features, edge rows × heads, a 1×1 loss — so rank 2 is all the tape needs, and a fixed
 * rank keeps every kernel a plain double loop over a row-major Float32Array.
 */
export class Tensor {
  /** Gradient of the loss with respect to `data`, allocated on first use (only if `requiresGrad`). */
  grad: Float32Array | null = null;

  constructor(
    readonly data: Float32Array,
    readonly rows: number,
    readonly cols: number,
    /** True for parameters and for every op output that depends on one: only those get a backward step. */
    readonly requiresGrad = false,
  ) {
    if (data.length !== rows * cols)
      throw new AutogradShapeError(`tensor data has ${data.length} values, expected ${rows}×${cols}`);
  }

  /** The gradient buffer, zero-filled on first call. */
  gradBuffer(): Float32Array {
    if (this.grad === null) this.grad = new Float32Array(this.data.length);
    return this.grad;
  }

  /** The single value of a 1×1 tensor (a loss). */
  item(): number {
    if (this.data.length !== 1) throw new AutogradShapeError(`item() of a ${this.rows}×${this.cols} tensor`);
    return this.data[0] as number;
  }
}

/** A tensor that never receives a gradient (inputs, labels, masks). */
export const constant = (data: Float32Array, rows: number, cols: number): Tensor =>
  new Tensor(data, rows, cols, false);

/** A trainable tensor. It wraps `data` without copying, so the optimizer updates the caller's arrays in place. */
export const parameter = (data: Float32Array, rows: number, cols: number): Tensor =>
  new Tensor(data, rows, cols, true);

export function assertShape(t: Tensor, rows: number, cols: number, what: string): void {
  if (t.rows !== rows || t.cols !== cols)
    throw new AutogradShapeError(`${what}: expected ${rows}×${cols}, got ${t.rows}×${t.cols}`);
}

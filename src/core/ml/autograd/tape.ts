import { Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

/**
 * Reverse-mode autodiff tape. Ops run their forward pass immediately and, when recording and some input needs a
 * gradient, push a closure that reads the output's gradient and adds into the inputs' gradients. `backward`
 * replays the closures in reverse, which is a valid topological order because an op can only consume tensors
 * created before it.
 *
 * A non-recording tape (`new Tape(false)`) runs the very same op code for inference, so the trainer's forward
 * and `hgtEmbed` cannot drift apart.
 */
export class Tape {
  private steps: Array<() => void> = [];

  constructor(readonly recording = true) {}

  /** Creates an op's output; it requires a gradient iff recording and some input does. */
  output(data: Float32Array, rows: number, cols: number, inputs: readonly Tensor[]): Tensor {
    return new Tensor(data, rows, cols, this.recording && inputs.some((t) => t.requiresGrad));
  }

  /** Registers `step` to run during `backward` if `out` takes part in the gradient. */
  onBackward(out: Tensor, step: (gradOut: Float32Array) => void): void {
    if (!out.requiresGrad) return;
    // An output the loss never used has no gradient buffer: nothing flows back through it.
    this.steps.push(() => {
      if (out.grad !== null) step(out.grad);
    });
  }

  /** Back-propagates from a 1×1 loss. The tape is spent afterwards (its closures hold the epoch's buffers). */
  backward(loss: Tensor): void {
    if (loss.rows !== 1 || loss.cols !== 1)
      throw new AutogradShapeError(`backward from a ${loss.rows}×${loss.cols} tensor; the loss must be 1×1`);
    if (!loss.requiresGrad) return;
    loss.gradBuffer()[0] = 1;
    for (let i = this.steps.length - 1; i >= 0; i--) (this.steps[i] as () => void)();
    this.steps = [];
  }
}

import { matmulAcc, matmulGradA, matmulGradB } from './matmul-kernels';
import type { Tape } from './tape';
import { type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

/** [n×k] · [k×m] → [n×m] (ONNX MatMul). */
export function matmul(tape: Tape, a: Tensor, b: Tensor): Tensor {
  if (a.cols !== b.rows)
    throw new AutogradShapeError(`matmul: ${a.rows}×${a.cols} · ${b.rows}×${b.cols} do not chain`);
  const n = a.rows;
  const k = a.cols;
  const m = b.cols;
  const out = new Float32Array(n * m);
  matmulAcc(a.data, b.data, out, n, k, m);
  const y = tape.output(out, n, m, [a, b]);
  tape.onBackward(y, (g) => {
    // Skipping dA for constant inputs (node features) saves a third of the encoder's cost.
    if (a.requiresGrad) matmulGradA(g, b.data, a.gradBuffer(), n, k, m);
    if (b.requiresGrad) matmulGradB(a.data, g, b.gradBuffer(), n, k, m);
  });
  return y;
}

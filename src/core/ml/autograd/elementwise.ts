import type { Tape } from './tape';
import { assertShape, type Tensor } from './tensor';

// Element-wise ops. Each backward reads only what its forward kept (inputs or output), so the tape holds no
// extra buffers.

function accumulate(target: Tensor, g: Float32Array, factor = 1): void {
  if (!target.requiresGrad) return;
  const d = target.gradBuffer();
  for (let i = 0; i < g.length; i++) d[i] = (d[i] as number) + factor * (g[i] as number);
}

/** a + b, same shape (ONNX Add). */
export function add(tape: Tape, a: Tensor, b: Tensor): Tensor {
  assertShape(b, a.rows, a.cols, 'add');
  const out = new Float32Array(a.data.length);
  for (let i = 0; i < out.length; i++) out[i] = (a.data[i] as number) + (b.data[i] as number);
  const y = tape.output(out, a.rows, a.cols, [a, b]);
  tape.onBackward(y, (g) => {
    accumulate(a, g);
    accumulate(b, g);
  });
  return y;
}

/** a ⊙ b, same shape (ONNX Mul). */
export function mul(tape: Tape, a: Tensor, b: Tensor): Tensor {
  assertShape(b, a.rows, a.cols, 'mul');
  const out = new Float32Array(a.data.length);
  for (let i = 0; i < out.length; i++) out[i] = (a.data[i] as number) * (b.data[i] as number);
  const y = tape.output(out, a.rows, a.cols, [a, b]);
  tape.onBackward(y, (g) => {
    if (a.requiresGrad) {
      const d = a.gradBuffer();
      for (let i = 0; i < g.length; i++) d[i] = (d[i] as number) + (g[i] as number) * (b.data[i] as number);
    }
    if (b.requiresGrad) {
      const d = b.gradBuffer();
      for (let i = 0; i < g.length; i++) d[i] = (d[i] as number) + (g[i] as number) * (a.data[i] as number);
    }
  });
  return y;
}

/** c · a for a constant c. */
export function scale(tape: Tape, a: Tensor, c: number): Tensor {
  const out = new Float32Array(a.data.length);
  for (let i = 0; i < out.length; i++) out[i] = c * (a.data[i] as number);
  const y = tape.output(out, a.rows, a.cols, [a]);
  tape.onBackward(y, (g) => accumulate(a, g, c));
  return y;
}

/** x[n×m] + bias[1×m] broadcast over rows (ONNX Add with a [m] initializer). */
export function addRowBias(tape: Tape, x: Tensor, bias: Tensor): Tensor {
  assertShape(bias, 1, x.cols, 'addRowBias bias');
  const m = x.cols;
  const out = new Float32Array(x.data.length);
  for (let i = 0; i < x.rows; i++) {
    const row = i * m;
    for (let j = 0; j < m; j++) out[row + j] = (x.data[row + j] as number) + (bias.data[j] as number);
  }
  const y = tape.output(out, x.rows, m, [x, bias]);
  tape.onBackward(y, (g) => {
    accumulate(x, g);
    if (bias.requiresGrad) {
      const d = bias.gradBuffer();
      for (let i = 0; i < x.rows; i++) {
        const row = i * m;
        for (let j = 0; j < m; j++) d[j] = (d[j] as number) + (g[row + j] as number);
      }
    }
  });
  return y;
}

/** LeakyReLU with negative slope `slope` (ONNX LeakyRelu, alpha = slope). */
export function leakyRelu(tape: Tape, x: Tensor, slope: number): Tensor {
  const out = new Float32Array(x.data.length);
  for (let i = 0; i < out.length; i++) {
    const v = x.data[i] as number;
    out[i] = v >= 0 ? v : slope * v;
  }
  const y = tape.output(out, x.rows, x.cols, [x]);
  tape.onBackward(y, (g) => {
    const d = x.gradBuffer();
    for (let i = 0; i < g.length; i++) {
      const gi = g[i] as number;
      d[i] = (d[i] as number) + ((x.data[i] as number) >= 0 ? gi : slope * gi);
    }
  });
  return y;
}

/** Logistic sigmoid, evaluated without overflow for large |x|. */
export function sigmoidValue(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/** σ(x) element-wise (ONNX Sigmoid). */
export function sigmoid(tape: Tape, x: Tensor): Tensor {
  const out = new Float32Array(x.data.length);
  for (let i = 0; i < out.length; i++) out[i] = sigmoidValue(x.data[i] as number);
  const y = tape.output(out, x.rows, x.cols, [x]);
  tape.onBackward(y, (g) => {
    const d = x.gradBuffer();
    for (let i = 0; i < g.length; i++) {
      const s = out[i] as number;
      d[i] = (d[i] as number) + (g[i] as number) * s * (1 - s);
    }
  });
  return y;
}

/** Hinge [x]₊ = max(x, 0) element-wise (NaviAgent eq. 8). The subgradient at 0 is taken as 0. */
export function hinge(tape: Tape, x: Tensor): Tensor {
  const out = new Float32Array(x.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(x.data[i] as number, 0);
  const y = tape.output(out, x.rows, x.cols, [x]);
  tape.onBackward(y, (g) => {
    const d = x.gradBuffer();
    for (let i = 0; i < g.length; i++)
      if ((x.data[i] as number) > 0) d[i] = (d[i] as number) + (g[i] as number);
  });
  return y;
}

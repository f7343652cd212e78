import type { Tape } from './tape';
import { assertShape, type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

// Multi-head attention pieces: `heads` contiguous column blocks of width d_k = cols / heads (head k owns
// columns k·d_k … (k+1)·d_k − 1, hgt-spec.ts).

function headWidth(cols: number, heads: number, what: string): number {
  if (heads <= 0 || cols % heads !== 0)
    throw new AutogradShapeError(`${what}: ${cols} columns do not split into ${heads} heads`);
  return cols / heads;
}

/** out[e, k] = c · Σ_{j ∈ head k} q[e, j] · key[e, j] → [rows × heads]: the attention score q·k/√d_k with c = 1/√d_k. */
export function headDot(tape: Tape, q: Tensor, key: Tensor, heads: number, c: number): Tensor {
  assertShape(key, q.rows, q.cols, 'headDot key');
  const dk = headWidth(q.cols, heads, 'headDot');
  const m = q.cols;
  const out = new Float32Array(q.rows * heads);
  for (let e = 0; e < q.rows; e++) {
    for (let k = 0; k < heads; k++) {
      const base = e * m + k * dk;
      let s = 0;
      for (let j = 0; j < dk; j++) s += (q.data[base + j] as number) * (key.data[base + j] as number);
      out[e * heads + k] = c * s;
    }
  }
  const y = tape.output(out, q.rows, heads, [q, key]);
  tape.onBackward(y, (g) => {
    const dq = q.requiresGrad ? q.gradBuffer() : null;
    const dkey = key.requiresGrad ? key.gradBuffer() : null;
    for (let e = 0; e < q.rows; e++) {
      for (let k = 0; k < heads; k++) {
        const gk = c * (g[e * heads + k] as number);
        if (gk === 0) continue;
        const base = e * m + k * dk;
        for (let j = 0; j < dk; j++) {
          if (dq) dq[base + j] = (dq[base + j] as number) + gk * (key.data[base + j] as number);
          if (dkey) dkey[base + j] = (dkey[base + j] as number) + gk * (q.data[base + j] as number);
        }
      }
    }
  });
  return y;
}

/** out[e, j] = weights[e, head(j)] · v[e, j]: each head's value block scaled by its attention weight. */
export function headScale(tape: Tape, v: Tensor, weights: Tensor, heads: number): Tensor {
  assertShape(weights, v.rows, heads, 'headScale weights');
  const dk = headWidth(v.cols, heads, 'headScale');
  const m = v.cols;
  const out = new Float32Array(v.data.length);
  for (let e = 0; e < v.rows; e++) {
    for (let k = 0; k < heads; k++) {
      const w = weights.data[e * heads + k] as number;
      const base = e * m + k * dk;
      for (let j = 0; j < dk; j++) out[base + j] = w * (v.data[base + j] as number);
    }
  }
  const y = tape.output(out, v.rows, m, [v, weights]);
  tape.onBackward(y, (g) => {
    const dv = v.requiresGrad ? v.gradBuffer() : null;
    const dw = weights.requiresGrad ? weights.gradBuffer() : null;
    for (let e = 0; e < v.rows; e++) {
      for (let k = 0; k < heads; k++) {
        const w = weights.data[e * heads + k] as number;
        const base = e * m + k * dk;
        let s = 0;
        for (let j = 0; j < dk; j++) {
          const gj = g[base + j] as number;
          if (dv) dv[base + j] = (dv[base + j] as number) + w * gj;
          s += gj * (v.data[base + j] as number);
        }
        if (dw) dw[e * heads + k] = (dw[e * heads + k] as number) + s;
      }
    }
  });
  return y;
}

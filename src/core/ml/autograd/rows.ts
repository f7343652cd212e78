import type { Tape } from './tape';
import { type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

// Row gathers and scatters: how the HGT moves node states onto edges and messages back onto nodes
// (ONNX Gather axis 0, ScatterElements reduction "add", Concat axis 0).

function checkIndex(index: Int32Array, rows: number, what: string): void {
  for (let i = 0; i < index.length; i++) {
    const r = index[i] as number;
    if (r < 0 || r >= rows) throw new AutogradShapeError(`${what}: index ${r} at ${i} outside 0…${rows - 1}`);
  }
}

/** out[i] = x[index[i]] → [index.length × cols]. Backward scatters the gradient rows back (summing repeats). */
export function gatherRows(tape: Tape, x: Tensor, index: Int32Array): Tensor {
  checkIndex(index, x.rows, 'gatherRows');
  const m = x.cols;
  const out = new Float32Array(index.length * m);
  const xd = x.data;
  // A plain copy loop: `out.set(x.subarray(…))` allocates a view per row, which showed up in the profile.
  for (let i = 0; i < index.length; i++) {
    const src = (index[i] as number) * m;
    const row = i * m;
    for (let j = 0; j < m; j++) out[row + j] = xd[src + j] as number;
  }
  const y = tape.output(out, index.length, m, [x]);
  tape.onBackward(y, (g) => {
    const d = x.gradBuffer();
    for (let i = 0; i < index.length; i++) {
      const dst = (index[i] as number) * m;
      const row = i * m;
      for (let j = 0; j < m; j++) d[dst + j] = (d[dst + j] as number) + (g[row + j] as number);
    }
  });
  return y;
}

/** Segment sum: out[index[i]] += x[i] → [rows × cols]; rows no index names stay 0. */
export function scatterAddRows(tape: Tape, x: Tensor, index: Int32Array, rows: number): Tensor {
  if (index.length !== x.rows)
    throw new AutogradShapeError(`scatterAddRows: ${index.length} indices for ${x.rows} rows`);
  checkIndex(index, rows, 'scatterAddRows');
  const m = x.cols;
  const out = new Float32Array(rows * m);
  for (let i = 0; i < index.length; i++) {
    const dst = (index[i] as number) * m;
    const row = i * m;
    for (let j = 0; j < m; j++) out[dst + j] = (out[dst + j] as number) + (x.data[row + j] as number);
  }
  const y = tape.output(out, rows, m, [x]);
  tape.onBackward(y, (g) => {
    const d = x.gradBuffer();
    for (let i = 0; i < index.length; i++) {
      const src = (index[i] as number) * m;
      const row = i * m;
      for (let j = 0; j < m; j++) d[row + j] = (d[row + j] as number) + (g[src + j] as number);
    }
  });
  return y;
}

/** Stacks tensors with equal column counts on top of each other. */
export function concatRows(tape: Tape, parts: readonly Tensor[]): Tensor {
  if (parts.length === 0) throw new AutogradShapeError('concatRows of no tensors');
  const m = (parts[0] as Tensor).cols;
  let rows = 0;
  for (const p of parts) {
    if (p.cols !== m) throw new AutogradShapeError(`concatRows: ${p.cols} columns after ${m}`);
    rows += p.rows;
  }
  const out = new Float32Array(rows * m);
  let offset = 0;
  for (const p of parts) {
    out.set(p.data, offset);
    offset += p.data.length;
  }
  const y = tape.output(out, rows, m, parts);
  tape.onBackward(y, (g) => {
    let at = 0;
    for (const p of parts) {
      if (p.requiresGrad) {
        const d = p.gradBuffer();
        for (let i = 0; i < d.length; i++) d[i] = (d[i] as number) + (g[at + i] as number);
      }
      at += p.data.length;
    }
  });
  return y;
}

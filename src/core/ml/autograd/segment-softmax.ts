import type { Tape } from './tape';
import { type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

/**
 * Softmax of each column over the rows that share a segment id (NaviAgent eq. 15: over the in-neighbours of a
 * target under one relation, per head). Stabilised by the segment's maximum, as the ONNX export does it
 * (ScatterElements max → Gather → Sub → Exp → segment sum → Div), so both give the same numbers.
 */
export function segmentSoftmax(tape: Tape, x: Tensor, segment: Int32Array, segments: number): Tensor {
  if (segment.length !== x.rows)
    throw new AutogradShapeError(`segmentSoftmax: ${segment.length} segment ids for ${x.rows} rows`);
  const h = x.cols;
  const max = new Float64Array(segments * h).fill(Number.NEGATIVE_INFINITY);
  for (let e = 0; e < x.rows; e++) {
    const s = segment[e] as number;
    if (s < 0 || s >= segments) throw new AutogradShapeError(`segmentSoftmax: segment ${s} of ${segments}`);
    for (let k = 0; k < h; k++) {
      const v = x.data[e * h + k] as number;
      if (v > (max[s * h + k] as number)) max[s * h + k] = v;
    }
  }
  const out = new Float32Array(x.data.length);
  const sum = new Float64Array(segments * h);
  const exps = new Float64Array(x.data.length);
  for (let e = 0; e < x.rows; e++) {
    const s = segment[e] as number;
    for (let k = 0; k < h; k++) {
      const v = Math.exp((x.data[e * h + k] as number) - (max[s * h + k] as number));
      exps[e * h + k] = v;
      sum[s * h + k] = (sum[s * h + k] as number) + v;
    }
  }
  for (let e = 0; e < x.rows; e++) {
    const s = segment[e] as number;
    for (let k = 0; k < h; k++) out[e * h + k] = (exps[e * h + k] as number) / (sum[s * h + k] as number);
  }
  const y = tape.output(out, x.rows, h, [x]);
  tape.onBackward(y, (g) => {
    // dx = α ⊙ (dα − Σ_segment α ⊙ dα)
    const dot = new Float64Array(segments * h);
    for (let e = 0; e < x.rows; e++) {
      const s = segment[e] as number;
      for (let k = 0; k < h; k++)
        dot[s * h + k] = (dot[s * h + k] as number) + (out[e * h + k] as number) * (g[e * h + k] as number);
    }
    const d = x.gradBuffer();
    for (let e = 0; e < x.rows; e++) {
      const s = segment[e] as number;
      for (let k = 0; k < h; k++) {
        const i = e * h + k;
        d[i] = (d[i] as number) + (out[i] as number) * ((g[i] as number) - (dot[s * h + k] as number));
      }
    }
  });
  return y;
}

import type { Tape } from './tape';
import { type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

// Fused edge ops for graph attention. `gatherRows` + `headDot` and `headScale` + `scatterAddRows` compute the
// same, but materialise three [edges × hidden] copies per layer (and their gradients); on the 24k-edge graph
// that traffic and its garbage collection cost more than the attention arithmetic. These read node tables
// through index arrays instead. Heads are contiguous column blocks, as in heads.ts.

function checkRows(index: Int32Array, rows: number, what: string): void {
  for (let i = 0; i < index.length; i++) {
    const r = index[i] as number;
    if (r < 0 || r >= rows) throw new AutogradShapeError(`${what}: row ${r} at ${i} outside 0…${rows - 1}`);
  }
}

function headWidth(cols: number, heads: number, what: string): number {
  if (heads <= 0 || cols % heads !== 0)
    throw new AutogradShapeError(`${what}: ${cols} columns do not split into ${heads} heads`);
  return cols / heads;
}

/** out[e, k] = c · Σ_{j ∈ head k} q[qIdx[e], j] · key[kIdx[e], j] → [edges × heads]. */
export function gatherHeadDot(
  tape: Tape,
  q: Tensor,
  key: Tensor,
  qIdx: Int32Array,
  kIdx: Int32Array,
  heads: number,
  c: number,
): Tensor {
  if (q.cols !== key.cols) throw new AutogradShapeError(`gatherHeadDot: ${q.cols} vs ${key.cols} columns`);
  if (qIdx.length !== kIdx.length)
    throw new AutogradShapeError('gatherHeadDot: index arrays differ in length');
  checkRows(qIdx, q.rows, 'gatherHeadDot query');
  checkRows(kIdx, key.rows, 'gatherHeadDot key');
  const dk = headWidth(q.cols, heads, 'gatherHeadDot');
  const m = q.cols;
  const E = qIdx.length;
  const qd = q.data;
  const kd = key.data;
  const out = new Float32Array(E * heads);
  for (let e = 0; e < E; e++) {
    const qb = (qIdx[e] as number) * m;
    const kb = (kIdx[e] as number) * m;
    for (let h = 0; h < heads; h++) {
      let s = 0;
      for (let j = h * dk, end = j + dk; j < end; j++) s += (qd[qb + j] as number) * (kd[kb + j] as number);
      out[e * heads + h] = c * s;
    }
  }
  const y = tape.output(out, E, heads, [q, key]);
  tape.onBackward(y, (g) => {
    // Unneeded gradients go to scratch, keeping branches out of the inner loop.
    const dq = q.requiresGrad ? q.gradBuffer() : new Float32Array(qd.length);
    const dkey = key.requiresGrad ? key.gradBuffer() : new Float32Array(kd.length);
    for (let e = 0; e < E; e++) {
      const qb = (qIdx[e] as number) * m;
      const kb = (kIdx[e] as number) * m;
      for (let h = 0; h < heads; h++) {
        const gh = c * (g[e * heads + h] as number);
        if (gh === 0) continue;
        for (let j = h * dk, end = j + dk; j < end; j++) {
          dq[qb + j] = (dq[qb + j] as number) + gh * (kd[kb + j] as number);
          dkey[kb + j] = (dkey[kb + j] as number) + gh * (qd[qb + j] as number);
        }
      }
    }
  });
  return y;
}

/**
 * Attention-weighted message sum: out[dst[e], j] += weights[e, head(j)] · v[vIdx[e], j] → [rows × cols].
 * Rows that receive no edge stay 0.
 */
export function attendScatter(
  tape: Tape,
  v: Tensor,
  vIdx: Int32Array,
  weights: Tensor,
  dst: Int32Array,
  rows: number,
  heads: number,
): Tensor {
  const E = vIdx.length;
  if (dst.length !== E || weights.rows !== E || weights.cols !== heads)
    throw new AutogradShapeError(
      `attendScatter: ${E} edges, ${dst.length} targets, weights ${weights.rows}×${weights.cols}`,
    );
  checkRows(vIdx, v.rows, 'attendScatter value');
  checkRows(dst, rows, 'attendScatter target');
  const dk = headWidth(v.cols, heads, 'attendScatter');
  const m = v.cols;
  const vd = v.data;
  const wd = weights.data;
  const out = new Float32Array(rows * m);
  for (let e = 0; e < E; e++) {
    const vb = (vIdx[e] as number) * m;
    const ob = (dst[e] as number) * m;
    for (let h = 0; h < heads; h++) {
      const w = wd[e * heads + h] as number;
      for (let j = h * dk, end = j + dk; j < end; j++)
        out[ob + j] = (out[ob + j] as number) + w * (vd[vb + j] as number);
    }
  }
  const y = tape.output(out, rows, m, [v, weights]);
  tape.onBackward(y, (g) => {
    const dv = v.requiresGrad ? v.gradBuffer() : new Float32Array(vd.length);
    const dw = weights.requiresGrad ? weights.gradBuffer() : new Float32Array(wd.length);
    for (let e = 0; e < E; e++) {
      const vb = (vIdx[e] as number) * m;
      const gb = (dst[e] as number) * m;
      for (let h = 0; h < heads; h++) {
        const w = wd[e * heads + h] as number;
        let s = 0;
        for (let j = h * dk, end = j + dk; j < end; j++) {
          const gj = g[gb + j] as number;
          dv[vb + j] = (dv[vb + j] as number) + w * gj;
          s += gj * (vd[vb + j] as number);
        }
        dw[e * heads + h] = (dw[e * heads + h] as number) + s;
      }
    }
  });
  return y;
}

import type { Tape } from './tape';
import { assertShape, type Tensor } from './tensor';
import { AutogradShapeError } from './autograd-shape-error';

// Ops on node pairs that read the embedding table through index arrays. Training scores ~10 pairs per target
// edge (the positive and its negatives); gathering both rows of each pair first would copy 128 floats per pair
// and as many gradients back.

function checkPairs(h: Tensor, src: Int32Array, dst: Int32Array, what: string): void {
  if (src.length !== dst.length)
    throw new AutogradShapeError(`${what}: ${src.length} sources, ${dst.length} targets`);
  for (let i = 0; i < src.length; i++) {
    const s = src[i] as number;
    const d = dst[i] as number;
    if (s < 0 || s >= h.rows || d < 0 || d >= h.rows)
      throw new AutogradShapeError(`${what}: pair ${i} (${s}, ${d}) outside 0…${h.rows - 1}`);
  }
}

/**
 * Link-head logits z_i = h_u·a + h_v·b + Σ_j h_u,j h_v,j c_j + bias for pairs (u, v) = (src_i, dst_i)
 * → [pairs × 1] (NaviAgent eq. 17 with the optional Hadamard term; pass `c = null` for eq. 17 alone).
 * a, b, c are [d × 1] columns, bias 1×1.
 */
export function pairLogits(
  tape: Tape,
  h: Tensor,
  src: Int32Array,
  dst: Int32Array,
  a: Tensor,
  b: Tensor,
  c: Tensor | null,
  bias: Tensor,
): Tensor {
  checkPairs(h, src, dst, 'pairLogits');
  const d = h.cols;
  assertShape(a, d, 1, 'pairLogits a');
  assertShape(b, d, 1, 'pairLogits b');
  if (c) assertShape(c, d, 1, 'pairLogits c');
  assertShape(bias, 1, 1, 'pairLogits bias');
  const P = src.length;
  const hd = h.data;
  const ad = a.data;
  const bd = b.data;
  const cd = c ? c.data : null;
  const b0 = bias.data[0] as number;
  const out = new Float32Array(P);
  for (let i = 0; i < P; i++) {
    const u = (src[i] as number) * d;
    const v = (dst[i] as number) * d;
    let z = b0;
    for (let j = 0; j < d; j++) {
      const hu = hd[u + j] as number;
      const hv = hd[v + j] as number;
      z += hu * (ad[j] as number) + hv * (bd[j] as number);
      if (cd) z += hu * hv * (cd[j] as number);
    }
    out[i] = z;
  }
  const inputs = c ? [h, a, b, c, bias] : [h, a, b, bias];
  const y = tape.output(out, P, 1, inputs);
  tape.onBackward(y, (g) => {
    // Gradients nobody needs go to scratch buffers, which keeps branches out of the inner loop.
    const sink = (t: Tensor) => (t.requiresGrad ? t.gradBuffer() : new Float32Array(t.data.length));
    const dh = sink(h);
    const da = sink(a);
    const db = sink(b);
    const dc = c ? sink(c) : new Float32Array(d);
    const cv = cd ?? new Float32Array(d);
    let dBias = 0;
    for (let i = 0; i < P; i++) {
      const gi = g[i] as number;
      if (gi === 0) continue;
      dBias += gi;
      const u = (src[i] as number) * d;
      const v = (dst[i] as number) * d;
      for (let j = 0; j < d; j++) {
        const hu = hd[u + j] as number;
        const hv = hd[v + j] as number;
        const cj = cv[j] as number;
        dh[u + j] = (dh[u + j] as number) + gi * ((ad[j] as number) + hv * cj);
        dh[v + j] = (dh[v + j] as number) + gi * ((bd[j] as number) + hu * cj);
        da[j] = (da[j] as number) + gi * hu;
        db[j] = (db[j] as number) + gi * hv;
        dc[j] = (dc[j] as number) + gi * hu * hv;
      }
    }
    if (bias.requiresGrad) {
      const dbi = bias.gradBuffer();
      dbi[0] = (dbi[0] as number) + dBias;
    }
  });
  return y;
}

/**
 * Cosine similarity of pairs of rows of h → [pairs × 1]: h_u·h_v / (‖h_u‖_ε ‖h_v‖_ε), ‖x‖_ε = √(‖x‖² + ε), so a
 * zero row gives 0 instead of NaN (NaviAgent eq. 8's embedding similarity s(u, v)).
 */
export function pairCosine(tape: Tape, h: Tensor, src: Int32Array, dst: Int32Array, eps = 1e-8): Tensor {
  checkPairs(h, src, dst, 'pairCosine');
  const d = h.cols;
  const P = src.length;
  const hd = h.data;
  const out = new Float32Array(P);
  const norms = new Float64Array(2 * P);
  for (let i = 0; i < P; i++) {
    const u = (src[i] as number) * d;
    const v = (dst[i] as number) * d;
    let uv = 0;
    let uu = 0;
    let vv = 0;
    for (let j = 0; j < d; j++) {
      const x = hd[u + j] as number;
      const z = hd[v + j] as number;
      uv += x * z;
      uu += x * x;
      vv += z * z;
    }
    const nu = Math.sqrt(uu + eps);
    const nv = Math.sqrt(vv + eps);
    norms[2 * i] = nu;
    norms[2 * i + 1] = nv;
    out[i] = uv / (nu * nv);
  }
  const y = tape.output(out, P, 1, [h]);
  tape.onBackward(y, (g) => {
    // ∂s/∂h_u = h_v / (‖h_u‖‖h_v‖) − s · h_u / ‖h_u‖², and symmetrically for h_v.
    const dh = h.gradBuffer();
    for (let i = 0; i < P; i++) {
      const gi = g[i] as number;
      if (gi === 0) continue;
      const nu = norms[2 * i] as number;
      const nv = norms[2 * i + 1] as number;
      const s = out[i] as number;
      const cross = gi / (nu * nv);
      const selfU = (gi * s) / (nu * nu);
      const selfV = (gi * s) / (nv * nv);
      const u = (src[i] as number) * d;
      const v = (dst[i] as number) * d;
      for (let j = 0; j < d; j++) {
        const x = hd[u + j] as number;
        const z = hd[v + j] as number;
        dh[u + j] = (dh[u + j] as number) + cross * z - selfU * x;
        dh[v + j] = (dh[v + j] as number) + cross * x - selfV * z;
      }
    }
  });
  return y;
}

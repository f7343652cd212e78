/**
 * Dense matmul kernels over row-major Float32Arrays, the hot loops of HGT training (most of an epoch).
 *
 * V8 does not vectorise, and a scalar loop is bound by loads and stores, not by multiplies. So each kernel
 * computes a 2 × 4 tile of its output in eight local accumulators (registers) while walking the shared
 * dimension: 6 loads per 8 multiply-adds, against 6 loads *and* a store per 4 in the plain i-k-j loop.
 * Measured on the 8k-node graph's shapes (docs/hgt.md): 1.4–1.8× faster than i-k-j unrolled by 4.
 * Edges that do not fill a tile fall back to plain loops. Every kernel *adds* into its output.
 */

/** out[n×m] += A[n×k] · B[k×m] */
export function matmulAcc(
  A: Float32Array,
  B: Float32Array,
  out: Float32Array,
  n: number,
  k: number,
  m: number,
) {
  const m4 = m - (m % 4);
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a0 = i * k;
    const a1 = a0 + k;
    const o0 = i * m;
    const o1 = o0 + m;
    let j = 0;
    for (; j < m4; j += 4) {
      let c00 = 0;
      let c01 = 0;
      let c02 = 0;
      let c03 = 0;
      let c10 = 0;
      let c11 = 0;
      let c12 = 0;
      let c13 = 0;
      for (let p = 0, bp = j; p < k; p++, bp += m) {
        const x0 = A[a0 + p] as number;
        const x1 = A[a1 + p] as number;
        const b0 = B[bp] as number;
        const b1 = B[bp + 1] as number;
        const b2 = B[bp + 2] as number;
        const b3 = B[bp + 3] as number;
        c00 += x0 * b0;
        c01 += x0 * b1;
        c02 += x0 * b2;
        c03 += x0 * b3;
        c10 += x1 * b0;
        c11 += x1 * b1;
        c12 += x1 * b2;
        c13 += x1 * b3;
      }
      out[o0 + j] = (out[o0 + j] as number) + c00;
      out[o0 + j + 1] = (out[o0 + j + 1] as number) + c01;
      out[o0 + j + 2] = (out[o0 + j + 2] as number) + c02;
      out[o0 + j + 3] = (out[o0 + j + 3] as number) + c03;
      out[o1 + j] = (out[o1 + j] as number) + c10;
      out[o1 + j + 1] = (out[o1 + j + 1] as number) + c11;
      out[o1 + j + 2] = (out[o1 + j + 2] as number) + c12;
      out[o1 + j + 3] = (out[o1 + j + 3] as number) + c13;
    }
    for (; j < m; j++) {
      let c0 = 0;
      let c1 = 0;
      for (let p = 0; p < k; p++) {
        const b = B[p * m + j] as number;
        c0 += (A[a0 + p] as number) * b;
        c1 += (A[a1 + p] as number) * b;
      }
      out[o0 + j] = (out[o0 + j] as number) + c0;
      out[o1 + j] = (out[o1 + j] as number) + c1;
    }
  }
  for (; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let c = 0;
      for (let p = 0; p < k; p++) c += (A[i * k + p] as number) * (B[p * m + j] as number);
      out[i * m + j] = (out[i * m + j] as number) + c;
    }
  }
}

/** dA[n×k] += dC[n×m] · Bᵀ, with B [k×m]: dot products of rows, both contiguous. */
export function matmulGradA(
  dC: Float32Array,
  B: Float32Array,
  dA: Float32Array,
  n: number,
  k: number,
  m: number,
) {
  const k4 = k - (k % 4);
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const c0 = i * m;
    const c1 = c0 + m;
    const o0 = i * k;
    const o1 = o0 + k;
    let p = 0;
    for (; p < k4; p += 4) {
      const t0 = p * m;
      const t1 = t0 + m;
      const t2 = t1 + m;
      const t3 = t2 + m;
      let s00 = 0;
      let s01 = 0;
      let s02 = 0;
      let s03 = 0;
      let s10 = 0;
      let s11 = 0;
      let s12 = 0;
      let s13 = 0;
      for (let j = 0; j < m; j++) {
        const x0 = dC[c0 + j] as number;
        const x1 = dC[c1 + j] as number;
        const b0 = B[t0 + j] as number;
        const b1 = B[t1 + j] as number;
        const b2 = B[t2 + j] as number;
        const b3 = B[t3 + j] as number;
        s00 += x0 * b0;
        s01 += x0 * b1;
        s02 += x0 * b2;
        s03 += x0 * b3;
        s10 += x1 * b0;
        s11 += x1 * b1;
        s12 += x1 * b2;
        s13 += x1 * b3;
      }
      dA[o0 + p] = (dA[o0 + p] as number) + s00;
      dA[o0 + p + 1] = (dA[o0 + p + 1] as number) + s01;
      dA[o0 + p + 2] = (dA[o0 + p + 2] as number) + s02;
      dA[o0 + p + 3] = (dA[o0 + p + 3] as number) + s03;
      dA[o1 + p] = (dA[o1 + p] as number) + s10;
      dA[o1 + p + 1] = (dA[o1 + p + 1] as number) + s11;
      dA[o1 + p + 2] = (dA[o1 + p + 2] as number) + s12;
      dA[o1 + p + 3] = (dA[o1 + p + 3] as number) + s13;
    }
    for (; p < k; p++) {
      let s0 = 0;
      let s1 = 0;
      for (let j = 0; j < m; j++) {
        const b = B[p * m + j] as number;
        s0 += (dC[c0 + j] as number) * b;
        s1 += (dC[c1 + j] as number) * b;
      }
      dA[o0 + p] = (dA[o0 + p] as number) + s0;
      dA[o1 + p] = (dA[o1 + p] as number) + s1;
    }
  }
  for (; i < n; i++) {
    for (let p = 0; p < k; p++) {
      let s = 0;
      for (let j = 0; j < m; j++) s += (dC[i * m + j] as number) * (B[p * m + j] as number);
      dA[i * k + p] = (dA[i * k + p] as number) + s;
    }
  }
}

/** Rows of A per pass in `matmulGradB`: a chunk of A and dC stays in cache while all tiles of dB visit it. */
const GRAD_B_CHUNK = 64;

/** dB[k×m] += Aᵀ · dC, with A [n×k] and dC [n×m]. */
export function matmulGradB(
  A: Float32Array,
  dC: Float32Array,
  dB: Float32Array,
  n: number,
  k: number,
  m: number,
) {
  const k2 = k - (k % 2);
  const m4 = m - (m % 4);
  for (let i0 = 0; i0 < n; i0 += GRAD_B_CHUNK) {
    const i1 = Math.min(n, i0 + GRAD_B_CHUNK);
    let p = 0;
    for (; p < k2; p += 2) {
      const r0 = p * m;
      const r1 = r0 + m;
      let j = 0;
      for (; j < m4; j += 4) {
        let s00 = 0;
        let s01 = 0;
        let s02 = 0;
        let s03 = 0;
        let s10 = 0;
        let s11 = 0;
        let s12 = 0;
        let s13 = 0;
        for (let i = i0, ap = i0 * k + p, cp = i0 * m + j; i < i1; i++, ap += k, cp += m) {
          const x0 = A[ap] as number;
          const x1 = A[ap + 1] as number;
          const c0 = dC[cp] as number;
          const c1 = dC[cp + 1] as number;
          const c2 = dC[cp + 2] as number;
          const c3 = dC[cp + 3] as number;
          s00 += x0 * c0;
          s01 += x0 * c1;
          s02 += x0 * c2;
          s03 += x0 * c3;
          s10 += x1 * c0;
          s11 += x1 * c1;
          s12 += x1 * c2;
          s13 += x1 * c3;
        }
        dB[r0 + j] = (dB[r0 + j] as number) + s00;
        dB[r0 + j + 1] = (dB[r0 + j + 1] as number) + s01;
        dB[r0 + j + 2] = (dB[r0 + j + 2] as number) + s02;
        dB[r0 + j + 3] = (dB[r0 + j + 3] as number) + s03;
        dB[r1 + j] = (dB[r1 + j] as number) + s10;
        dB[r1 + j + 1] = (dB[r1 + j + 1] as number) + s11;
        dB[r1 + j + 2] = (dB[r1 + j + 2] as number) + s12;
        dB[r1 + j + 3] = (dB[r1 + j + 3] as number) + s13;
      }
      for (; j < m; j++) {
        let s0 = 0;
        let s1 = 0;
        for (let i = i0; i < i1; i++) {
          const c = dC[i * m + j] as number;
          s0 += (A[i * k + p] as number) * c;
          s1 += (A[i * k + p + 1] as number) * c;
        }
        dB[r0 + j] = (dB[r0 + j] as number) + s0;
        dB[r1 + j] = (dB[r1 + j] as number) + s1;
      }
    }
    for (; p < k; p++) {
      for (let j = 0; j < m; j++) {
        let s = 0;
        for (let i = i0; i < i1; i++) s += (A[i * k + p] as number) * (dC[i * m + j] as number);
        dB[p * m + j] = (dB[p * m + j] as number) + s;
      }
    }
  }
}

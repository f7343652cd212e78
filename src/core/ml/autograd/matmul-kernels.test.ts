import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../util/prng';
import { matmulAcc, matmulGradA, matmulGradB } from './matmul-kernels';

/** Naive float64 triple loop: the reference the tiled kernels must reproduce, remainders included. */
function naive(A: Float32Array, B: Float32Array, n: number, k: number, m: number): Float64Array {
  const out = new Float64Array(n * m);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) for (let p = 0; p < k; p++) out[i * m + j]! += A[i * k + p]! * B[p * m + j]!;
  return out;
}

function transpose(X: Float32Array, rows: number, cols: number): Float32Array {
  const T = new Float32Array(X.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) T[c * rows + r] = X[r * cols + c]!;
  return T;
}

const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
};

describe('tiled matmul kernels', () => {
  // Odd sizes hit every remainder path (rows not a multiple of 2, columns not of 4, chunk of 64 not full).
  it.each([
    [1, 1, 1],
    [3, 5, 7],
    [67, 9, 6],
    [130, 64, 64],
  ])('n=%i k=%i m=%i: A·B, dC·Bᵀ and Aᵀ·dC match the naive product, and add into the output', (n, k, m) => {
    const rand = mulberry32(n * 100 + k * 10 + m);
    const vec = (len: number) => Float32Array.from({ length: len }, () => rand() * 2 - 1);
    const A = vec(n * k);
    const B = vec(k * m);
    const dC = vec(n * m);
    const out = new Float32Array(n * m).fill(1);
    matmulAcc(A, B, out, n, k, m);
    expect(
      maxDiff(
        out,
        naive(A, B, n, k, m).map((v) => v + 1),
      ),
    ).toBeLessThan(1e-5);
    const dA = new Float32Array(n * k);
    matmulGradA(dC, B, dA, n, k, m);
    expect(maxDiff(dA, naive(dC, transpose(B, k, m), n, m, k))).toBeLessThan(1e-5);
    const dB = new Float32Array(k * m);
    matmulGradB(A, dC, dB, n, k, m);
    expect(maxDiff(dB, naive(transpose(A, n, k), dC, k, n, m))).toBeLessThan(1e-4);
  });
});

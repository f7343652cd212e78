import { describe, expect, it } from 'vitest';
import { gradCheck } from './grad-check.test-util';
import {
  add,
  addRowBias,
  attendScatter,
  gatherHeadDot,
  pairCosine,
  pairLogits,
  bceWithLogits,
  concatRows,
  gatherRows,
  headDot,
  headScale,
  hinge,
  layerNorm,
  leakyRelu,
  matmul,
  mul,
  scale,
  scatterAddRows,
  segmentSoftmax,
  sigmoid,
  Tape,
  Tensor,
  weightedSum,
  constant,
} from './index';

const TOL = 2e-2;
const idx = (...v: number[]) => Int32Array.from(v);
/** Values kept away from 0 so kinks (LeakyReLU, hinge) are not straddled by the finite difference. */
const awayFromZero = (n: number) =>
  Float32Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : -1) * (0.2 + ((i * 37) % 11) / 10));

function expectClose(actual: Float32Array, expected: number[], digits = 5): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, i) => expect(actual[i]).toBeCloseTo(e, digits));
}

describe('forward values on hand-checked examples', () => {
  const t = new Tape(false);
  it('matmul: [[1,2],[3,4]]·[[5,6],[7,8]] = [[19,22],[43,50]]; odd inner sizes use the remainder loop', () => {
    const a = constant(Float32Array.of(1, 2, 3, 4), 2, 2);
    const b = constant(Float32Array.of(5, 6, 7, 8), 2, 2);
    expectClose(matmul(t, a, b).data, [19, 22, 43, 50]);
    // 1×5 · 5×1: 1·1 + 2·2 + 3·3 + 4·4 + 5·5 = 55 (four unrolled + one remainder)
    const r = constant(Float32Array.of(1, 2, 3, 4, 5), 1, 5);
    const c = constant(Float32Array.of(1, 2, 3, 4, 5), 5, 1);
    expectClose(matmul(t, r, c).data, [55]);
  });
  it('layerNorm of [1,2,3]: mean 2, biased var 2/3 → [−1.2247, 0, 1.2247], then γ, β', () => {
    const x = constant(Float32Array.of(1, 2, 3), 1, 3);
    const g = constant(Float32Array.of(1, 2, 1), 1, 3);
    const b = constant(Float32Array.of(0, 0, 0.5), 1, 3);
    expectClose(layerNorm(t, x, g, b, 0).data, [-1.224745, 0, 1.724745]);
  });
  it('segmentSoftmax: rows 0,1 in segment 0 (logits 0, ln 3 → 1/4, 3/4); row 2 alone → 1', () => {
    const x = constant(Float32Array.of(0, 1000, Math.log(3), 1000, 5, -5), 3, 2);
    const y = segmentSoftmax(t, x, idx(0, 0, 1), 2);
    // Column 1 has two equal huge logits: without the max shift exp(1000) would overflow.
    expectClose(y.data, [0.25, 0.5, 0.75, 0.5, 1, 1]);
  });
  it('headDot with 2 heads of width 2 and scale 0.5', () => {
    const q = constant(Float32Array.of(1, 2, 3, 4), 1, 4);
    const k = constant(Float32Array.of(1, 1, 1, -1), 1, 4);
    // head 0: (1+2)·0.5 = 1.5; head 1: (3−4)·0.5 = −0.5
    expectClose(headDot(t, q, k, 2, 0.5).data, [1.5, -0.5]);
  });
  it('bceWithLogits is finite for confident wrong logits and exact at z = 0', () => {
    const z = constant(Float32Array.of(0, 100), 2, 1);
    const y = bceWithLogits(t, z, Float32Array.of(0.3, 0), Float32Array.of(1, 1));
    // softplus(0) = ln 2; softplus(100) − 0 = 100 (+ 3.7e-44)
    expect(y.item()).toBeCloseTo(Math.log(2) + 100, 4);
  });
  it('fused edge ops equal gather + headDot / headScale + scatter', () => {
    const q = constant(
      Float32Array.from({ length: 12 }, (_, i) => Math.sin(i)),
      3,
      4,
    );
    const k = constant(
      Float32Array.from({ length: 12 }, (_, i) => Math.cos(i)),
      3,
      4,
    );
    const qi = idx(0, 2, 1, 2);
    const ki = idx(1, 1, 0, 2);
    const fused = gatherHeadDot(t, q, k, qi, ki, 2, 0.5);
    const plain = headDot(t, gatherRows(t, q, qi), gatherRows(t, k, ki), 2, 0.5);
    expectClose(fused.data, Array.from(plain.data));
    const dst = idx(1, 0, 1, 1);
    const att = attendScatter(t, q, qi, fused, dst, 2, 2);
    const ref = scatterAddRows(t, headScale(t, gatherRows(t, q, qi), fused, 2), dst, 2);
    expectClose(att.data, Array.from(ref.data));
  });
  it('pairLogits: [1,2]·a + [3,−1]·b + Σ [1,2]⊙[3,−1]⊙c + bias by hand', () => {
    const h = constant(Float32Array.of(1, 2, 3, -1), 2, 2);
    const col = (...v: number[]) => constant(Float32Array.of(...v), v.length, 1);
    // a = [1,0], b = [0,2], c = [1,1], bias 0.5: 1 + (−2) + (3 − 2) + 0.5 = 0.5; reversed: 3 + 4 + 1 + 0.5 = 8.5
    const z = pairLogits(
      t,
      h,
      idx(0, 1),
      idx(1, 0),
      col(1, 0),
      col(0, 2),
      col(1, 1),
      constant(Float32Array.of(0.5), 1, 1),
    );
    expectClose(z.data, [0.5, 8.5]);
    // pairCosine([1,2], [3,−1]) = 1 / (√5·√10) = 0.141421
    expectClose(pairCosine(t, h, idx(0), idx(1)).data, [0.141421]);
  });
  it('scatterAddRows sums rows into their targets and leaves the rest 0', () => {
    const x = constant(Float32Array.of(1, 2, 3, 4, 5, 6), 3, 2);
    expectClose(scatterAddRows(t, x, idx(2, 0, 2), 3).data, [3, 4, 0, 0, 6, 8]);
  });
});

describe('gradients match finite differences', () => {
  const cases: Array<[string, Parameters<typeof gradCheck>[0], Parameters<typeof gradCheck>[1]]> = [
    [
      'matmul (5×7 · 7×3, both unrolled and remainder paths)',
      (t, [a, b]) => matmul(t, a!, b!),
      [
        { rows: 5, cols: 7 },
        { rows: 7, cols: 3 },
      ],
    ],
    [
      'add',
      (t, [a, b]) => add(t, a!, b!),
      [
        { rows: 3, cols: 4 },
        { rows: 3, cols: 4 },
      ],
    ],
    [
      'mul',
      (t, [a, b]) => mul(t, a!, b!),
      [
        { rows: 3, cols: 4 },
        { rows: 3, cols: 4 },
      ],
    ],
    ['scale', (t, [a]) => scale(t, a!, -2.5), [{ rows: 2, cols: 3 }]],
    [
      'addRowBias',
      (t, [x, b]) => addRowBias(t, x!, b!),
      [
        { rows: 4, cols: 3 },
        { rows: 1, cols: 3 },
      ],
    ],
    ['leakyRelu', (t, [x]) => leakyRelu(t, x!, 0.1), [{ rows: 3, cols: 4, data: awayFromZero(12) }]],
    ['sigmoid', (t, [x]) => sigmoid(t, x!), [{ rows: 3, cols: 4 }]],
    ['hinge', (t, [x]) => hinge(t, x!), [{ rows: 3, cols: 4, data: awayFromZero(12) }]],
    [
      'layerNorm (x, γ, β)',
      (t, [x, g, b]) => layerNorm(t, x!, g!, b!, 1e-5),
      [
        { rows: 3, cols: 5 },
        { rows: 1, cols: 5 },
        { rows: 1, cols: 5 },
      ],
    ],
    ['gatherRows with repeats', (t, [x]) => gatherRows(t, x!, idx(2, 0, 2, 1, 2)), [{ rows: 3, cols: 4 }]],
    ['scatterAddRows', (t, [x]) => scatterAddRows(t, x!, idx(1, 3, 1, 0), 4), [{ rows: 4, cols: 3 }]],
    [
      'concatRows',
      (t, [a, b]) => concatRows(t, [a!, b!]),
      [
        { rows: 2, cols: 3 },
        { rows: 3, cols: 3 },
      ],
    ],
    [
      'segmentSoftmax (3 segments, 2 heads)',
      (t, [x]) => segmentSoftmax(t, x!, idx(0, 1, 0, 2, 1, 0), 3),
      [{ rows: 6, cols: 2 }],
    ],
    [
      'headDot (2 heads × 3)',
      (t, [q, k]) => headDot(t, q!, k!, 2, 1 / Math.sqrt(3)),
      [
        { rows: 4, cols: 6 },
        { rows: 4, cols: 6 },
      ],
    ],
    [
      'headScale (2 heads × 3)',
      (t, [v, w]) => headScale(t, v!, w!, 2),
      [
        { rows: 4, cols: 6 },
        { rows: 4, cols: 2 },
      ],
    ],
    [
      'gatherHeadDot (2 heads × 3, repeated rows)',
      (t, [q, k]) => gatherHeadDot(t, q!, k!, idx(0, 2, 2, 1, 0), idx(1, 1, 0, 0, 2), 2, 0.5),
      [
        { rows: 3, cols: 6 },
        { rows: 3, cols: 6 },
      ],
    ],
    [
      'attendScatter (2 heads × 3, repeated rows and targets)',
      (t, [v, w]) => attendScatter(t, v!, idx(0, 2, 2, 1, 0), w!, idx(3, 0, 3, 3, 1), 4, 2),
      [
        { rows: 3, cols: 6 },
        { rows: 5, cols: 2 },
      ],
    ],
    [
      'pairLogits with the Hadamard term (pairs share rows, one self-pair)',
      (t, [h, a, b, c, bias]) => pairLogits(t, h!, idx(0, 2, 1, 2), idx(1, 0, 1, 2), a!, b!, c!, bias!),
      [
        { rows: 3, cols: 4 },
        { rows: 4, cols: 1 },
        { rows: 4, cols: 1 },
        { rows: 4, cols: 1 },
        { rows: 1, cols: 1 },
      ],
    ],
    [
      'pairLogits without the Hadamard term',
      (t, [h, a, b, bias]) => pairLogits(t, h!, idx(0, 2, 1), idx(1, 0, 1), a!, b!, null, bias!),
      [
        { rows: 3, cols: 4 },
        { rows: 4, cols: 1 },
        { rows: 4, cols: 1 },
        { rows: 1, cols: 1 },
      ],
    ],
    [
      'pairCosine (pairs share rows, one self-pair)',
      (t, [h]) => pairCosine(t, h!, idx(0, 2, 1, 2), idx(1, 0, 1, 2)),
      [{ rows: 3, cols: 5 }],
    ],
    [
      'bceWithLogits with soft labels and weights',
      (t, [z]) => bceWithLogits(t, z!, Float32Array.of(0.2, 1, 0, 0.7), Float32Array.of(0.5, 1, 2, 0.25)),
      [{ rows: 4, cols: 1, data: Float32Array.of(-2, 0.5, 3, 0.1) }],
    ],
    ['weightedSum', (t, [x]) => weightedSum(t, x!, Float32Array.of(1, -2, 0.5, 3)), [{ rows: 2, cols: 2 }]],
  ];
  it.each(cases)('%s', (_name, build, specs) => {
    const { worst, compared } = gradCheck(build, specs);
    expect(compared).toBeGreaterThan(0);
    expect(worst).toBeLessThan(TOL);
  });

  it('a composed graph (attention layer in miniature) back-propagates through every op', () => {
    const { worst } = gradCheck(
      (t, [h, wq, wv, g, b]) => {
        const q = matmul(t, gatherRows(t, h!, idx(0, 1, 2, 0)), wq!);
        const k = matmul(t, gatherRows(t, h!, idx(1, 2, 0, 2)), wq!);
        const a = segmentSoftmax(t, headDot(t, q, k, 2, 0.7), idx(0, 1, 1, 0), 2);
        const v = matmul(t, gatherRows(t, h!, idx(0, 1, 2, 0)), wv!);
        const m = scatterAddRows(t, headScale(t, v, a, 2), idx(1, 2, 2, 1), 3);
        return layerNorm(t, add(t, h!, leakyRelu(t, m, 0.01)), g!, b!, 1e-5);
      },
      [
        { rows: 3, cols: 4 },
        { rows: 4, cols: 4 },
        { rows: 4, cols: 4 },
        { rows: 1, cols: 4 },
        { rows: 1, cols: 4 },
      ],
      7,
    );
    expect(worst).toBeLessThan(TOL);
  });

  it('a deliberately wrong gradient is caught (the check can fail)', () => {
    const { worst } = gradCheck(
      (t, [x]) => {
        const y = scale(t, x!, 2);
        // Forward doubles, but the recorded backward claims ×3.
        const wrong = t.output(y.data, y.rows, y.cols, [x!]);
        t.onBackward(wrong, (g) => {
          const d = (x as Tensor).gradBuffer();
          for (let i = 0; i < g.length; i++) d[i] = (d[i] as number) + 3 * (g[i] as number);
        });
        return wrong;
      },
      [{ rows: 2, cols: 2 }],
    );
    expect(worst).toBeGreaterThan(0.1);
  });
});

import { describe, expect, it } from 'vitest';
import { Adam } from './adam';
import { parameter } from './tensor';

describe('Adam', () => {
  it('first step moves each weight by lr·sign(g) (bias correction makes m̂/√v̂ = g/|g|)', () => {
    const p = parameter(Float32Array.of(1, -1, 0.5), 1, 3);
    p.gradBuffer().set([0.3, -4, 0]);
    const opt = new Adam([p], { lr: 0.1 });
    opt.step();
    expect(p.data[0]).toBeCloseTo(0.9, 6);
    expect(p.data[1]).toBeCloseTo(-0.9, 6);
    expect(p.data[2]).toBeCloseTo(0.5, 6); // g = 0: no move
  });

  it('decoupled weight decay shrinks by (1 − lr·wd) before the Adam update', () => {
    const p = parameter(Float32Array.of(2), 1, 1);
    p.gradBuffer()[0] = 1;
    new Adam([p], { lr: 0.1, weightDecay: 0.5 }).step();
    // 2 · (1 − 0.05) − 0.1 = 1.8
    expect(p.data[0]).toBeCloseTo(1.8, 6);
  });

  it('minimises a quadratic (x − 3)² to within 1e-2', () => {
    const p = parameter(Float32Array.of(0), 1, 1);
    const opt = new Adam([p], { lr: 0.05 });
    for (let i = 0; i < 2000; i++) {
      opt.zeroGrad();
      p.gradBuffer()[0] = 2 * ((p.data[0] as number) - 3);
      opt.step();
    }
    expect(Math.abs((p.data[0] as number) - 3)).toBeLessThan(1e-2);
  });
});

import { mulberry32 } from '../../util/prng';
import { weightedSum } from './losses';
import { Tape } from './tape';
import { parameter, type Tensor } from './tensor';

export interface InputSpec {
  rows: number;
  cols: number;
  /** Values; random in [−1, 1) when omitted. */
  data?: Float32Array;
}

export interface GradCheckResult {
  /** Largest |analytic − numeric| / (1e-3 + max(|analytic|, |numeric|)) over all inputs and entries. */
  worst: number;
  /** How many entries were compared (guards against a check that compared nothing). */
  compared: number;
}

/**
 * Compares the tape's gradients with central finite differences of L = Σ out ⊙ R (R fixed random), so every
 * output entry contributes with a different weight. The forward runs in float32, so the step is large (1e-2)
 * and the comparison relative; an indexing or sign bug gives errors of order 1, rounding ~1e-3.
 */
export function gradCheck(
  build: (tape: Tape, inputs: Tensor[]) => Tensor,
  specs: InputSpec[],
  seed = 1,
  step = 1e-2,
): GradCheckResult {
  const rand = mulberry32(seed);
  const inputs = specs.map((s) => {
    const data = s.data ?? Float32Array.from({ length: s.rows * s.cols }, () => rand() * 2 - 1);
    return parameter(data, s.rows, s.cols);
  });
  const probe = build(new Tape(false), inputs);
  const R = Float32Array.from({ length: probe.data.length }, () => rand() * 2 - 1);
  const lossAt = (): number => {
    const out = build(new Tape(false), inputs);
    let s = 0;
    for (let i = 0; i < R.length; i++) s += (R[i] as number) * (out.data[i] as number);
    return s;
  };
  const tape = new Tape();
  tape.backward(weightedSum(tape, build(tape, inputs), R));
  let worst = 0;
  let compared = 0;
  for (const t of inputs) {
    const analytic = t.grad ?? new Float32Array(t.data.length);
    for (let i = 0; i < t.data.length; i++) {
      const x = t.data[i] as number;
      t.data[i] = x + step;
      const up = lossAt();
      t.data[i] = x - step;
      const down = lossAt();
      t.data[i] = x;
      const numeric = (up - down) / (2 * step);
      const a = analytic[i] as number;
      worst = Math.max(worst, Math.abs(a - numeric) / (1e-3 + Math.max(Math.abs(a), Math.abs(numeric))));
      compared++;
    }
  }
  return { worst, compared };
}
